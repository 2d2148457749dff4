/**
 * Feed state (part 2 §4): loading, then a list; changing the category shows that category's pages
 * (loaded anew); more pages load on demand; "no more" once the last page came back empty. Posts that
 * others make while the feed is open are counted ("N new posts") and shown on request, so the list
 * never jumps under the reader. The pages are a query (queries.ts); a post created here is put on top
 * by the composer (addCreatedPost).
 */
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Events, type FeedCategory } from '@sajha/contract';
import { useConnectedSocket } from '../../lib/realtime';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { postsOf, withFreshPost } from './feedPages';
import { feedKeys, useFeedPages, type FeedPages } from './queries';

export function useFeed(category: FeedCategory) {
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const pages = useFeedPages(category);
  const [fresh, setFresh] = useState<{ category: FeedCategory; ids: readonly string[] }>({ category, ids: [] });
  // Counted for the category on screen; another category starts from none.
  const freshIds = fresh.category === category ? fresh.ids : [];

  // While the feed is on screen it hears of new posts by others; it shows them when asked.
  useSocketEvents({
    [Events.newPost]: (post) =>
      setFresh((f) => ({ category, ids: withFreshPost(f.category === category ? f.ids : [], category, post) })),
  });
  useEffect(() => {
    if (!socket) return;
    socket.emit(Events.watchFeed);
    return () => {
      socket.emit(Events.unwatchFeed);
    };
  }, [socket]);

  const { hasNextPage, isFetching, isPending, fetchNextPage, refetch, data } = pages;
  const loadMore = useCallback(() => {
    if (isFetching || !hasNextPage) return;
    void fetchNextPage();
  }, [isFetching, hasNextPage, fetchNextPage]);
  // From the top: the first page replaces the list (as on a first load), which brings the new posts.
  const refresh = useCallback(() => {
    setFresh({ category, ids: [] });
    client.setQueryData<FeedPages>(
      feedKeys.list(category),
      (d) => d && { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) },
    );
    void refetch();
  }, [client, category, refetch]);

  const posts = postsOf(data);
  const last = data?.pages.at(-1);
  // Ids already in the list (e.g. loaded by a scroll) are not new any more.
  const newCount = freshIds.filter((id) => !posts.some((p) => p.post_id === id)).length;
  // Loading from the start (before the socket is up too) and while any page is on its way.
  const loading = isPending || isFetching;
  return { posts, loading, lastBatch: last ? last.posts.length : null, loadMore, refresh, newCount };
}
