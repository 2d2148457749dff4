import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { freshPostgresDatabase, usePostgres } from '../../test/harness.js';

// The hot statements (chat writes, read marks) run as named prepared statements: kept parsed on
// PostgreSQL's own connections and, for PGlite, in its worker (pglite-worker.mjs). These pin down
// that the kept statement answers like a plain query, survives a failing call, and never slips into
// another caller's open transaction.
describe(`prepared statements on ${usePostgres() ? 'PostgreSQL' : 'PGlite'}`, { timeout: 60_000 }, () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (usePostgres()) {
      const pg = await freshPostgresDatabase();
      drop = () => pg.drop();
      database = await openDatabase({ databaseUrl: pg.url });
    } else {
      database = await openDatabase({});
    }
    await database.executeSql('create table kept (id uuid primary key, body text not null, n int not null)');
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  const INSERT = `insert into kept (id, body, n) select * from unnest($1::uuid[], $2::text[], $3::int[])
    returning id, body, n`;

  it('answers every call with its own rows, arrays and awkward text intact', async () => {
    for (let round = 0; round < 8; round += 1) {
      const ids = [randomUUID(), randomUUID()];
      const bodies = [`round ${round}`, 'quotes " \\ {braces}, commas and NULL'];
      const { rows } = await database.prepared('kept_insert', INSERT, [ids, bodies, [round, -1 - round]]);
      expect(rows).toEqual([
        { id: ids[0], body: bodies[0], n: round },
        { id: ids[1], body: bodies[1], n: -1 - round },
      ]);
    }
    const { rows } = await database.executeSql('select count(*)::int as n from kept');
    expect(rows).toEqual([{ n: 16 }]);
  });

  it('reports a failing call and keeps working after it', async () => {
    const id = randomUUID();
    await database.prepared('kept_insert', INSERT, [[id], ['first'], [1]]);
    await expect(database.prepared('kept_insert', INSERT, [[id], ['again'], [2]])).rejects.toThrow(/duplicate key/);
    await expect(database.prepared('kept_insert', INSERT, [['not-a-uuid'], ['x'], [3]])).rejects.toThrow(/uuid/);
    const next = randomUUID();
    const { rows } = await database.prepared('kept_insert', INSERT, [[next], ['after'], [1000]]);
    expect(rows).toEqual([{ id: next, body: 'after', n: 1000 }]);
  });

  it('a statement that does not parse is refused each time, and a good one under another name still runs', async () => {
    await expect(database.prepared('kept_broken', 'selec 1', [])).rejects.toThrow(/syntax/);
    await expect(database.prepared('kept_broken', 'selec 1', [])).rejects.toThrow(/syntax/);
    const { rows } = await database.prepared('kept_count', 'select count(*)::int as n from kept where n = $1', [1000]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const id = randomUUID();
    let outside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(`insert into kept (id, body, n) values ('${randomUUID()}', 'rolled back', 99)`);
        // Started while the transaction is open: on PGlite it queues behind it, on PostgreSQL it runs on
        // another connection. Either way the rollback below must not take its row with it.
        outside = database.prepared('kept_insert', INSERT, [[id], ['outside'], [100]]);
        await new Promise((r) => setImmediate(r));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    const { rows } = await database.executeSql('select body from kept where n in (99, 100) order by n');
    expect(rows).toEqual([{ body: 'outside' }]);
  });

  // Planned anew on every call (the default for a statement whose arrays hide their length), the chat
  // insert spent as long planning as running. The hot statements keep one generic plan; nothing else does.
  it('runs the hot statements on their one generic plan and leaves every other query planned as before', async () => {
    const mode = "select current_setting('plan_cache_mode') as mode";
    for (let call = 0; call < 3; call += 1) {
      expect((await database.prepared('kept_mode', mode, [])).rows).toEqual([{ mode: 'force_generic_plan' }]);
      expect((await database.executeSql(mode)).rows).toEqual([{ mode: 'auto' }]);
    }
    // Also after a hot statement that failed.
    await expect(database.prepared('kept_insert', INSERT, [['not-a-uuid'], ['x'], [3]])).rejects.toThrow(/uuid/);
    expect((await database.executeSql(mode)).rows).toEqual([{ mode: 'auto' }]);
    expect(((await database.db.execute(mode)) as { rows: unknown[] }).rows).toEqual([{ mode: 'auto' }]);
  });
});
