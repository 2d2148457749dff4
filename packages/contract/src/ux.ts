/** User-facing texts added by the usability pass (issue 19). */
import { LIMITS } from './constants.js';

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
