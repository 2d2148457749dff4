/**
 * A member's line on one node (SocketGuard.serve): two events at a time, 64 waiting, the rest refused,
 * and a place kept while what an event set off (its aftermath) still runs, but never past the deadline.
 */
import { describe, expect, it } from 'vitest';
import { Aftermath } from '../events/aftermath.js';
import { createMemoryPresence } from '../platform/presence.js';
import { DEFAULT_SOCKET_LIMITS, SocketGuard } from './guard.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const aftermath = new Aftermath();
const guard = () => new SocketGuard(DEFAULT_SOCKET_LIMITS, createMemoryPresence(), false, undefined, aftermath);

describe('a member line', () => {
  it('runs two events of a member at a time, queues 64 more, refuses the rest, and leaves others alone', async () => {
    const g = guard();
    const gate = deferred();
    const started: number[] = [];
    const runs = Array.from({ length: 67 }, (_, i) =>
      g.serve('asha', async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    // Someone else is never behind Asha's line.
    expect(await g.serve('bikash', () => Promise.resolve('free'))).toEqual({ value: 'free' });
    expect(started).toEqual([0, 1]);
    expect(await runs[66]).toBeUndefined();
    gate.resolve();
    const answers = await Promise.all(runs.slice(0, 66));
    expect(answers.map((a) => a?.value)).toEqual(Array.from({ length: 66 }, (_, i) => i));
  });

  it('keeps the place while the event’s aftermath runs and gives it back when that settles', async () => {
    const g = guard();
    const pending = deferred();
    const third = deferred();
    const first = await g.serve('asha', () => {
      aftermath.note('asha', pending.promise);
      return Promise.resolve('answered');
    });
    expect(first).toEqual({ value: 'answered' });
    await g.serve('asha', () => {
      aftermath.note('asha', pending.promise);
      return Promise.resolve('answered too');
    });
    let ran = false;
    const next = g.serve('asha', () => {
      ran = true;
      third.resolve();
      return Promise.resolve('third');
    });
    // Both places are still held by the unfinished aftermath: the third event waits.
    await new Promise((r) => setImmediate(r));
    expect(ran).toBe(false);
    pending.resolve();
    await third.promise;
    expect(await next).toEqual({ value: 'third' });
  });

  it('gives a place back at the deadline when an aftermath never settles', async () => {
    const g = guard();
    const never = new Promise<void>(() => undefined);
    for (let i = 0; i < 2; i += 1) {
      await g.serve('asha', () => {
        aftermath.note('asha', never);
        return Promise.resolve(i);
      });
    }
    const waitedFrom = Date.now();
    const next = await g.serve('asha', () => Promise.resolve(Date.now() - waitedFrom));
    // Held for the aftermath wait (2 s), given back by the sweep (every 0.5 s) once that is past.
    expect(next?.value).toBeGreaterThanOrEqual(1900);
  });
});
