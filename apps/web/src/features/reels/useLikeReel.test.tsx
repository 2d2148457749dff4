import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Events, type ReelDto } from '@sajha/contract';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { reelKeys, type ReelPages } from './queries';
import { useLikeReel } from './useLikeReel';

const REEL_ID = '00000000-0000-4000-8000-0000000000aa';
const reel: ReelDto = {
  id: REEL_ID,
  thumb: '',
  title: 'Rara lake',
  description: '',
  category: 'travel',
  sources: [],
  stats: { likes: 7, comments: 0, shares: 0 },
  user: { username: 'sita', name: 'Sita', profile_image: null },
  liked: false,
  owner: false,
  timestamp: '2026-01-01T10:00:00.000Z',
  width: null,
  height: null,
  durationMs: null,
};

function cacheWithReel() {
  const client = createQueryClient();
  client.setQueryData<ReelPages>(reelKeys.list, { pages: [{ reels: [reel], hasMore: false }], pageParams: [0] });
  const seen = () => {
    const r = client.getQueryData<ReelPages>(reelKeys.list)?.pages[0]?.reels[0];
    return r && [r.liked, r.stats.likes];
  };
  return { client, seen };
}

describe('liking a reel', () => {
  it('shows at once and rolls back with the refusal shown when the server refuses', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithReel();
    const { result } = renderHook(() => useLikeReel(), { wrapper: dataProviders(server, client) });

    act(() => result.current(reel));
    expect(seen()).toEqual([true, 8]);
    await waitFor(() => expect(server.sentOf(Events.likeReel)).toHaveLength(1));
    act(() => server.sentOf(Events.likeReel)[0]!.ack({ ok: false, error: 'This reel is not available.' }));

    await waitFor(() => expect(seen()).toEqual([false, 7]));
    expect(await screen.findByText('This reel is not available.')).toBeTruthy();
  });

  it("takes the server's count when it agrees", async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithReel();
    const { result } = renderHook(() => useLikeReel(), { wrapper: dataProviders(server, client) });

    act(() => result.current(reel));
    await waitFor(() => expect(server.sentOf(Events.likeReel)).toHaveLength(1));
    act(() => server.sentOf(Events.likeReel)[0]!.ack({ ok: true, data: { id: REEL_ID, liked: true, likes: 12 } }));
    await waitFor(() => expect(seen()).toEqual([true, 12]));
  });
});
