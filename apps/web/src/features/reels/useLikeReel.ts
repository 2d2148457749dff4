/** A reel's like: shown at once, rolled back with the refusal shown; one like in flight per reel. */
import { useCallback } from 'react';
import { Events, type ReelDto } from '@sajha/contract';
import { ask } from '../../lib/socketRequest';
import { SAVED_LIST } from '../posts';
import { useLocalize } from '../../i18n/language';
import { useOptimisticToggle } from '../../lib/optimisticToggle';
import { sendReelLike, updateCachedReel } from './queries';

export const LIKE_REEL = ['reels', 'like'] as const;

/** The reel as the member saw it when clicking: what a refusal puts back. */
interface ReelLikeVariables {
  id: string;
  liked: boolean;
  likes: number;
}

export function useLikeReel(): (reel: ReelDto) => void {
  const localize = useLocalize();
  const toggle = useOptimisticToggle({
    key: LIKE_REEL,
    send: (socket, { id }: ReelLikeVariables) => sendReelLike(socket, id),
    apply: (client, { id, liked, likes }) => {
      const set = (on: boolean, count: number) =>
        updateCachedReel(client, id, (r) => ({ ...r, liked: on, stats: { ...r.stats, likes: count } }));
      set(!liked, Math.max(0, likes + (liked ? -1 : 1)));
      return () => set(liked, likes);
    },
    settle: (client, { id }, answer) =>
      updateCachedReel(client, id, (r) => ({ ...r, liked: answer.liked, stats: { ...r.stats, likes: answer.likes } })),
    // The server's refusal, in the member's language.
    refusal: (message) => ({ message: localize(message), type: 'error' }),
  });
  return useCallback((reel: ReelDto) => toggle({ id: reel.id, liked: reel.liked, likes: reel.stats.likes }), [toggle]);
}

export const SAVE_REEL = ['reels', 'save'] as const;

/** Saved (issue 37): the clip's bookmark shows at once and rolls back if the server refuses. */
export function useSaveReel(): (reel: ReelDto) => void {
  const localize = useLocalize();
  const toggle = useOptimisticToggle({
    key: SAVE_REEL,
    send: (socket, { id, saved }: { id: string; saved: boolean }) =>
      ask(socket, Events.saveReel, { reelId: id, saved: !saved }),
    apply: (client, { id, saved }) => {
      updateCachedReel(client, id, (r) => ({ ...r, saved: !saved }));
      return () => updateCachedReel(client, id, (r) => ({ ...r, saved }));
    },
    settle: (client) => void client.invalidateQueries({ queryKey: SAVED_LIST }),
    refusal: (message) => ({ message: localize(message), type: 'error' }),
  });
  return useCallback((reel: ReelDto) => toggle({ id: reel.id, saved: reel.saved === true }), [toggle]);
}
