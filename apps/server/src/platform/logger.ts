import type { LoggerOptions } from 'pino';

/** Fields that must never reach a log line, wherever they appear. */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'otp',
  'token',
  'idToken',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.otp',
  '*.token',
  '*.idToken',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}
