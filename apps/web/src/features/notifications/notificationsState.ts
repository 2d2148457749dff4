/**
 * The notifications state shared by the provider (which owns it) and the panel and shell (which read
 * it): a module of its own, so the lazily loaded panel does not import the provider that loads it.
 */
import { createContext, useContext } from 'react';

export interface NotificationsState {
  unread: number;
  panelOpen: boolean;
  /** The panel was opened once: from then on it stays mounted (and its code loaded). */
  everOpened: boolean;
  openPanel: () => void;
  closePanel: () => void;
  /** The panel fetched the list, which marks everything read. */
  markAllSeen: () => void;
}

export const NotificationsContext = createContext<NotificationsState | null>(null);

export function useNotifications(): NotificationsState {
  const ctx = useContext(NotificationsContext);
  if (!ctx) throw new Error('useNotifications must be used inside NotificationsProvider');
  return ctx;
}
