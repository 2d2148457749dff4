/** DTOs that leave the server (part 1 §3, part 2 §3). Rows never leave the server; presenters map them to these. */
import { z } from 'zod';
import { LIMITS, NOTIFICATION_TYPES, POST_CATEGORIES, SOCIAL_PLATFORMS } from './constants.js';
import { languagePrefsSchema } from './i18n/locale.js';
import { Messages } from './messages.js';
import { AUDIENCES, REPLY_POLICIES } from './privacy.js';

/**
 * Row ids on the wire are UUIDs (every table's key): anything else names no row, is refused where it
 * is parsed, and never reaches a uuid column. Use `isId` for ids that arrive outside a schema (paths).
 */
export const idSchema = z.uuid({ error: Messages.server.itemUnavailable });
export const isId = (value: string): boolean => idSchema.safeParse(value).success;
/** Ids a client makes up itself (a message's resend key): free strings, not row ids. */
export const clientIdSchema = z.string().trim().min(1).max(64);
export const isoDate = z.string();

export const currentUserSchema = z.object({
  uid: idSchema,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** Ours: the member's interface language, calendar and digits (Settings > Language). */
  language: languagePrefsSchema.optional(),
  /** Ours (issue 38): what the create dialogs start with, and whether sensitive media shows unblurred. */
  defaultAudience: z.enum(AUDIENCES).optional(),
  defaultReplies: z.enum(REPLY_POLICIES).optional(),
  showSensitive: z.boolean().optional(),
  /** The member's account is private (their follow button asks, their posts are for followers). */
  privateAccount: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const notificationActionSchema = z.object({
  label: z.string().default('View Details'),
  type: z.string().default('link'),
  url: z.string().default('/'),
});
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const notificationSchema = z.object({
  _id: idSchema,
  type: z.string(),
  message: z.string(),
  date: isoDate,
  priority: z.string(),
  actions: z.array(notificationActionSchema),
  isDigest: z.boolean().default(false),
  status: z.enum(['unread', 'read']),
  profileImage: z.string().optional(),
  icon: z.string().optional(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const incomingCallSchema = z.object({
  roomId: idSchema,
  caller: z.object({ uid: idSchema, name: z.string(), avatar: z.string().nullable() }),
});
export type IncomingCall = z.infer<typeof incomingCallSchema>;

export const newMessageEventSchema = z.object({
  name: z.string(),
  message: z.string(),
  avatar: z.string().nullable(),
});

export const linkMetaSchema = z.object({
  title: z.string(),
  description: z.string(),
  image: z.string(),
  url: z.string(),
});
export type LinkMeta = z.infer<typeof linkMetaSchema>;

export const postMediaSchema = z.object({
  url: z.string(),
  kind: z.enum(['image', 'video']),
  mime: z.string(),
  poster: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type PostMediaDto = z.infer<typeof postMediaSchema>;

export const postSchema = z.object({
  post_id: idSchema,
  content: z.string(),
  category: z.enum(POST_CATEGORIES).nullable().optional(),
  media: z.array(z.string()),
  author: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  timestamp: isoDate,
  owner: z.boolean(),
  liked: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int().optional(),
  shares: z.number().int().optional(),
  /** Preview of the first https URL in the content, when it has one. */
  link: linkMetaSchema.nullable().optional(),
  /** The same media as `media`, with kind, poster frame and size, so the client need not guess from names. */
  mediaDetails: z.array(postMediaSchema).optional(),
  /** Marked sensitive (by its author or a moderator): its media are blurred until tapped. */
  sensitive: z.boolean().optional(),
  /** Who sees it (issue 38); absent means everyone. */
  audience: z.enum(AUDIENCES).optional(),
  /** Who may reply; absent means everyone. */
  replies: z.enum(REPLY_POLICIES).optional(),
  /** Whether the viewer may comment (the author's reply setting, as it applies to them). */
  canReply: z.boolean().optional(),
  /** In the viewer's private Saved list (issue 37). */
  saved: z.boolean().optional(),
  /** When its author last changed its text (shown as "edited"; the earlier versions come from post_history). */
  editedAt: isoDate.optional(),
});
export type PostDto = z.infer<typeof postSchema>;

export const sharedPostPreviewSchema = z.object({
  post_id: idSchema,
  author: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  timestamp: isoDate,
  content: z.string(),
  media: z.array(z.string()),
  mediaDetails: z.array(postMediaSchema),
  link: linkMetaSchema.nullable(),
  /** Counts shown beside the visitor's like and share buttons. */
  likes: z.number().int().optional(),
  shares: z.number().int().optional(),
  /** Media marked sensitive: blurred for visitors too until they choose to see it. */
  sensitive: z.boolean().optional(),
});
export type SharedPostPreview = z.infer<typeof sharedPostPreviewSchema>;

export const replySchema = z.object({
  id: idSchema,
  author: z.string(),
  author_image: z.string().nullable(),
  reply: z.string(),
  date_commented: isoDate,
  /** Removed by moderators: the text is the placeholder ("Removed by moderators"). */
  removed: z.boolean().optional(),
  /** The author's username (for reporting, muting). */
  username: z.string().optional(),
});
export const commentSchema = z.object({
  id: idSchema,
  author: z.string(),
  author_image: z.string().nullable(),
  comment: z.string(),
  date_commented: isoDate,
  replies: z.array(replySchema),
  removed: z.boolean().optional(),
  username: z.string().optional(),
});
export type CommentDto = z.infer<typeof commentSchema>;

export const attachmentSchema = z.object({
  id: idSchema,
  type: z.string(),
  name: z.string(),
  size: z.string(),
  file: z.string(),
  /** How long an audio or video file plays, measured at upload (absent when unknown). */
  durationMs: z.number().int().nonnegative().optional(),
});
export const reactionSchema = z.object({ reaction: z.string(), username: z.string() });
export const chatPersonSchema = z.object({
  uid: idSchema.optional(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  online: z.boolean(),
});
/**
 * The message a reply quotes (issue 37): its sender, its first line and a thumbnail of its first image.
 * `gone`: the original was deleted (the quote stays, saying so).
 */
export const replyQuoteSchema = z.object({
  id: idSchema,
  senderName: z.string(),
  text: z.string(),
  /** The first attachment's name when the original has no text; its image's address when it is one. */
  attachmentName: z.string().nullable(),
  thumb: z.string().nullable(),
  gone: z.boolean().optional(),
});
export type ReplyQuote = z.infer<typeof replyQuoteSchema>;

/** A quote's text: the message's first line, cut at LIMITS.replyQuoteChars (the server and the sending tab agree). */
export function quoteLine(content: string): string {
  const line = content.trim().split('\n', 1)[0] ?? '';
  return line.length > LIMITS.replyQuoteChars ? `${line.slice(0, LIMITS.replyQuoteChars)}…` : line;
}

/** Delete a message for everyone in the chat (its sender only), or only for me (any member). */
export const deleteScopeSchema = z.enum(['everyone', 'me']);
export type DeleteScope = z.infer<typeof deleteScopeSchema>;

export const messageSchema = z.object({
  id: idSchema,
  chatId: idSchema.optional(),
  content: z.string(),
  timestamp: isoDate,
  attachments: z.array(attachmentSchema),
  reactions: z.array(reactionSchema),
  pinned: z.boolean(),
  status: z.string(),
  sender: chatPersonSchema,
  /** The id the sending client gave (lets its tabs match the stored copy to the one shown at once). */
  clientId: z.string().optional(),
  /** A group announcement ("Asha left the group"), shown centred rather than as a bubble. */
  notice: z.boolean().optional(),
  /** Removed by moderators: the content is the placeholder and the attachments are gone. */
  removed: z.boolean().optional(),
  /** The message this one replies to. */
  replyTo: replyQuoteSchema.optional(),
  /** Forwarded from another chat (shown as "Forwarded"; its attachments are the original's files). */
  forwarded: z.boolean().optional(),
  /** When its sender last edited it (shown as "edited"; the earlier versions come from message_history). */
  editedAt: isoDate.optional(),
});
export type MessageDto = z.infer<typeof messageSchema>;
/** The versions of an edited message or post, newest (the current text) first, each with when it was written. */
export const editHistorySchema = z.object({
  versions: z.array(z.object({ content: z.string(), at: isoDate })),
});
export type EditHistory = z.infer<typeof editHistorySchema>;
export const chatSchema = z.object({
  id: idSchema,
  sender: chatPersonSchema.extend({ uid: idSchema, type: z.enum(['direct', 'group']) }),
  messages: z.array(messageSchema),
  unread: z.number().int().optional(),
  /** The chat's pinned message (one at a time), for the 'Pinned 📌' banner. */
  pinned: messageSchema.nullable().optional(),
});
export type ChatDto = z.infer<typeof chatSchema>;

export const userSearchResultSchema = z.object({
  uid: idSchema,
  fullname: z.string(),
  profile_pic: z.string().nullable(),
  username: z.string(),
});

export const spotlightUserSchema = z.object({
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
});

export const profileStatusSchema = z.object({
  setprofilepic: z.boolean(),
  completedPersonalInformation: z.boolean(),
  setsocials: z.boolean(),
  setname: z.boolean(),
  hide_profile_status: z.boolean().optional(),
});

export const reelSchema = z.object({
  id: idSchema,
  thumb: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  sources: z.array(z.string()),
  stats: z.object({ likes: z.number(), comments: z.number(), shares: z.number() }),
  user: z.object({ username: z.string(), name: z.string(), profile_image: z.string().nullable() }),
});

export const featureEntrySchema = z.object({
  date: isoDate,
  feature: z.string(),
  user: z.string(),
  status: z.enum(['Implemented', 'Pending']),
});

export const socialLinkSchema = z.object({
  social_name: z.enum(SOCIAL_PLATFORMS).or(z.string()),
  type: z.string(),
  value: z.string(),
});
export const countsSchema = z.object({
  followers: z.number().int(),
  following: z.number().int(),
  posts: z.number().int(),
});
export const userProfileSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  socials: z.array(socialLinkSchema),
  counts: countsSchema,
  self: z.boolean().optional(),
});

export const friendRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatar: z.string().nullable(),
  mutual: z.number().int(),
  username: z.string(),
  following: z.boolean().optional(),
});

const emailPrefs = z.object({
  system: z.boolean(),
  message: z.boolean(),
  mention: z.boolean(),
  comment: z.boolean(),
  like: z.boolean(),
  follow: z.boolean(),
});
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');
export const notificationPreferencesSchema = z.object({
  email: emailPrefs,
  inApp: z.object({ all: z.boolean() }),
  webPush: emailPrefs,
  digest: z.boolean(),
  quietHours: z.object({ start: hhmm.or(z.literal('')), end: hhmm.or(z.literal('')) }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { system: true, message: false, mention: true, comment: false, like: false, follow: false },
  inApp: { all: true },
  webPush: { system: true, message: true, mention: true, comment: true, like: true, follow: true },
  digest: false,
  quietHours: { start: '', end: '' },
};
