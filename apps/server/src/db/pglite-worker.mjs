// The embedded database in a worker thread (see pglite-remote.ts): its WASM work, the bulk of a chat
// message's cost, runs here instead of on the event loop that serves every socket. Plain JS so the same
// file runs under tsx, vitest and the built server without a loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { gcPauseMeter } from './gc-pauses.mjs';

const { dir, amcheck } = workerData;
// drizzle reads these types as text (its own `parsers`); functions cannot cross threads, so the flag does.
const identity = (v) => v;
const RAW_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const rawParsers = Object.fromEntries(RAW_TYPES.map((t) => [t, identity]));
const ROLLBACK = Symbol('rollback');

// Only an error's plain fields cross back (code, constraint, detail...). PGlite's errors also carry the
// query's options, whose parsers are functions: posting those throws, and the throw took this thread,
// and with it the database, down on any failed statement (a unique violation among them).
const plainFields = (err) =>
  Object.fromEntries(
    Object.entries(err).filter(([, v]) => v === null || (typeof v !== 'object' && typeof v !== 'function')),
  );
const serialize = (err) =>
  err && typeof err === 'object'
    ? { ...plainFields(err), message: String(err.message), name: String(err.name ?? 'Error') }
    : { message: String(err), name: 'Error' };

let db;
try {
  // pg_trgm: search (migration 0016); amcheck: the start-up integrity check.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = amcheck
    ? { pg_trgm, amcheck: (await import('@electric-sql/pglite/contrib/amcheck')).amcheck }
    : { pg_trgm };
  db = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions });
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: serialize(err) });
}

/** Named statements parsed so far, with their parameter types. */
const named = new Map();

/**
 * The hot statements take their rows as arrays, whose length PostgreSQL cannot see when it plans: left
 * to choose, it plans each call anew (a custom plan, about as long as running it). This setting, local
 * to the call's own transaction (the messages up to its sync), keeps their one generic plan (index
 * lookups per row, right for any batch size) without changing how every other query is planned; the
 * PostgreSQL back end does the same with connections of their own (client.ts).
 */
const GENERIC = 'sajha_generic_plan';
const GENERIC_TEXT = "select set_config('plan_cache_mode', 'force_generic_plan', true)";
let genericParsed = false;

/**
 * A hot statement as a named prepared statement: parsed and described once, then each call is one
 * trip with the setting's and the statement's bind/describe/execute, and a sync. PGlite's own query()
 * parses, describes and plans the text again on every call (six trips into the WASM module); for the
 * chat insert that was most of its cost.
 * It takes the same two locks as query(), so it never runs inside someone else's transaction.
 */
function prepared(name, text, params) {
  const { serialize } = protocol;
  // Like query(): no sync to the file system per message, one after the sync message.
  const run = (message) => db.execProtocol(message, { syncToFs: false });
  return db._runExclusiveTransaction(() =>
    db.runExclusive(async () => {
      const messages = [];
      try {
        let types = named.get(name);
        if (!types) {
          await run(serialize.parse({ name, text }));
          const described = await run(serialize.describe({ type: 'S', name }));
          types = described.messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
          named.set(name, types);
        }
        if (!genericParsed) {
          await run(serialize.parse({ name: GENERIC, text: GENERIC_TEXT }));
          genericParsed = true;
        }
        const values = params.map((v, i) => (v == null ? null : (db.serializers[types[i]] ?? String)(v)));
        const call = Buffer.concat([
          serialize.bind({ statement: GENERIC, values: [] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        ]);
        messages.push(...(await run(call)).messages);
      } finally {
        // Also after an error: the server skips the rest until this sync. A statement that failed to
        // parse was never stored (nor kept in `named`), so the next call parses it again.
        messages.push(...(await run(serialize.sync())).messages);
      }
      await db.syncToFs();
      // The last result is the statement's (the first is the setting's).
      const result = parse.parseResults(messages, db.parsers).at(-1);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }),
  );
}

/** Open transactions by id: each holds PGlite's transaction lock until the main thread says commit or roll back. */
const txs = new Map();

function begin(id) {
  return new Promise((resolve, reject) => {
    let decide;
    const decided = new Promise((r) => (decide = r));
    const settled = db
      .transaction(async (tx) => {
        txs.set(id, { tx, decide, settled });
        resolve(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((err) => {
        if (err !== ROLLBACK) throw err;
      });
    settled.catch(reject);
  });
}

/**
 * This thread's garbage-collection pauses since the last ask (bench/chat.ts prints them beside the
 * delivery tail: while this thread collects, no statement runs). Counted only once asked, so a server
 * that never asks pays nothing.
 */
let takePauses;
const pausesSinceLastAsk = () => (takePauses ??= gcPauseMeter())();

async function handle(m) {
  const target = m.tx ? txs.get(m.tx)?.tx : db;
  if (!target) throw new Error('transaction is over');
  switch (m.op) {
    case 'query': {
      const r = await target.query(m.text, m.params, { rowMode: m.rowMode, ...(m.raw ? { parsers: rawParsers } : {}) });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'prepared':
      return prepared(m.name, m.text, m.params);
    case 'exec':
      return (await target.exec(m.text)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    case 'begin':
      return begin(m.id);
    case 'end': {
      const t = txs.get(m.tx);
      txs.delete(m.tx);
      t.decide(m.commit);
      await t.settled;
      return null;
    }
    case 'dump': {
      await db.exec('CHECKPOINT');
      return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    }
    case 'gcPauses':
      return pausesSinceLastAsk();
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${m.op}`);
  }
}

parentPort.on('message', (m) => {
  handle(m).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (err) => parentPort.postMessage({ id: m.id, error: serialize(err) }),
  );
});
