/**
 * Real parts for multi-node tests and the two-node bench: our own redis-server, Debian's haproxy and
 * server nodes as child processes (so one can be killed with -9), each started on a free port. Nothing
 * here touches the shared Redis: a test that stops Redis stops its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Thrown by an `until` check to stop waiting at once (the process it waits for has died). */
export class GiveUp extends Error {}

/** Resolves once `check` holds, looking every 50 ms; rejects after `timeoutMs` with `what`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ok = await Promise.resolve()
      .then(check)
      .catch((err: unknown) => {
        if (err instanceof GiveUp) throw err;
        return false;
      });
    if (ok) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM; nothing is saved, so it comes back empty). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await until(() => accepts(port), `redis on ${port}`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      await exited(child);
      child = undefined;
    },
  };
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * HAProxy in front of the nodes, the layout the README documents: websockets tunnel through, the
 * readiness check takes a draining node out, and a refused connection is retried on another node.
 */
export function haproxyConfig(port: number, nodes: { name: string; port: number }[]): string {
  return `global
  maxconn 4000
defaults
  mode http
  option http-server-close
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout check 5s
frontend sajha
  bind 127.0.0.1:${port}
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`;
}

export async function startHaproxy(nodes: { name: string; port: number }[]): Promise<Balancer> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sajha-lb-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig(port, nodes));
  // -db: stay in the foreground, so killing the child stops it.
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  await until(() => child.exitCode === null && accepts(port), `haproxy on ${port}: ${err}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface NodeProcess {
  name: string;
  port: number;
  url: string;
  /** Everything the node wrote (warnings and errors), for a failing test's message. */
  output(): string;
  /** kill -9: no drain, no goodbye. */
  kill(): Promise<void>;
  /** SIGTERM: the node drains and exits by itself. Resolves with the exit code. */
  terminate(): Promise<number | null>;
  exited: Promise<void>;
}

/**
 * One server node: `src/main.ts` in its own process (the same entry point production runs), its own
 * data dir, on `port`. Resolves once /api/ready answers 200.
 */
export async function startNode(name: string, port: number, env: Record<string, string>): Promise<NodeProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sajha-${name}-`));
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Every client of these tests comes from this one machine: the per-address guards would refuse most.
      SOCKETS_PER_ADDRESS: '100000',
      SOCKET_HANDSHAKES_PER_ADDRESS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const done = exited(child).then(() => rm(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new GiveUp(`node ${name} exited`);
      return (await fetch(`${url}/api/ready`)).status === 200;
    },
    `node ${name} ready`,
    60_000,
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(err)}\n${out}`);
  });
  return {
    name,
    port,
    url,
    output: () => out,
    exited: done,
    async kill() {
      child.kill('SIGKILL');
      await done;
    },
    async terminate() {
      child.kill('SIGTERM');
      await done;
      return child.exitCode;
    },
  };
}
