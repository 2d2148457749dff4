import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostDto } from '@sajha/contract';
import { createFeedStore, feedReducer, initialFeedState, useFeedState, type FeedPage } from './feedStore';

const post = (n: number, category: PostDto['category'] = 'travel'): PostDto => ({
  post_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  content: `post ${n}`,
  category,
  media: [],
  author: 'Ram',
  username: 'ram',
  image: null,
  timestamp: '2026-01-01T10:00:00.000Z',
  owner: false,
  liked: false,
  likes: 0,
});
const page = (posts: PostDto[], category?: FeedPage['category']): FeedPage => ({
  posts,
  totalCount: 10,
  ...(category ? { category } : {}),
});
const ids = (posts: PostDto[]) => posts.map((p) => p.content);

describe('feed store', () => {
  it('replaces on a first page, appends more pages without doubles, and knows when there is no more', () => {
    let s = feedReducer(initialFeedState, { type: 'page', page: page([post(1), post(2)]), more: false });
    s = feedReducer(s, { type: 'page', page: page([post(2), post(3)]), more: true });
    expect(ids(s.posts)).toEqual(['post 1', 'post 2', 'post 3']);
    expect([s.loading, s.lastBatch]).toEqual([false, 2]);
    s = feedReducer(s, { type: 'page', page: page([]), more: true });
    expect(s.lastBatch).toBe(0);
  });

  it('drops a late page for the category the reader left', () => {
    const food = feedReducer(initialFeedState, { type: 'reset', category: 'food' });
    expect(feedReducer(food, { type: 'page', page: page([post(1)], 'travel'), more: false })).toBe(food);
  });

  it("puts a post created here on top only when it fits the feed's category", () => {
    const travel = feedReducer(feedReducer(initialFeedState, { type: 'reset', category: 'travel' }), {
      type: 'page',
      page: page([post(1)], 'travel'),
      more: false,
    });
    expect(ids(feedReducer(travel, { type: 'created', post: post(2, 'travel') }).posts)).toEqual(['post 2', 'post 1']);
    expect(feedReducer(travel, { type: 'created', post: post(3, 'food') })).toBe(travel);
  });

  it("counts others' new posts once, for the feed's category, until shown", () => {
    let s = feedReducer(initialFeedState, { type: 'reset', category: 'tech' });
    s = feedReducer(s, { type: 'newPost', postId: 'a', category: 'tech' });
    s = feedReducer(s, { type: 'newPost', postId: 'a', category: 'tech' });
    s = feedReducer(s, { type: 'newPost', postId: 'b', category: 'food' });
    expect(s.fresh).toEqual(['a']);
    expect(feedReducer(s, { type: 'freshShown' }).fresh).toEqual([]);
  });

  it('hands a created post from the composer to a mounted feed', () => {
    const store = createFeedStore();
    const { result } = renderHook(() => useFeedState(store));
    act(() => store.dispatch({ type: 'page', page: page([post(1)]), more: false }));
    act(() => store.dispatch({ type: 'created', post: post(2) }));
    expect(ids(result.current.posts)).toEqual(['post 2', 'post 1']);
  });
});
