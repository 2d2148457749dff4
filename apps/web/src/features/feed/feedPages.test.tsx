/**
 * The home feed's rules (the old feed store's tests, on the query cache that replaced it): pages in
 * order without doubles, no more after an empty page, a late page for another category dropped, a
 * created post on top only where it fits, others' new posts counted once until shown.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Events, type PostDto } from '@sajha/contract';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { nextOffset, postsOf, withCreatedPost, withFreshPost, type FeedPage, type FeedPages } from './feedPages';
import { addCreatedPost, feedKeys, fetchFeedPage } from './queries';
import { useFeed } from './useFeed';

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
const page = (posts: PostDto[], category: FeedPage['category'] = 'all', offset = 0): FeedPage => ({
  posts,
  totalCount: 10,
  category,
  offset,
});
const pages = (...list: FeedPage[]): FeedPages => ({ pages: list, pageParams: list.map((p) => p.offset) });
const contents = (posts: PostDto[]) => posts.map((p) => p.content);

describe('feed pages', () => {
  it('lists pages in order without doubles, and knows when there is no more', () => {
    const data = pages(page([post(1), post(2)]), page([post(2), post(3)], 'all', 2));
    expect(contents(postsOf(data))).toEqual(['post 1', 'post 2', 'post 3']);
    // The next page starts where the server's last one ended; an empty page ends the feed.
    expect(nextOffset(page([post(2), post(3)]), 2)).toBe(4);
    expect(nextOffset(page([]), 4)).toBeUndefined();
  });

  it('drops a late page for the category the reader left', async () => {
    const server = fakeServer();
    const answer = fetchFeedPage(server.socket, 'food', 0);
    let settled: FeedPage | undefined;
    void answer.then((p) => (settled = p));
    server.push(Events.posts, page([post(1, 'travel')], 'travel'));
    await Promise.resolve();
    expect(settled).toBeUndefined();
    server.push(Events.posts, page([post(2, 'food')], 'food'));
    expect(contents((await answer).posts)).toEqual(['post 2']);
    expect(server.sentOf(Events.fetchPosts).map((s) => s.args)).toEqual([
      [{ offset: 0, more: false, category: 'food' }],
    ]);
  });

  it("puts a post created here on top only when it fits the feed's category, once", () => {
    const travel = pages(page([post(1)], 'travel'));
    const withNew = withCreatedPost(travel, 'travel', post(2, 'travel'));
    expect(contents(postsOf(withNew))).toEqual(['post 2', 'post 1']);
    expect(withCreatedPost(withNew, 'travel', post(2, 'travel'))).toBe(withNew);
    expect(withCreatedPost(travel, 'travel', post(3, 'food'))).toBe(travel);
    expect(contents(postsOf(withCreatedPost(pages(page([post(1)])), 'all', post(3, 'food'))))).toEqual([
      'post 3',
      'post 1',
    ]);
  });

  it("counts others' new posts once, for the feed's category", () => {
    let fresh = withFreshPost([], 'tech', { post_id: 'a', category: 'tech' });
    fresh = withFreshPost(fresh, 'tech', { post_id: 'a', category: 'tech' });
    fresh = withFreshPost(fresh, 'tech', { post_id: 'b', category: 'food' });
    expect(fresh).toEqual(['a']);
  });

  it('hands a created post from the composer to a mounted feed, and counts new posts until shown', async () => {
    const server = fakeServer();
    const client = createQueryClient();
    const { result } = renderHook(() => useFeed('all'), { wrapper: dataProviders(server, client) });
    await waitFor(() => expect(server.sentOf(Events.fetchPosts)).toHaveLength(1));
    act(() => server.push(Events.posts, page([post(1)])));
    await waitFor(() => expect(contents(result.current.posts)).toEqual(['post 1']));

    act(() => addCreatedPost(client, post(2, 'food')));
    await waitFor(() => expect(contents(result.current.posts)).toEqual(['post 2', 'post 1']));
    expect(client.getQueryData<FeedPages>(feedKeys.list('all'))?.pages).toHaveLength(1);

    act(() => server.push(Events.newPost, { post_id: post(3).post_id, category: 'travel' }));
    act(() => server.push(Events.newPost, { post_id: post(3).post_id, category: 'travel' }));
    expect(result.current.newCount).toBe(1);
    // Shown on request: the first page is asked for again and replaces the list.
    act(() => result.current.refresh());
    expect(result.current.newCount).toBe(0);
    await waitFor(() => expect(server.sentOf(Events.fetchPosts)).toHaveLength(2));
    act(() => server.push(Events.posts, page([post(3), post(2), post(1)])));
    await waitFor(() => expect(contents(result.current.posts)).toEqual(['post 3', 'post 2', 'post 1']));
  });
});
