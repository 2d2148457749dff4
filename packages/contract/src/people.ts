/**
 * People (profiles, follows, friends, blocks): the payloads the spec leaves open or that are ours.
 * The spec's own events (fetchProfile, sF, gFS, aF ...) keep their names in events.ts; their payloads
 * are defined here and referenced from socket.ts.
 */
import { z } from 'zod';
import { type friendRowSchema, idSchema, isoDate, userProfileSchema } from './entities.js';
import { LIMITS } from './constants.js';

/** A username as typed in a link or a form: `@asha` and `asha` name the same member. */
export const usernameInputSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((u) => u.replace(/^@/, ''));

/** gFL, gFG, gFS: no argument (or `{}`) means me; `{username}` shows that member's lists (ours). */
export const peopleListPayloadSchema = z.tuple([z.object({ username: usernameInputSchema.optional() }).optional()]);

export const profilePostsPayloadSchema = z.object({
  username: usernameInputSchema.optional(),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(50).default(LIMITS.profilePostsPageSize),
  /**
   * Ours: the last post the client holds. With it the next page starts right after that post, so posts
   * written meanwhile never shift the page (no duplicates); `offset` is used only without it.
   */
  before: z.object({ post_id: idSchema, timestamp: isoDate }).optional(),
});

/** userProfile: the spec's fields plus who the viewer is to this member (never email, phone or birth date). */
export const profileDtoSchema = userProfileSchema.extend({
  uid: idSchema,
  /** The viewer follows this member. */
  following: z.boolean(),
  /** This member follows the viewer. */
  followsYou: z.boolean(),
  /** The viewer has blocked this member (so the screen offers Unblock). */
  blocked: z.boolean(),
  /** Issue 38: the account is private (followers are approved). */
  private: z.boolean().optional(),
  /** The viewer asked to follow and waits for approval (the button reads "Requested"). */
  requested: z.boolean().optional(),
  /** The viewer may not see the posts, clips and follow lists (private, and not an approved follower). */
  locked: z.boolean().optional(),
});
export type ProfileDto = z.infer<typeof profileDtoSchema>;

export type FriendRow = z.infer<typeof friendRowSchema>;

/** blockResult: `username` names the member on success (a refusal carries only the message). */
export const blockResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  username: z.string().optional(),
});

export const PeopleMessages = {
  /** The answer for an unknown member, and for a member who blocked the asker (they cannot tell apart). */
  notFound: 'User not found.',
  alreadyFollowing: 'You already follow this member.',
  notFollowing: 'You do not follow this member.',
  followSelf: 'You cannot follow yourself.',
  followBlocked: 'You cannot follow this member.',
  blocked: 'User blocked.',
  unblocked: 'User unblocked.',
  alreadyBlocked: 'You have already blocked this member.',
  notBlocked: 'This member is not blocked.',
  blockSelf: 'You cannot block yourself.',
  cannotMessage: 'You cannot message this member.',
  cannotComment: 'You cannot comment on this post.',
  blockConfirm: (username: string) =>
    `Block @${username}? They will not be able to message you, follow you, find you or see your profile.`,
  followNotice: (username: string) => `@${username} started following you`,
  mutual: (n: number) => (n === 1 ? '1 mutual friend' : `${n} mutual friends`),
  noFriends: 'No friends yet. Friends are people you follow who follow you back.',
  noFollowers: 'No followers yet.',
  noFollowing: 'Not following anyone yet.',
  noSuggestions: 'No suggestions right now. Try searching for someone you know.',
  noResults: 'No members match that search.',
  searchPlaceholder: 'Search for friends...',
} as const;
