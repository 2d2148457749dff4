/**
 * Realtime state shared by every area: the main socket (open only while signed in and not on a
 * /call/ page, closed on sign-out) and the unread-messages badge. (Notifications keep their own
 * count: features/notifications.)
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Events } from '@sajha/contract';
import type { MainSocket } from './socketTypes';
import { useAuth } from './auth';

export interface RealtimeState {
  socket: MainSocket | null;
  connected: boolean;
  unreadMessages: number;
}

/** Exported for tests, which give screens a stand-in socket; the app uses RealtimeProvider. */
export const RealtimeContext = createContext<RealtimeState | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, login, refresh } = useAuth();
  const { pathname } = useLocation();
  const onCallPage = pathname.includes('/call/');
  const [socket, setSocket] = useState<MainSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const [unreadMessages, setUnreadMessages] = useState(0);

  useEffect(() => {
    if (!isAuthenticated || onCallPage) return;
    let s: MainSocket | null = null;
    let cancelled = false;
    // Loaded only for members: visitors on the landing page never download the socket client.
    void Promise.all([import('./socket'), import('./push')]).then(([{ createMainSocket }, { subscribeToPush }]) => {
      if (cancelled) return;
      const socket = createMainSocket();
      s = socket;
      socket.on('connect', () => {
        setConnected(true);
        socket.emit(Events.getUnread);
        void subscribeToPush(socket);
      });
      socket.on('disconnect', (reason) => {
        setConnected(false);
        // The server closed us (session signed out elsewhere, password changed): check the session at once.
        if (reason === 'io server disconnect') {
          void refresh().then(() => {
            if (!cancelled) socket.connect();
          });
        }
      });
      // A changed name, username or avatar (any tab) reaches the shell at once.
      socket.on(Events.currentUser, (u) => login(u));
      socket.on(Events.unreadMessageCount, (n) => setUnreadMessages(n));
      socket.on(Events.newMessage, () => setUnreadMessages((n) => n + 1));
      socket.connect();
      setSocket(socket);
    });
    return () => {
      cancelled = true;
      s?.removeAllListeners();
      s?.disconnect();
      setSocket(null);
      setConnected(false);
      setUnreadMessages(0);
    };
  }, [isAuthenticated, onCallPage, login, refresh]);

  const value = useMemo<RealtimeState>(
    () => ({ socket, connected, unreadMessages }),
    [socket, connected, unreadMessages],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeState {
  const ctx = useContext(RealtimeContext);
  if (!ctx) throw new Error('useRealtime must be used inside RealtimeProvider');
  return ctx;
}

/**
 * The socket while it is connected, else null: what a query over the socket may ask through. A query
 * built on it waits (skipToken) while there is none, and asks again when the socket comes back, so a
 * reconnect reloads every screen's data from the server.
 */
export function useConnectedSocket(): MainSocket | null {
  const { socket, connected } = useRealtime();
  return connected ? socket : null;
}
