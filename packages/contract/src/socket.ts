/**
 * Socket payloads. Every client->server event is a tuple of its arguments (most events take one
 * object; a few, like `typing (chatId, name)` or `getReels (offset, limit)`, take several), so one
 * wrapper on the server can parse any event with `schema.safeParse(args)`.
 */
import { z } from 'zod';
import { Events } from './events.js';
import {
  editHistorySchema,
  attachmentSchema,
  chatSchema,
  commentSchema,
  countsSchema,
  currentUserSchema,
  deleteScopeSchema,
  friendRowSchema,
  clientIdSchema,
  idSchema,
  incomingCallSchema,
  isoDate,
  linkMetaSchema,
  messageSchema,
  newMessageEventSchema,
  notificationPreferencesSchema,
  notificationSchema,
  postSchema,
  profileStatusSchema,
  socialLinkSchema,
  spotlightUserSchema,
  userSearchResultSchema,
} from './entities.js';
import { blockResultSchema, peopleListPayloadSchema, profileDtoSchema, profilePostsPayloadSchema } from './people.js';
import { FEED_CATEGORIES, LIMITS, SHARE_NETWORKS } from './constants.js';
import { profileFormSchema, updateProfilePayloadSchema } from './settings.js';
import {
  featureClientEventSchemas,
  featureItemSchema,
  featureServerEventSchemas,
  suggestFeaturePayloadSchema,
} from './features.js';
import {
  likeReelAnswerSchema,
  memberReelsPageSchema,
  reelClientEventSchemas,
  reelDtoSchema,
  reelServerEventSchemas,
  reelsPageSchema,
} from './reels.js';
import { groupClientEventSchemas, groupInfoSchema, groupServerEventSchemas } from './groups.js';
import { savedAckSchemas, savedClientEventSchemas } from './saved.js';
import { CALL_LIMITS, CallTexts, createRoomAckSchema, joinRoomAckSchema } from './calls.js';
import { chatReadSchema, newPostSchema } from './ux.js';
import { Messages } from './messages.js';
import { AUDIENCES, audienceFieldsSchema, REPLY_POLICIES } from './privacy.js';

const none = z.tuple([]);
const sdpTooLong = CallTexts.sdpTooLong;
const one = <T extends z.ZodType>(s: T) => z.tuple([s]);
const searchText = z.string().trim().max(100);
const username = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((u) => u.replace(/^@/, ''));
const roomId = z.string().trim().min(1).max(64);
const toggle = z.object({ roomId, isOn: z.boolean() });

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const sendMessagePayloadSchema = z
  .object({
    /** Client-made id: a resend after a reconnect is stored once. */
    id: clientIdSchema.optional(),
    message: z.string().max(5000).default(''),
    to_cid: idSchema.optional(),
    to_uid: idSchema.optional(),
    attachments: z.array(idSchema).max(LIMITS.chatAttachmentsMax).optional(),
    /** The message this one replies to (issue 37): one in the same chat. */
    replyTo: idSchema.optional(),
  })
  .refine((m) => m.to_cid ?? m.to_uid, Messages.chat.recipientRequired)
  .refine((m) => m.message.trim().length > 0 || (m.attachments?.length ?? 0) > 0, Messages.chat.messageEmpty);

export const editPostPayloadSchema = audienceFieldsSchema.extend({
  post_id: idSchema,
  content: z.string().trim().min(1).max(LIMITS.postContentMax),
});

/** Client -> server events, keyed by wire name. */
export const clientEventSchemas = {
  // Shell, notifications, push
  [Events.getCurrentUser]: none,
  [Events.unreadMessages]: none,
  [Events.getUnread]: none,
  [Events.getNotifications]: none,
  [Events.subscribeWebPush]: one(pushSubscriptionSchema),
  [Events.rejectCall]: one(z.object({ roomId })),
  [Events.getNotificationPreferences]: none,
  [Events.updateNotificationPreferences]: one(notificationPreferencesSchema),

  // Chat
  [Events.sendMessage]: one(sendMessagePayloadSchema),
  [Events.typing]: z.tuple([idSchema, z.string().max(100).optional()]),
  [Events.reactMessage]: one(
    z.object({ id: idSchema, reaction: z.string().min(1).max(16), username: z.string().optional() }),
  ),
  // Delete for everyone (the sender only), or for me: any member stops seeing it, the others keep it.
  [Events.deleteMessage]: one(z.object({ mid: idSchema, scope: deleteScopeSchema.default('everyone') })),
  [Events.forwardMessage]: one(
    z.object({
      mid: idSchema,
      chatIds: z.array(idSchema).min(1).max(LIMITS.forwardChatsMax),
      /** The client's id for this forward: sent again (a reconnect), it stores nothing twice. */
      id: clientIdSchema.optional(),
    }),
  ),
  // Edit one's own message (within LIMITS.messageEditHours): the text only; its files stay as they are.
  [Events.editMessage]: one(
    z.object({ mid: idSchema, message: z.string().max(5000) }).refine((m) => m.message.trim().length > 0, {
      message: Messages.chat.messageEmpty,
      path: ['message'],
    }),
  ),
  [Events.messageHistory]: one(z.object({ mid: idSchema })),
  [Events.pinMessage]: one(z.object({ mid: idSchema })),
  [Events.unpinMessage]: one(z.object({ mid: idSchema })),
  [Events.getChats]: none,
  [Events.getMessages]: z.tuple([
    idSchema,
    z.object({ before: idSchema.optional(), limit: z.number().int().min(1).max(100).optional() }).optional(),
  ]),
  [Events.joinChat]: one(idSchema),
  [Events.leaveChat]: one(idSchema),
  [Events.startChat]: one(z.union([z.object({ to_uid: idSchema }), z.object({ username })])),
  [Events.startGroupChat]: one(
    z.object({
      groupName: z.string().trim().min(1).max(80),
      userIds: z.array(idSchema).min(LIMITS.groupMinMembers).max(100),
    }),
  ),
  [Events.searchUser]: one(searchText),
  [Events.watchFeed]: none,
  [Events.unwatchFeed]: none,
  [Events.watchPost]: one(idSchema),
  [Events.unwatchPost]: one(idSchema),

  // Posts, feed, comments
  [Events.likePost]: one(z.object({ post_id: idSchema })),
  [Events.fetchComments]: one(idSchema),
  [Events.addComment]: one(z.object({ postId: idSchema, comment: z.string().trim().min(1).max(LIMITS.commentMax) })),
  [Events.addCommentReply]: one(
    z.object({ postId: idSchema, commentId: idSchema, reply: z.string().trim().min(1).max(LIMITS.commentMax) }),
  ),
  [Events.deletePost]: one(idSchema),
  [Events.editPost]: one(editPostPayloadSchema),
  [Events.fetchOnePost]: one(z.object({ post_id: idSchema })),
  [Events.postHistory]: one(z.object({ post_id: idSchema })),
  [Events.fetchPosts]: one(
    z.object({
      offset: z.number().int().min(0).max(1_000_000).default(0),
      more: z.boolean().default(false),
      category: z.enum(FEED_CATEGORIES).default('all'),
    }),
  ),
  [Events.getSpotlight]: none,
  [Events.getProfileStatus]: none,
  [Events.hideProfileStatus]: none,
  [Events.sharePost]: one(
    z.object({
      post_id: idSchema,
      network: z.enum(SHARE_NETWORKS),
      ref: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/),
    }),
  ),

  // Reels, features, settings
  [Events.getReels]: z.tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(1).max(20).optional()]),
  ...reelClientEventSchemas,
  [Events.suggestFeature]: one(suggestFeaturePayloadSchema),
  ...featureClientEventSchemas,
  [Events.getProfile]: one(z.object({ type: z.string().max(32).optional() })),
  [Events.updateProfile]: one(updateProfilePayloadSchema),

  // Profiles and friends
  [Events.fetchProfile]: one(z.object({ username: username.optional() })),
  [Events.fetchProfilePosts]: one(profilePostsPayloadSchema),
  [Events.fetchCounts]: one(z.object({ username: username.optional() })),
  [Events.fetchSocials]: one(z.object({ username: username.optional() })),
  [Events.searchFriends]: one(searchText),
  [Events.getFriendSuggestions]: peopleListPayloadSchema,
  [Events.getFollowers]: peopleListPayloadSchema,
  [Events.getFollowing]: peopleListPayloadSchema,
  [Events.follow]: one(z.object({ username })),
  [Events.unfollow]: one(z.object({ username })),
  [Events.blockUser]: one(z.object({ username })),
  [Events.unblockUser]: one(z.object({ username })),
  [Events.getBlocked]: none,

  // Calls (/realcall)
  [Events.createRoom]: one(z.object({ userUid: idSchema })),
  [Events.joinRoom]: one(z.object({ roomId, userUid: idSchema.optional() })),
  [Events.offer]: one(
    z.object({
      offer: z.object({ type: z.literal('offer'), sdp: z.string().max(CALL_LIMITS.sdpMax, sdpTooLong) }),
      roomId,
    }),
  ),
  [Events.answer]: one(
    z.object({
      answer: z.object({ type: z.literal('answer'), sdp: z.string().max(CALL_LIMITS.sdpMax, sdpTooLong) }),
      roomId,
    }),
  ),
  [Events.iceCandidate]: one(
    z.object({
      candidate: z.object({
        candidate: z.string().max(CALL_LIMITS.candidateMax, CallTexts.candidateTooLong),
        sdpMid: z.string().max(CALL_LIMITS.sdpMidMax, CallTexts.sdpMidTooLong).nullable().optional(),
        sdpMLineIndex: z
          .number()
          .int(CallTexts.sdpMLineIndexInvalid)
          .min(0, CallTexts.sdpMLineIndexInvalid)
          .max(CALL_LIMITS.sdpMLineIndexMax, CallTexts.sdpMLineIndexInvalid)
          .nullable()
          .optional(),
        // Which ICE generation the candidate belongs to: without it, a late candidate of an old
        // generation would be tried on the new one after an ICE restart.
        usernameFragment: z.string().max(256).nullable().optional(),
      }),
      roomId,
    }),
  ),
  [Events.toggleVideo]: one(toggle),
  [Events.toggleAudio]: one(toggle),
  [Events.toggleScreenSharing]: one(toggle),
  [Events.leaveRoom]: one(z.object({ roomId })),
  ...groupClientEventSchemas,
  ...savedClientEventSchemas,
} as const;
export type ClientEventName = keyof typeof clientEventSchemas;

const mutationResult = z.object({
  success: z.boolean(),
  type: z.enum(['edit', 'delete']),
  post_id: idSchema,
  content: z.string().optional(),
  /** An edit's new link preview, when it changed (also sent once a queued preview fetch finishes). */
  link: linkMetaSchema.nullable().optional(),
  message: z.string(),
  /** An edit's audience, reply setting and sensitive mark as they now are (issue 38). */
  audience: z.enum(AUDIENCES).optional(),
  replies: z.enum(REPLY_POLICIES).optional(),
  sensitive: z.boolean().optional(),
  /** When the text was last changed (issue 37): an edit that changed it shows "edited" at once. */
  editedAt: isoDate.optional(),
});
const postsPage = z.object({
  posts: z.array(postSchema),
  totalCount: z.number().int(),
  /** Echo of the request, so a client that switched category can drop a late page. */
  category: z.enum(FEED_CATEGORIES).optional(),
  offset: z.number().int().optional(),
});
const toggleState = z.object({ userUid: idSchema, isOn: z.boolean() });

/** Server -> client events, keyed by wire name, each with its one payload. */
export const serverEventSchemas = {
  [Events.error]: z.object({ message: z.string(), event: z.string().optional() }),
  [Events.currentUser]: currentUserSchema,
  [Events.unreadMessageCount]: z.number().int(),
  [Events.newMessage]: newMessageEventSchema,
  [Events.notification]: notificationSchema,
  [Events.notifications]: z.array(notificationSchema).or(notificationSchema),
  [Events.unreadCount]: z.object({ count: z.number().int() }),
  [Events.notificationPreferences]: z.object({ preferences: notificationPreferencesSchema }),
  [Events.notificationPreferencesUpdated]: z.object({ success: z.boolean(), message: z.string() }),
  [Events.incomingCall]: incomingCallSchema,
  [Events.incomingEnded]: z.object({ roomId }),

  [Events.receiveMessage]: messageSchema.extend({
    message: z.string(),
    attachments: z.array(attachmentSchema),
    chatId: idSchema,
  }),
  [Events.typingName]: z.string(),
  [Events.chats]: z.array(chatSchema),
  [Events.chatMessages]: z.array(messageSchema),
  [Events.chatStarted]: z.array(chatSchema),
  [Events.addChat]: z.array(chatSchema),
  [Events.searchResults]: z.array(userSearchResultSchema),
  [Events.presence]: z.object({ uid: idSchema, online: z.boolean() }),
  [Events.messageUpdated]: messageSchema.extend({ chatId: idSchema }),
  [Events.messageDeleted]: z.object({ mid: idSchema, chatId: idSchema }),
  [Events.chatRead]: chatReadSchema,
  [Events.newPost]: newPostSchema,

  [Events.comments]: z.object({ post_id: idSchema, comments: z.array(commentSchema) }),
  [Events.fetchOnePost]: postSchema,
  [Events.posts]: postsPage,
  [Events.morePosts]: postsPage,
  [Events.spotlightUser]: spotlightUserSchema.nullable(),
  [Events.profileStatus]: profileStatusSchema,
  [Events.hideProfileStatusResult]: z.object({ success: z.boolean() }),
  [Events.postMutationResult]: mutationResult,

  [Events.reels]: reelsPageSchema,
  ...reelServerEventSchemas,
  [Events.suggestionResponse]: z.object({
    status: z.enum(['success', 'error']),
    message: z.string(),
    feature: featureItemSchema.optional(),
  }),
  [Events.profileData]: profileFormSchema,
  ...featureServerEventSchemas,
  [Events.profileUpdateSuccess]: z.object({ message: z.string() }).partial(),
  [Events.profileUpdateError]: z.object({ message: z.string() }),

  [Events.userProfile]: profileDtoSchema,
  [Events.profilePosts]: z.object({ posts: z.array(postSchema) }),
  [Events.counts]: countsSchema,
  [Events.userSocials]: z.array(socialLinkSchema),
  [Events.searchFriendsResult]: z.array(friendRowSchema),
  [Events.friendSuggestions]: z.array(friendRowSchema),
  [Events.followers]: z.array(friendRowSchema),
  [Events.following]: z.array(friendRowSchema),
  [Events.followResult]: z.object({ message: z.string() }),
  [Events.unfollowResult]: z.object({ message: z.string() }),
  [Events.blockResult]: blockResultSchema,
  [Events.blockedUsers]: z.array(friendRowSchema),

  [Events.userJoined]: z.object({ userUid: idSchema }).partial(),
  [Events.callee]: z.object({ callee: z.object({ name: z.string(), avatar: z.string().nullable() }) }),
  [Events.callAccepted]: z.object({ roomId }),
  [Events.offer]: z.object({ offer: z.object({ type: z.literal('offer'), sdp: z.string() }), roomId }),
  [Events.answer]: z.object({ answer: z.object({ type: z.literal('answer'), sdp: z.string() }), roomId }),
  [Events.iceCandidate]: z.object({ candidate: z.record(z.string(), z.unknown()), roomId }),
  [Events.userLeft]: z.object({ userUid: idSchema }).partial(),
  [Events.callEnded]: z.object({ title: z.string().optional() }),
  [Events.toggleVideo]: toggleState,
  [Events.toggleAudio]: toggleState,
  [Events.toggleScreenSharing]: toggleState.extend({ stream: z.string().optional() }),
  ...groupServerEventSchemas,
} as const;
export type ServerEventName = keyof typeof serverEventSchemas;

/**
 * send_message's acknowledgement of a first store: only what the sender did not know. The rest of the
 * stored message is what it sent, from its member (sender) and fresh (no reactions, not pinned, 'sent');
 * `attachments` comes only with files (the stored files, in the order sent). The whole message again in
 * every ack was as many bytes as the message's fan-out, encoded and written once more per send.
 */
export const sentMessageSchema = z.object({
  id: idSchema,
  /** The chat it went to (a send `to_uid` learns it here). */
  chatId: idSchema,
  timestamp: isoDate,
  clientId: z.string().optional(),
  attachments: z.array(attachmentSchema).optional(),
});
export type SentMessage = z.output<typeof sentMessageSchema>;
/**
 * A resend of a message stored before (its client id seen) is answered with the stored message whole,
 * as it is now: it may have reactions, a pin or readers since. `isStoredMessage` tells the two apart.
 */
export type SendMessageAck =
  { ok: true; data: SentMessage | z.output<typeof messageSchema> } | { ok: false; error: string };
export const isStoredMessage = (
  data: SentMessage | z.output<typeof messageSchema>,
): data is z.output<typeof messageSchema> => 'sender' in data;

const none_ = z.undefined();
const page = z.object({ count: z.number().int(), hasMore: z.boolean() });
const ev = serverEventSchemas;

/**
 * What each client event's acknowledgement carries on success (`{ ok: true, data }`): most carry the same
 * value as the answer event the spec names, so a page may listen for the event or await the ack. Events
 * that answer nothing carry `undefined`. A refusal is always `{ ok: false, error }`.
 */
export const clientAckSchemas = {
  [Events.getCurrentUser]: currentUserSchema,
  [Events.unreadMessages]: ev[Events.unreadMessageCount],
  [Events.getUnread]: ev[Events.unreadMessageCount],
  [Events.getNotifications]: z.array(notificationSchema),
  [Events.subscribeWebPush]: none_,
  [Events.rejectCall]: none_,
  [Events.getNotificationPreferences]: ev[Events.notificationPreferences],
  [Events.updateNotificationPreferences]: ev[Events.notificationPreferencesUpdated],

  [Events.sendMessage]: z.union([sentMessageSchema, messageSchema]),
  [Events.typing]: none_,
  [Events.reactMessage]: messageSchema,
  [Events.deleteMessage]: z.object({ mid: idSchema, chatId: idSchema, scope: deleteScopeSchema }),
  // Each chat on its own: where it went, and why any other refused it (in the reader's language).
  [Events.forwardMessage]: z.object({
    forwarded: z.array(z.object({ chatId: idSchema, id: idSchema })),
    refused: z.array(z.object({ chatId: idSchema, error: z.string() })),
  }),
  [Events.editMessage]: messageSchema,
  [Events.messageHistory]: editHistorySchema,
  [Events.pinMessage]: z.array(messageSchema),
  [Events.unpinMessage]: z.array(messageSchema),
  [Events.getChats]: z.array(chatSchema),
  [Events.getMessages]: z.array(messageSchema),
  [Events.joinChat]: none_,
  [Events.leaveChat]: none_,
  [Events.startChat]: chatSchema,
  [Events.startGroupChat]: z.object({ chatId: idSchema }),
  [Events.searchUser]: ev[Events.searchResults],
  [Events.watchFeed]: none_,
  [Events.unwatchFeed]: none_,
  [Events.watchPost]: none_,
  [Events.unwatchPost]: none_,

  [Events.likePost]: z.object({ post_id: idSchema, liked: z.boolean(), likes: z.number().int() }),
  [Events.fetchComments]: ev[Events.comments],
  [Events.addComment]: z.array(commentSchema),
  [Events.addCommentReply]: z.array(commentSchema),
  [Events.deletePost]: mutationResult,
  [Events.editPost]: mutationResult,
  [Events.fetchOnePost]: postSchema,
  [Events.postHistory]: editHistorySchema,
  [Events.fetchPosts]: z.object({ count: z.number().int(), totalCount: z.number().int() }),
  [Events.getSpotlight]: ev[Events.spotlightUser],
  [Events.getProfileStatus]: ev[Events.profileStatus],
  [Events.hideProfileStatus]: z.object({ message: z.string() }),
  [Events.sharePost]: z.object({ post_id: idSchema, shares: z.number().int() }),

  [Events.getReels]: page,
  [Events.getReel]: reelDtoSchema,
  [Events.likeReel]: likeReelAnswerSchema,
  [Events.shareReel]: z.object({ id: idSchema, shares: z.number().int() }),
  [Events.deleteReel]: z.object({ id: idSchema }),
  [Events.getReelComments]: z.array(commentSchema),
  [Events.addReelComment]: z.array(commentSchema),
  [Events.addReelCommentReply]: z.array(commentSchema),
  [Events.getMemberReels]: memberReelsPageSchema,
  [Events.suggestFeature]: featureItemSchema,
  [Events.getFeatures]: page,
  [Events.voteFeature]: featureItemSchema,
  [Events.setFeatureStatus]: featureItemSchema,
  [Events.getProfile]: profileFormSchema,
  [Events.updateProfile]: z.object({ message: z.string() }),

  [Events.fetchProfile]: profileDtoSchema,
  [Events.fetchProfilePosts]: ev[Events.profilePosts],
  [Events.fetchCounts]: countsSchema,
  [Events.fetchSocials]: z.array(socialLinkSchema),
  [Events.searchFriends]: z.array(friendRowSchema),
  [Events.getFriendSuggestions]: z.array(friendRowSchema),
  [Events.getFollowers]: z.array(friendRowSchema),
  [Events.getFollowing]: z.array(friendRowSchema),
  [Events.follow]: ev[Events.followResult],
  [Events.unfollow]: ev[Events.unfollowResult],
  [Events.blockUser]: blockResultSchema,
  [Events.unblockUser]: blockResultSchema,
  [Events.getBlocked]: z.array(friendRowSchema),

  [Events.createRoom]: createRoomAckSchema,
  [Events.joinRoom]: joinRoomAckSchema,
  [Events.offer]: none_,
  [Events.answer]: none_,
  [Events.iceCandidate]: none_,
  [Events.toggleVideo]: none_,
  [Events.toggleAudio]: none_,
  [Events.toggleScreenSharing]: none_,
  [Events.leaveRoom]: none_,

  [Events.getGroup]: groupInfoSchema,
  [Events.leaveGroup]: none_,
  [Events.addGroupMembers]: groupInfoSchema,
  [Events.removeGroupMember]: groupInfoSchema,
  [Events.renameGroup]: groupInfoSchema,
  ...savedAckSchemas,
} as const satisfies Record<ClientEventName, z.ZodType>;

/** What a handler answers (before the contract's transforms), and what the client receives. */
export type ClientAckInput<K extends ClientEventName> = z.input<(typeof clientAckSchemas)[K]>;
export type ClientAck<K extends ClientEventName> = z.output<(typeof clientAckSchemas)[K]>;
/** A client event's acknowledgement: its data on success, the reason on refusal. */
export type AckAnswer<K extends ClientEventName> = { ok: true; data: ClientAck<K> } | { ok: false; error: string };

/** Socket.IO typed maps. Client events may end with an acknowledgement callback. */
export type Ack = (answer: { ok: true; data?: unknown } | { ok: false; error: string }) => void;
export type ClientToServerEvents = {
  [K in ClientEventName]: (
    ...args: [...z.input<(typeof clientEventSchemas)[K]>, ((answer: AckAnswer<K>) => void)?]
  ) => void;
};
export type ServerToClientEvents = {
  [K in ServerEventName]: (payload: z.output<(typeof serverEventSchemas)[K]>) => void;
};
export type ClientEventArgs<K extends ClientEventName> = z.output<(typeof clientEventSchemas)[K]>;
export type ServerEventPayload<K extends ServerEventName> = z.output<(typeof serverEventSchemas)[K]>;
