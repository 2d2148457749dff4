/** Every environment variable the server reads, validated once at start-up. Documented in README.md. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REEL_LIMITS } from '@sajha/contract';
import { StartupError } from './platform/errors.js';

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
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^postgres(ql)?:\/\/[^/?#\s]+/.test(v),
      'not a PostgreSQL URL: use postgres://user:password@host:5432/database, or unset it for the embedded database',
    ),
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
  /** How often an idle job worker looks for work (seconds); a job sent on the same node wakes it at once. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Comma-separated emails of members who may change the status of feature suggestions. */
  ADMIN_EMAILS: z.string().default(''),
  /** /metrics (Prometheus) then needs `Authorization: Bearer <token>`; unset, it answers this machine only. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 16, 'use at least 16 characters'),
  /**
   * The bot check (ALTCHA proof-of-work) on sign-up, resend-code and password-reset requests: its HMAC key
   * (unset: generated once and kept in the database, so every node agrees), how hard it is (the solver
   * tries up to ALTCHA_MAX_NUMBER counters, each ALTCHA_COST rounds of PBKDF2), and a switch to turn it
   * off (browsers can solve it only on https:// or localhost).
   */
  ALTCHA_HMAC_KEY: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 32, 'use at least 32 characters'),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(100_000_000).default(5_000),
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  ALTCHA_ENABLED: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  CONTEST_URL: z.url().default('https://contest.sajha.example'),
  SISTER_SITE_URL: z.url().default('https://studio.sajha.example'),
  /** The AI assistant: `builtin` answers offline from the knowledge base; `openai` or `gemini` use a model. */
  AI_PROVIDER: z.enum(['builtin', 'openai', 'gemini']).default('builtin'),
  /** Model name for `openai` (default gpt-4o-mini) or `gemini` (default gemini-2.5-flash). */
  AI_MODEL: z.string().optional(),
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp server, vLLM); unset is OpenAI itself. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  GEMINI_API_KEY: z.string().optional(),
  /** Another address for the Gemini API (a gateway or proxy; tests use their own server). */
  GEMINI_BASE_URL: z.url().optional(),
  /** Give up on the model after this long without a word (to the first word, and between words). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Name in the page's "Powered by" footer; defaults to the provider and model. */
  AI_PROVIDER_NAME: z.string().max(80).optional(),
  /** Calls: STUN and TURN URLs (comma-separated) and coturn's REST secret (`static-auth-secret`). */
  STUN_URLS: z.string().default(''),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.string().optional(),
  /** How long the TURN credentials handed to a member stay valid. */
  /** `relay` makes every call go through TURN, so members never learn each other's addresses. */
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  TURN_TTL_S: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
  /** How long a call rings before it ends with "No answer" (tests shorten it). */
  CALL_RING_TIMEOUT_S: z.coerce.number().positive().max(600).default(45),
  /** A member whose call pages all stay away this long (closed, crashed, offline) has left the call. */
  CALL_DROP_GRACE_S: z.coerce.number().positive().max(3600).default(30),
  /** On SIGTERM, how long readiness reports draining before sockets are closed (set to the balancer's check interval). */
  DRAIN_DELAY_S: z.coerce.number().min(0).max(120).default(0),
  /** Where uploads live: `local` (DATA_DIR/media) or `s3` (an S3-compatible bucket, for several nodes). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible services (MinIO, Garage, R2, ...); unset is AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  /** Unset: the AWS SDK's usual credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Bytes of uploads one member may keep (chat attachments, post media, reels), in MB. */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(2048),
  /** Open sockets allowed per member and per client address (both socket paths together). */
  SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).default(20),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  /** Socket handshakes per address per minute, and socket events per member per second (all nodes). */
  SOCKET_HANDSHAKES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  SOCKET_EVENTS_PER_MEMBER_PER_SECOND: z.coerce.number().int().min(1).default(30),
});

const list = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

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
  /** Set by tests: every socket ack and HTTP answer is checked against its contract schema (a mismatch fails loudly). */
  checkAnswers: boolean;
  /** How long chat read marks gather before they are written and told (features/chat/reads.ts); tests may lengthen it. */
  readMarkDelayMs: number;
  /** A (chat, member) read mark written less than this long ago waits until then (features/chat/reads.ts). */
  readMarkLivelyMs: number;
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
  jobPollSeconds: number;
  calls: {
    stunUrls: string[];
    turnUrls: string[];
    turnSecret: string | undefined;
    turnTtlS: number;
    iceTransportPolicy: 'all' | 'relay';
    ringTimeoutMs: number;
    dropGraceMs: number;
  };
  /** Lower-cased emails of members who may moderate feature suggestions (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Secret for /metrics (METRICS_TOKEN): required when set; unset, only this machine may scrape. */
  metricsToken: string | undefined;
  /** The bot check on sign-up, resend-code and reset requests (features/signup/botcheck.ts). */
  altcha: { enabled: boolean; hmacKey: string | undefined; maxNumber: number; cost: number };
  /**
   * Reel uploads: size before transcoding, longest clip, clips a member may have processing at once, and
   * a transcode's time limit: `transcodePerSecondMs` per second of the clip, at least `transcodeFloorMs`
   * (tests lower them).
   */
  reels: {
    maxBytes: number;
    maxSeconds: number;
    maxProcessing: number;
    transcodeFloorMs: number;
    transcodePerSecondMs: number;
  };
  posts: {
    maxFileBytes: number;
    maxTotalBytes: number;
    maxFiles: number;
    /** Test-only link-fetch escape hatch (LINK_FETCH_TEST_HOSTS / LINK_FETCH_TEST_CA); empty in production. */
    linkTestHosts: Map<string, string>;
    linkTestCa: string | undefined;
  };
  ai: AiConfig;
  /** DRAIN_DELAY_S in ms. */
  drainDelayMs: number;
  storage: StorageConfig;
  uploads: { quotaBytes: number };
  /** Socket caps and budgets (realtime/guard.ts). */
  sockets: {
    perMember: number;
    perAddress: number;
    handshakesPerAddressPerMinute: number;
    eventsPerMemberPerSecond: number;
  };
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      /** Secret: never logged. */
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT || undefined,
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export interface AiConfig {
  provider: 'builtin' | 'openai' | 'gemini';
  model: string;
  /** The "Powered by" name. */
  displayName: string;
  openaiBaseUrl: string | undefined;
  /** Secret: never logged, never sent to the client. */
  openaiApiKey: string | undefined;
  /** Secret: never logged, never sent to the client. */
  geminiApiKey: string | undefined;
  geminiBaseUrl: string | undefined;
  timeoutMs: number;
}

function aiConfig(e: z.infer<typeof envSchema>): AiConfig {
  const provider = e.AI_PROVIDER;
  if (provider === 'gemini' && !e.GEMINI_API_KEY)
    throw new StartupError('Invalid configuration: GEMINI_API_KEY: required when AI_PROVIDER=gemini');
  const model =
    e.AI_MODEL || (provider === 'gemini' ? 'gemini-2.5-flash' : provider === 'openai' ? 'gpt-4o-mini' : 'retrieval');
  const defaultName =
    provider === 'builtin' ? "Sajha's built-in guide" : provider === 'gemini' ? `Google Gemini (${model})` : model;
  return {
    provider,
    model,
    displayName: e.AI_PROVIDER_NAME || defaultName,
    openaiBaseUrl: e.OPENAI_BASE_URL || undefined,
    openaiApiKey: e.OPENAI_API_KEY || undefined,
    geminiApiKey: e.GEMINI_API_KEY || undefined,
    geminiBaseUrl: e.GEMINI_BASE_URL || undefined,
    timeoutMs: e.AI_TIMEOUT_MS,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Invalid configuration: ${lines.join('; ')}`);
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
    checkAnswers: false,
    readMarkDelayMs: 250,
    readMarkLivelyMs: 1000,
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
    jobPollSeconds: e.JOB_POLL_SECONDS,
    calls: {
      stunUrls: list(e.STUN_URLS),
      turnUrls: list(e.TURN_URLS),
      turnSecret: e.TURN_SECRET || undefined,
      turnTtlS: e.TURN_TTL_S,
      iceTransportPolicy: e.ICE_TRANSPORT_POLICY,
      ringTimeoutMs: Math.round(e.CALL_RING_TIMEOUT_S * 1000),
      dropGraceMs: Math.round(e.CALL_DROP_GRACE_S * 1000),
    },
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN || undefined,
    altcha: {
      enabled: e.ALTCHA_ENABLED,
      hmacKey: e.ALTCHA_HMAC_KEY || undefined,
      maxNumber: e.ALTCHA_MAX_NUMBER,
      cost: e.ALTCHA_COST,
    },
    reels: {
      maxBytes: REEL_LIMITS.maxBytes,
      maxSeconds: REEL_LIMITS.maxSeconds,
      maxProcessing: REEL_LIMITS.maxProcessing,
      transcodeFloorMs: 30_000,
      transcodePerSecondMs: 10_000,
    },
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
    ai: aiConfig(e),
    drainDelayMs: Math.round(e.DRAIN_DELAY_S * 1000),
    storage: storageConfig(e),
    uploads: { quotaBytes: Math.round(e.UPLOAD_QUOTA_MB * 1024 * 1024) },
    sockets: {
      perMember: e.SOCKETS_PER_MEMBER,
      perAddress: e.SOCKETS_PER_ADDRESS,
      handshakesPerAddressPerMinute: e.SOCKET_HANDSHAKES_PER_ADDRESS_PER_MINUTE,
      eventsPerMemberPerSecond: e.SOCKET_EVENTS_PER_MEMBER_PER_SECOND,
    },
  };
}
