/**
 * What the home feed does with its pages, as pure functions over the cached pages (feed/queries.ts):
 * the posts in order without doubles, where the next page starts, which posts created here or by others
 * belong to a category's feed.
 */
import type { Events, FeedCategory, PostDto, ServerEventPayload } from '@sajha/contract';
import type { PostPages } from '../posts';

export type FeedPage = ServerEventPayload<typeof Events.posts>;
/** The pages of one category's feed; each page was asked at an offset (its page param). */
export type FeedPages = PostPages<FeedPage>;

/** Whether a post of `category` shows in the feed of `feed` ('all' shows every one). */
export const fitsFeed = (feed: FeedCategory, category: string | null | undefined): boolean =>
  feed === 'all' || feed === category;

/** Every loaded page in order; a post that moved into a later page while paging shows once. */
export function postsOf(data: FeedPages | undefined): PostDto[] {
  const seen = new Set<string>();
  const posts: PostDto[] = [];
  for (const page of data?.pages ?? [])
    for (const post of page.posts) {
      if (seen.has(post.post_id)) continue;
      seen.add(post.post_id);
      posts.push(post);
    }
  return posts;
}

/**
 * The next page starts where the server's last one ended (its offset plus what it sent, which is the
 * position the server's keyset cursor holds for this socket); an empty page means there is no more.
 */
export const nextOffset = (last: { posts: unknown[] }, lastOffset: number): number | undefined =>
  last.posts.length === 0 ? undefined : lastOffset + last.posts.length;

/** A post created here goes on top of a loaded feed whose category it fits, once. */
export function withCreatedPost(data: FeedPages | undefined, feed: FeedCategory, post: PostDto): FeedPages | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first || !fitsFeed(feed, post.category)) return data;
  if (data.pages.some((page) => page.posts.some((p) => p.post_id === post.post_id))) return data;
  return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
}

/** Others' new posts while the feed is open: counted once each, for the feed's category, until shown. */
export function withFreshPost(
  fresh: readonly string[],
  feed: FeedCategory,
  post: { post_id: string; category?: string | null },
): readonly string[] {
  if (!fitsFeed(feed, post.category) || fresh.includes(post.post_id)) return fresh;
  return [...fresh, post.post_id];
}
