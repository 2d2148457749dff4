/**
 * What a member does to posts in any list (the feed, a profile, the post screen), on the one cache of
 * posts (queries.ts). A like shows at once and rolls back if the server refuses or does not answer; an
 * edit or a delete changes the lists only when the server reports it (pMR), which it sends to every
 * screen showing the post, so another member's edit reaches this one too.
 */
import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Events, type PostDto } from '@sajha/contract';
import { useLocalize } from '../../i18n/language';
import { useOptimisticToggle } from '../../lib/optimisticToggle';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, errorMessage } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { applyMutationResult, sendLike, sendPostMutation, updateCachedPost, type PostEdit } from './queries';

export const LIKE_POST = ['posts', 'like'] as const;

/** The like as the member saw it when clicking: what a refusal puts back. */
export interface LikeVariables {
  id: string;
  liked: boolean;
  likes: number;
}

export function useLikePost(): (post: PostDto) => void {
  const localize = useLocalize();
  const toggle = useOptimisticToggle({
    key: LIKE_POST,
    send: (socket, { id }: LikeVariables) => sendLike(socket, id),
    apply: (client, { id, liked, likes }) => {
      updateCachedPost(client, id, (p) => ({ ...p, liked: !liked, likes: Math.max(0, likes + (liked ? -1 : 1)) }));
      return () => updateCachedPost(client, id, (p) => ({ ...p, liked, likes }));
    },
    // The server's count wins (others may have liked meanwhile).
    settle: (client, { id }, answer) =>
      updateCachedPost(client, id, (p) => ({ ...p, liked: answer.liked, likes: answer.likes })),
    // The server's refusal, in the member's language.
    refusal: (message) => ({ message: localize(message), type: 'error' }),
  });
  return useCallback((post: PostDto) => toggle({ id: post.post_id, liked: post.liked, likes: post.likes }), [toggle]);
}

export const SAVE_POST = ['posts', 'save'] as const;
/** The Saved list's cache (features/saved), asked again after a post or clip is saved or unsaved. */
export const SAVED_LIST = ['posts', 'saved'] as const;

/** Saved (issue 37): the bookmark shows at once and rolls back if the server refuses. */
export function useSavePost(): (post: PostDto) => void {
  const localize = useLocalize();
  const toggle = useOptimisticToggle({
    key: SAVE_POST,
    send: (socket, { id, saved }: { id: string; saved: boolean }) =>
      ask(socket, Events.savePost, { post_id: id, saved: !saved }),
    apply: (client, { id, saved }) => {
      updateCachedPost(client, id, (p) => ({ ...p, saved: !saved }));
      return () => updateCachedPost(client, id, (p) => ({ ...p, saved }));
    },
    settle: (client, { id }, answer) => {
      updateCachedPost(client, id, (p) => ({ ...p, saved: answer.saved }));
      void client.invalidateQueries({ queryKey: SAVED_LIST });
    },
    refusal: (message) => ({ message: localize(message), type: 'error' }),
  });
  return useCallback((post: PostDto) => toggle({ id: post.post_id, saved: post.saved === true }), [toggle]);
}

type PostChange = Parameters<typeof sendPostMutation>[1];

export function usePostActions(options: { onDeleted?: (postId: string) => void } = {}) {
  const client = useQueryClient();
  const socket = useConnectedSocket();
  const toast = useToast();
  const { t } = useTranslation('posts');
  const localize = useLocalize();
  const { onDeleted } = options;

  useSocketEvents({
    [Events.postMutationResult]: (result) => {
      applyMutationResult(client, result);
      if (result.success && result.type === 'delete') onDeleted?.(result.post_id);
    },
  });

  const { mutate } = useMutation({
    mutationFn: async (change: PostChange) => {
      if (!socket) throw new Error(t('errors.notConnected'));
      const result = await sendPostMutation(socket, change);
      if (!result.success) throw new Error(result.message);
      return result;
    },
    // The lists change through the pMR every viewer gets (above); the author is told how it went.
    onSuccess: (result) => toast.show({ message: localize(result.message), type: 'success' }),
    onError: (error) => toast.show({ message: localize(errorMessage(error, '')), type: 'error', duration: 3000 }),
  });

  const toggleLike = useLikePost();
  const editPost = useCallback((postId: string, edit: PostEdit) => mutate({ type: 'edit', postId, ...edit }), [mutate]);
  const deletePost = useCallback((postId: string) => mutate({ type: 'delete', postId }), [mutate]);
  const countComment = useCallback(
    (postId: string, by: number) =>
      updateCachedPost(client, postId, (p) => ({ ...p, comments: (p.comments ?? 0) + by })),
    [client],
  );
  const countShare = useCallback(
    (postId: string) => updateCachedPost(client, postId, (p) => ({ ...p, shares: (p.shares ?? 0) + 1 })),
    [client],
  );

  const toggleSaved = useSavePost();
  return { toggleLike, toggleSaved, editPost, deletePost, countComment, countShare };
}

export type PostCardActions = ReturnType<typeof usePostActions>;
