/**
 * Feed state (part 2 §4): loading, then a list; changing the category clears and reloads; more pages
 * load on demand; "no more" once the last page came back empty. Pages for another category (a late
 * answer after a switch) are dropped. A post created here is put on top when its category fits.
 * Posts that others make while the feed is open are counted ("N new posts") and shown on request, so
 * the list never jumps under the reader. The state itself lives in feedStore.ts.
 */
import { useCallback, useEffect } from 'react';
import { Events, type FeedCategory, type PostDto } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { feedStore, useFeedState } from './feedStore';

export function useFeed(category: FeedCategory) {
  const { socket, connected } = useRealtime();
  const { posts, loading, lastBatch, totalCount, fresh } = useFeedState();

  const request = useCallback(
    (more: boolean) => {
      if (!socket) return;
      const state = feedStore.getState();
      feedStore.dispatch({ type: 'requested' });
      socket.emit(Events.fetchPosts, { offset: more ? state.posts.length : 0, more, category: state.category });
    },
    [socket],
  );

  useSocketEvents({
    [Events.posts]: (page) => feedStore.dispatch({ type: 'page', page, more: false }),
    [Events.morePosts]: (page) => feedStore.dispatch({ type: 'page', page, more: true }),
    // While the feed is on screen it hears of new posts by others; it shows them when asked.
    [Events.newPost]: (p) => feedStore.dispatch({ type: 'newPost', postId: p.post_id, category: p.category }),
  });

  // First load, category changes and reconnects start from the top.
  useEffect(() => {
    if (!connected) return;
    feedStore.dispatch({ type: 'reset', category });
    request(false);
  }, [category, connected, request]);

  useEffect(() => {
    if (!socket || !connected) return;
    socket.emit(Events.watchFeed);
    return () => {
      socket.emit(Events.unwatchFeed);
    };
  }, [socket, connected]);

  const loadMore = useCallback(() => {
    const state = feedStore.getState();
    if (state.loading || state.lastBatch === 0) return;
    request(true);
  }, [request]);
  const refresh = useCallback(() => {
    feedStore.dispatch({ type: 'freshShown' });
    request(false);
  }, [request]);
  // Ids already in the list (e.g. loaded by a scroll) are not new any more.
  const newCount = fresh.filter((id) => !posts.some((p) => p.post_id === id)).length;
  const update = useCallback((fn: (list: PostDto[]) => PostDto[]) => feedStore.dispatch({ type: 'update', fn }), []);

  return { posts, loading, lastBatch, totalCount, loadMore, refresh, update, newCount };
}
