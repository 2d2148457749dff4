/** The spec's whole route table (part 1 §2, part 2 §2). Every screen is loaded lazily. */
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RealtimeProvider } from '../lib/realtime';
import { NotificationsProvider } from '../features/notifications';
import { useAuth } from '../lib/auth';
import { FullPageSpinner, RequireAuth, RequireGuest } from './guards';
import LandingPage from '../features/landing/LandingPage';

type Lazy = () => Promise<{ default: React.ComponentType }>;
const page = (load: Lazy): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** '/': the landing page for visitors, the gate into the app for members. */
function RootGate() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return isAuthenticated ? <Navigate to="/home" replace /> : <LandingPage />;
}

const notFound = page(() => import('../features/misc/NotFoundPage'));

/** Providers that need the router (current path) wrap every route. */
function Root() {
  return (
    <RealtimeProvider>
      <NotificationsProvider>
        <Outlet />
      </NotificationsProvider>
    </RealtimeProvider>
  );
}

const appRoutes: RouteObject[] = [
  { path: '/', element: <RootGate /> },
  {
    element: <RequireGuest />,
    children: [
      { path: '/signin', ...page(() => import('../features/auth/SignInPage')) },
      { path: '/signup', ...page(() => import('../features/auth/SignUpPage')) },
    ],
  },
  { path: '/reset-password/:token', ...page(() => import('../features/auth/ResetPasswordPage')) },
  { path: '/terms', ...page(() => import('../features/legal/TermsPage')) },
  { path: '/privacy', ...page(() => import('../features/legal/PrivacyPage')) },
  {
    // Every screen below shows server data through the one query cache (DataRoot.tsx).
    ...page(() => import('./DataRoot')),
    children: [
      { path: '/post/:postId?', ...page(() => import('../features/posts/PublicPostPage')) },
      { path: '/p/:postId?', ...page(() => import('../features/posts/PublicPostPage')) },
      { path: '/help', ...page(() => import('../features/help/HelpPage')) },
      { path: '/help/:slug', ...page(() => import('../features/help/HelpArticlePage')) },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(() => import('../shell/AppLayout')),
            children: [
              { path: '/home', ...page(() => import('../features/feed/HomePage')) },
              { path: '/features', ...page(() => import('../features/features/FeaturesPage')) },
              { path: '/saved', ...page(() => import('../features/saved/SavedPage')) },
              { path: '/clips/:id?', ...page(() => import('../features/reels/ClipsPage')) },
              { path: '/view/:postId?', ...page(() => import('../features/posts/ViewPostPage')) },
              { path: '/message/:user?', ...page(() => import('../features/chat/ChatPage')) },
              { path: '/profile/:username?', ...page(() => import('../features/people/ProfilePage')) },
              { path: '/u/:username?', ...page(() => import('../features/people/ProfilePage')) },
              { path: '/friends/:username?', ...page(() => import('../features/people/FriendsPage')) },
              { path: '/ai', ...page(() => import('../features/ai/AiChatPage')) },
              // Search and discovery (ours, issue 35).
              { path: '/search', ...page(() => import('../features/search/SearchPage')) },
              { path: '/tag/:name', ...page(() => import('../features/search/TagPage')) },
              { path: '/explore', ...page(() => import('../features/search/ExplorePage')) },
              { path: '/settings/:tab?', ...page(() => import('../features/settings/SettingsPage')) },
              // Where notices of moderators' actions link (ours, issue 33): Settings → Safety, on the action.
              { path: '/moderation', ...page(() => import('../features/moderation/StandingRedirect')) },
            ],
          },
          { path: '/call/:userUid/:roomId?', ...page(() => import('../features/calls/CallPage')) },
          {
            // Staff screens (ours, issue 33): their own layout; a member is answered as for any unknown page.
            path: '/admin',
            ...page(() => import('../features/admin/AdminLayout')),
            children: [
              { index: true, ...page(() => import('../features/admin/DashboardPage')) },
              { path: 'reports', ...page(() => import('../features/admin/ReportsPage')) },
              { path: 'reports/:kind/:id', ...page(() => import('../features/admin/ReportPage')) },
              { path: 'appeals', ...page(() => import('../features/admin/AppealsPage')) },
              { path: 'members', ...page(() => import('../features/admin/MembersPage')) },
              { path: 'audit', ...page(() => import('../features/admin/AuditPage')) },
              { path: 'signups', ...page(() => import('../features/admin/SignupsPage')) },
            ],
          },
        ],
      },
    ],
  },
  { path: '/not-found', ...notFound },
  { path: '*', ...notFound },
];

export const routes: RouteObject[] = [{ element: <Root />, children: appRoutes }];

export const createRouter = () => createBrowserRouter(routes);
