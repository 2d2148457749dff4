import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Events, type FeatureItem } from '@sajha/contract';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { featureKeys, type FeaturePages } from './queries';
import { useVoteFeature } from './useVoteFeature';

const item: FeatureItem = {
  id: '00000000-0000-4000-8000-0000000000f1',
  date: '2026-01-01T10:00:00.000Z',
  feature: 'Dark mode',
  description: 'Easier on the eyes at night.',
  user: 'Asha Gurung',
  username: 'asha',
  status: 'Pending',
  votes: 2,
  voted: false,
};

function cacheWithSuggestion() {
  const client = createQueryClient();
  for (const sort of ['newest', 'votes'] as const)
    client.setQueryData<FeaturePages>(featureKeys.list(sort), {
      pages: [{ features: [item], hasMore: false, offset: 0, sort, canModerate: false }],
      pageParams: [0],
    });
  const seen = () =>
    (['newest', 'votes'] as const).map((sort) => {
      const f = client.getQueryData<FeaturePages>(featureKeys.list(sort))?.pages[0]?.features[0];
      return f && [f.voted, f.votes];
    });
  return { client, seen };
}

describe('voting for a suggestion', () => {
  it('counts at once in both orders, once for an eager double click, and rolls back when refused', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithSuggestion();
    const { result } = renderHook(() => useVoteFeature(), { wrapper: dataProviders(server, client) });

    act(() => result.current(item));
    act(() => result.current({ ...item, voted: true, votes: 3 }));
    expect(seen()).toEqual([
      [true, 3],
      [true, 3],
    ]);
    await waitFor(() => expect(server.sentOf(Events.voteFeature)).toHaveLength(1));
    act(() => server.sentOf(Events.voteFeature)[0]!.ack({ ok: false, error: 'This suggestion no longer exists.' }));

    await waitFor(() =>
      expect(seen()).toEqual([
        [false, 2],
        [false, 2],
      ]),
    );
    expect(await screen.findByText('This suggestion no longer exists.')).toBeTruthy();
    expect(server.sentOf(Events.voteFeature)).toHaveLength(1);
  });
});
