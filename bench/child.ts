/**
 * A server under measurement in a child process of its own (so the clients' memory and garbage stay in
 * the parent), and a wait for the next message of a given type from it. Used by the benches that keep
 * their servers apart from their clients (sockets.ts, chat.ts, fanout.ts); and a client socket as the web app
 * opens one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { io as ioClient, type Socket } from 'socket.io-client';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

export interface Child<M extends { type: string }> {
  child: ChildProcess;
  /** The child's next message of this type; rejects if the child has exited or exits first. */
  next: <T extends M['type']>(type: T) => Promise<Extract<M, { type: T }>>;
}

/** Runs `file` with `args` under tsx and `flags`; `label` names it in errors. */
export function forkChild<M extends { type: string }>(
  file: string,
  args: string[],
  flags: string[],
  label: string,
): Child<M> {
  const child = fork(file, args, { execArgv: ['--import', 'tsx', ...flags] });
  let exited = false;
  child.once('exit', () => (exited = true));
  const next = <T extends M['type']>(type: T) =>
    new Promise<Extract<M, { type: T }>>((resolve, reject) => {
      if (exited) return reject(new Error(`${label} has exited`));
      const onExit = (code: number | null) => reject(new Error(`${label} exited (${code})`));
      const on = (m: M) => {
        if (m.type !== type) return;
        child.off('message', on);
        child.off('exit', onExit);
        resolve(m as Extract<M, { type: T }>);
      };
      child.on('message', on);
      child.once('exit', onExit);
    });
  return { child, next };
}

/**
 * A web-app-like client socket on `url` (websocket only, no reconnection), resolved once `ready` has come:
 * 'connect', or the first event a signed-in client waits for (its unread badge) before it can paint.
 */
export function connectClient(url: string, cookie: string | undefined, ready: string): Promise<Socket> {
  const s = ioClient(url, {
    path: '/real',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  return new Promise((resolve, reject) => {
    s.once(ready, () => resolve(s));
    s.once('connect_error', reject);
  });
}

/**
 * Our server in a bench child: the API only, silent, its data in a new temporary folder (removed when the
 * process exits); on the PostgreSQL database at `pgUrl` when given, else PGlite (in memory when `inMemory`,
 * else in that folder as `npm start` runs it). Every client comes from 127.0.0.1, so the per-address
 * socket caps are lifted for `sockets` clients: they are not what is measured.
 */
export async function benchServer(
  name: string,
  sockets: number,
  pgUrl: string | undefined,
  inMemory: boolean,
): Promise<{ app: App; url: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sajha-bench-${name}-`));
  // The parent ends this process with SIGTERM: exit, so that the folder is removed (synchronously: an exit
  // handler's promises never settle).
  process.once('SIGTERM', () => process.exit(0));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SOCKETS_PER_ADDRESS: String(sockets * 2),
    SOCKET_HANDSHAKES_PER_ADDRESS_PER_MINUTE: String(sockets * 20),
  });
  config.inMemoryDb = inMemory && !pgUrl;
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  return { app, url: await app.listen() };
}
