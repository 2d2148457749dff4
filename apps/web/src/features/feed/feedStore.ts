/**
 * The home feed's state as one store outside React: the composer (a dialog of the shell, wherever
 * it opens) hands a created post to the feed through it, and the feed reads it with
 * useSyncExternalStore. One reducer says what every page, new post and created post does to the list.
 */
import { useSyncExternalStore } from 'react';
import type { Events, FeedCategory, PostDto, ServerEventPayload } from '@sajha/contract';

export type FeedPage = ServerEventPayload<typeof Events.posts>;

export interface FeedState {
  category: FeedCategory;
  posts: PostDto[];
  loading: boolean;
  /** Size of the last page; 0 means there is no more. */
  lastBatch: number | null;
  totalCount: number;
  /** Ids of posts others made while the feed was open: counted, shown on request. */
  fresh: string[];
}

export type FeedAction =
  | { type: 'reset'; category: FeedCategory }
  | { type: 'requested' }
  | { type: 'page'; page: FeedPage; more: boolean }
  | { type: 'newPost'; postId: string; category: string | null | undefined }
  | { type: 'created'; post: PostDto }
  | { type: 'freshShown' }
  | { type: 'update'; fn: (list: PostDto[]) => PostDto[] };

export const initialFeedState: FeedState = {
  category: 'all',
  posts: [],
  loading: true,
  lastBatch: null,
  totalCount: 0,
  fresh: [],
};

const fits = (state: FeedState, category: string | null | undefined) =>
  state.category === 'all' || state.category === category;

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'reset':
      return { ...initialFeedState, category: action.category };
    case 'requested':
      return { ...state, loading: true };
    case 'page': {
      const { page, more } = action;
      // A late answer for the category the reader just left.
      if (page.category && page.category !== state.category) return state;
      const seen = new Set(state.posts.map((p) => p.post_id));
      return {
        ...state,
        loading: false,
        lastBatch: page.posts.length,
        totalCount: page.totalCount,
        posts: more ? [...state.posts, ...page.posts.filter((p) => !seen.has(p.post_id))] : page.posts,
      };
    }
    case 'newPost':
      if (!fits(state, action.category) || state.fresh.includes(action.postId)) return state;
      return { ...state, fresh: [...state.fresh, action.postId] };
    case 'created':
      if (!fits(state, action.post.category) || state.posts.some((p) => p.post_id === action.post.post_id))
        return state;
      return { ...state, posts: [action.post, ...state.posts] };
    case 'freshShown':
      return { ...state, fresh: [] };
    case 'update':
      return { ...state, posts: action.fn(state.posts) };
  }
}

export interface FeedStore {
  getState: () => FeedState;
  dispatch: (action: FeedAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createFeedStore(initial: FeedState = initialFeedState): FeedStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch: (action) => {
      const next = feedReducer(state, action);
      if (next === state) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** This tab's feed. */
export const feedStore = createFeedStore();

/** The composer's way in: a post created here goes on top when its category fits the feed. */
export const postCreated = (post: PostDto) => feedStore.dispatch({ type: 'created', post });

export function useFeedState(store: FeedStore = feedStore): FeedState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
