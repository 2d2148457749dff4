/** User-facing texts added by the usability pass (issue 19). */
import { z } from 'zod';
import { LIMITS, POST_CATEGORIES } from './constants.js';
import { idSchema, isoDate } from './entities.js';

/** chat_read: your messages in this chat sent at or before `upTo` have been read by every other member. */
export const chatReadSchema = z.object({ chatId: idSchema, upTo: isoDate });
export type ChatRead = z.infer<typeof chatReadSchema>;

/** new_post: someone posted while this feed was open (the feed fetches it when the member asks). */
export const newPostSchema = z.object({
  post_id: idSchema,
  category: z.enum(POST_CATEGORIES).nullable(),
});
export type NewPostEvent = z.infer<typeof newPostSchema>;

export const UxMessages = {
  /** Shown under the post text box when typing or a paste went past the limit and the rest was cut. */
  postTruncated: `Posts can have at most ${LIMITS.postContentMax} characters; the rest was cut.`,
  /** The pill over an open feed when others posted since it loaded. */
  newPosts: (n: number) => (n === 1 ? '1 new post' : `${n} new posts`),
  /** A visitor on a shared post who tries to like it. */
  signInToLike: 'Sign in to like this post',
  signIn: 'Sign in',
} as const;

/** Keeps post text within the limit; says whether anything was cut. */
export function capPostContent(text: string): { text: string; cut: boolean } {
  const max = LIMITS.postContentMax;
  if (text.length <= max) return { text, cut: false };
  // Never split an emoji's surrogate pair at the edge.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}
