/**
 * Test harness: a real server on a free port with a fresh database — in-memory PGlite, or a brand-new
 * PostgreSQL database when TEST_DB=postgres (dropped afterwards, so runs never collide).
 */
import { searchVector } from '../src/platform/search-index.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { readdir, readFile } from 'node:fs/promises';
import { io as ioClient, type Socket } from 'socket.io-client';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ClientToServerEvents, ServerToClientEvents } from '@sajha/contract';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { hashPassword, useCheapPasswordHashesForTests } from '../src/platform/passwords.js';
import { createSession, SESSION_COOKIE } from '../src/platform/sessions.js';

useCheapPasswordHashesForTests();

export const usePostgres = (): boolean => process.env.TEST_DB === 'postgres';
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates an empty PostgreSQL database for one test file; returns its URL and a dropper. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sajha_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: App;
  url: string;
  db: Db;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  tweak?: (c: Config) => void,
  logger: Logger = pino({ level: 'silent' }),
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-test-'));
  const pgDb = usePostgres() ? await freshPostgresDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // The bot check stays on, made cheap: a few hundred PBKDF2 rounds to solve (solvedBotCheck).
    ALTCHA_MAX_NUMBER: '10',
    ALTCHA_COST: '20',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  config.inMemoryDb = !pgDb;
  config.checkAnswers = true;
  tweak?.(config);
  const app = await buildApp(config, { logger });
  appsByDataDir.set(dataDir, app);
  const url = await app.listen();
  // Mailed links should point at the real address, known only once listening.
  config.publicUrl = url;
  return {
    app,
    url,
    db: app.deps.db,
    config,
    dataDir,
    async close() {
      appsByDataDir.delete(dataDir);
      await app.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export interface TestUser {
  id: string;
  name: string;
  username: string;
  email: string;
  password: string;
}

/** A verified member, straight into the database. */
export async function createUser(db: Db, over: Partial<TestUser> & { verified?: boolean } = {}): Promise<TestUser> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const u: TestUser = {
    id: randomUUID(),
    name: over.name ?? `Test User ${counter}`,
    username: over.username ?? `user_${tag}`,
    email: over.email ?? `user_${tag}@example.test`,
    password: over.password ?? 'secret-pass-1',
  };
  await db.insert(users).values({
    id: u.id,
    name: u.name,
    username: u.username,
    email: u.email,
    passwordHash: await hashPassword(u.password),
    emailVerifiedAt: over.verified === false ? null : new Date(),
    searchTerms: searchVector(u.name, u.username),
  });
  return u;
}

/** A session cookie header for the user, as the browser would send it. */
export async function sessionCookie(db: Db, userId: string, remember = false): Promise<string> {
  const { token } = await createSession(db, userId, { remember });
  return `${SESSION_COOKIE}=${token}`;
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents> & { initialUnread?: number };

/**
 * Connects like the web client does (websocket only); rejects with the server's refusal. On /real it
 * resolves once the server's first `unread_count` has arrived, so later waits never catch that one.
 */
export function connectSocket(url: string, cookie?: string, socketPath = '/real'): Promise<TestSocket> {
  const socket: TestSocket = ioClient(url, {
    path: socketPath,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
  });
  return new Promise((resolve, reject) => {
    if (socketPath === '/real') {
      socket.once('unread_count', ({ count }) => {
        socket.initialUnread = count;
        resolve(socket);
      });
    } else {
      socket.once('connect', () => resolve(socket));
    }
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** A verified member, signed in, with a socket on /real (what most server tests act as). */
export interface ConnectedUser extends TestUser {
  cookie: string;
  socket: TestSocket;
}

/** Makes a ConnectedUser; its socket joins `opened`, for the file to close when it ends. */
export async function connectedUser(
  t: Pick<TestApp, 'db' | 'url'>,
  opened: TestSocket[],
  over: Partial<TestUser> = {},
): Promise<ConnectedUser> {
  const u = await createUser(t.db, over);
  const cookie = await sessionCookie(t.db, u.id);
  const socket = await connectSocket(t.url, cookie);
  opened.push(socket);
  return { ...u, cookie, socket };
}

/** Resolves with the next payload of an event, or rejects after a timeout. */
export function nextEvent<T = unknown>(socket: TestSocket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${timeoutMs} ms`)), timeoutMs);
    (socket as unknown as { once(e: string, l: (p: T) => void): void }).once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export type Answer<T = unknown> = { ok: true; data: T } | { ok: false; error: string };

/** Emits with an acknowledgement and resolves with the server's answer. */
export function ask<T = unknown>(socket: TestSocket, event: string, ...args: unknown[]): Promise<Answer<T>> {
  return new Promise((resolve) =>
    (socket as unknown as { emit(e: string, ...a: unknown[]): void }).emit(event, ...args, resolve),
  );
}

/** The data of an accepted answer; a refusal fails the test with the server's message. */
export async function ok<T>(p: Promise<Answer<T>>): Promise<T> {
  const a = await p;
  if (!a.ok) throw new Error(`refused: ${a.error}`);
  return a.data;
}

/** Collects every payload of an event from now on. */
export function collect<T>(socket: TestSocket, event: string): T[] {
  const got: T[] = [];
  (socket as unknown as { on(e: string, l: (p: T) => void): void }).on(event, (p) => got.push(p));
  return got;
}

/** Emits with raw, untyped arguments: how a hostile client would. */
export function rawEmit(socket: TestSocket, event: string, ...args: unknown[]): void {
  (socket as unknown as { emit(e: string, ...a: unknown[]): void }).emit(event, ...args);
}

/** Every log line the app writes, as text, for "nothing secret is logged" checks. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** The app writing to each data dir, so outbox() can first wait for its queued mail jobs. */
const appsByDataDir = new Map<string, App>();

/**
 * Mails written to DATA_DIR/outbox (no SMTP configured), oldest first, quoted-printable soft breaks
 * undone. Mail is sent by jobs, so this first waits until the app has no mail job waiting or running.
 */
export async function outbox(dataDir: string): Promise<{ to: string; subject: string; raw: string }[]> {
  // Code requests become mails in a job of their own first.
  await appsByDataDir.get(dataDir)?.deps.jobs.idle('auth.code');
  await appsByDataDir.get(dataDir)?.deps.jobs.idle('mail.send');
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = [];
  for (const f of files) {
    const raw = (await readFile(path.join(dir, f), 'utf8')).replace(/=\r?\n/g, '');
    mails.push({ to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', raw });
  }
  return mails;
}

/** A mail of the outbox as its reader sees it: the subject's encoded words and each part's transfer encoding undone. */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** quoted-printable's bytes: soft line breaks dropped, =XX as the byte XX. */
function quotedPrintable(text: string): Buffer {
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded[i] === '=' ? /^[0-9A-F]{2}/i.exec(unfolded.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** A part's body in its transfer encoding (base64, quoted-printable or none) -> the UTF-8 text. */
function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return /quoted-printable/i.test(encoding) ? quotedPrintable(body).toString('utf8') : body;
}

/** RFC 2047 encoded words ("=?UTF-8?B?...?=", adjacent ones joined before decoding) -> text. */
function decodeWords(header: string): string {
  const word = /=\?[^?]+\?([BQ])\?([^?]*)\?=/gi;
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (let m = word.exec(header); m; m = word.exec(header)) {
    const between = header.slice(last, m.index);
    if (pending.length === 0 || !/^\s*$/.test(between)) {
      flush();
      out += between;
    }
    const data = m[2]!;
    pending.push(m[1]!.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' ')));
    last = m.index + m[0].length;
  }
  flush();
  return out + header.slice(last);
}

/** Headers (unfolded) and body of one MIME entity. */
function entity(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const headers = (at < 0 ? raw : raw.slice(0, at)).replace(/\r?\n[ \t]+/g, ' ');
  return { headers, body: at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}
const header = (headers: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'mi').exec(headers)?.[1] ?? '';

/**
 * The outbox's mails as their readers see them, oldest first (after the app's mail jobs are done, like
 * outbox()): for mails in another language than English, whose text nodemailer sends encoded.
 */
export async function readOutbox(dataDir: string): Promise<ReadMail[]> {
  await outbox(dataDir);
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: ReadMail[] = [];
  for (const f of files) {
    const { headers, body } = entity(await readFile(path.join(dir, f), 'utf8'));
    const boundary = /boundary="?([^";]+)"?/i.exec(header(headers, 'Content-Type'))?.[1];
    const parts = boundary
      ? body
          .split(`--${boundary}`)
          .slice(1, -1)
          // The line break before a boundary belongs to the boundary.
          .map((p) => entity(p.replace(/^\r?\n/, '').replace(/\r?\n$/, '')))
      : [{ headers, body }];
    const part = (type: string) => {
      const p = parts.find((x) => header(x.headers, 'Content-Type').startsWith(type));
      return p ? decodeBody(p.body, header(p.headers, 'Content-Transfer-Encoding')) : '';
    };
    mails.push({
      to: header(headers, 'To'),
      subject: decodeWords(header(headers, 'Subject')),
      text: part('text/plain'),
      html: part('text/html'),
    });
  }
  return mails;
}

export async function lastCodeFor(dataDir: string, email: string): Promise<string> {
  const mails = (await outbox(dataDir)).filter((m) => m.to.includes(email));
  const code = /(\d{6}) is your/.exec(mails.at(-1)?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * A solved bot check (ALTCHA), as the sign-up form's widget hands it over: fetches a challenge from the
 * server (as `ip`, for apps started with TRUST_PROXY) and solves it with altcha-lib's own solver.
 */
export async function solvedBotCheck(base: string, ip?: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/challenge`, { headers: ip ? { 'x-forwarded-for': ip } : {} });
  if (!res.ok) throw new Error(`no challenge: ${res.status} ${await res.text()}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Requests that carry a bot check: HttpClient.post adds a solved one unless the body names `altcha`. */
const BOT_CHECKED = new Set(['/api/auth/register', '/api/auth/r_v_e', '/api/auth/request_password_reset']);

/** A small fetch client that keeps one cookie jar, like one browser. */
export class HttpClient {
  cookies = new Map<string, string>();
  lastSetCookie: string[] = [];
  /** ip: sent as X-Forwarded-For, for apps started with TRUST_PROXY (one client = one visitor). */
  constructor(
    readonly base: string,
    readonly ip?: string,
  ) {}
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + p, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.ip ? { 'x-forwarded-for': this.ip } : {}),
        cookie: this.cookieHeader,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const c of this.lastSetCookie) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (!k) continue;
      const value = v.join('=');
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(k.trim());
      else this.cookies.set(k.trim(), value);
    }
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body: json, headers: res.headers };
  }
  async post(p: string, body: unknown = {}, headers?: Record<string, string>) {
    // Like the browser, whose widget solved the check by itself; a test of the check names `altcha`.
    if (BOT_CHECKED.has(p) && typeof body === 'object' && body !== null && !('altcha' in body))
      body = { ...body, altcha: await solvedBotCheck(this.base, this.ip) };
    return this.request('POST', p, body, headers);
  }
  get(p: string) {
    return this.request('GET', p);
  }
}
