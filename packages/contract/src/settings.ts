/**
 * Settings (part 2 "Settings", §5, §7): the profile form, the update_profile payloads, and our own
 * HTTP calls for avatars, sessions, two-factor sign-in, data export and account deletion.
 */
import { z } from 'zod';
import { LIMITS, SOCIAL_PLATFORMS } from './constants.js';
import { idSchema, currentUserSchema } from './entities.js';
import { nameSchema, usernameSchema } from './http.js';
import { Messages } from './messages.js';

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Part 2 §5: 8+ characters, upper, lower and a digit, letters and digits only. */
export const SETTINGS_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,}$/;
export const settingsPasswordSchema = z
  .string()
  .max(LIMITS.passwordMax, Messages.signup.passwordTooLong)
  .regex(SETTINGS_PASSWORD_PATTERN, Messages.settings.newPasswordRule);

export const SettingsText = {
  dobHint: 'YYYY/MM/DD',
  dobInvalid: 'Date of birth must look like YYYY/MM/DD.',
  phoneInvalid: 'A phone number can have digits, spaces, +, -, ( and ) only.',
  socialInvalid: 'Give a handle (letters, digits, . _ -) or a link starting with http:// or https://.',
  socialDuplicate: 'This platform is already added.',
  usernameTaken: 'This username is already taken.',
  usernameUnchanged: 'Your profile has been successfully updated.',
  oldPasswordWrong: 'Your current password is not right.',
  passwordChangedNotice: 'Your password was changed and every other device was signed out.',
  avatarNotImage: 'The picture must be an image (JPEG, PNG, WebP, GIF or AVIF).',
  avatarTooLarge: (mb: number) => `The picture can be at most ${mb} MB.`,
  avatarUnknown: 'Upload the picture again.',
  sessionNotFound: 'This session no longer exists.',
  sessionSignedOut: 'The session has been signed out.',
  othersSignedOut: 'Every other session has been signed out.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeWrong: 'That code is not right. Try again.',
  twoFactorExpired: 'The sign-in took too long. Enter your password again.',
  twoFactorTooManyCodes: 'Too many wrong codes for this account. Wait 15 minutes, then sign in again.',
  twoFactorNotStarted: 'Start the set-up again.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  passwordWrong: 'The password is not right.',
  passwordNeeded: 'Set a password in Security first.',
  accountDeleted: 'Your account has been deleted.',
  deletedUser: 'Deleted user',
} as const;

/** Values of the social form: a handle or an http(s) link. */
export const socialValueSchema = z
  .string()
  .trim()
  .min(1, SettingsText.socialInvalid)
  .max(300)
  .refine(
    (v) => (/^https?:\/\//i.test(v) ? URL.canParse(v) : /^@?[A-Za-z0-9_.-]{1,100}$/.test(v)),
    SettingsText.socialInvalid,
  );

export const profileFormSchema = z.object({
  profilePic: z.string().nullable(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  bio: z.string(),
  dob: z.string(),
  socials: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string()),
  twoFactorEnabled: z.boolean(),
  hasPassword: z.boolean(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

export const updateProfilePayloadSchema = z.discriminatedUnion('type', [
  /** The URL answered by POST /api/settings/avatar, or '' to remove the picture. */
  z.object({ type: z.literal('profilePic'), updatedData: z.object({ profilePic: z.string().max(300) }) }),
  z.object({
    type: z.literal('account'),
    updatedData: z.object({ name: nameSchema, username: usernameSchema }),
  }),
  z.object({
    type: z.literal('personal'),
    updatedData: z.object({
      /** Sent back by the form; ignored: email never changes here (part 2 §6). */
      email: z.string().max(LIMITS.emailMax).optional(),
      phone: z
        .string()
        .trim()
        .max(32)
        .regex(/^[+0-9 ()-]*$/, SettingsText.phoneInvalid)
        .optional(),
      location: z.string().trim().max(100).optional(),
      bio: z.string().trim().max(500).optional(),
      dob: z
        .string()
        .trim()
        .regex(/^(\d{4}[/-]\d{2}[/-]\d{2})?$/, SettingsText.dobInvalid)
        .optional(),
    }),
  }),
  z.object({
    type: z.literal('social'),
    updatedData: z.object({ socials: z.partialRecord(z.enum(SOCIAL_PLATFORMS), socialValueSchema) }),
  }),
  z.object({
    type: z.literal('security'),
    updatedData: z.object({ password: settingsPasswordSchema, oldPassword: z.string().max(LIMITS.passwordMax) }),
  }),
]);
export type UpdateProfilePayload = z.input<typeof updateProfilePayloadSchema>;

/** POST /api/settings/avatar (multipart, field `avatar`). */
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
export const AVATAR_SIZES = [512, 128] as const;
export const avatarUploadAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  url: z.string().optional(),
  smallUrl: z.string().nullable().optional(),
});
/** The 128 px twin of a stored avatar URL (same name, -128 instead of -512). */
export const smallAvatar = (url: string | null): string | null => url?.replace(/-512\.(\w+)$/, '-128.$1') ?? null;

/** GET /api/auth/sessions */
export const sessionRowSchema = z.object({
  id: idSchema,
  browser: z.string(),
  os: z.string(),
  place: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;
export const sessionsAnswerSchema = z.object({ success: z.boolean(), sessions: z.array(sessionRowSchema) });

/** /api/auth/2fa/* and /api/auth/login/2fa */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, SettingsText.twoFactorCodeWrong);
export const twoFactorEnableBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, SettingsText.twoFactorCodeWrong),
});
export const twoFactorDisableBodySchema = z.object({ password: z.string().min(1).max(LIMITS.passwordMax) });
export const loginTwoFactorBodySchema = z.object({ code: twoFactorCodeSchema });
export const twoFactorSetupAnswerSchema = z.object({
  success: z.boolean(),
  secret: z.string(),
  otpauthUrl: z.string(),
});
export const twoFactorEnableAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(10),
});
export const loginAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  twoFactorRequired: z.boolean().optional(),
  user: currentUserSchema.optional(),
});
export const RECOVERY_CODE_COUNT = 10;

/** POST /api/account/delete */
export const deleteAccountBodySchema = z.object({ password: z.string().max(LIMITS.passwordMax) });
