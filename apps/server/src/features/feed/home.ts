/**
 * The home feed (part 2 §4): every member's posts, newest first, optionally one category, ten a page.
 * The category source feeds the shared steps; a follows or reels source would plug in beside it.
 */
import { FEED_PAGE_SIZE, type FeedCategory, type PostDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { hydratePosts, presentVisible, type HydratedPost } from '../posts/index.js';
import { categoryCandidates } from './repo.js';
import { createPipeline, decodeCursor, encodeCursor, type FeedPage, type Position } from './pipeline.js';

export interface FeedCtx {
  deps: AppDeps;
  viewerId: string;
}

export interface HomeParams {
  category: FeedCategory;
  /** The wire's paging; ignored when a cursor is given. */
  offset: number;
  cursor?: string | undefined;
  limit?: number;
}

/** Drops what this viewer must not see: posts deleted since the candidates were read, and blocked authors. */
export function visible<T extends { id: string }>(items: T[], hydrated: Map<string, HydratedPost>): T[] {
  return items.filter((i) => {
    const h = hydrated.get(i.id);
    return h !== undefined && !h.blocked;
  });
}

export function presentHydrated(items: { id: string }[], hydrated: Map<string, HydratedPost>, viewerId: string) {
  return presentVisible(
    items.map((i) => i.id),
    hydrated,
    viewerId,
  );
}

const categoryFeed = createPipeline<HomeParams, Position, Map<string, HydratedPost>, PostDto, FeedCtx>({
  async candidates({ deps, viewerId }, params) {
    const limit = params.limit ?? FEED_PAGE_SIZE;
    const { items, total } = await categoryCandidates(deps.db, viewerId, {
      category: params.category,
      after: decodeCursor(params.cursor),
      offset: params.offset,
      limit,
    });
    const last = items.at(-1);
    return { items, total, cursor: items.length === limit && last ? encodeCursor(last) : null };
  },
  hydrate: ({ deps, viewerId }, _params, items) =>
    hydratePosts(
      deps.db,
      viewerId,
      items.map((i) => i.id),
    ),
  filter: (_ctx, items, hydrated) => visible(items, hydrated),
  present: ({ viewerId }, items, hydrated) => presentHydrated(items, hydrated, viewerId),
});

/** One page for fetchPosts: the posts, the category's total (as before: every post in it) and a cursor. */
export async function homeFeed(
  deps: AppDeps,
  viewerId: string,
  params: HomeParams,
): Promise<{ posts: PostDto[]; totalCount: number; cursor: string | null }> {
  const page: FeedPage<PostDto> = await categoryFeed({ deps, viewerId }, params);
  return { posts: page.views, totalCount: page.total ?? 0, cursor: page.cursor };
}
