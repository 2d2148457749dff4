/** HTTP bodies (part 1 §7, part 2 §7). */
import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, POST_CATEGORIES } from './constants.js';
import { Messages } from './messages.js';
import { attachmentSchema, currentUserSchema } from './entities.js';
import { audienceFieldsSchema } from './privacy.js';
import { botCheckSchema, inviteCodeSchema, whySchema } from './signup.js';

export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax, Messages.signup.invalidEmail)
  .regex(EMAIL_PATTERN, Messages.signup.invalidEmail)
  .transform((e) => e.toLowerCase());

export const signinPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, Messages.signup.passwordTooShort)
  .max(LIMITS.passwordMax, Messages.signup.passwordTooLong);

export const usernameSchema = z
  .string()
  .trim()
  .min(1, Messages.signup.usernameRequired)
  .max(LIMITS.usernameMax, Messages.signup.usernameTooLong)
  .regex(/^[A-Za-z0-9_.]+$/, Messages.signup.usernameChars)
  .refine((u) => !/^\d+$/.test(u), Messages.signup.usernameDigitsOnly);

export const nameSchema = z
  .string()
  .trim()
  .min(1, Messages.signup.nameRequired)
  .max(LIMITS.nameMax, Messages.signup.nameTooLong);

export const registerBodySchema = z.object({
  fullname: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: signinPasswordSchema,
  /** Ours: the invite code (invite-only mode), why they want to join (approval mode), the solved bot check. */
  invite: inviteCodeSchema.optional(),
  why: whySchema.optional(),
  altcha: botCheckSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: signinPasswordSchema,
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const verifyEmailBodySchema = z.object({
  email: emailSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, Messages.verify.codeFormat),
  /** From the sign-in form when it led here; a fresh sign-up stays signed in for 30 days. */
  rememberMe: z.boolean().optional().default(true),
});
export const resendCodeBodySchema = z.object({ email: emailSchema, altcha: botCheckSchema.optional() });
export const requestPasswordResetBodySchema = z.object({ email: emailSchema, altcha: botCheckSchema.optional() });
export const resetPasswordBodySchema = z.object({
  token: z.string().trim().min(16).max(200),
  email: emailSchema,
  newPassword: signinPasswordSchema,
});
export const googleCallbackBodySchema = z.object({ idToken: z.string().min(10).max(8192) });

/** The general answer shape of the auth calls: success, message, and the extras the spec names. */
export const authAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  field: z.enum(['email', 'username', 'name', 'fullname', 'password', 'invite', 'why', 'altcha']).optional(),
  /** 've' means the account still needs email verification. */
  an: z.literal('ve').optional(),
  redirectUrl: z.string().optional(),
  user: currentUserSchema.optional(),
  /** A two-factor member's password (or Google) sign-in: POST /api/auth/login/2fa with the code finishes it. */
  twoFactorRequired: z.literal(true).optional(),
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

export const checkAuthAnswerSchema = z.object({ success: z.literal(true), user: currentUserSchema });

export const createPostFieldsSchema = audienceFieldsSchema.extend({
  content: z
    .string()
    .trim()
    .min(1, Messages.post.contentEmpty)
    .max(LIMITS.postContentMax, Messages.post.contentTooLong),
  category: z
    .enum(POST_CATEGORIES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const linkMetaBodySchema = z.object({ url: z.url({ protocol: /^https$/ }).max(2048) });

// POST /api/ai/chat: see ai.ts.

/** POST /api/chat/attachments (multipart, field `files`): the stored files, to reference in send_message. */
export const chatUploadAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  files: z.array(attachmentSchema).optional(),
});
export type ChatUploadAnswer = z.infer<typeof chatUploadAnswerSchema>;
/** The {size} of "File too large ({size}MB)": megabytes with two decimals, the same on both sides. */
export const attachmentSizeMb = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(2);

export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
/** Readiness for a load balancer: false (503) while the node drains or cannot reach its database. */
export const readyAnswerSchema = z.object({
  ready: z.boolean(),
  status: z.enum(['ready', 'draining', 'degraded']),
});
