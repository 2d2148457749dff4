/**
 * Feed state (part 2 §4): loading, then a list; changing the category clears and reloads; more pages
 * load on demand; "no more" once the last page came back empty. Pages for another category (a late
 * answer after a switch) are dropped. A post created here is put on top when its category fits.
 * Posts that others make while the feed is open are counted ("N new posts") and shown on request, so
 * the list never jumps under the reader.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Events, type FeedCategory, type NewPostEvent, type PostDto, type ServerEventPayload } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { POST_CREATED_EVENT } from '../posts/CreatePostDialog';

type Page = ServerEventPayload<typeof Events.posts>;

export function useFeed(category: FeedCategory) {
  const { socket, connected } = useRealtime();
  const [posts, setPosts] = useState<PostDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [lastBatch, setLastBatch] = useState<number | null>(null);
  const [totalCount, setTotalCount] = useState(0);
  const [fresh, setFresh] = useState<string[]>([]);
  const state = useRef({ category, loading: true, count: 0, lastBatch: null as number | null });
  state.current.category = category;
  state.current.count = posts.length;
  state.current.lastBatch = lastBatch;

  const request = useCallback(
    (more: boolean) => {
      if (!socket) return;
      state.current.loading = true;
      setLoading(true);
      socket.emit(Events.fetchPosts, {
        offset: more ? state.current.count : 0,
        more,
        category: state.current.category,
      });
    },
    [socket],
  );

  useEffect(() => {
    if (!socket) return;
    const accept = (page: Page, more: boolean) => {
      if (page.category && page.category !== state.current.category) return;
      state.current.loading = false;
      setLoading(false);
      setLastBatch(page.posts.length);
      setTotalCount(page.totalCount);
      setPosts((list) => {
        if (!more) return page.posts;
        const seen = new Set(list.map((p) => p.post_id));
        return [...list, ...page.posts.filter((p) => !seen.has(p.post_id))];
      });
    };
    const onPosts = (p: Page) => accept(p, false);
    const onMore = (p: Page) => accept(p, true);
    socket.on(Events.posts, onPosts);
    socket.on(Events.morePosts, onMore);
    return () => {
      socket.off(Events.posts, onPosts);
      socket.off(Events.morePosts, onMore);
    };
  }, [socket]);

  // First load, category changes and reconnects start from the top.
  useEffect(() => {
    if (!connected) return;
    setPosts([]);
    setLastBatch(null);
    setFresh([]);
    request(false);
  }, [category, connected, request]);

  // While the feed is on screen it hears of new posts by others; it shows them when asked.
  useEffect(() => {
    if (!socket || !connected) return;
    const onNew = (p: NewPostEvent) => {
      const cat = state.current.category;
      if (cat !== 'all' && p.category !== cat) return;
      setFresh((ids) => (ids.includes(p.post_id) ? ids : [...ids, p.post_id]));
    };
    socket.on(Events.newPost, onNew);
    socket.emit(Events.watchFeed);
    return () => {
      socket.off(Events.newPost, onNew);
      socket.emit(Events.unwatchFeed);
    };
  }, [socket, connected]);

  useEffect(() => {
    const onCreated = (e: Event) => {
      const post = (e as CustomEvent<PostDto>).detail;
      const cat = state.current.category;
      if (cat === 'all' || post.category === cat) setPosts((list) => [post, ...list]);
    };
    window.addEventListener(POST_CREATED_EVENT, onCreated);
    return () => window.removeEventListener(POST_CREATED_EVENT, onCreated);
  }, []);

  const loadMore = useCallback(() => {
    if (state.current.loading || state.current.lastBatch === 0) return;
    request(true);
  }, [request]);
  const refresh = useCallback(() => {
    setFresh([]);
    request(false);
  }, [request]);
  // Ids already in the list (e.g. loaded by a scroll) are not new any more.
  const newCount = fresh.filter((id) => !posts.some((p) => p.post_id === id)).length;
  const update = useCallback((fn: (list: PostDto[]) => PostDto[]) => setPosts(fn), []);

  return { posts, loading, lastBatch, totalCount, loadMore, refresh, update, newCount };
}
