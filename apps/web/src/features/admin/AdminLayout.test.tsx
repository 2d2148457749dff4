import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '@sajha/contract';
import { createQueryClient } from '../../lib/queryClient';
import AdminLayout from './AdminLayout';
import { useStaff } from './staffRole';

function Screen() {
  return <p>Screen for {useStaff().role}</p>;
}

/** /admin as the server answers GET /api/admin/me with `status` and `body`. */
function openAdmin(status: number, body: object) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <Screen /> }] }],
    {
      initialEntries: ['/admin'],
    },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const navLabels = () =>
  within(screen.getAllByRole('navigation', { name: 'Staff' })[0]!)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the staff layout', () => {
  it('answers a member with the not-found page and no trace of the staff screens', async () => {
    const fetchMock = openAdmin(200, { success: true, role: 'member' });
    expect(await screen.findByRole('heading', { name: Messages.notFound })).toBeTruthy();
    expect(screen.queryByText(/Sajha admin/)).toBeNull();
    expect(screen.queryByText(/Screen for/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/me', expect.anything());
  });

  it('answers a signed-out visitor (refused) with the not-found page too', async () => {
    openAdmin(401, { success: false, message: Messages.server.unauthorized });
    expect(await screen.findByRole('heading', { name: Messages.notFound })).toBeTruthy();
    expect(screen.queryByText(/Sajha admin/)).toBeNull();
  });

  it('gives a moderator the staff navigation without the audit log and sign-ups, and the role to the screen', async () => {
    openAdmin(200, { success: true, role: 'moderator' });
    expect(await screen.findByText('Screen for moderator')).toBeTruthy();
    expect(navLabels()).toEqual(['Dashboard', 'Reports', 'Appeals', 'Members']);
    expect(screen.getByRole('link', { name: 'Back to Sajha' }).getAttribute('href')).toBe('/home');
  });

  it('gives an admin every entry', async () => {
    openAdmin(200, { success: true, role: 'admin' });
    expect(await screen.findByText('Screen for admin')).toBeTruthy();
    expect(navLabels()).toEqual(['Dashboard', 'Reports', 'Appeals', 'Members', 'Audit log', 'Sign-ups']);
  });
});
