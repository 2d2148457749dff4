// The embedded database in a worker thread (see pglite-remote.ts): its WASM work, the bulk of a chat
// message's cost, runs here instead of on the event loop that serves every socket. Plain JS so the same
// file runs under tsx, vitest and the built server without a loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dir, amcheck } = workerData;
// drizzle reads these types as text (its own `parsers`); functions cannot cross threads, so the flag does.
const identity = (v) => v;
const RAW_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const rawParsers = Object.fromEntries(RAW_TYPES.map((t) => [t, identity]));
const ROLLBACK = Symbol('rollback');

const serialize = (err) =>
  err && typeof err === 'object'
    ? { ...err, message: String(err.message), name: String(err.name ?? 'Error') }
    : { message: String(err), name: 'Error' };

let db;
try {
  const extensions = amcheck ? { amcheck: (await import('@electric-sql/pglite/contrib/amcheck')).amcheck } : {};
  db = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions });
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: serialize(err) });
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

async function handle(m) {
  const target = m.tx ? txs.get(m.tx)?.tx : db;
  if (!target) throw new Error('transaction is over');
  switch (m.op) {
    case 'query': {
      const r = await target.query(m.text, m.params, { rowMode: m.rowMode, ...(m.raw ? { parsers: rawParsers } : {}) });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
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
