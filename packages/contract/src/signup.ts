/**
 * Who may join (ours; the spec's sign-up has one mode, open): an admin picks the mode (open, approval,
 * invite-only, closed) and blocks email domains; members invite people while sign-ups are invite-only;
 * sign-up, resending a code and asking for a password reset carry a solved proof-of-work (ALTCHA).
 */
import { z } from 'zod';
import { idSchema, isoDate } from './entities.js';

export const SIGNUP_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export const SIGNUP_LIMITS = {
  /** "Why do you want to join?" in approval mode. */
  whyMax: 500,
  /** Unused, unexpired invites a member may hold at once (admins: no limit). */
  invitesPerMember: 5,
  inviteDaysDefault: 7,
  inviteDaysMax: 30,
  blockedDomainsMax: 500,
  /** Accepted sign-ups per client address per 30 minutes. */
  signupsPerAddress: 5,
} as const;

/** Every answer of this area, and the refusals of sign-up, sign-in and the bot check, in one copy. */
export const SignupMessages = {
  closed: 'Sign-ups are closed right now.',
  inviteRequired: 'Joining is by invitation only. Enter the invite code you were sent.',
  inviteInvalid: 'This invite code is not valid. Check the link you were sent.',
  inviteExpired: 'This invite has expired. Ask the person who invited you for a new one.',
  inviteUsed: 'This invite has already been used. Ask the person who invited you for a new one.',
  /** Google sign-in cannot carry an invite code or a reason. */
  googleInviteOnly: 'Joining is by invitation only. Open your invite link and sign up with the form.',
  googleApproval: 'To ask to join, sign up with the form and tell us why you want to join.',
  whyRequired: 'Tell us why you want to join.',
  whyTooLong: `Keep it to ${SIGNUP_LIMITS.whyMax} characters.`,
  domainBlocked: 'Sign-ups with email addresses from this domain are not allowed.',
  tooManySignups: (minutes: number) =>
    `Too many sign-ups from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Sign-up answered in approval mode. */
  requested: (email: string) =>
    `Thanks! We sent a 6-digit code to ${email}. Verify your email; an admin will then review your request to join.`,
  awaitingApproval: 'Your request to join is waiting for approval.',
  rejected: 'Your request to join was not approved.',
  botCheckMissing: 'Please complete the check that you are not a robot.',
  botCheckFailed: 'The check that you are not a robot did not pass. Please try again.',
  botCheckExpired: 'The check that you are not a robot has expired. Please try again.',
  // Invites.
  invitesOff: 'Invites are only used while joining is by invitation.',
  inviteLimit: (n: number) => `You can have ${n} unused invites at a time. Revoke one or wait until one is used.`,
  inviteCreated: 'Invite created. Share its link with the person you are inviting.',
  inviteRevoked: 'Invite revoked.',
  inviteNotFound: 'That invite is no longer there.',
  inviteAlreadyUsed: 'This invite has been used, so it cannot be revoked.',
  // Admins.
  settingsSaved: 'Sign-up settings saved.',
  approved: 'Approved. We emailed them that they can sign in.',
  rejectedDone: 'Request rejected.',
  requestGone: 'That request is no longer there.',
  domainInvalid: (domain: string) => `"${domain}" is not a domain name.`,
  tooManyDomains: `At most ${SIGNUP_LIMITS.blockedDomainsMax} blocked domains.`,
} as const;

/** The names a visitor and an admin read for each mode. */
export const SIGNUP_MODE_LABELS: Record<SignupMode, { label: string; help: string }> = {
  open: { label: 'Open', help: 'Anyone can sign up.' },
  approval: {
    label: 'Approval required',
    help: 'Anyone can ask to join and says why; an admin approves each request before they can sign in.',
  },
  invite: { label: 'Invite only', help: 'People need an invite code from a member or an admin.' },
  closed: { label: 'Closed', help: 'Nobody can sign up. Members still sign in as usual.' },
};

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** An email domain as an admin types it ("@Example.com", "*.example.com" or "example.com"). */
export const blockedDomainSchema = z
  .string()
  .trim()
  .max(300)
  .toLowerCase()
  .transform((d) => d.replace(/^(\*\.|@)/, '').replace(/\.$/, ''))
  .refine((d) => DOMAIN.test(d), { error: (issue) => SignupMessages.domainInvalid(String(issue.input)) });

export const signupSettingsSchema = z.object({
  mode: z.enum(SIGNUP_MODES),
  blockedDomains: z
    .array(blockedDomainSchema)
    .max(SIGNUP_LIMITS.blockedDomainsMax, SignupMessages.tooManyDomains)
    .transform((list) => [...new Set(list)].sort()),
});
export type SignupSettings = z.output<typeof signupSettingsSchema>;

/** The extra fields sign-up carries (the spec's payload plus these, each optional on the wire). */
export const inviteCodeSchema = z.string().trim().max(64);
export const whySchema = z.string().trim().max(SIGNUP_LIMITS.whyMax, SignupMessages.whyTooLong);
/** A solved ALTCHA challenge: base64 of {challenge, solution}, as the widget hands it over. */
export const botCheckSchema = z.string().max(8192);

/** GET /api/auth/challenge: an ALTCHA (PoW v2) challenge, signed by the server. */
export const botChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    })
    .loose(),
  signature: z.string(),
});

/** The public config's sign-up part: the form shows the mode's fields; the bot check may be off. */
export const publicSignupSchema = z.object({ mode: z.enum(SIGNUP_MODES), botCheck: z.boolean() });
export type PublicSignup = z.infer<typeof publicSignupSchema>;

export const INVITE_STATUSES = ['unused', 'used', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const inviteSchema = z.object({
  code: z.string(),
  /** Where the invited person signs up: /signup?invite=CODE on this server. */
  link: z.string(),
  status: z.enum(INVITE_STATUSES),
  createdAt: isoDate,
  expiresAt: isoDate,
  /** Who made it (the admins' list; null: a deleted member). */
  createdBy: z.string().nullable(),
  usedBy: z.string().nullable(),
  usedAt: isoDate.nullable(),
});
export type InviteDto = z.infer<typeof inviteSchema>;

/** GET /api/invites: the member's invites, and whether they may make another now. */
export const myInvitesAnswerSchema = z.object({
  success: z.boolean(),
  /** Invites work now (invite-only mode), or the member is an admin. */
  enabled: z.boolean(),
  /** How many more the member may make (null: no limit, an admin). */
  left: z.number().int().nullable(),
  invites: z.array(inviteSchema),
});

export const createInviteBodySchema = z.object({
  days: z.number().int().min(1).max(SIGNUP_LIMITS.inviteDaysMax).default(SIGNUP_LIMITS.inviteDaysDefault),
});
export const createInviteAnswerSchema = z.object({ success: z.boolean(), message: z.string(), invite: inviteSchema });

export const SIGNUP_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** One request to join, as an admin reviews it. */
export const signupRequestSchema = z.object({
  id: idSchema,
  name: z.string(),
  username: z.string(),
  email: z.string(),
  why: z.string(),
  emailVerified: z.boolean(),
  status: z.enum(SIGNUP_REQUEST_STATUSES),
  at: isoDate,
});
export type SignupRequestDto = z.infer<typeof signupRequestSchema>;

export const decideSignupBodySchema = z.object({ approve: z.boolean() });
