/**
 * Subscribes a component to server events for as long as it is mounted:
 *
 *   useSocketEvents({ [Events.posts]: (list) => setPosts(list), [Events.error]: onError });
 *
 * One place owns on/off, so no screen can forget an off() (a leak that doubles every later event).
 * Handlers are read through a ref: inline arrows see the latest props and state without
 * resubscribing on every render; the subscription changes only with the socket or the set of names.
 */
import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@sajha/contract';
import { useRealtime } from './realtime';
import type { EventSource } from './socketTypes';

export type { EventSource } from './socketTypes';

export type SocketHandlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

/** The hook on a given socket (or none yet): the shape the realtime-less tests use. */
export function useSocketEventsOn(socket: EventSource | null | undefined, handlers: SocketHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers).sort().join('\u0000');
  useEffect(() => {
    if (!socket || !names) return;
    const bound = names.split('\u0000').map((name) => {
      const fn = (...args: unknown[]) => {
        const handler = latest.current[name as keyof SocketHandlers] as ((...a: unknown[]) => void) | undefined;
        handler?.(...args);
      };
      socket.on(name, fn);
      return [name, fn] as const;
    });
    return () => {
      for (const [name, fn] of bound) socket.off(name, fn);
    };
  }, [socket, names]);
}

/** The hook on the shared realtime socket (nothing happens while signed out or before it opens). */
export function useSocketEvents(handlers: SocketHandlers): void {
  // The names here come from the contract's typed table (see EventSource).
  useSocketEventsOn(useRealtime().socket as EventSource | null, handlers);
}
