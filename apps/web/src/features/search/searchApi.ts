/**
 * Search and discovery's server state (issue 35). Lists that hold posts are keyed under the posts
 * root (`['posts', ...]`, pages with a `posts` array), so a like, an edit or a delete made anywhere
 * shows in search results, tag pages and trending as in the feed (posts/queries.ts).
 *
 *   ['search', 'suggest', q]                 people and tags as you type
 *   ['search', 'recent']                     the member's recent searches
 *   ['search', 'followedTags']               the tags the member follows
 *   ['posts', 'search', type, q, chatId]     pages of one tab of results
 *   ['posts', 'tag', name, sort]             pages of a tag's posts and clips
 *   ['posts', 'trending']                    one page: rising tags and posts
 */
import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  SEARCH_LIMITS,
  type RecentSearchesAnswer,
  type SearchAnswer,
  type SearchType,
  type SuggestAnswer,
  type TagPageAnswer,
  type TrendingAnswer,
} from '@sajha/contract';
import { call, Routes } from '../../lib/routesClient';

export const searchKeys = {
  suggest: (q: string) => ['search', 'suggest', q] as const,
  recent: ['search', 'recent'] as const,
  followedTags: ['search', 'followedTags'] as const,
  results: (type: SearchType, q: string, chatId = '') => ['posts', 'search', type, q, chatId] as const,
  allResults: ['posts', 'search'] as const,
  tag: (name: string, sort: TagSort) => ['posts', 'tag', name, sort] as const,
  allTags: ['posts', 'tag'] as const,
  trending: ['posts', 'trending'] as const,
};

export type TagSort = 'new' | 'top';

/** A refused or failed request: the status, and the server's words when it gave some (in the page's language). */
export class SearchLoadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `search request failed: ${status}`);
  }
}

/** What to tell the member of a failure: the server's words when it refused, else nothing (a generic text). */
export const refusalOf = (error: unknown): string | undefined =>
  error instanceof SearchLoadError && error.status < 500 ? error.serverMessage : undefined;

/** Retry for a failure that another try may mend; none for a refusal (the same question is refused again). */
export const retryUnlessRefused = (query: { error: unknown; refetch: () => Promise<unknown> }) =>
  refusalOf(query.error) ? undefined : () => void query.refetch();

const STALE = 30_000;

const nextPage = (last: { page: number; hasMore: boolean }) =>
  last.hasMore && last.page < SEARCH_LIMITS.maxPage ? last.page + 1 : undefined;

/** People and tags for the box, once the text is long enough (`q` is the settled text). */
export function useSuggestions(q: string) {
  const ready = q.length >= SEARCH_LIMITS.suggestMinChars;
  return useQuery({
    queryKey: searchKeys.suggest(q),
    staleTime: STALE,
    placeholderData: keepPreviousData,
    queryFn: ready
      ? async (): Promise<SuggestAnswer> => {
          const res = await call(Routes.searchSuggest, { query: { q } });
          if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
          return res.data;
        }
      : skipToken,
  });
}

/** The member's recent searches, asked for each time the empty box opens. */
export function useRecentSearches(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.recent,
    queryFn: enabled
      ? async (): Promise<RecentSearchesAnswer['recent']> => {
          const res = await call(Routes.searchRecent);
          if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
          return res.data.recent;
        }
      : skipToken,
  });
}

export async function clearRecentSearches(client: QueryClient): Promise<boolean> {
  const res = await call(Routes.searchRecentClear);
  if (res.ok) client.setQueryData(searchKeys.recent, []);
  return res.ok;
}

/** One tab of results, a page at a time ("Show more"); `chatId` narrows messages to one chat. */
export function useSearchResults(q: string, type: SearchType, chatId?: string) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: searchKeys.results(type, q, chatId),
    staleTime: STALE,
    initialPageParam: 0,
    getNextPageParam: nextPage,
    queryFn: q
      ? async ({ pageParam }): Promise<SearchAnswer> => {
          const query: Record<string, string> = { q, type, page: String(pageParam) };
          if (chatId) query.chatId = chatId;
          const res = await call(Routes.search, { query });
          if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
          // The server keeps this search among the member's recent ones.
          if (pageParam === 0) void client.invalidateQueries({ queryKey: searchKeys.recent });
          return res.data;
        }
      : skipToken,
  });
}

/** A tag's posts and clips, newest or top, a page at a time. */
export function useTagPage(name: string, sort: TagSort) {
  return useInfiniteQuery({
    queryKey: searchKeys.tag(name, sort),
    staleTime: STALE,
    initialPageParam: 0,
    getNextPageParam: nextPage,
    queryFn: async ({ pageParam }): Promise<TagPageAnswer> => {
      const res = await call(Routes.tagPage, { params: { name }, query: { sort, page: String(pageParam) } });
      if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
      return res.data;
    },
  });
}

export function useFollowedTags() {
  return useQuery({
    queryKey: searchKeys.followedTags,
    staleTime: STALE,
    queryFn: async () => {
      const res = await call(Routes.followedTags);
      if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
      return res.data.tags;
    },
  });
}

/** Rising tags and posts: one page, so the post cache (likes, edits) reaches its posts too. */
export function useTrending() {
  return useInfiniteQuery({
    queryKey: searchKeys.trending,
    staleTime: 60_000,
    initialPageParam: 0,
    getNextPageParam: () => undefined,
    queryFn: async (): Promise<TrendingAnswer> => {
      const res = await call(Routes.trending);
      if (!res.ok) throw new SearchLoadError(res.status, res.data.message);
      return res.data;
    },
  });
}

/** Every page's items of one kind, in order, each once (a post that moved between pages shows once). */
export function allOf<P, T>(data: InfiniteData<P> | undefined, pick: (page: P) => T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of pick(page)) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(item);
    }
  }
  return out;
}
