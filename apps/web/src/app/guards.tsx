import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { safeNextUrl } from '@sajha/contract';
import { useAuth } from '../lib/auth';

export function FullPageSpinner() {
  const { t } = useTranslation('app');
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

/**
 * Protected routes: signed-out visitors go to /signin, remembering where they were going. Not after a
 * sign-out in this tab: that page belonged to the member who left, so the next one starts at /home.
 */
export function RequireAuth() {
  const { isAuthenticated, isLoading, signedOut } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!isAuthenticated) {
    if (signedOut) return <Navigate to="/signin" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in and sign-up: a signed-in user is sent to a safe `next`, or home. */
export function RequireGuest() {
  const { isAuthenticated, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <FullPageSpinner />;
  if (isAuthenticated) {
    const target = safeNextUrl(params.get('next'), window.location.hostname);
    if (/^https?:/.test(target) && new URL(target).origin !== window.location.origin) {
      window.location.replace(target);
      return <FullPageSpinner />;
    }
    const path = /^https?:/.test(target) ? target.slice(new URL(target).origin.length) || '/' : target;
    return <Navigate to={path === '/' ? '/home' : path} replace />;
  }
  return <Outlet />;
}
