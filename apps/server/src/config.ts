/** Every environment variable the server reads, validated once at start-up. Documented in README.md. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REEL_LIMITS } from '@sajha/contract';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where people reach the app; used in mailed links, cookie security and the Origin check. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** postgres://... to use a PostgreSQL server; unset for the embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** redis://... to link several server nodes (Socket.IO adapter, shared rate limits). */
  REDIS_URL: z.string().optional(),
  /** smtp://user:pass@host:port or smtps://...; unset writes mail to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sajha <no-reply@sajha.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app; defaults to apps/web/dist beside this package. */
  WEB_DIST: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  /** Trust X-Forwarded-* from a reverse proxy (for client IPs in rate limits). */
  TRUST_PROXY: bool,
  /** Web Push keys; when unset a pair is generated once and kept in the database for every node. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** Push services we will POST to (host suffixes). Subscriptions elsewhere are refused (no SSRF). */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com,push.example.com'),
  /** Allow http:// push endpoints (tests with a local push service only). */
  PUSH_ALLOW_HTTP: bool,
  /** Time zone for quiet hours and the daily digest. */
  TIME_ZONE: z.string().default('Asia/Kathmandu'),
  /** Post uploads: per file, per post (all files together) and how many files. */
  POST_MEDIA_MAX_FILE_MB: z.coerce.number().positive().max(1024).default(50),
  POST_MEDIA_MAX_TOTAL_MB: z.coerce.number().positive().max(4096).default(100),
  POST_MEDIA_MAX_FILES: z.coerce.number().int().min(1).max(20).default(10),
  /** Tests only: `name.test=127.0.0.1,...` lets the link-preview fetcher reach these reserved names. */
  LINK_FETCH_TEST_HOSTS: z
    .string()
    .regex(/^([a-z0-9.-]+\.test=[0-9a-f.:]+)(,[a-z0-9.-]+\.test=[0-9a-f.:]+)*$/i, 'use name.test=address,...')
    .optional(),
  /** Tests only: a PEM file of one extra certificate authority the link-preview fetcher trusts. */
  LINK_FETCH_TEST_CA: z.string().optional(),
  /** Comma-separated emails of members who may change the status of feature suggestions. */
  ADMIN_EMAILS: z.string().default(''),
  CONTEST_URL: z.url().default('https://contest.sajha.example'),
  SISTER_SITE_URL: z.url().default('https://studio.sajha.example'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Hosts allowed as Origin of state-changing requests (public URL's host plus localhost aliases). */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Set by tests: an in-memory PGlite, nothing on disk. */
  inMemoryDb: boolean;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  trustProxy: boolean;
  links: { contest: string; sisterSite: string };
  push: {
    publicKey?: string | undefined;
    privateKey?: string | undefined;
    subject: string;
    endpointHosts: string[];
    allowHttp: boolean;
  };
  timeZone: string;
  /** Lower-cased emails of members who may moderate feature suggestions (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Reel uploads: size before transcoding and longest clip (tests lower them). */
  reels: { maxBytes: number; maxSeconds: number };
  posts: {
    maxFileBytes: number;
    maxTotalBytes: number;
    maxFiles: number;
    /** Test-only link-fetch escape hatch (LINK_FETCH_TEST_HOSTS / LINK_FETCH_TEST_CA); empty in production. */
    linkTestHosts: Map<string, string>;
    linkTestCa: string | undefined;
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    inMemoryDb: false,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    google: {
      clientId: e.GOOGLE_CLIENT_ID || undefined,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuers: e.GOOGLE_ISSUERS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    trustProxy: e.TRUST_PROXY,
    links: { contest: e.CONTEST_URL, sisterSite: e.SISTER_SITE_URL },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY || undefined,
      privateKey: e.VAPID_PRIVATE_KEY || undefined,
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:admin@sajha.example'),
      endpointHosts: e.PUSH_ENDPOINT_HOSTS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      allowHttp: e.PUSH_ALLOW_HTTP,
    },
    timeZone: e.TIME_ZONE,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    reels: { maxBytes: REEL_LIMITS.maxBytes, maxSeconds: REEL_LIMITS.maxSeconds },
    posts: {
      maxFileBytes: Math.round(e.POST_MEDIA_MAX_FILE_MB * 1024 * 1024),
      maxTotalBytes: Math.round(e.POST_MEDIA_MAX_TOTAL_MB * 1024 * 1024),
      maxFiles: e.POST_MEDIA_MAX_FILES,
      linkTestHosts: new Map(
        (e.LINK_FETCH_TEST_HOSTS ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.split('=').map((x) => x.trim().toLowerCase()) as [string, string]),
      ),
      linkTestCa: e.LINK_FETCH_TEST_CA ? readFileSync(e.LINK_FETCH_TEST_CA, 'utf8') : undefined,
    },
  };
}
