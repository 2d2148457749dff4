/** A vote on a suggestion: one per member, toggled; shown at once, rolled back with the refusal shown. */
import { useCallback } from 'react';
import type { FeatureItem } from '@sajha/contract';
import { useOptimisticToggle } from '../../lib/optimisticToggle';
import { putFeature, sendVote, updateCachedFeature } from './queries';

export const VOTE_FEATURE = ['features', 'vote'] as const;

/** The vote as the member saw it when clicking: what a refusal puts back. */
interface VoteVariables {
  id: string;
  voted: boolean;
  votes: number;
}

export function useVoteFeature(): (item: FeatureItem) => void {
  const toggle = useOptimisticToggle({
    key: VOTE_FEATURE,
    send: (socket, { id }: VoteVariables) => sendVote(socket, id),
    apply: (client, { id, voted, votes }) => {
      updateCachedFeature(client, id, (f) => ({ ...f, voted: !voted, votes: Math.max(0, votes + (voted ? -1 : 1)) }));
      return () => updateCachedFeature(client, id, (f) => ({ ...f, voted, votes }));
    },
    settle: (client, _variables, item) => putFeature(client, item),
  });
  return useCallback((item: FeatureItem) => toggle({ id: item.id, voted: item.voted, votes: item.votes }), [toggle]);
}
