import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batch.js';

/** A load that records each round's keys and answers once the test releases it. */
function gatedLoad() {
  const rounds: string[][] = [];
  const gates: (() => void)[] = [];
  const load = async (keys: string[]): Promise<Map<string, string>> => {
    rounds.push(keys);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (keys.includes('boom')) throw new Error('query failed');
    return new Map(keys.filter((k) => !k.startsWith('missing')).map((k) => [k, k.toUpperCase()]));
  };
  /** Lets the oldest running round answer, once it has started. */
  const release = async (): Promise<void> => {
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    gates.shift()!();
  };
  return { load, rounds, release };
}

describe('batched look-ups (group commit)', () => {
  it('sends a lone key at once, and every key asked meanwhile in the next round', async () => {
    const { load, rounds, release } = gatedLoad();
    const lookup = batchedLookup(load);
    const first = lookup('a');
    expect(rounds).toEqual([['a']]);
    const rest = ['b', 'missing-1', 'c', 'b'].map((k) => lookup(k));
    // Nothing else goes out while the first round runs.
    expect(rounds).toEqual([['a']]);
    await release();
    expect(await first).toBe('A');
    await release();
    expect(await Promise.all(rest)).toEqual(['B', undefined, 'C', 'B']);
    // The same key asked twice in one round is asked once.
    expect(rounds).toEqual([['a'], ['b', 'missing-1', 'c']]);
  });

  it('splits a round larger than its limit, oldest keys first', async () => {
    const { load, rounds, release } = gatedLoad();
    const lookup = batchedLookup(load, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((k) => lookup(k));
    for (let i = 0; i < 3; i += 1) await release();
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(rounds).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('rejects only the round whose query failed', async () => {
    const { load, release } = gatedLoad();
    const lookup = batchedLookup(load);
    const first = lookup('a');
    const failed = [lookup('boom'), lookup('b')];
    await release();
    await release();
    expect(await first).toBe('A');
    for (const p of failed) await expect(p).rejects.toThrow('query failed');
    const after = lookup('c');
    await release();
    expect(await after).toBe('C');
  });
});
