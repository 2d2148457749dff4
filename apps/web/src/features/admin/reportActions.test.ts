import { describe, expect, it } from 'vitest';
import {
  MODERATION_ACTIONS,
  ModerationMessages,
  type AuditEntry,
  type ModerationAction,
  type ReportDetail,
} from '@sajha/contract';
import { actionBody, actionProblem, needsReason, reportActions } from './reportActions';

const POST = '00000000-0000-4000-8000-00000000000a';
const AUTHOR = '00000000-0000-4000-8000-00000000000b';

function detail(over: Partial<ReportDetail> = {}): ReportDetail {
  return {
    key: `post:${POST}`,
    kind: 'post',
    id: POST,
    count: 1,
    reasons: ['spam'],
    status: 'open',
    firstAt: '2026-01-01T10:00:00.000Z',
    lastAt: '2026-01-01T10:00:00.000Z',
    assignedTo: null,
    snapshot: {
      kind: 'post',
      member: { uid: AUTHOR, name: 'Asha', username: 'asha' },
      text: 'Buy followers',
      media: [],
      context: [],
      link: `/view/${POST}`,
      at: '2026-01-01T09:00:00.000Z',
    },
    reports: [],
    notes: [],
    history: [],
    memberState: { role: 'member', suspendedUntil: null, banned: false, limited: false },
    ...over,
  };
}

const entry = (action: ModerationAction, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: crypto.randomUUID(),
  actor: 'mod1',
  action,
  targetKind: 'post',
  targetId: POST,
  member: 'asha',
  reason: '',
  details: {},
  reverses: null,
  at: '2026-01-01T11:00:00.000Z',
  ...over,
});

const names = (d: ReportDetail) => {
  const a = reportActions(d);
  return { content: a.content.map((c) => c.action), member: a.member.map((c) => c.action) };
};

describe('the actions a report offers', () => {
  it('an open post by a member in good standing: every first action', () => {
    expect(names(detail())).toEqual({
      content: ['dismiss', 'remove', 'sensitive'],
      member: ['warn', 'limit', 'suspend', 'ban', 'delete'],
    });
  });

  it('offers the reversal of what is in force', () => {
    const d = detail({
      status: 'resolved',
      // Newest first: removed, then restored, then removed again; marked sensitive.
      history: [entry('remove'), entry('sensitive'), entry('restore'), entry('remove')],
      memberState: { role: 'member', suspendedUntil: '2026-02-01T00:00:00.000Z', banned: true, limited: true },
    });
    expect(names(d)).toEqual({
      content: ['restore', 'not-sensitive'],
      member: ['warn', 'unlimit', 'unsuspend', 'unban', 'delete'],
    });
  });

  it('judges removal by actions on this very thing, not on the member’s other posts', () => {
    const other = entry('remove', { targetId: '00000000-0000-4000-8000-0000000000cc' });
    expect(names(detail({ history: [other] })).content).toContain('remove');
  });

  it('sensitive fits posts and clips only; a profile has no content action but dismiss', () => {
    expect(names(detail({ kind: 'comment' })).content).toEqual(['dismiss', 'remove']);
    expect(names(detail({ kind: 'reel' })).content).toEqual(['dismiss', 'remove', 'sensitive']);
    expect(names(detail({ kind: 'member', id: AUTHOR })).content).toEqual(['dismiss']);
  });

  it('no member actions once the account is gone', () => {
    expect(names(detail({ memberState: null })).member).toEqual([]);
  });
});

describe('what an action asks for', () => {
  it('requires a reason exactly where the server does (member actions, remove, sensitive; not reversals)', () => {
    const required = MODERATION_ACTIONS.filter(needsReason);
    expect(required).toEqual(['remove', 'sensitive', 'warn', 'limit', 'suspend', 'ban', 'delete']);
  });

  it('refuses a blank reason and a suspension outside 1 to 365 days, in the server’s words', () => {
    const { member } = reportActions(detail());
    const suspend = member.find((c) => c.action === 'suspend')!;
    expect(actionProblem(suspend, { reason: '  ', days: 3 })).toBe(ModerationMessages.reasonNeeded);
    for (const days of [0, 366, 2.5, Number.NaN])
      expect(actionProblem(suspend, { reason: 'Threats', days })).toBe(ModerationMessages.daysNeeded);
    expect(actionProblem(suspend, { reason: 'Threats', days: 3 })).toBeNull();
    const dismiss = reportActions(detail()).content[0]!;
    expect(actionProblem(dismiss, { reason: '' })).toBeNull();
  });

  it('names the reported thing even for a member action, so its reports close too; days only for a suspension', () => {
    expect(actionBody(detail(), 'suspend', { reason: ' Threats ', days: 3 })).toEqual({
      action: 'suspend',
      kind: 'post',
      id: POST,
      reason: 'Threats',
      days: 3,
    });
    expect(actionBody(detail(), 'remove', { reason: 'Spam', days: 3 })).toEqual({
      action: 'remove',
      kind: 'post',
      id: POST,
      reason: 'Spam',
    });
  });
});
