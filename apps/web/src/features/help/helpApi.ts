/** The help centre's three public routes, as queries (kept a while: articles change only with a deploy). */
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { HelpArticle, HelpArticleSummary, HelpSearchAnswer } from '@sajha/contract';
import { call, Routes } from '../../lib/routesClient';

const STALE = 5 * 60_000;

export const helpKeys = {
  index: ['help', 'index'] as const,
  article: (slug: string) => ['help', 'article', slug] as const,
  search: (q: string) => ['help', 'search', q] as const,
};

/** A failed load, with the server's words when it gave some (a missing article answers 404). */
export class HelpLoadError extends Error {
  constructor(readonly status: number) {
    super(`help request failed: ${status}`);
  }
}

export function useHelpIndex() {
  return useQuery({
    queryKey: helpKeys.index,
    staleTime: STALE,
    queryFn: async (): Promise<HelpArticleSummary[]> => {
      const res = await call(Routes.helpIndex);
      if (!res.ok) throw new HelpLoadError(res.status);
      return res.data.articles;
    },
  });
}

export function useHelpArticle(slug: string) {
  return useQuery({
    queryKey: helpKeys.article(slug),
    staleTime: STALE,
    retry: (count, err) => !(err instanceof HelpLoadError && err.status === 404) && count < 2,
    queryFn: async (): Promise<HelpArticle> => {
      const res = await call(Routes.helpArticle, { params: { slug } });
      if (!res.ok) throw new HelpLoadError(res.status);
      return res.data.article;
    },
  });
}

/** Articles for a question; `q` is the settled text of the box (empty: no request). */
export function useHelpSearch(q: string) {
  return useQuery({
    queryKey: helpKeys.search(q),
    staleTime: STALE,
    placeholderData: keepPreviousData,
    queryFn: q
      ? async (): Promise<HelpSearchAnswer> => {
          const res = await call(Routes.helpSearch, { query: { q } });
          if (!res.ok) throw new HelpLoadError(res.status);
          return res.data;
        }
      : skipToken,
  });
}
