/** Accounts and sign-in: members, sessions, e-mail codes, password resets, devices, two-factor sign-in. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Audience, ContactPolicy, ReplyPolicy } from '@sajha/contract';
import { createdAt, searchTerms } from './columns.js';

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
    /** Staff role: 'member', 'moderator' or 'admin' (ADMIN_EMAILS are admins whatever is stored). */
    role: text('role').$type<'member' | 'moderator' | 'admin'>().notNull().default('member'),
    /** A suspension: no sign-in until then (the reason is shown at sign-in). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** A ban: no sign-in at all, until a moderator lifts it. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** Why the member is suspended or banned, as shown to them at sign-in. */
    sanctionReason: text('sanction_reason'),
    /** Limited by moderators: their posts and comments are visible only to their followers. */
    limitedAt: timestamp('limited_at', { withTimezone: true }),
    /** Interface language ('en' or 'ne'): the web app's, and that of mails, pushes and notifications. */
    locale: text('locale').$type<'en' | 'ne'>().notNull().default('en'),
    /** Dates in 'gregorian' or 'bs' (Bikram Sambat). */
    calendar: text('calendar').$type<'gregorian' | 'bs'>().notNull().default('gregorian'),
    /** 'latn' or 'deva' digits; null: the language's own (Devanagari for Nepali). */
    digits: text('digits').$type<'latn' | 'deva'>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Search lexemes of the name and username, so "sita" finds "सीता" (platform/search-index.ts). */
    searchTerms: searchTerms('search_terms'),
    /** Privacy (issue 38): followers are approved; posts, clips and follow lists are for followers only. */
    privateAccount: boolean('private_account').notNull().default(false),
    /** What the create dialogs start with: an audience and who may reply. */
    defaultAudience: text('default_audience').$type<Audience>().notNull().default('public'),
    defaultReplies: text('default_replies').$type<ReplyPolicy>().notNull().default('everyone'),
    /** Who may start a chat with, and who may call, the member. */
    messagePolicy: text('message_policy').$type<ContactPolicy>().notNull().default('everyone'),
    callPolicy: text('call_policy').$type<ContactPolicy>().notNull().default('everyone'),
    /** Show media marked sensitive without the blur. */
    showSensitive: boolean('show_sensitive').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    // Prefix search (sF): `lower(x) like 'abc%'` can use these under any collation.
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    index('users_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    // Search: misspelt usernames and names (pg_trgm), and names across scripts (the lexemes).
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_search_idx').using('gin', t.searchTerms),
    // The few members whose work lists leave out (relations.ts: inGoodStanding, limitAllows): read through
    // these, a list never scans every member to find them.
    index('users_unavailable_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null or ${t.bannedAt} is not null or ${t.suspendedUntil} is not null`),
    index('users_limited_idx')
      .on(t.id)
      .where(sql`${t.limitedAt} is not null`),
    index('users_private_idx')
      .on(t.id)
      .where(sql`${t.privateAccount}`),
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
