/**
 * fetchPosts on /real (part 2 §7). The wire pages by offset; each socket remembers where its last page
 * ended, so asking for the next offset continues from that keyset position (an index range scan however
 * far the reader scrolls, and no post skipped or repeated when posts arrive or go between pages).
 * Any other offset (a jump, a new category) is served by offset as before.
 */
import { Events, type FeedCategory } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import type { IoSocket } from '../../realtime/types.js';
import { postRoom } from '../posts/index.js';
import { homeFeed } from './home.js';

// One small record per socket that has read a page: the page that may come next (gone with the socket).
const nextPage = new WeakMap<IoSocket, { category: FeedCategory; offset: number; cursor: string }>();

export const feedSocket = [
  // Blocked authors are left out in the query (policy/relations.ts), not after loading.
  on(Events.fetchPosts, { action: 'feed.read' }, async ([{ offset, more, category }], { deps, socket, actor }) => {
    const next = nextPage.get(socket);
    const cursor = next && offset > 0 && next.category === category && next.offset === offset ? next.cursor : undefined;
    const page = await homeFeed(deps, actor.id, { category, offset, cursor });
    if (page.cursor) nextPage.set(socket, { category, offset: offset + page.posts.length, cursor: page.cursor });
    else nextPage.delete(socket);
    await socket.join(page.posts.map((p) => postRoom(p.post_id)));
    socket.emit(more ? Events.morePosts : Events.posts, {
      posts: page.posts,
      totalCount: page.totalCount,
      category,
      offset,
    });
    return { count: page.posts.length, totalCount: page.totalCount };
  }),
];
