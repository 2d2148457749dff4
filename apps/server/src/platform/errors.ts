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
