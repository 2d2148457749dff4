import { Emitter } from '@socket.io/component-emitter';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Events } from '@sajha/contract';
import { useSocketEventsOn, type EventSource, type SocketHandlers } from './useSocketEvents';

/** Socket.IO's client socket is this emitter underneath: the same on/off/emit semantics. */
type Bus = Emitter<Record<string, (...a: unknown[]) => void>, Record<string, (...a: unknown[]) => void>> & EventSource;
const newBus = () => new Emitter() as Bus;
const fire = (bus: Bus, event: string, payload: unknown) => act(() => void bus.emit(event, payload));

describe('useSocketEvents', () => {
  it('calls the handler for its event while mounted, and removes its listeners on unmount', () => {
    const bus = newBus();
    const seen: number[] = [];
    const { unmount } = renderHook(() =>
      useSocketEventsOn(bus, { [Events.unreadCount]: ({ count }) => seen.push(count) }),
    );
    fire(bus, Events.unreadCount, { count: 3 });
    expect(seen).toEqual([3]);
    expect(bus.listeners(Events.unreadCount)).toHaveLength(1);

    unmount();
    expect(bus.hasListeners(Events.unreadCount)).toBe(false);
    fire(bus, Events.unreadCount, { count: 4 });
    expect(seen).toEqual([3]);
  });

  it('uses the latest handler after a re-render without subscribing again', () => {
    const bus = newBus();
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ tag }: { tag: string }) =>
        useSocketEventsOn(bus, { [Events.unreadCount]: ({ count }) => seen.push(`${tag}${count}`) }),
      { initialProps: { tag: 'a' } },
    );
    const first = bus.listeners(Events.unreadCount)[0];
    rerender({ tag: 'b' });
    expect(bus.listeners(Events.unreadCount)).toEqual([first]);
    fire(bus, Events.unreadCount, { count: 1 });
    expect(seen).toEqual(['b1']);
  });

  it('moves to a new socket and follows a changed set of events', () => {
    const one = newBus();
    const two = newBus();
    const seen: string[] = [];
    const both: SocketHandlers = {
      [Events.unreadCount]: ({ count }) => seen.push(`count ${count}`),
      [Events.unreadMessageCount]: (n) => seen.push(`messages ${n}`),
    };
    const { rerender } = renderHook<void, { socket: Bus | null; handlers: SocketHandlers }>(
      ({ socket, handlers }) => useSocketEventsOn(socket, handlers),
      { initialProps: { socket: one, handlers: both } },
    );
    rerender({ socket: two, handlers: both });
    expect(one.hasListeners(Events.unreadCount)).toBe(false);
    fire(two, Events.unreadMessageCount, 2);

    rerender({ socket: two, handlers: { [Events.unreadCount]: both[Events.unreadCount] } });
    expect(two.hasListeners(Events.unreadMessageCount)).toBe(false);
    fire(two, Events.unreadCount, { count: 5 });

    rerender({ socket: null, handlers: both });
    expect(two.hasListeners(Events.unreadCount)).toBe(false);
    expect(seen).toEqual(['messages 2', 'count 5']);
  });
});
