/**
 * A PGlite living in a worker thread (pglite-worker.mjs), with the small part of PGlite's interface that
 * drizzle, the migrator, pg-boss and the integrity check use: query, exec, transaction. Each call is one
 * message each way; rows come back by structured clone (Dates and bytes intact).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GcPauses } from './gc-pauses.mjs';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}
interface Results<T = unknown> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What drizzle and our code call on a PGlite (or on one of its transactions). */
export interface PgliteLike {
  query<T = unknown>(text: string, params?: unknown[], opts?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

type Message = Record<string, unknown>;

export class RemotePglite implements PgliteLike {
  private seq = 0;
  private readonly pending = new Map<number, { resolve(v: never): void; reject(e: unknown): void }>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id: number; result?: unknown; error?: Message }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(String(m.error.message)), m.error));
      else p.resolve(m.result as never);
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => this.failAll(new Error('the database worker stopped')));
  }

  /** Starts the worker; rejects with PGlite's own error when the data dir cannot be opened. */
  static async start(dir: string | undefined, amcheck: boolean): Promise<RemotePglite> {
    // Under tsx or vitest this file is TypeScript beside the .mjs; in the build both sit in dist/.
    const url = new URL('./pglite-worker.mjs', import.meta.url);
    if (!existsSync(fileURLToPath(url))) throw new Error(`missing ${fileURLToPath(url)}`);
    const worker = new Worker(url, { workerData: { dir, amcheck }, execArgv: [] });
    const first = await new Promise<{ ready: boolean; error?: Message }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!first.ready) {
      await worker.terminate();
      throw Object.assign(new Error(String(first.error?.message)), first.error);
    }
    return new RemotePglite(worker);
  }

  /** Set once the worker is gone: later calls fail at once instead of waiting for an answer that never comes. */
  private dead: Error | undefined;

  private failAll(err: unknown): void {
    this.dead ??= err instanceof Error ? err : new Error(String(err));
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private call<T>(msg: Message): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  private queryIn<T>(tx: number | undefined, text: string, params?: unknown[], opts?: QueryOptions) {
    return this.call<Results<T>>({
      op: 'query',
      tx,
      text,
      params,
      rowMode: opts?.rowMode,
      raw: Boolean(opts?.parsers),
    });
  }

  query<T = unknown>(text: string, params?: unknown[], opts?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, text, params, opts);
  }

  exec(text: string): Promise<Results[]> {
    return this.call({ op: 'exec', text });
  }

  /** A hot statement kept parsed in the worker under `name` (pglite-worker.mjs), outside any transaction. */
  prepared<T = unknown>(name: string, text: string, params: unknown[]): Promise<Results<T>> {
    return this.call({ op: 'prepared', name, text, params });
  }

  /** PGlite's transaction(): the worker holds the transaction open until `fn` settles. */
  async transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const client: PgliteLike = {
      query: (text, params, opts) => this.queryIn(tx, text, params, opts),
      exec: (text) => this.call({ op: 'exec', tx, text }),
    };
    let result: T;
    try {
      result = await fn(client);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** A gzipped tar of the data dir (after a checkpoint), taken by the worker between two queries. */
  async dumpDataDir(_compression: 'gzip' = 'gzip'): Promise<Blob> {
    return new Blob([await this.call<Uint8Array<ArrayBuffer>>({ op: 'dump' })], { type: 'application/gzip' });
  }

  /** The worker's GC pauses since the last call (the first call starts counting and returns none). */
  gcPauses(): Promise<GcPauses> {
    return this.call({ op: 'gcPauses' });
  }

  /** Closes PGlite (its shutdown checkpoint), then the worker; rejects if PGlite could not close cleanly. */
  async close(): Promise<void> {
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
