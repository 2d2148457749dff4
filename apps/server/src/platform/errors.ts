import { Messages } from '@sajha/contract';

/** An error whose message is safe to show to the user. Anything else is logged and answered generically. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** zod's own texts ("Too small: expected array to have >=1 items") are for developers, not members. */
const ZOD_DEFAULT =
  /^(Invalid (input|option|type|string|element|key|union)|Too (small|big)|Unrecognized key|Expected )/;

/** The first problem of a failed schema parse as text a person can read: our schema's message, or a plain one. */
export function firstIssue(error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  if (!issue?.message || ZOD_DEFAULT.test(issue.message)) return Messages.server.invalidPayload;
  return issue.message;
}

/** The key (first path segment) the first problem is about, for forms that show it under a field. */
export function firstIssueKey(error: { issues: readonly { path: readonly PropertyKey[] }[] }): string | undefined {
  const key = error.issues[0]?.path[0];
  return typeof key === 'string' ? key : undefined;
}

/**
 * A write refused by a unique index (PostgreSQL 23505; drizzle keeps the driver's error as `cause`): a
 * race lost to a simultaneous write of the same name, answered like the check that ran just before it.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** Over a rate limit: answered 429 with `Retry-After` (whole seconds until a new attempt can count). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
    this.name = 'RateLimitedError';
  }
}

/**
 * The server cannot start with this setting (bad DATABASE_URL, unwritable or damaged DATA_DIR). `main.ts`
 * prints the message as one line and exits non-zero: it names the setting and the fix, no stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.name = 'StartupError';
  }
}
