/**
 * Post facts -> emits. A socket joins `post:{id}` for every post it was shown (feed pages, one post),
 * so an edit or delete reaches the screens showing that post and nobody else (never across a block
 * with its author); `comments:{id}` while the post's comments are open; `feed` while a feed is open.
 */
import { Events } from '@sajha/contract';
import type { Listeners } from '../../feature.js';
import type { AppDeps } from '../../deps.js';
import type { ContentRef } from '../../events/map.js';
import { userRoom, type IoServer } from '../../realtime/types.js';
import { listComments } from '../engagement/index.js';

export const postRoom = (postId: string): string => `post:${postId}`;
/**
 * Sockets with a post's comments open. Apart from `post:{id}` (every screen showing the post, which
 * hears edits and deletes): closing the comments must not stop a feed hearing that the post changed.
 */
export const commentsRoom = (postId: string): string => `comments:${postId}`;
export const FEED_ROOM = 'feed';

/**
 * Runs one post's thread refreshes one after another: each reads the thread as it is then, so the last
 * list a screen gets is the newest (two at once could land in either order).
 */
const threads = new Map<string, Promise<void>>();
function oneAtATime(key: string, run: () => Promise<void>): Promise<void> {
  const next = (threads.get(key) ?? Promise.resolve()).then(run, run);
  threads.set(key, next);
  void next.finally(() => {
    if (threads.get(key) === next) threads.delete(key);
  });
  return next;
}

export const postsListeners: Listeners = {
  'post.created': ({ authorId, post_id, category, hiddenFrom }, { io }) => {
    io.main
      .to(FEED_ROOM)
      .except([authorId, ...hiddenFrom].map(userRoom))
      .emit(Events.newPost, { post_id, category });
  },
  'post.mutated': ({ actorId, result, hiddenFrom, authorOnly }, { io }) => {
    io.main
      .to(authorOnly ? [userRoom(actorId)] : [postRoom(result.post_id), userRoom(actorId)])
      .except(hiddenFrom.map(userRoom))
      .emit(Events.postMutationResult, result);
  },
  // Each member viewing the thread gets it as they see it (comments across a block with them left out).
  'comments.changed': ({ content }, { deps, io }) =>
    content.kind !== 'post' ? undefined : oneAtATime(content.id, () => refreshThread(content, deps, io.main)),
};

async function refreshThread(content: ContentRef, deps: AppDeps, io: IoServer): Promise<void> {
  const sockets = await io.in(commentsRoom(content.id)).fetchSockets();
  const viewers = new Map<string, typeof sockets>();
  for (const s of sockets) viewers.set(s.data.user.uid, [...(viewers.get(s.data.user.uid) ?? []), s]);
  for (const [uid, theirs] of viewers) {
    // Open since before a block with the author: no longer theirs to hear.
    if (await deps.policy.relations.blockedEitherWay(uid, content.ownerId)) continue;
    const comments = await listComments(deps, content, uid);
    for (const s of theirs) s.emit(Events.comments, { post_id: content.id, comments });
  }
}
