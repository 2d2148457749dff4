/**
 * Keeps a list of posts in step with likes, edits and deletes. Likes are optimistic (count moves by 1
 * at once) and roll back when the server refuses or does not answer. Edit and delete results (pMR)
 * apply only on success, and reach every open list, since the server sends them to all viewers.
 */
import { useCallback, useRef } from 'react';
import { Events, type PostDto, type ServerEventPayload } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';

type Update = (fn: (posts: PostDto[]) => PostDto[]) => void;
type Mutation = ServerEventPayload<typeof Events.postMutationResult>;

const ACK_TIMEOUT_MS = 8000;

export function usePostMutations(update: Update) {
  const { socket } = useRealtime();
  const toast = useToast();
  const pending = useRef(new Set<string>());

  useSocketEvents({
    [Events.postMutationResult]: (r: Mutation) => {
      const mine = pending.current.delete(`${r.type}:${r.post_id}`);
      if (!r.success) {
        if (mine || r.post_id === '') toast.show({ message: r.message, type: 'error', duration: 3000 });
        return;
      }
      if (r.type === 'delete') update((list) => list.filter((p) => p.post_id !== r.post_id));
      else if (r.content !== undefined) {
        const content = r.content;
        // `link` comes when the preview changed, also later on its own once the server fetched it.
        const link = r.link !== undefined ? { link: r.link } : {};
        update((list) => list.map((p) => (p.post_id === r.post_id ? { ...p, content, ...link } : p)));
      }
      if (mine) toast.show({ message: r.message, type: 'success' });
    },
  });

  const toggleLike = useCallback(
    (post: PostDto) => {
      if (!socket) return;
      const flip = (p: PostDto): PostDto =>
        p.post_id === post.post_id ? { ...p, liked: !p.liked, likes: Math.max(0, p.likes + (p.liked ? -1 : 1)) } : p;
      update((list) => list.map(flip));
      let settled = false;
      const rollback = () => {
        if (settled) return;
        settled = true;
        update((list) => list.map(flip));
      };
      const timer = window.setTimeout(rollback, ACK_TIMEOUT_MS);
      socket.emit(Events.likePost, { post_id: post.post_id }, (answer) => {
        window.clearTimeout(timer);
        if (!answer.ok) {
          toast.show({ message: answer.error, type: 'error' });
          return rollback();
        }
        settled = true;
        const data = answer.data as { liked: boolean; likes: number } | undefined;
        // The server's count wins (others may have liked meanwhile).
        if (data)
          update((list) =>
            list.map((p) => (p.post_id === post.post_id ? { ...p, liked: data.liked, likes: data.likes } : p)),
          );
      });
    },
    [socket, update, toast],
  );

  const editPost = useCallback(
    (postId: string, content: string) => {
      pending.current.add(`edit:${postId}`);
      socket?.emit(Events.editPost, { post_id: postId, content });
    },
    [socket],
  );
  const deletePost = useCallback(
    (postId: string) => {
      pending.current.add(`delete:${postId}`);
      socket?.emit(Events.deletePost, postId);
    },
    [socket],
  );
  const countComment = useCallback(
    (postId: string, by: number) =>
      update((list) => list.map((p) => (p.post_id === postId ? { ...p, comments: (p.comments ?? 0) + by } : p))),
    [update],
  );
  const countShare = useCallback(
    (postId: string) =>
      update((list) => list.map((p) => (p.post_id === postId ? { ...p, shares: (p.shares ?? 0) + 1 } : p))),
    [update],
  );

  return { toggleLike, editPost, deletePost, countComment, countShare };
}

export type PostMutations = ReturnType<typeof usePostMutations>;
