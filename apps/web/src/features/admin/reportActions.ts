/**
 * Which actions a report's screen offers, and what each asks for, mirroring the server's rules
 * (apps/server/src/features/moderation/actions.ts): content actions fit content, "sensitive" fits posts
 * and clips; a member action needs the member; a reason is required for every action against the member
 * or their content except reversals; a suspension needs 1 to 365 days. The server still decides.
 */
import {
  MEMBER_ACTIONS,
  ModerationMessages,
  type ActionBody,
  type AuditEntry,
  type ModerationAction,
  type ReportDetail,
} from '@sajha/contract';
import { ACTION_LABELS, kindLabel } from './vocabulary';

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

function choice(action: ModerationAction, tone: ActionChoice['tone'], question: string, explain: string): ActionChoice {
  return { action, label: ACTION_LABELS[action], tone, reasonRequired: needsReason(action), question, explain };
}

export function reportActions(d: Detail): ReportActions {
  const what = kindLabel(d.kind).toLowerCase();
  const content: ActionChoice[] = [];
  if (d.status === 'open') {
    content.push(
      choice(
        'dismiss',
        'neutral',
        'Dismiss these reports?',
        'They close with no action; the reporters hear that no rule was broken.',
      ),
    );
  }
  if (CONTENT_KINDS.includes(d.kind)) {
    content.push(
      lastOn(d.history, d, ['remove', 'restore']) === 'remove'
        ? choice('restore', 'neutral', `Restore this ${what}?`, 'It shows again where it was.')
        : choice(
            'remove',
            'warning',
            `Remove this ${what}?`,
            'Members see “Removed by moderators” in its place. The author is told the reason and may appeal; you can restore it later.',
          ),
    );
  }
  if (d.kind === 'post' || d.kind === 'reel') {
    content.push(
      lastOn(d.history, d, ['sensitive', 'not-sensitive']) === 'sensitive'
        ? choice('not-sensitive', 'neutral', 'Stop marking it sensitive?', 'Its media shows without a blur again.')
        : choice(
            'sensitive',
            'neutral',
            `Mark this ${what} sensitive?`,
            'Its media is blurred until a member chooses to see it. The author is told the reason.',
          ),
    );
  }

  const state = d.memberState;
  const who = d.snapshot.member ? `@${d.snapshot.member.username}` : 'this member';
  const member: ActionChoice[] = [];
  if (state && d.snapshot.member) {
    member.push(choice('warn', 'neutral', `Warn ${who}?`, 'They are told the reason and may appeal once.'));
    member.push(
      state.limited
        ? choice('unlimit', 'neutral', `Lift the limit on ${who}?`, 'Their posts and comments reach everyone again.')
        : choice(
            'limit',
            'warning',
            `Limit ${who}?`,
            'Their posts and comments reach only their followers until the limit is lifted.',
          ),
    );
    member.push(
      state.suspendedUntil
        ? choice('unsuspend', 'neutral', `Lift the suspension of ${who}?`, 'They can sign in again at once.')
        : choice(
            'suspend',
            'warning',
            `Suspend ${who}?`,
            'They are signed out everywhere and cannot sign in until the suspension ends. They may appeal.',
          ),
    );
    member.push(
      state.banned
        ? choice('unban', 'neutral', `Lift the ban on ${who}?`, 'They can sign in again at once.')
        : choice(
            'ban',
            'danger',
            `Ban ${who}?`,
            'They are signed out everywhere and cannot sign in until the ban is lifted. They may appeal.',
          ),
    );
    member.push(
      choice(
        'delete',
        'danger',
        `Delete ${who}'s account?`,
        'This cannot be undone. The account closes at once and everything they made is deleted; it cannot be appealed or restored.',
      ),
    );
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

/** What stops the confirmation, in the server's words; null when it may be sent. */
export function actionProblem(choice: ActionChoice, input: { reason: string; days?: number }): string | null {
  if (choice.reasonRequired && !input.reason.trim()) return ModerationMessages.reasonNeeded;
  if (choice.action === 'suspend') {
    const days = input.days;
    if (days === undefined || !Number.isInteger(days) || days < SUSPEND_DAYS.min || days > SUSPEND_DAYS.max) {
      return ModerationMessages.daysNeeded;
    }
  }
  return null;
}
