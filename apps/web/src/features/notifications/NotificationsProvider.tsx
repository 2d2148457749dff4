/**
 * Notifications for the signed-in member (part 1 §2): the unread count on the bell, live items
 * (a toast unless the panel is open) and whether the panel is open. It sits beside the realtime
 * provider, not in the lazily loaded shell, because the server sends the count once right after the
 * socket connects, possibly before the shell's code has arrived. The panel itself loads on first open.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Events } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';

export interface NotificationsState {
  unread: number;
  panelOpen: boolean;
  openPanel: () => void;
  closePanel: () => void;
  /** The panel fetched the list, which marks everything read. */
  markAllSeen: () => void;
}

const NotificationsContext = createContext<NotificationsState | null>(null);
const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { socket } = useRealtime();
  const toast = useToast();
  const [unread, setUnread] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);

  useSocketEvents({
    [Events.unreadCount]: ({ count }) => setUnread(count),
    // A live notification bumps the badge at once (the server's unread_count follows with the total).
    [Events.notification]: (n) => {
      setUnread((c) => c + 1);
      if (!panelOpen) toast.show({ title: 'Notification', message: n.message, type: 'normal', image: n.profileImage });
    },
  });
  // Signed out (or on a call page): nothing is unread here.
  useEffect(() => {
    if (!socket) setUnread(0);
  }, [socket]);

  const openPanel = useCallback(() => {
    setEverOpened(true);
    setPanelOpen(true);
  }, []);
  const closePanel = useCallback(() => setPanelOpen(false), []);
  const markAllSeen = useCallback(() => setUnread(0), []);
  const value = useMemo<NotificationsState>(
    () => ({ unread, panelOpen, openPanel, closePanel, markAllSeen }),
    [unread, panelOpen, openPanel, closePanel, markAllSeen],
  );
  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {everOpened && socket && (
        <Suspense fallback={null}>
          <NotificationsPanel />
        </Suspense>
      )}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsState {
  const ctx = useContext(NotificationsContext);
  if (!ctx) throw new Error('useNotifications must be used inside NotificationsProvider');
  return ctx;
}
