/**
 * Which actions a report's screen offers, and what each asks for, mirroring the server's rules
 * (apps/server/src/features/moderation/actions.ts): content actions fit content, "sensitive" fits posts
 * and clips; a member action needs the member; a reason is required for every action against the member
 * or their content except reversals; a suspension needs 1 to 365 days. The server still decides.
 */
import {
  MEMBER_ACTIONS,
  type ActionBody,
  type AuditEntry,
  type ModerationAction,
  type ReportDetail,
} from '@sajha/contract';
import { messages } from '../../i18n/prefs';
import { vocabulary, type Vocabulary } from './vocabulary';

/** Actions that undo another: they need no reason (the reason stays optional). */
const REVERSALS: readonly ModerationAction[] = ['restore', 'not-sensitive', 'unlimit', 'unsuspend', 'unban'];
const CONTENT_KINDS = ['post', 'comment', 'reel', 'message', 'suggestion'];

export const SUSPEND_DAYS = { min: 1, max: 365 } as const;

export function needsReason(action: ModerationAction): boolean {
  if (action === 'grant-role' || REVERSALS.includes(action)) return false;
  return MEMBER_ACTIONS.includes(action) || action === 'remove' || action === 'sensitive';
}

export interface ActionChoice {
  action: ModerationAction;
  label: string;
  /** How the button reads: danger for what is hard to take back. */
  tone: 'neutral' | 'warning' | 'danger';
  reasonRequired: boolean;
  /** The confirmation's question and what it explains. */
  question: string;
  explain: string;
}

export interface ReportActions {
  /** About the reported thing itself. */
  content: ActionChoice[];
  /** About its author (or the reported member); empty when the account is gone. */
  member: ActionChoice[];
}

type Detail = Pick<ReportDetail, 'kind' | 'id' | 'status' | 'history' | 'memberState' | 'snapshot'>;

/** The latest of `actions` that moderators took on this very thing (history is newest first). */
const lastOn = (history: AuditEntry[], d: Pick<Detail, 'kind' | 'id'>, actions: ModerationAction[]) =>
  history.find((e) => e.targetKind === d.kind && e.targetId === d.id && actions.includes(e.action as ModerationAction))
    ?.action;

/** The offers for this report, in the words of `v` (the page's language). */
export function reportActions(d: Detail, v: Vocabulary = vocabulary()): ReportActions {
  const { t } = v;
  const what = v.kindWord(d.kind);
  const who = d.snapshot.member ? `@${d.snapshot.member.username}` : t('confirm.thisMember');
  // The confirmation's texts are the catalogue's `confirm.<action>`, given the thing or the member.
  const choice = (action: ModerationAction, tone: ActionChoice['tone']): ActionChoice => ({
    action,
    label: v.actionLabel(action),
    tone,
    reasonRequired: needsReason(action),
    question: t(`confirm.${action}.question`, { what, who }),
    explain: t(`confirm.${action}.explain`, { removed: messages().ModerationMessages.removed }),
  });

  const content: ActionChoice[] = [];
  if (d.status === 'open') content.push(choice('dismiss', 'neutral'));
  if (CONTENT_KINDS.includes(d.kind)) {
    content.push(
      lastOn(d.history, d, ['remove', 'restore']) === 'remove'
        ? choice('restore', 'neutral')
        : choice('remove', 'warning'),
    );
  }
  if (d.kind === 'post' || d.kind === 'reel') {
    content.push(
      lastOn(d.history, d, ['sensitive', 'not-sensitive']) === 'sensitive'
        ? choice('not-sensitive', 'neutral')
        : choice('sensitive', 'neutral'),
    );
  }

  const state = d.memberState;
  const member: ActionChoice[] = [];
  if (state && d.snapshot.member) {
    member.push(choice('warn', 'neutral'));
    member.push(state.limited ? choice('unlimit', 'neutral') : choice('limit', 'warning'));
    member.push(state.suspendedUntil ? choice('unsuspend', 'neutral') : choice('suspend', 'warning'));
    member.push(state.banned ? choice('unban', 'neutral') : choice('ban', 'danger'));
    member.push(choice('delete', 'danger'));
  }
  return { content, member };
}

/**
 * The request for an action on this report. Member actions name the reported thing too (not only the
 * member): the server then closes the thing's reports as well as those about the member's profile.
 */
export function actionBody(
  d: Pick<Detail, 'kind' | 'id'>,
  action: ModerationAction,
  input: { reason: string; days?: number },
): ActionBody {
  return {
    action,
    kind: d.kind,
    id: d.id,
    reason: input.reason.trim(),
    ...(action === 'suspend' ? { days: input.days } : {}),
  };
}

/** What stops the confirmation, in the server's words (the page's language); null when it may be sent. */
export function actionProblem(choice: ActionChoice, input: { reason: string; days?: number }): string | null {
  const { ModerationMessages } = messages();
  if (choice.reasonRequired && !input.reason.trim()) return ModerationMessages.reasonNeeded;
  if (choice.action === 'suspend') {
    const days = input.days;
    if (days === undefined || !Number.isInteger(days) || days < SUSPEND_DAYS.min || days > SUSPEND_DAYS.max) {
      return ModerationMessages.daysNeeded;
    }
  }
  return null;
}
