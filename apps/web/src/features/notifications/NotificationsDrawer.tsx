/** The drawer as the shell draws it: nothing until first opened while signed in, then the lazily loaded panel. */
import { lazy, Suspense } from 'react';
import { useRealtime } from '../../lib/realtime';
import { useNotifications } from './notificationsState';

const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

export function NotificationsDrawer() {
  const { everOpened } = useNotifications();
  const { socket } = useRealtime();
  if (!everOpened || !socket) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsPanel />
    </Suspense>
  );
}
