import { Messages } from '@sajha/contract';

/** An error whose message is safe to show to the user. Anything else is logged and answered generically. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The first problem of a failed schema parse as text a person can read (zod's generic text is not). */
export function firstIssue(error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  if (!issue) return Messages.server.invalidPayload;
  return issue.message && !issue.message.startsWith('Invalid input') ? issue.message : Messages.server.invalidPayload;
}

/** The key (first path segment) the first problem is about, for forms that show it under a field. */
export function firstIssueKey(error: { issues: readonly { path: readonly PropertyKey[] }[] }): string | undefined {
  const key = error.issues[0]?.path[0];
  return typeof key === 'string' ? key : undefined;
}
