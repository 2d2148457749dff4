import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Events, type PostDto } from '@sajha/contract';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { postKeys, type PostPages } from './queries';
import { useLikePost, usePostActions } from './usePostActions';

const POST_ID = '00000000-0000-4000-8000-000000000001';
const post: PostDto = {
  post_id: POST_ID,
  content: 'Sunrise over Phewa',
  category: 'travel',
  media: [],
  author: 'Ram',
  username: 'ram',
  image: null,
  timestamp: '2026-01-01T10:00:00.000Z',
  owner: false,
  liked: false,
  likes: 3,
};
const feedKey = [...postKeys.all, 'feed', 'all'];

/** A cache holding the post twice, as the feed and the post screen would. */
function cacheWithPost() {
  const client = createQueryClient();
  client.setQueryData<PostPages>(feedKey, { pages: [{ posts: [post] }], pageParams: [0] });
  client.setQueryData(postKeys.one(POST_ID), post);
  const seen = () => {
    const inFeed = client.getQueryData<PostPages>(feedKey)?.pages[0]?.posts[0];
    const onScreen = client.getQueryData<PostDto>(postKeys.one(POST_ID));
    return [inFeed && [inFeed.liked, inFeed.likes], onScreen && [onScreen.liked, onScreen.likes]];
  };
  return { client, seen };
}

describe('liking a post', () => {
  it('shows at once everywhere, and rolls back with the refusal shown when the server refuses', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithPost();
    const { result } = renderHook(() => useLikePost(), { wrapper: dataProviders(server, client) });

    act(() => result.current(post));
    expect(seen()).toEqual([
      [true, 4],
      [true, 4],
    ]);
    // A second click while the first waits for its answer is not sent (the server toggles).
    act(() => result.current({ ...post, liked: true, likes: 4 }));
    await waitFor(() => expect(server.sentOf(Events.likePost)).toHaveLength(1));
    const [like] = server.sentOf(Events.likePost);
    expect(like!.args).toEqual([{ post_id: POST_ID }]);

    act(() => like!.ack({ ok: false, error: 'This post no longer exists.' }));
    await waitFor(() =>
      expect(seen()).toEqual([
        [false, 3],
        [false, 3],
      ]),
    );
    expect(await screen.findByText('This post no longer exists.')).toBeTruthy();
    expect(server.sentOf(Events.likePost)).toHaveLength(1);
  });

  it("keeps the server's count once it agrees (others may have liked meanwhile)", async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithPost();
    const { result } = renderHook(() => useLikePost(), { wrapper: dataProviders(server, client) });

    act(() => result.current(post));
    await waitFor(() => expect(server.sentOf(Events.likePost)).toHaveLength(1));
    act(() => server.sentOf(Events.likePost)[0]!.ack({ ok: true, data: { post_id: POST_ID, liked: true, likes: 9 } }));
    await waitFor(() =>
      expect(seen()).toEqual([
        [true, 9],
        [true, 9],
      ]),
    );
  });

  it("applies another viewer's edit and delete (pMR) to every cached list", async () => {
    const server = fakeServer();
    const { client } = cacheWithPost();
    renderHook(() => usePostActions(), { wrapper: dataProviders(server, client) });

    act(() =>
      server.push(Events.postMutationResult, {
        success: true,
        type: 'edit',
        post_id: POST_ID,
        content: 'Sunset over Phewa',
        message: 'Post updated',
      }),
    );
    expect(client.getQueryData<PostDto>(postKeys.one(POST_ID))?.content).toBe('Sunset over Phewa');
    act(() =>
      server.push(Events.postMutationResult, {
        success: true,
        type: 'delete',
        post_id: POST_ID,
        message: 'Post deleted',
      }),
    );
    await waitFor(() => expect(client.getQueryData<PostPages>(feedKey)?.pages[0]?.posts).toEqual([]));
  });

  it("sends an edit's audience, reply setting and sensitive mark, and applies them from the answer (issue 38)", async () => {
    const server = fakeServer();
    const { client } = cacheWithPost();
    const { result } = renderHook(() => usePostActions(), { wrapper: dataProviders(server, client) });

    act(() =>
      result.current.editPost(POST_ID, {
        content: 'Sunrise over Phewa, friends only',
        audience: 'friends',
        replies: 'nobody',
      }),
    );
    await waitFor(() => expect(server.sentOf(Events.editPost)).toHaveLength(1));
    expect(server.sentOf(Events.editPost)[0]!.args).toEqual([
      { post_id: POST_ID, content: 'Sunrise over Phewa, friends only', audience: 'friends', replies: 'nobody' },
    ]);
    act(() =>
      server.push(Events.postMutationResult, {
        success: true,
        type: 'edit',
        post_id: POST_ID,
        content: 'Sunrise over Phewa, friends only',
        audience: 'friends',
        replies: 'nobody',
        sensitive: false,
        message: 'Post updated',
      }),
    );
    await waitFor(() => {
      const inFeed = client.getQueryData<PostPages>(feedKey)?.pages[0]?.posts[0];
      expect([inFeed?.audience, inFeed?.replies, inFeed?.sensitive]).toEqual(['friends', 'nobody', false]);
    });
    const onScreen = client.getQueryData<PostDto>(postKeys.one(POST_ID));
    expect([onScreen?.content, onScreen?.audience]).toEqual(['Sunrise over Phewa, friends only', 'friends']);
  });
});
