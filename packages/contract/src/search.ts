/**
 * Search and discovery (issue 35): one search box for people, posts, clips, hashtags and the member's own
 * messages, in English, Devanagari and romanized Nepali ("k cha" finds "के छ" and the reverse); hashtag
 * pages with follow-a-tag; trending tags and posts (by distinct members over the last 24 hours).
 *
 * GET    /api/search?q=&type=&page=&chatId=   one tab of results (type "top" gives a few of each)
 * GET    /api/search/suggest?q=               as-you-type: a few people and tags (no history kept)
 * GET    /api/search/recent                   the member's recent searches, newest first
 * DELETE /api/search/recent                   clears them
 * GET    /api/tags/:name?sort=&page=           a tag's posts and clips, newest or top
 * POST   /api/tags/:name/follow               follow a tag (DELETE: unfollow)
 * GET    /api/tags/followed                   the tags the member follows
 * GET    /api/trending                        rising tags and posts
 */
import { z } from 'zod';
import { idSchema, postSchema, reelSchema } from './entities.js';

export const SEARCH_LIMITS = {
  /** A query, as typed. */
  queryMax: 100,
  /** The box asks for suggestions from this many characters, after this pause. */
  suggestMinChars: 2,
  suggestDelayMs: 300,
  /** Results per page of one tab; the Top tab shows a few of each. */
  pageSize: 20,
  topEach: 5,
  suggestEach: 5,
  /** Deepest page a tab serves (search is for finding, not for reading everything). */
  maxPage: 9,
  /** Recent searches kept per member. */
  recentKept: 10,
  /** A hashtag: letters (any script, with their marks), digits and underscores. */
  tagMax: 50,
  /** Trending looks back this many hours and shows this many tags and posts. */
  trendingHours: 24,
  trendingTags: 10,
  trendingPosts: 5,
} as const;

export const SEARCH_TYPES = ['top', 'people', 'posts', 'clips', 'tags', 'messages'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SearchText = {
  queryRequired: 'Type something to search for.',
  queryTooLong: `A search can be at most ${SEARCH_LIMITS.queryMax} characters.`,
  queryInvalid: 'A search cannot contain control characters.',
  badType: 'Choose what to search: top, people, posts, clips, tags or messages.',
  badPage: 'That page of results does not exist.',
  badTag: 'That is not a hashtag: use letters, numbers and underscores.',
  chatNotFound: 'This chat does not exist or you are not in it.',
  tagFollowed: 'You follow this tag: its posts show on Explore.',
  tagUnfollowed: 'You no longer follow this tag.',
  recentCleared: 'Your recent searches are cleared.',
} as const;

/** A query as typed: trimmed, 1..queryMax characters, no control characters. */
export const searchQuerySchema = z
  .string({ error: SearchText.queryRequired })
  .trim()
  .min(1, SearchText.queryRequired)
  .max(SEARCH_LIMITS.queryMax, SearchText.queryTooLong)
  // eslint-disable-next-line no-control-regex
  .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), SearchText.queryInvalid);

const pageParam = z.coerce
  .number({ error: SearchText.badPage })
  .int(SearchText.badPage)
  .min(0, SearchText.badPage)
  .max(SEARCH_LIMITS.maxPage, SearchText.badPage)
  .default(0);

export const searchParamsSchema = z.object({
  q: searchQuerySchema,
  type: z.enum(SEARCH_TYPES, { error: SearchText.badType }).default('top'),
  page: pageParam,
  /** With type=messages: search inside this one chat (the member must be in it). */
  chatId: z.uuid({ error: SearchText.chatNotFound }).optional(),
});
export type SearchParams = z.input<typeof searchParamsSchema>;

export const suggestParamsSchema = z.object({ q: searchQuerySchema });

/** A tag's name as the path carries it: without '#', any case (shown and matched lower-cased). */
export const tagNameSchema = z
  .string({ error: SearchText.badTag })
  .trim()
  .transform((t) => t.replace(/^#/, '').normalize('NFC').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, SearchText.badTag)
      .max(SEARCH_LIMITS.tagMax, SearchText.badTag)
      .regex(/^[\p{L}\p{M}\p{N}_]+$/u, SearchText.badTag),
  );

export const tagPageParamsSchema = z.object({
  sort: z.enum(['new', 'top']).default('new'),
  page: pageParam,
});

export const personResultSchema = z.object({
  uid: idSchema,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  /** The searcher follows them. */
  following: z.boolean(),
});
export type PersonResult = z.infer<typeof personResultSchema>;

export const tagResultSchema = z.object({
  name: z.string(),
  /** Posts and clips that carry it. */
  uses: z.number().int(),
  /** The searcher follows it. */
  followed: z.boolean(),
});
export type TagResult = z.infer<typeof tagResultSchema>;

export const messageResultSchema = z.object({
  id: idSchema,
  chatId: idSchema,
  /** The chat's name as the searcher's list shows it (the other member, or the group's name). */
  chatName: z.string(),
  chatKind: z.enum(['direct', 'group']),
  content: z.string(),
  /** The words of the content, as written, that the query matched (in either script or spelling), to mark. */
  matched: z.array(z.string()),
  timestamp: z.string(),
  sender: z.object({ name: z.string(), username: z.string(), avatar: z.string().nullable() }),
});
export type MessageResult = z.infer<typeof messageResultSchema>;

export const searchAnswerSchema = z.object({
  success: z.literal(true),
  q: z.string(),
  type: z.enum(SEARCH_TYPES),
  page: z.number().int(),
  people: z.array(personResultSchema),
  posts: z.array(postSchema),
  clips: z.array(reelSchema),
  tags: z.array(tagResultSchema),
  messages: z.array(messageResultSchema),
  /** Another page of this tab exists (always false for top). */
  hasMore: z.boolean(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const suggestAnswerSchema = z.object({
  success: z.literal(true),
  people: z.array(personResultSchema),
  tags: z.array(tagResultSchema),
});
export type SuggestAnswer = z.infer<typeof suggestAnswerSchema>;

export const recentSearchesAnswerSchema = z.object({ success: z.literal(true), recent: z.array(z.string()) });
export type RecentSearchesAnswer = z.infer<typeof recentSearchesAnswerSchema>;

export const tagPageAnswerSchema = z.object({
  success: z.literal(true),
  tag: tagResultSchema,
  sort: z.enum(['new', 'top']),
  page: z.number().int(),
  posts: z.array(postSchema),
  clips: z.array(reelSchema),
  hasMore: z.boolean(),
});
export type TagPageAnswer = z.infer<typeof tagPageAnswerSchema>;

export const tagFollowAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  tag: tagResultSchema,
});

export const followedTagsAnswerSchema = z.object({ success: z.literal(true), tags: z.array(tagResultSchema) });

export const trendingAnswerSchema = z.object({
  success: z.literal(true),
  /** `members`: distinct members who used the tag in the window. */
  tags: z.array(tagResultSchema.extend({ members: z.number().int() })),
  posts: z.array(postSchema),
});
export type TrendingAnswer = z.infer<typeof trendingAnswerSchema>;

/**
 * The hashtags of a text as stored and linked: '#' then letters (any script, with marks), digits and
 * underscores, not inside a word or a URL ("a#b" and "/x#frag" are not tags), lower-cased, distinct,
 * at most `max`. Shared by the server (indexing) and the web app (links), so both see the same tags.
 */
export function hashtagsOf(text: string, max = 20): string[] {
  const out: string[] = [];
  const re = /(^|[^\p{L}\p{M}\p{N}_/&#])#([\p{L}\p{M}\p{N}_]{1,50})(?![\p{L}\p{M}\p{N}_])/gu;
  for (const m of text.normalize('NFC').matchAll(re)) {
    const tag = m[2]!.toLowerCase();
    // A tag of digits only ("#1") is a number, not a topic.
    if (/^[\p{N}_]+$/u.test(tag) || out.includes(tag)) continue;
    out.push(tag);
    if (out.length >= max) break;
  }
  return out;
}
