/** The words staff screens use for kinds, statuses, roles and actions, and how dates read. */
import type { AuditEntry, ModerationAction, ReportKind, Role } from '@sajha/contract';
import type { ReportStatus } from './filters';

export const KIND_LABELS: Record<ReportKind, string> = {
  post: 'Post',
  comment: 'Comment',
  reel: 'Clip',
  message: 'Chat message',
  member: 'Profile',
  suggestion: 'Feature suggestion',
};

export const kindLabel = (kind: string) => KIND_LABELS[kind as ReportKind] ?? kind;

export const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export const ROLE_LABELS: Record<Role, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };

/** The name of each action, as its button and the audit log say it. */
export const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove',
  restore: 'Restore',
  sensitive: 'Mark sensitive',
  'not-sensitive': 'Not sensitive',
  warn: 'Warn',
  limit: 'Limit',
  unlimit: 'Unlimit',
  suspend: 'Suspend',
  unsuspend: 'Unsuspend',
  ban: 'Ban',
  unban: 'Unban',
  delete: 'Delete account',
  'grant-role': 'Change role',
};

/** Admins' sign-up decisions, written to the same audit log (the signup area). */
const SIGNUP_ACTION_LABELS: Record<string, string> = {
  'approve-signup': 'Approve sign-up',
  'reject-signup': 'Reject sign-up',
  'signup-settings': 'Change sign-up settings',
  'revoke-invite': 'Revoke invite',
};

export const actionLabel = (action: string) =>
  ACTION_LABELS[action as ModerationAction] ?? SIGNUP_ACTION_LABELS[action] ?? action;

/** "Suspend · 3 days", "Change role · Moderator": the action with what it carried. */
export function actionSummary(entry: Pick<AuditEntry, 'action' | 'details'>): string {
  const days = typeof entry.details.days === 'number' ? entry.details.days : undefined;
  const role = typeof entry.details.role === 'string' ? entry.details.role : undefined;
  const extra =
    entry.action === 'suspend' && days
      ? `${days} day${days === 1 ? '' : 's'}`
      : entry.action === 'grant-role' && role
        ? (ROLE_LABELS[role as Role] ?? role)
        : undefined;
  return extra ? `${actionLabel(entry.action)} · ${extra}` : actionLabel(entry.action);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string) => dateTime.format(new Date(iso));

/** "5 minutes ago", "3 days ago": for the queue, where the age of a report matters. */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  const [n, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.round(minutes / 60), 'hour']
        : [Math.round(minutes / (24 * 60)), 'day'];
  if (unit === 'minute' && n < 1) return 'just now';
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** A short, stable way to name a thing by its id (the full id is in the link or the title). */
export const shortId = (id: string) => id.slice(0, 8);
