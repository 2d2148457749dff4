/**
 * The data layer's root: one query cache for every screen that shows server data (the signed-in app
 * and the public post page). It is a lazily loaded layout route, so a visitor's landing page and the
 * sign-in screens never download TanStack Query; the router loads it together with the page's own code.
 * A cache belongs to one member: a new one starts whenever the signed-in member changes (sign-in,
 * sign-out), so nobody sees the previous member's data.
 */
import { useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAuth } from '../lib/auth';
import { createQueryClient } from '../lib/queryClient';

export default function DataRoot() {
  const uid = useAuth().user?.uid ?? 'visitor';
  return <MemberCache key={uid} />;
}

function MemberCache() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
