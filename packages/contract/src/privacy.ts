/**
 * Privacy controls (issue 38): a private account whose followers are approved, an audience for each post
 * and clip, who may reply to a post, who may message or call a member, and whether sensitive media shows
 * without a tap. The server enforces each in its policy (one place); the screens only show the choice.
 *
 * GET    /api/settings/privacy                the member's privacy settings
 * PATCH  /api/settings/privacy                change some of them (turning a private account public approves
 *                                             its pending follow requests)
 * GET    /api/follow-requests                 who asked to follow me, newest first
 * POST   /api/follow-requests/:username       approve or decline one ({ approve })
 *
 * Following a private member (the aF event) asks instead of following: its answer is
 * `PrivacyText.requested`, and aUF on a pending request withdraws it (`PrivacyText.requestWithdrawn`).
 */
import { z } from 'zod';

/** Who sees a post or clip. Friends are mutual follows. */
export const AUDIENCES = ['public', 'followers', 'friends', 'only_me'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Who may comment on a post (its author always may): everyone, people the author follows, nobody. */
export const REPLY_POLICIES = ['everyone', 'following', 'nobody'] as const;
export type ReplyPolicy = (typeof REPLY_POLICIES)[number];
/** Who may start a chat with, or call, a member. */
export const CONTACT_POLICIES = ['everyone', 'following', 'friends', 'nobody'] as const;
export type ContactPolicy = (typeof CONTACT_POLICIES)[number];

export const PRIVACY_LIMITS = {
  /** Follow requests listed at once (oldest beyond this wait for the next page of the list). */
  requestsListed: 200,
} as const;

export const PrivacyText = {
  // Audiences, as the picker and the icon on a post name them.
  audiencePublic: 'Everyone',
  audienceFollowers: 'Followers',
  audienceFriends: 'Friends',
  audienceOnlyMe: 'Only me',
  repliesEveryone: 'Everyone can reply',
  repliesFollowing: 'People I follow can reply',
  repliesNobody: 'Nobody can reply',
  contactEveryone: 'Everyone',
  contactFollowing: 'People I follow',
  contactFriends: 'Friends',
  contactNobody: 'Nobody',
  // Answers.
  saved: 'Your privacy settings are saved.',
  requested: 'Follow request sent.',
  requestWithdrawn: 'Follow request withdrawn.',
  alreadyRequested: 'You already asked to follow this member.',
  approved: 'Request approved: they now follow you.',
  declined: 'Request declined.',
  noRequest: 'There is no follow request from this member.',
  privateAccount: 'This account is private. Follow it to see its posts, clips and followers.',
  postUnavailable: 'This post is not available.',
  repliesClosed: 'The author has turned off replies to this post.',
  repliesFollowingOnly: 'Only people the author follows can reply to this post.',
  cannotMessageFollowing: (name: string) => `${name} only takes new messages from people they follow.`,
  cannotMessageFriends: (name: string) => `${name} only takes new messages from friends.`,
  cannotMessageNobody: (name: string) => `${name} does not take new messages.`,
  cannotCallFollowing: (name: string) => `${name} only takes calls from people they follow.`,
  cannotCallFriends: (name: string) => `${name} only takes calls from friends.`,
  cannotCallNobody: (name: string) => `${name} does not take calls.`,
  // Notices.
  requestNotice: (username: string) => `@${username} asked to follow you`,
  approvedNotice: (username: string) => `@${username} approved your follow request`,
} as const;

export const privacySettingsSchema = z.object({
  /** New followers must be approved; posts, clips and follow lists are for approved followers only. */
  privateAccount: z.boolean(),
  /** The audience the create dialogs start with. */
  defaultAudience: z.enum(AUDIENCES),
  /** Who may reply to a new post, as the create dialog starts. */
  defaultReplies: z.enum(REPLY_POLICIES),
  /** Who may start a chat: a refused sender is told why; chats the member wrote in stay open. */
  messages: z.enum(CONTACT_POLICIES),
  /** Who may call. */
  calls: z.enum(CONTACT_POLICIES),
  /** Show media marked sensitive without the blur. */
  showSensitive: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const privacyUpdateSchema = privacySettingsSchema.partial().strict();
export type PrivacyUpdate = z.infer<typeof privacyUpdateSchema>;

export const privacyAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: privacySettingsSchema,
});

export const followRequestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  requestedAt: z.string(),
});
export type FollowRequestDto = z.infer<typeof followRequestSchema>;

export const followRequestsAnswerSchema = z.object({
  success: z.literal(true),
  requests: z.array(followRequestSchema),
});

export const answerFollowRequestBodySchema = z.object({ approve: z.boolean() });
export const answerFollowRequestAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** Fields a create or edit form sends for a post's audience and replies (multipart text or JSON). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
export const audienceFieldsSchema = z.object({
  audience: z.enum(AUDIENCES).optional(),
  replies: z.enum(REPLY_POLICIES).optional(),
  sensitive: flag.optional(),
});
