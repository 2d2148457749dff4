/**
 * emitFresh(): an emit the double-click guard of createMainSocket() (lib/socket.ts) never drops. That
 * guard drops an emit identical to one sent in the last 500 ms, and cannot tell a double click from a
 * repeat that is meant: the list asked for again because the server announced a change, a refused
 * send tried again under its client id, a reconnect's re-sync. Those go through here. Its own module
 * (no socket.io-client import), so screens can use it without pulling the client into their chunk.
 */
import type { ClientToServerEvents } from '@sajha/contract';
import type { MainSocket } from './socketTypes';

export type RawEmit = (event: string, ...args: unknown[]) => MainSocket;
const rawEmits = new WeakMap<MainSocket, RawEmit>();

/** Called by createMainSocket(): the socket's emit before the guard was put in front of it. */
export function keepRawEmit(socket: MainSocket, raw: RawEmit): void {
  rawEmits.set(socket, raw);
}

/** Sends even if the same emit went out in the last 500 ms. */
export function emitFresh<E extends keyof ClientToServerEvents>(
  socket: MainSocket,
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): void {
  emitUnguarded(socket, event, ...args);
}

/**
 * The untyped form, for callers that type the arguments themselves (lib/socketRequest.ts adds its
 * acknowledgement after the event's own arguments, which the contract's tuple types cannot spell).
 */
export function emitUnguarded(socket: MainSocket, event: string, ...args: unknown[]): void {
  const raw = rawEmits.get(socket);
  // A socket not made by createMainSocket() (a test's stand-in) has no guard to go around.
  if (raw) raw(event, ...args);
  else (socket as unknown as { emit: RawEmit }).emit(event, ...args);
}
