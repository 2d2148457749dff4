/**
 * The one typed client for the main realtime socket (part 1 §7): websocket only, path /real,
 * reconnect 1000-5000 ms, 20 s connect timeout, unlimited attempts. An emit identical to one sent
 * in the last 500 ms (same event and same arguments) is dropped, so double clicks do not repeat.
 * That guard cannot tell a double click from a deliberate repeat, so code that asks again on purpose
 * (a refresh because the server said something changed, a Retry after a refusal, the re-sync after a
 * reconnect) uses emitFresh() (lib/emitFresh.ts), which always sends.
 */
import { io } from 'socket.io-client';
import { DURATIONS_MS, SOCKET_PATHS } from '@sajha/contract';
import { keepRawEmit, type RawEmit } from './emitFresh';
import type { MainSocket } from './socketTypes';

export function createMainSocket(): MainSocket {
  const socket: MainSocket = io({
    path: SOCKET_PATHS.main,
    transports: ['websocket'],
    withCredentials: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: DURATIONS_MS.reconnectDelay,
    reconnectionDelayMax: DURATIONS_MS.reconnectDelayMax,
    timeout: DURATIONS_MS.connectTimeout,
    autoConnect: false,
  });
  const lastSent = new Map<string, number>();
  const rawEmit = socket.emit.bind(socket) as RawEmit;
  keepRawEmit(socket, rawEmit);
  (socket as unknown as { emit: (event: string, ...args: unknown[]) => MainSocket }).emit = (event, ...args) => {
    const key = `${event}\u0000${safeKey(args)}`;
    const now = Date.now();
    const last = lastSent.get(key);
    if (last !== undefined && now - last < DURATIONS_MS.emitDedupe) return socket;
    lastSent.set(key, now);
    if (lastSent.size > 200) for (const [k, t] of lastSent) if (now - t > DURATIONS_MS.emitDedupe) lastSent.delete(k);
    return rawEmit(event, ...args);
  };
  socket.on('connect_error', (err) => console.warn('realtime connect error', err.message));
  socket.on('disconnect', (reason) => console.info('realtime disconnected', reason));
  return socket;
}

function safeKey(args: unknown[]): string {
  try {
    return JSON.stringify(args.filter((a) => typeof a !== 'function'));
  } catch {
    return String(Math.random()); // unserialisable: never treated as a duplicate
  }
}
