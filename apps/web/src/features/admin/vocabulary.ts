/**
 * The words staff screens use for kinds, statuses, roles, reasons and actions, and how dates read, in the
 * member's language (catalogue `admin`, reasons from `moderation`). Screens take them from
 * `useVocabulary()` (they change with the language); plain modules from `vocabulary()`.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, ReportReason } from '@sajha/contract';
import { i18n } from '../../i18n';
import { MODERATION_ACTIONS, REPORT_KINDS } from '@sajha/contract';
import { format, useFormat, type Format } from '../../i18n/format';
import type { ReportStatus } from './filters';

/** A translation function of the `admin` namespace (i18next's, narrowed to what these screens use). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const KINDS: readonly string[] = REPORT_KINDS;
const ACTIONS: readonly string[] = [
  ...MODERATION_ACTIONS,
  // Admins' sign-up decisions, written to the same audit log (the signup area).
  'approve-signup',
  'reject-signup',
  'signup-settings',
  'revoke-invite',
];
const ROLES: readonly string[] = ['member', 'moderator', 'admin'];

export interface Vocabulary {
  t: Translate;
  f: Format;
  /** "Post", "Clip", "Profile": a kind as a label or the start of a heading. */
  kindLabel: (kind: string) => string;
  /** The kind inside a sentence ("Remove this post?"). */
  kindWord: (kind: string) => string;
  statusLabel: (status: ReportStatus) => string;
  roleLabel: (role: string) => string;
  reasonLabel: (reason: ReportReason) => string;
  /** The name of each action on its button ("Remove"). */
  actionLabel: (action: string) => string;
  /** The name of an action taken, as the audit log, history and appeals say it ("Remove"). */
  actionName: (action: string) => string;
  /** "Suspend · 3 days", "Change role · Moderator": the action with what it carried. */
  actionSummary: (entry: Pick<AuditEntry, 'action' | 'details'>) => string;
  /** "Post by @asha", or the kind alone when the account is gone. */
  byline: (kind: string, username: string | undefined, inSentence?: boolean) => string;
  /** A date and time, in the member's calendar and digits. */
  when: (iso: string) => string;
  /** "5 minutes ago", "3 days ago": for the queue, where the age of a report matters. */
  ago: (iso: string, now?: number) => string;
}

export function vocabulary(t: Translate = i18n.getFixedT(null, 'admin'), f: Format = format()): Vocabulary {
  const kindLabel = (kind: string) => (KINDS.includes(kind) ? t(`kinds.${kind}`) : kind);
  const kindWord = (kind: string) => (KINDS.includes(kind) ? t(`kindWords.${kind}`) : kind);
  const roleLabel = (role: string) => (ROLES.includes(role) ? t(`roles.${role}`) : role);
  const actionLabel = (action: string) => (ACTIONS.includes(action) ? t(`actions.${action}`) : action);
  const actionName = (action: string) => (ACTIONS.includes(action) ? t(`actionNames.${action}`) : action);
  return {
    t,
    f,
    kindLabel,
    kindWord,
    statusLabel: (status) => t(`statuses.${status}`),
    roleLabel,
    reasonLabel: (reason) => t(`reasons.${reason}`, { ns: 'moderation' }),
    actionLabel,
    actionName,
    actionSummary(entry) {
      const days = typeof entry.details.days === 'number' ? entry.details.days : undefined;
      const role = typeof entry.details.role === 'string' ? entry.details.role : undefined;
      const extra =
        entry.action === 'suspend' && days
          ? t('summary.days', { count: days, days: f.number(days) })
          : entry.action === 'grant-role' && role
            ? roleLabel(role)
            : undefined;
      return extra ? t('summary.withExtra', { action: actionName(entry.action), extra }) : actionName(entry.action);
    },
    byline: (kind, username, inSentence = false) => {
      const what = inSentence ? kindWord(kind) : kindLabel(kind);
      return username ? t('byMember', { kind: what, username }) : what;
    },
    when: (iso) => f.dateTime(iso),
    ago(iso, now = Date.now()) {
      const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
      if (minutes < 1) return t('ago.justNow');
      const [n, unit] =
        minutes < 60
          ? [minutes, 'minutes']
          : minutes < 48 * 60
            ? [Math.round(minutes / 60), 'hours']
            : [Math.round(minutes / (24 * 60)), 'days'];
      return t(`ago.${unit}`, { count: n, n: f.number(n) });
    },
  };
}

/** The staff screens' words, in the page's language (a new set when the member changes it). */
export function useVocabulary(): Vocabulary {
  // `t` is a new function when the language changes, so the words follow it.
  const { t } = useTranslation(['admin', 'moderation']);
  const f = useFormat();
  return useMemo(() => vocabulary(t as Translate, f), [t, f]);
}

/** What separates the facts of one line ("Post · 2 days ago"), and what stands for none: marks, not words. */
export const SEP = ' · ';
export const NONE = '—';

/** A short, stable way to name a thing by its id (the full id is in the link or the title). */
export const shortId = (id: string) => id.slice(0, 8);
