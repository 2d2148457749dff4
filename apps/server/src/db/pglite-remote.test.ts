import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemotePglite } from './pglite-remote.js';
import { usePostgres } from '../../test/harness.js';

// The worker's GC pauses, which bench/chat.ts prints beside the delivery tail: counted from the first
// ask, and each ask gives only those since the one before.
describe.skipIf(usePostgres())('the PGlite worker', { timeout: 60_000 }, () => {
  let pglite: RemotePglite;
  beforeAll(async () => {
    pglite = await RemotePglite.start(undefined, false);
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('answers a failed statement with its error (code, constraint) and goes on serving', async () => {
    await pglite.exec('create table names (name text unique)');
    await pglite.query("insert into names values ('asha')");
    // drizzle's statements pass parsers, so the worker uses its own (functions), which PGlite's error carries.
    const failed = await pglite
      .query('insert into names values ($1)', ['asha'], { parsers: {} })
      .catch((err: unknown) => err);
    expect(failed).toMatchObject({ code: '23505', constraint: 'names_name_key' });
    expect((await pglite.query('select count(*)::int as n from names')).rows).toEqual([{ n: 1 }]);
  });

  it('counts its own garbage collections and allocation between two asks, and each ask starts a new count', async () => {
    const idle = await pglite.gcPauses();
    expect(idle).toMatchObject({ count: 0, totalMs: 0, maxMs: 0 });
    expect(idle.allocatedBytes).toBeLessThan(1 << 20);
    // Rows of strings the worker parses and clones back: far more than its young generation holds.
    for (let i = 0; i < 10; i += 1) {
      const { rows } = await pglite.query<{ s: string }>(
        "select repeat('x', 1000) || g as s from generate_series(1, 20000) g",
      );
      expect(rows).toHaveLength(20_000);
    }
    const busy = await pglite.gcPauses();
    expect(busy.count).toBeGreaterThan(0);
    expect(busy.totalMs).toBeGreaterThan(0);
    expect(busy.maxMs).toBeGreaterThan(0);
    expect(busy.maxMs).toBeLessThanOrEqual(busy.totalMs);
    // 200,000 strings of about 1 KB were made in the worker: counted across its collections, which the
    // heap at any one moment could not show.
    expect(busy.allocatedBytes).toBeGreaterThan(200_000 * 1000);
    // Nothing ran since: the next count starts afresh (an idle-time collection could still slip in).
    expect((await pglite.gcPauses()).count).toBeLessThan(busy.count);
  });
});
