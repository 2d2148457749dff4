/**
 * Trust and safety (ours; the spec shows no staff screens: "Admin or other named roles: not shown").
 * Members report, mute and appeal; staff (moderators, admins) work a queue under /admin, act, and every
 * action leaves one row in an append-only audit log.
 */
import { z } from 'zod';
import { idSchema, isoDate } from './entities.js';

export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'self-harm',
  'illegal',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a member reads for each reason (the report dialog, the queue). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate',
  violence: 'Violence or threats',
  sexual: 'Nudity or sexual content',
  'self-harm': 'Self-harm',
  illegal: 'Something illegal',
  impersonation: 'Impersonation',
  other: 'Something else',
};

/** What can be reported: a comment covers replies and comments on clips. */
export const REPORT_KINDS = ['post', 'comment', 'reel', 'message', 'member', 'suggestion'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What staff may do about a reported thing or member (each reversible but delete). */
export const MODERATION_ACTIONS = [
  'dismiss',
  'remove',
  'restore',
  'sensitive',
  'not-sensitive',
  'warn',
  'limit',
  'unlimit',
  'suspend',
  'unsuspend',
  'ban',
  'unban',
  'delete',
  'grant-role',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Actions that act on the member rather than on one thing they made. */
export const MEMBER_ACTIONS: readonly ModerationAction[] = [
  'warn',
  'limit',
  'unlimit',
  'suspend',
  'unsuspend',
  'ban',
  'unban',
  'delete',
];

export const ModerationMessages = {
  reportReceived: 'Report received. Thank you for telling us.',
  reportOwn: 'You cannot report your own post, message or profile.',
  removed: 'Removed by moderators',
  postRemoved: 'This post was removed by moderators.',
  reelRemoved: 'This clip was removed by moderators.',
  suspended: (until: string, reason: string) =>
    `Your account is suspended until ${until}${reason ? `: ${reason}` : '.'}`,
  banned: (reason: string) => `Your account has been banned${reason ? `: ${reason}` : '.'}`,
  staffOnly: 'Only moderators can do that.',
  adminOnly: 'Only admins can do that.',
  notStaffTarget: 'Moderators act on members, not on other staff.',
  reasonNeeded: 'Say why: the member is told the reason.',
  daysNeeded: 'A suspension needs a number of days (1 to 365).',
  notFound: 'That is no longer there.',
  appealReceived: 'Your appeal was sent. A moderator who did not take the action will decide it.',
  appealOnce: 'This action has been appealed already.',
  appealNotYours: 'You can only appeal an action taken against you.',
  appealNotAppealable: 'This action cannot be appealed.',
  appealSameStaff: 'A different moderator must decide this appeal.',
  appealDecided: 'This appeal has been decided.',
  muted: 'Muted. You will no longer see their posts, clips and comments.',
  unmuted: 'Unmuted.',
  muteSelf: 'You cannot mute yourself.',
  wordAdded: 'Muted word added.',
  wordRemoved: 'Muted word removed.',
  mutedWordHidden: 'Hidden: contains a muted word',
  // Notices (the bell), from the notifications area.
  reportOutcome: (what: string, acted: boolean) =>
    acted
      ? `Thank you: moderators reviewed your report of a ${what} and took action.`
      : `Thank you: moderators reviewed your report of a ${what} and found no rule broken.`,
  actionNotice: (what: string, reason: string) =>
    `Moderators ${what}${reason ? `. Reason: ${reason}` : '.'} You can appeal this once.`,
  appealOutcome: (reversed: boolean) =>
    reversed
      ? 'Your appeal was accepted: the moderators’ action has been reversed.'
      : 'Your appeal was reviewed: the moderators’ action stands.',
  /** What the member is told was done (the action notice): "Moderators {this}". */
  actionDescriptions: {
    remove: 'removed something you posted',
    sensitive: 'marked your media as sensitive',
    warn: 'warned you',
    limit: 'limited your account: your posts and comments are visible only to your followers',
    suspend: (days: number) => `suspended your account for ${days} day${days === 1 ? '' : 's'}`,
    ban: 'banned your account',
  },
  // The forms' bounds.
  noteTooLong: 'A note can be at most 1000 characters.',
  reasonRequired: 'Choose a reason.',
  appealWhyRequired: 'Say why the action was wrong.',
  appealTooLong: 'An appeal can be at most 2000 characters.',
  mutedWordRequired: 'Type a word or phrase.',
  mutedWordTooLong: 'A muted word can be at most 50 characters.',
} as const;

/** What the member is told was done (the action notice): "Moderators {this}". */
const described = ModerationMessages.actionDescriptions;
export const ACTION_DESCRIPTIONS: Partial<Record<ModerationAction, (days?: number) => string>> = {
  remove: () => described.remove,
  sensitive: () => described.sensitive,
  warn: () => described.warn,
  limit: () => described.limit,
  suspend: (days) => described.suspend(days ?? 1),
  ban: () => described.ban,
};

const noteSchema = z.string().trim().max(1000, ModerationMessages.noteTooLong);

/** POST /api/reports */
export const reportBodySchema = z.object({
  kind: z.enum(REPORT_KINDS),
  id: idSchema,
  reason: z.enum(REPORT_REASONS, ModerationMessages.reasonRequired),
  note: noteSchema.default(''),
});
export type ReportBody = z.input<typeof reportBodySchema>;

export const doneSchema = z.object({ success: z.boolean(), message: z.string() });

/** A reported thing as the reporter saw it (and, for a chat message, the messages around it). */
export const reportSnapshotSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  /** Its author or the reported member. */
  member: z.object({ uid: idSchema, name: z.string(), username: z.string() }).nullable(),
  text: z.string(),
  media: z.array(z.string()),
  /** Chat messages around a reported message (staff see them for this report only). */
  context: z.array(z.object({ sender: z.string(), text: z.string(), at: isoDate, reported: z.boolean() })),
  /** Where it lives, for staff to open it. */
  link: z.string().nullable(),
  at: isoDate,
});
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;

export const auditEntrySchema = z.object({
  id: idSchema,
  actor: z.string().nullable(),
  action: z.string(),
  targetKind: z.string(),
  targetId: idSchema,
  member: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  reverses: idSchema.nullable(),
  at: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One reported thing in the queue: its reports grouped, newest first. */
export const reportGroupSchema = z.object({
  key: z.string(),
  kind: z.enum(REPORT_KINDS),
  id: idSchema,
  count: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  status: z.enum(['open', 'resolved', 'dismissed']),
  firstAt: isoDate,
  lastAt: isoDate,
  assignedTo: z.string().nullable(),
  snapshot: reportSnapshotSchema,
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportDetailSchema = reportGroupSchema.extend({
  reports: z.array(z.object({ id: idSchema, reason: z.enum(REPORT_REASONS), note: z.string(), at: isoDate })),
  notes: z.array(z.object({ author: z.string(), text: z.string(), at: isoDate })),
  /** Past actions against the reported member, newest first. */
  history: z.array(auditEntrySchema),
  /** The member as staff need them: role and current sanctions. */
  memberState: z
    .object({
      role: z.enum(ROLES),
      suspendedUntil: isoDate.nullable(),
      banned: z.boolean(),
      limited: z.boolean(),
    })
    .nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const queueQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'dismissed']).default('open'),
  reason: z.enum(REPORT_REASONS).optional(),
  kind: z.enum(REPORT_KINDS).optional(),
  /** Only reports older than this many hours. */
  olderThanHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
});

export const actionBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  kind: z.enum(REPORT_KINDS),
  id: idSchema,
  reason: z.string().trim().max(500).default(''),
  days: z.number().int().min(1).max(365).optional(),
  role: z.enum(ROLES).optional(),
});
export type ActionBody = z.input<typeof actionBodySchema>;

export const appealBodySchema = z.object({
  actionId: idSchema,
  text: z.string().trim().min(1, ModerationMessages.appealWhyRequired).max(2000, ModerationMessages.appealTooLong),
});
export const sanctionAppealBodySchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(128),
  text: appealBodySchema.shape.text,
});
export const appealDecisionBodySchema = z.object({
  reverse: z.boolean(),
  reason: z.string().trim().max(500).default(''),
});

export const appealSchema = z.object({
  id: idSchema,
  action: auditEntrySchema,
  member: z.string(),
  text: z.string(),
  status: z.enum(['open', 'upheld', 'reversed']),
  at: isoDate,
});
export type AppealDto = z.infer<typeof appealSchema>;

/** A member's own record: actions against them, each with whether it can still be appealed. */
export const myActionSchema = z.object({
  id: idSchema,
  what: z.string(),
  reason: z.string(),
  at: isoDate,
  appeal: z.enum(['none', 'open', 'upheld', 'reversed']),
  reversed: z.boolean(),
});

export const staffMemberSchema = z.object({
  uid: idSchema,
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  suspendedUntil: isoDate.nullable(),
  banned: z.boolean(),
  limited: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const mutedMemberSchema = z.object({
  uid: idSchema,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});
export const mutedWordSchema = z
  .string()
  .trim()
  .min(1, ModerationMessages.mutedWordRequired)
  .max(50, ModerationMessages.mutedWordTooLong)
  .transform((w) => w.toLowerCase());
