/**
 * Every HTTP route of the app: method, path, body schema and answer schema, shared by the server's
 * `route()` wrapper and the web's typed client, so paths and bodies cannot drift between the two.
 * Multipart uploads name no body schema (their fields are checked while the stream is read).
 */
import { z } from 'zod';
import { aiChatAnswerSchema, aiChatBodySchema, aiConversationSchema } from './ai.js';
import {
  helpArticleAnswerSchema,
  helpIndexAnswerSchema,
  helpSearchAnswerSchema,
  helpSearchQuerySchema,
} from './help.js';
import {
  followedTagsAnswerSchema,
  recentSearchesAnswerSchema,
  searchAnswerSchema,
  searchParamsSchema,
  suggestAnswerSchema,
  suggestParamsSchema,
  tagFollowAnswerSchema,
  tagPageAnswerSchema,
  tagPageParamsSchema,
  trendingAnswerSchema,
} from './search.js';
import {
  answerFollowRequestAnswerSchema,
  answerFollowRequestBodySchema,
  followRequestsAnswerSchema,
  privacyAnswerSchema,
  privacyUpdateSchema,
} from './privacy.js';
import { linkMetaSchema, postSchema, sharedPostPreviewSchema } from './entities.js';
import { createReelResponseSchema, reelStatusSchema } from './reels.js';
import {
  actionBodySchema,
  appealBodySchema,
  sanctionAppealBodySchema,
  appealDecisionBodySchema,
  appealSchema,
  auditEntrySchema,
  doneSchema,
  mutedMemberSchema,
  mutedWordSchema,
  myActionSchema,
  reportBodySchema,
  reportDetailSchema,
  reportGroupSchema,
  ROLES,
  staffMemberSchema,
} from './moderation.js';
import { iceServersResponseSchema } from './calls.js';
import { groupPictureAnswerSchema } from './groups.js';
import { dashboardAnswerSchema } from './dashboard.js';
import { languagePrefsSchema, languageUpdateSchema } from './i18n/locale.js';
import {
  botChallengeSchema,
  createInviteAnswerSchema,
  createInviteBodySchema,
  decideSignupBodySchema,
  inviteSchema,
  myInvitesAnswerSchema,
  publicSignupSchema,
  signupRequestSchema,
  signupSettingsSchema,
} from './signup.js';
import {
  avatarUploadAnswerSchema,
  deleteAccountBodySchema,
  loginTwoFactorBodySchema,
  sessionsAnswerSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableAnswerSchema,
  twoFactorEnableBodySchema,
  twoFactorSetupAnswerSchema,
} from './settings.js';
import {
  authAnswerSchema,
  chatUploadAnswerSchema,
  checkAuthAnswerSchema,
  googleCallbackBodySchema,
  healthAnswerSchema,
  readyAnswerSchema,
  linkMetaBodySchema,
  loginBodySchema,
  registerBodySchema,
  requestPasswordResetBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from './http.js';

export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  /** JSON body schema; absent for GET and for multipart uploads. */
  body?: z.ZodType;
  /** Query-string schema, checked like a body (a refusal names the first problem). */
  query?: z.ZodType;
  /** The success answer's schema (error answers are always {success: false, message, field?}). */
  answer?: z.ZodType;
  /** The answer is a file or a stream (a download, media), not JSON: it has no answer schema. */
  stream?: true;
}

/** The common answer of an action that says only whether it was done. */
export const doneAnswerSchema = z.object({ success: z.boolean(), message: z.string() });

export const errorAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  field: z.string().optional(),
});

/** POST /api/createPost (multipart): the stored post, as the author's feed shows it. */
export const createPostAnswerSchema = z.object({ success: z.boolean(), message: z.string(), post: postSchema });
/** GET /api/p/{id}: the shared link's preview; `logged` says whether the visitor is signed in. */
export const publicPostAnswerSchema = z.object({
  success: z.boolean(),
  logged: z.boolean(),
  post: sharedPostPreviewSchema,
});

export const publicConfigAnswerSchema = z.object({
  appName: z.string(),
  contestUrl: z.string(),
  sisterSiteUrl: z.string(),
  googleClientId: z.string().nullable(),
  vapidPublicKey: z.string(),
  /** Ours: the sign-up mode (the form shows its fields) and whether sign-up asks for the bot check. */
  signup: publicSignupSchema,
});

export const Routes = {
  health: { method: 'GET', path: '/api/health', answer: healthAnswerSchema },
  ready: { method: 'GET', path: '/api/ready', answer: readyAnswerSchema },
  config: { method: 'GET', path: '/api/config', answer: publicConfigAnswerSchema },

  register: { method: 'POST', path: '/api/auth/register', body: registerBodySchema, answer: authAnswerSchema },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify_email',
    body: verifyEmailBodySchema,
    answer: authAnswerSchema,
  },
  resendCode: { method: 'POST', path: '/api/auth/r_v_e', body: resendCodeBodySchema, answer: authAnswerSchema },
  login: { method: 'POST', path: '/api/auth/login', body: loginBodySchema, answer: authAnswerSchema },
  checkAuth: { method: 'GET', path: '/api/auth/check-auth', answer: checkAuthAnswerSchema },
  logout: { method: 'POST', path: '/api/auth/logout', answer: authAnswerSchema },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/request_password_reset',
    body: requestPasswordResetBodySchema,
    answer: authAnswerSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset_password',
    body: resetPasswordBodySchema,
    answer: authAnswerSchema,
  },
  googleCallback: {
    method: 'POST',
    path: '/api/auth/google/auth-callback',
    body: googleCallbackBodySchema,
    answer: authAnswerSchema,
  },

  login2fa: { method: 'POST', path: '/api/auth/login/2fa', body: loginTwoFactorBodySchema, answer: authAnswerSchema },
  sessions: { method: 'GET', path: '/api/auth/sessions', answer: sessionsAnswerSchema },
  revokeSession: { method: 'DELETE', path: '/api/auth/sessions/:id', answer: doneAnswerSchema },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    answer: doneAnswerSchema.extend({ count: z.number().int() }),
  },
  /** Ours: the member's language, calendar and digits; answers all three as they now are. */
  setLanguage: {
    method: 'PUT',
    path: '/api/me/language',
    body: languageUpdateSchema,
    answer: z.object({ success: z.literal(true), language: languagePrefsSchema }),
  },
  twoFactorSetup: { method: 'POST', path: '/api/auth/2fa/setup', answer: twoFactorSetupAnswerSchema },
  twoFactorEnable: {
    method: 'POST',
    path: '/api/auth/2fa/enable',
    body: twoFactorEnableBodySchema,
    answer: twoFactorEnableAnswerSchema,
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/auth/2fa/disable',
    body: twoFactorDisableBodySchema,
    answer: doneAnswerSchema,
  },
  avatarUpload: { method: 'POST', path: '/api/settings/avatar', answer: avatarUploadAnswerSchema },
  accountExport: { method: 'GET', path: '/api/account/export', stream: true },
  accountDelete: {
    method: 'POST',
    path: '/api/account/delete',
    body: deleteAccountBodySchema,
    answer: doneAnswerSchema,
  },

  createPost: { method: 'POST', path: '/api/createPost', answer: createPostAnswerSchema },
  linkMeta: { method: 'POST', path: '/api/f/link-meta', body: linkMetaBodySchema, answer: linkMetaSchema },
  publicPost: { method: 'GET', path: '/api/p/:postId', answer: publicPostAnswerSchema },

  chatUpload: { method: 'POST', path: '/api/chat/attachments', answer: chatUploadAnswerSchema },
  chatFile: { method: 'GET', path: '/api/chat/files/:id', stream: true },
  /** A group's picture (issue 37): the creator uploads it (multipart field `avatar`, cropped square). */
  groupPicture: { method: 'POST', path: '/api/chat/:chatId/picture', answer: groupPictureAnswerSchema },
  /** Its files, to the group's members only: `name` is `{stem}-512.webp` or `{stem}-128.webp`. */
  groupPictureFile: { method: 'GET', path: '/api/chat/:chatId/picture/:name', stream: true },

  reelUpload: { method: 'POST', path: '/api/reels', answer: createReelResponseSchema },
  reelStatus: {
    method: 'GET',
    path: '/api/reels/:id/status',
    answer: reelStatusSchema.extend({ success: z.boolean() }),
  },

  iceServers: { method: 'GET', path: '/api/calls/ice-servers', answer: iceServersResponseSchema },

  // Trust and safety: members (reports, mutes, appeals) and staff (/admin).
  report: { method: 'POST', path: '/api/reports', body: reportBodySchema, answer: doneSchema },
  mutes: {
    method: 'GET',
    path: '/api/mutes',
    answer: z.object({ success: z.boolean(), members: z.array(mutedMemberSchema) }),
  },
  mute: {
    method: 'POST',
    path: '/api/mutes',
    body: z.object({ username: z.string().trim().min(1).max(64) }),
    answer: doneSchema,
  },
  unmute: { method: 'DELETE', path: '/api/mutes/:username', answer: doneSchema },
  mutedWords: {
    method: 'GET',
    path: '/api/muted-words',
    answer: z.object({ success: z.boolean(), words: z.array(z.string()) }),
  },
  addMutedWord: {
    method: 'POST',
    path: '/api/muted-words',
    body: z.object({ word: mutedWordSchema }),
    answer: doneSchema,
  },
  removeMutedWord: { method: 'DELETE', path: '/api/muted-words/:word', answer: doneSchema },
  myActions: {
    method: 'GET',
    path: '/api/moderation/mine',
    answer: z.object({ success: z.boolean(), actions: z.array(myActionSchema) }),
  },
  appeal: { method: 'POST', path: '/api/appeals', body: appealBodySchema, answer: doneSchema },
  /** From the sign-in page: a suspended or banned member appeals with their password (they have no session). */
  appealSanction: {
    method: 'POST',
    path: '/api/appeals/sanction',
    body: sanctionAppealBodySchema,
    answer: doneSchema,
  },

  staffQueue: {
    method: 'GET',
    path: '/api/admin/reports',
    answer: z.object({ success: z.boolean(), groups: z.array(reportGroupSchema) }),
  },
  staffReport: {
    method: 'GET',
    path: '/api/admin/reports/:kind/:id',
    answer: reportDetailSchema.extend({ success: z.boolean() }),
  },
  staffAssign: { method: 'POST', path: '/api/admin/reports/:kind/:id/assign', answer: doneSchema },
  staffNote: {
    method: 'POST',
    path: '/api/admin/reports/:kind/:id/notes',
    body: z.object({ text: z.string().trim().min(1).max(2000) }),
    answer: doneSchema,
  },
  staffAction: { method: 'POST', path: '/api/admin/actions', body: actionBodySchema, answer: doneSchema },
  staffAudit: {
    method: 'GET',
    path: '/api/admin/audit',
    answer: z.object({ success: z.boolean(), entries: z.array(auditEntrySchema) }),
  },
  staffAppeals: {
    method: 'GET',
    path: '/api/admin/appeals',
    answer: z.object({ success: z.boolean(), appeals: z.array(appealSchema) }),
  },
  staffDecideAppeal: {
    method: 'POST',
    path: '/api/admin/appeals/:id',
    body: appealDecisionBodySchema,
    answer: doneSchema,
  },
  staffMembers: {
    method: 'GET',
    path: '/api/admin/members',
    answer: z.object({ success: z.boolean(), members: z.array(staffMemberSchema) }),
  },
  staffMe: { method: 'GET', path: '/api/admin/me', answer: z.object({ success: z.boolean(), role: z.enum(ROLES) }) },
  /** The staff dashboard: members, what was made per day, the queue, jobs, storage and health. */
  staffDashboard: { method: 'GET', path: '/api/admin/dashboard', answer: dashboardAnswerSchema },
  /** Prometheus text (not JSON), for operators: from this machine, or with METRICS_TOKEN; never for members. */
  metrics: { method: 'GET', path: '/metrics', stream: true },

  // Sign-up controls and bot defence (features/signup): an ALTCHA challenge, members' invites, and
  // the admins' settings, approval queue and list of every invite.
  botChallenge: { method: 'GET', path: '/api/auth/challenge', answer: botChallengeSchema },
  myInvites: { method: 'GET', path: '/api/invites', answer: myInvitesAnswerSchema },
  createInvite: {
    method: 'POST',
    path: '/api/invites',
    body: createInviteBodySchema,
    answer: createInviteAnswerSchema,
  },
  revokeInvite: { method: 'DELETE', path: '/api/invites/:code', answer: doneSchema },
  signupSettings: {
    method: 'GET',
    path: '/api/admin/signups/settings',
    answer: z.object({ success: z.boolean(), settings: signupSettingsSchema }),
  },
  saveSignupSettings: {
    method: 'PUT',
    path: '/api/admin/signups/settings',
    body: signupSettingsSchema,
    answer: doneSchema.extend({ settings: signupSettingsSchema }),
  },
  signupRequests: {
    method: 'GET',
    path: '/api/admin/signups/requests',
    answer: z.object({ success: z.boolean(), requests: z.array(signupRequestSchema) }),
  },
  decideSignup: {
    method: 'POST',
    path: '/api/admin/signups/requests/:id',
    body: decideSignupBodySchema,
    answer: doneSchema,
  },
  allInvites: {
    method: 'GET',
    path: '/api/admin/invites',
    answer: z.object({ success: z.boolean(), invites: z.array(inviteSchema) }),
  },

  /** Public media (post media, clips, posters, avatars) by storage key, with byte ranges. */
  media: { method: 'GET', path: '/media/:folder/:name', stream: true },

  /** JSON by default; server-sent events (delta, done, error) when the client accepts text/event-stream. */
  aiChat: { method: 'POST', path: '/api/ai/chat', body: aiChatBodySchema, answer: aiChatAnswerSchema },
  aiConversation: { method: 'GET', path: '/api/ai/chat', answer: aiConversationSchema },
  aiNewChat: { method: 'DELETE', path: '/api/ai/chat', answer: z.object({ success: z.boolean() }) },
  helpIndex: { method: 'GET', path: '/api/help', answer: helpIndexAnswerSchema },
  helpArticle: { method: 'GET', path: '/api/help/articles/:slug', answer: helpArticleAnswerSchema },
  helpSearch: { method: 'GET', path: '/api/help/search', query: helpSearchQuerySchema, answer: helpSearchAnswerSchema },

  // Search and discovery (issue 35).
  search: { method: 'GET', path: '/api/search', query: searchParamsSchema, answer: searchAnswerSchema },
  searchSuggest: {
    method: 'GET',
    path: '/api/search/suggest',
    query: suggestParamsSchema,
    answer: suggestAnswerSchema,
  },
  searchRecent: { method: 'GET', path: '/api/search/recent', answer: recentSearchesAnswerSchema },
  searchRecentClear: { method: 'DELETE', path: '/api/search/recent', answer: doneAnswerSchema },
  tagPage: { method: 'GET', path: '/api/tags/:name', query: tagPageParamsSchema, answer: tagPageAnswerSchema },
  followedTags: { method: 'GET', path: '/api/tags/followed', answer: followedTagsAnswerSchema },
  followTag: { method: 'POST', path: '/api/tags/:name/follow', answer: tagFollowAnswerSchema },
  unfollowTag: { method: 'DELETE', path: '/api/tags/:name/follow', answer: tagFollowAnswerSchema },
  trending: { method: 'GET', path: '/api/trending', answer: trendingAnswerSchema },

  // Privacy controls (issue 38).
  privacySettings: { method: 'GET', path: '/api/settings/privacy', answer: privacyAnswerSchema },
  updatePrivacy: {
    method: 'PATCH',
    path: '/api/settings/privacy',
    body: privacyUpdateSchema,
    answer: privacyAnswerSchema,
  },
  followRequests: { method: 'GET', path: '/api/follow-requests', answer: followRequestsAnswerSchema },
  answerFollowRequest: {
    method: 'POST',
    path: '/api/follow-requests/:username',
    body: answerFollowRequestBodySchema,
    answer: answerFollowRequestAnswerSchema,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof Routes;
export type RouteBody<R extends RouteDef> = R extends { body: z.ZodType } ? z.input<R['body']> : undefined;
export type RouteAnswer<R extends RouteDef> = R extends { answer: z.ZodType } ? z.output<R['answer']> : never;

/** Fills `:name` parameters of a route's path (encoded), for clients. */
export function routePath(def: RouteDef, params: Record<string, string> = {}): string {
  return def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
