/**
 * The staff lists' filters as they live in the URL (so a filtered queue can be shared, reloaded and gone
 * back to): read leniently (an unknown value is no filter), written without defaults (a clean URL).
 */
import { REPORT_KINDS, REPORT_REASONS, type ReportKind, type ReportReason } from '@sajha/contract';

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface QueueFilters {
  status: ReportStatus;
  reason?: ReportReason;
  kind?: ReportKind;
  /** Only reports older than this many hours. */
  olderThanHours?: number;
}

export interface AuditFilters {
  actor?: string;
  member?: string;
  action?: string;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/** The most the server accepts: a year. */
const MAX_HOURS = 24 * 365;

export function readQueueFilters(params: URLSearchParams): QueueFilters {
  const hours = Number(params.get('older'));
  return {
    status: oneOf(REPORT_STATUSES, params.get('status')) ?? 'open',
    reason: oneOf(REPORT_REASONS, params.get('reason')),
    kind: oneOf(REPORT_KINDS, params.get('kind')),
    olderThanHours: Number.isInteger(hours) && hours > 0 && hours <= MAX_HOURS ? hours : undefined,
  };
}

export function writeQueueFilters(f: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.status !== 'open') params.set('status', f.status);
  if (f.reason) params.set('reason', f.reason);
  if (f.kind) params.set('kind', f.kind);
  if (f.olderThanHours) params.set('older', `${f.olderThanHours}`);
  return params;
}

/** Usernames as staff type them: "@asha " is "asha". */
const username = (value: string | null) => value?.trim().replace(/^@/, '') || undefined;

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  return {
    actor: username(params.get('actor')),
    member: username(params.get('member')),
    action: params.get('action')?.trim() || undefined,
  };
}

export function writeAuditFilters(f: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['actor', 'member', 'action'] as const) {
    const value = name === 'action' ? f[name]?.trim() : username(f[name] ?? null);
    if (value) params.set(name, value);
  }
  return params;
}
