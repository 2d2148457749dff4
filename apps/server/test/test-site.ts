/**
 * For tests only: a small https site on 127.0.0.1 with its own self-signed certificate (made with the
 * openssl command), reachable by the link fetcher as `{name}.test` through LINK_FETCH_TEST_HOSTS and
 * LINK_FETCH_TEST_CA. Each path answers with what the test sets.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface TestSite {
  port: number;
  /** PEM of the self-signed certificate, and the file it is in. */
  ca: string;
  caPath: string;
  /** Names the certificate covers. */
  hosts: string[];
  /** Requests seen, as paths. */
  hits: string[];
  route(path: string, handler: Route): void;
  /** LINK_FETCH_TEST_HOSTS / LINK_FETCH_TEST_CA for a server that should reach this site. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const html = (body: string): Route => {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
};

export async function startTestSite(hosts = ['preview.test', 'other.test']): Promise<TestSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sajha-site-'));
  const keyPath = path.join(dir, 'key.pem');
  const caPath = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-keyout',
      keyPath,
      '-out',
      caPath,
      '-subj',
      `/CN=${hosts[0]}`,
      '-addext',
      `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(caPath, 'utf8');
  const routes = new Map<string, Route>();
  const hits: string[] = [];
  const server: Server = createServer({ key: readFileSync(keyPath), cert: ca }, (req, res) => {
    const p = (req.url ?? '/').split('?')[0]!;
    hits.push(p);
    const handler = routes.get(p);
    if (handler) handler(req, res);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    port,
    ca,
    caPath,
    hosts,
    hits,
    route: (p, h) => void routes.set(p, h),
    env: {
      LINK_FETCH_TEST_HOSTS: hosts.map((h) => `${h}=127.0.0.1`).join(','),
      LINK_FETCH_TEST_CA: caPath,
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
