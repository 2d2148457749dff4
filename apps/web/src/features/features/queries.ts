/**
 * The features board's server state: the suggestions, newest first or by votes, 10 a page (getFeatures
 * answers with the spec-like `features` event, echoing offset and sort); every member's changes arrive
 * as featureUpdated and are written into both cached orders. A vote is an optimistic toggle; votes and
 * status changes answer by acknowledgement (typed by the contract).
 */
import { skipToken, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  Events,
  type FEATURE_SORTS,
  type FeatureItem,
  type FeatureStatus,
  type ServerEventPayload,
} from '@sajha/contract';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, askFor } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';

export type FeatureSort = (typeof FEATURE_SORTS)[number];
export type FeaturesPage = ServerEventPayload<typeof Events.features>;
export type FeaturePages = InfiniteData<FeaturesPage>;
export type FeatureUpdate = ServerEventPayload<typeof Events.featureUpdated>;

export const featureKeys = {
  all: ['features'] as const,
  list: (sort: FeatureSort) => ['features', sort] as const,
};

/** The suggestions held, in order, each once (a page boundary can move while paging). */
export function itemsOf(data: FeaturePages | undefined): FeatureItem[] {
  const seen = new Set<string>();
  return (data?.pages ?? [])
    .flatMap((p) => p.features)
    .filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
}

export function useFeaturePages(sort: FeatureSort) {
  const socket = useConnectedSocket();
  return useInfiniteQuery({
    queryKey: featureKeys.list(sort),
    queryFn: socket
      ? ({ pageParam }) =>
          askFor(
            socket,
            { event: Events.features, match: (p) => p.sort === sort && p.offset === pageParam },
            Events.getFeatures,
            { offset: pageParam, sort },
          )
      : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.hasMore ? all.reduce((n, p) => n + p.features.length, 0) : undefined),
  });
}

/**
 * A suggestion as it is now, into every cached order: changed in place where held; a new one goes on
 * top of the newest-first list (the by-votes list places it when next loaded). `voted` is the member's
 * own and is kept from what the list held.
 */
export function putFeature(client: QueryClient, item: FeatureUpdate | FeatureItem): void {
  for (const sort of ['newest', 'votes'] as const) {
    client.setQueryData<FeaturePages>(featureKeys.list(sort), (data) => {
      const [first, ...rest] = data?.pages ?? [];
      if (!data || !first) return data;
      if (data.pages.some((p) => p.features.some((f) => f.id === item.id))) {
        const merge = (f: FeatureItem): FeatureItem => (f.id === item.id ? { ...f, ...item } : f);
        return { ...data, pages: data.pages.map((p) => ({ ...p, features: p.features.map(merge) })) };
      }
      if (sort !== 'newest') return data;
      const added: FeatureItem = { voted: false, ...item };
      return { ...data, pages: [{ ...first, features: [added, ...first.features] }, ...rest] };
    });
  }
}

/** Changes one suggestion wherever it is held. */
export function updateCachedFeature(client: QueryClient, id: string, fn: (item: FeatureItem) => FeatureItem): void {
  client.setQueriesData<FeaturePages>(
    { queryKey: featureKeys.all },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({ ...p, features: p.features.map((f) => (f.id === id ? fn(f) : f)) })),
      },
  );
}

export const sendVote = async (socket: MainSocket, id: string): Promise<FeatureItem> =>
  // The suggestion as it is now, with this member's `voted`.
  ask(socket, Events.voteFeature, { id });

export const sendStatus = async (socket: MainSocket, id: string, status: FeatureStatus): Promise<FeatureItem> =>
  ask(socket, Events.setFeatureStatus, { id, status });

/** suggestFeature answers as suggestionResponse, a refusal included (then the ack refuses as well). */
export async function sendSuggestion(
  socket: MainSocket,
  input: { feature: string; description: string },
): Promise<FeatureItem | undefined> {
  const answer = await askFor(socket, { event: Events.suggestionResponse }, Events.suggestFeature, input);
  if (answer.status === 'error') throw new Error(answer.message);
  return answer.feature;
}
