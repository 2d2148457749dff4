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

/**
 * JSON lines for machines; readable, coloured lines (pino-pretty) when a person watches a terminal.
 * Redaction happens before either, so the pretty mode shows no more than the JSON one.
 */
export function loggerOptions(level: string, pretty = process.stdout.isTTY === true): LoggerOptions {
  const base: LoggerOptions = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (!pretty) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false },
    },
  };
}
