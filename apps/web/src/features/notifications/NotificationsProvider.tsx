/**
 * Notifications for the signed-in member (part 1 §2): the unread count on the bell, live items
 * (a toast unless the panel is open) and whether the panel is open. It sits beside the realtime
 * provider, not in the lazily loaded shell, because the server sends the count once right after the
 * socket connects, possibly before the shell's code has arrived. The panel itself is drawn by the
 * shell (NotificationsDrawer, loaded on first open), under the data layer its list is a query of.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Events } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '../../i18n/language';
import { useRealtime } from '../../lib/realtime';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { NotificationsContext, type NotificationsState } from './notificationsState';

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { socket } = useRealtime();
  const toast = useToast();
  const { t } = useTranslation('notifications');
  const localize = useLocalize();
  const [unread, setUnread] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);

  useSocketEvents({
    [Events.unreadCount]: ({ count }) => setUnread(count),
    // A live notification bumps the badge at once (the server's unread_count follows with the total).
    [Events.notification]: (n) => {
      setUnread((c) => c + 1);
      if (!panelOpen)
        toast.show({ title: t('toastTitle'), message: localize(n.message), type: 'normal', image: n.profileImage });
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
    () => ({ unread, panelOpen, everOpened, openPanel, closePanel, markAllSeen }),
    [unread, panelOpen, everOpened, openPanel, closePanel, markAllSeen],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}
