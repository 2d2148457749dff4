/**
 * For tests only (never imported by the app): a real Socket.IO client socket that never connects,
 * whose sends are recorded and answered by the test as the server would, and the providers a screen's
 * hooks need (the query cache, toasts, the realtime state) around it.
 */
import type { ReactNode } from 'react';
import { Emitter } from '@socket.io/component-emitter';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import type { CurrentUser, ServerEventPayload, ServerToClientEvents } from '@sajha/contract';
import { AuthContext, type AuthState } from './auth';
import { keepRawEmit } from './emitFresh';
import { createQueryClient } from './queryClient';
import { RealtimeContext } from './realtime';
import type { MainSocket } from './socketTypes';
import { ToastProvider } from './toast';

export type AckAnswer = { ok: true; data?: unknown } | { ok: false; error: string };

export interface Sent {
  event: string;
  args: unknown[];
  /** Answers the send as the server's acknowledgement would. */
  ack: (answer: AckAnswer) => void;
}

export interface FakeServer {
  socket: MainSocket;
  /** Every send, in order. */
  sent: Sent[];
  /** The sends of one event. */
  sentOf(event: string): Sent[];
  /** A server event arriving on the socket. */
  push<E extends keyof ServerToClientEvents>(event: E, payload: ServerEventPayload<E>): void;
}

/** The client hands its acknowledgement callback as the last argument. */
const isAck = (value: unknown): value is (answer: AckAnswer) => void => typeof value === 'function';

export function fakeServer(): FakeServer {
  const socket: MainSocket = io('http://localhost', { autoConnect: false });
  const sent: Sent[] = [];
  keepRawEmit(socket, (event, ...args) => {
    const last = args.at(-1);
    if (isAck(last)) sent.push({ event, args: args.slice(0, -1), ack: last });
    else sent.push({ event, args, ack: () => undefined });
    return socket;
  });
  return {
    socket,
    sent,
    sentOf: (event) => sent.filter((s) => s.event === event),
    // The emitter's own emit calls the listeners (the socket's emit would send to the server).
    push: (event, payload) => void Emitter.prototype.emit.call(socket, event, payload),
  };
}

/** A signed-in state for tests: `user`, and what `login` was given last (a screen's change to the member). */
export function signedInAs(user: CurrentUser): AuthState & { latest: () => CurrentUser } {
  let current = user;
  const state: AuthState & { latest: () => CurrentUser } = {
    isAuthenticated: true,
    isLoading: false,
    user,
    login: (u) => {
      current = u;
      state.user = u;
    },
    logout: () => undefined,
    refresh: () => Promise.resolve(),
    signedOut: false,
    latest: () => current,
  };
  return state;
}

/**
 * Wraps a hook or screen in a query cache, toasts and a connected stand-in socket (and, given `auth`,
 * a member signed in: see signedInAs).
 */
export function dataProviders(server: FakeServer, client: QueryClient = createQueryClient(), auth?: AuthState) {
  const realtime = { socket: server.socket, connected: true, unreadMessages: 0 };
  return function Providers({ children }: { children: ReactNode }) {
    const screen = (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    );
    return auth ? <AuthContext.Provider value={auth}>{screen}</AuthContext.Provider> : screen;
  };
}
