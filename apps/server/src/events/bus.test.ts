/**
 * The bus: a listener that fails never reaches the publisher, and what a member's fact sets off is
 * counted against that member (the socket guard keeps their place until it settles) and no one else.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { EventBus } from './bus.js';

declare module './bus.js' {
  interface DomainEvents {
    'test.fact': { n: number };
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the event bus', () => {
  it('counts a fact’s listener work against the member it is published by until it settles', async () => {
    const bus = new EventBus(pino({ level: 'silent' }));
    const gate = deferred();
    bus.subscribe('test.fact', () => gate.promise);
    bus.subscribe('test.fact', () => undefined);
    const published = bus.publish('test.fact', { n: 1 }, { by: 'asha' });
    void bus.publish('test.fact', { n: 2 });
    expect(bus.aftermath.of('asha')).toHaveLength(1);
    expect(bus.aftermath.of('bikash')).toEqual([]);
    gate.resolve();
    await published;
    await Promise.resolve();
    expect(bus.aftermath.of('asha')).toEqual([]);
  });

  it('logs a listener that throws and still runs the others; the publisher never sees the error', async () => {
    const bus = new EventBus(pino({ level: 'silent' }));
    const seen: number[] = [];
    bus.subscribe('test.fact', () => {
      throw new Error('boom');
    });
    bus.subscribe('test.fact', ({ n }) => void seen.push(n));
    await expect(bus.publish('test.fact', { n: 7 }, { by: 'asha' })).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(bus.aftermath.of('asha')).toEqual([]);
  });
});
