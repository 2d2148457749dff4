/** The one drizzle schema for PGlite and PostgreSQL. `npm run db:generate -w @sajha/server` writes migrations. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '@sajha/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    /** argon2id; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSub: text('google_sub'),
    avatar: text('avatar'),
    bio: text('bio').notNull().default(''),
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    dob: text('dob').notNull().default(''),
    hideProfileStatus: boolean('hide_profile_status').notNull().default(false),
    /** TOTP secret (base32) once two-factor sign-in is on; the pending one while it is being set up. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step accepted, so one code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    /** Set when the member deleted the account: the row stays so their messages in others' chats show "Deleted user". */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    // Prefix search (sF): `lower(x) like 'abc%'` can use these under any collation.
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    index('users_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    /** sha256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who caused it (liker, commenter...), for the avatar; null for system notices. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    priority: text('priority').notNull().default('normal'),
    actions: jsonb('actions').$type<{ label: string; type: string; url: string }[]>().notNull().default([]),
    profileImage: text('profile_image'),
    icon: text('icon'),
    isDigest: boolean('is_digest').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export const notificationPrefs = pgTable('notification_prefs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').$type<NotificationPreferences>().notNull(),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Browsers a member has signed in from (sha256 of a long-lived device cookie): a new one is worth a notice. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Small server-wide settings shared by every node (e.g. the VAPID key pair). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Every stored upload (post media, chat attachments, avatars): bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'post' media is public; 'chat' attachments are served to chat members only; 'avatar' is public. */
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Poster frame of a video, when one could be made. */
    posterKey: text('poster_key'),
    originalName: text('original_name').notNull().default(''),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_storage_key_unique').on(t.storageKey), index('files_owner_idx').on(t.ownerId)],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    category: text('category'),
    /** The first https URL of the content and its preview, fetched once at creation. */
    linkUrl: text('link_url'),
    linkMeta: jsonb('link_meta').$type<{ title: string; description: string; image: string; url: string }>(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_category_created_idx').on(t.category, t.createdAt, t.id),
    index('posts_author_created_idx').on(t.authorId, t.createdAt),
  ],
);

/**
 * Posts per feed category ('all' for every post), kept by a trigger on `posts` (migration feed_post_counts)
 * so a feed page reads its total in one primary-key probe instead of counting the category each time.
 * A trigger, not the service: account deletion removes posts by cascade, and those must count too.
 */
export const postCounts = pgTable('post_counts', {
  category: text('category').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const postShares = pgTable(
  'post_shares',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The random ref carried by the share link. */
    ref: text('ref').notNull(),
    network: text('network').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('post_shares_post_idx').on(t.postId)],
);

/** Comments and replies: a reply has a parent (one level deep, as the spec shows). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt), index('comments_parent_idx').on(t.parentId)],
);

/** Link previews, cached by URL. */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  meta: jsonb('meta').$type<{ title: string; description: string; image: string; url: string }>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'direct' | 'group'>().notNull(),
    name: text('name'),
    picture: text('picture'),
    /** For direct chats: the two member ids sorted and joined, so a pair never gets a second chat. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chats_direct_key_unique').on(t.directKey), index('chats_last_message_idx').on(t.lastMessageAt)],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Messages after this moment (from others) are unread for this member. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The id the sending client gave; a resend with the same one is stored once. */
    clientId: text('client_id'),
    content: text('content').notNull().default(''),
    /** A group announcement (left, removed, added, renamed) rather than something a member wrote. */
    notice: boolean('notice').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    pinnedBy: uuid('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_created_idx').on(t.chatId, t.createdAt),
    uniqueIndex('messages_sender_client_unique').on(t.senderId, t.clientId),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  // A file belongs to one message only: deleting that message may delete its bytes.
  (t) => [
    primaryKey({ columns: [t.messageId, t.position] }),
    uniqueIndex('message_attachments_file_unique').on(t.fileId),
  ],
);

/** One reaction per member per message; a new one replaces the old. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** One row per follow; friends are mutual follows. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId)],
);

/** A block is one-directional in the table; its effects (no chat, follow, mention, search) apply both ways. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A member's conversation with the AI assistant, kept so a reload shows it; "New chat" deletes it. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The spec's message id: a timestamp string. */
    clientId: text('client_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_messages_user_idx').on(t.userId, t.createdAt)],
);

/**
 * When a follower last told a followee "started following you": a re-follow within a day stays quiet.
 * Kept apart from `follows` because unfollowing deletes the follow row.
 */
export const followNotices = pgTable(
  'follow_notices',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] })],
);
/** Social links of the settings form: one per platform. */
export const socials = pgTable(
  'socials',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform] })],
);

/** Former usernames: each keeps leading to its member, and stays reserved, for 30 days. */
export const usernameHistory = pgTable(
  'username_history',
  {
    username: text('username').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('username_history_lower_unique').on(sql`lower(${t.username})`),
    index('username_history_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes of two-factor sign-in (sha256 only). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password sign-in waiting for its second factor (the token lives in a short httpOnly cookie). */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  remember: boolean('remember').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * One row per call (a "room"): stored, not held in a process, so any node can answer for it. The ring
 * deadline is stored too, so a timeout can be fired by whichever node (or job) checks it.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeId: uuid('callee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<'ringing' | 'active' | 'ended'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ringDeadline: timestamp('ring_deadline', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<'hangup' | 'cancelled' | 'declined' | 'no-answer' | 'busy' | 'dropped'>(),
  },
  (t) => [
    index('calls_caller_state_idx').on(t.callerId, t.state),
    index('calls_callee_state_idx').on(t.calleeId, t.state),
  ],
);

/**
 * Short vertical videos. An upload is kept as a private 'reel-source' file while status is 'processing';
 * the transcode writes the public 'reel' file (with its poster) and drops the source. 'failed' keeps the
 * reason for the uploader and no files.
 */
export const reels = pgTable(
  'reels',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    status: text('status').notNull().default('processing'),
    error: text('error'),
    sourceFileId: uuid('source_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: uuid('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    durationMs: integer('duration_ms'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('reels_status_ready_idx').on(t.status, t.readyAt, t.id), index('reels_author_idx').on(t.authorId)],
);

export const reelLikes = pgTable(
  'reel_likes',
  {
    reelId: uuid('reel_id')
      .notNull()
      .references(() => reels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reelId, t.userId] })],
);

export const reelShares = pgTable(
  'reel_shares',
  {
    id: uuid('id').primaryKey(),
    reelId: uuid('reel_id')
      .notNull()
      .references(() => reels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ref: text('ref').notNull(),
    network: text('network').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('reel_shares_reel_idx').on(t.reelId)],
);

/** Comments on reels, with one level of replies like post comments. */
export const reelComments = pgTable(
  'reel_comments',
  {
    id: uuid('id').primaryKey(),
    reelId: uuid('reel_id')
      .notNull()
      .references(() => reels.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reel_comments_reel_created_idx').on(t.reelId, t.createdAt)],
);

/** Member suggestions for the features page; one title per member (case-insensitive). */
export const featureSuggestions = pgTable(
  'feature_suggestions',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('Pending'),
    voteCount: integer('vote_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feature_suggestions_author_title_unique').on(t.authorId, sql`lower(${t.title})`),
    index('feature_suggestions_created_idx').on(t.createdAt, t.id),
    index('feature_suggestions_votes_idx').on(t.voteCount, t.createdAt),
  ],
);

export const featureVotes = pgTable(
  'feature_votes',
  {
    featureId: uuid('feature_id')
      .notNull()
      .references(() => featureSuggestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.featureId, t.userId] })],
);
