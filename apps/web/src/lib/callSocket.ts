/**
 * The call socket (part 1 §7): websocket only, path /realcall, the same reconnection as /real
 * (1000-5000 ms, 20 s connect timeout, unlimited attempts). No emit de-duplication here: two toggles
 * within 500 ms are meant, and every ICE candidate counts.
 */
import { io, type Socket } from 'socket.io-client';
import { DURATIONS_MS, SOCKET_PATHS, type ClientToServerEvents, type ServerToClientEvents } from '@sajha/contract';

export type CallSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function createCallSocket(): CallSocket {
  return io({
    path: SOCKET_PATHS.call,
    transports: ['websocket'],
    withCredentials: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: DURATIONS_MS.reconnectDelay,
    reconnectionDelayMax: DURATIONS_MS.reconnectDelayMax,
    timeout: DURATIONS_MS.connectTimeout,
    autoConnect: false,
  });
}
