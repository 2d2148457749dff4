import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Events, Messages, PrivacyText, type FriendRow, type ProfileDto } from '@sajha/contract';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { peopleKeys, type FriendLists } from './queries';
import { useFollow } from './relations';

const row: FriendRow = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Bikash',
  avatar: null,
  mutual: 1,
  username: 'bikash',
  following: false,
};
const profile: ProfileDto = {
  uid: row.id,
  name: 'Bikash',
  username: 'bikash',
  avatar: null,
  bio: '',
  socials: [],
  counts: { followers: 5, following: 2, posts: 0 },
  following: false,
  followsYou: true,
  blocked: false,
};

function cacheWithMember() {
  const client = createQueryClient();
  client.setQueryData(peopleKeys.profile('bikash'), profile);
  client.setQueryData<FriendLists>(peopleKeys.listsOf(''), { followers: [row], following: [], suggestions: [] });
  const seen = () => {
    const p = client.getQueryData<ProfileDto>(peopleKeys.profile('bikash'));
    const lists = client.getQueryData<FriendLists>(peopleKeys.listsOf(''));
    return [p && [p.following, p.counts.followers], lists?.followers[0]?.following];
  };
  return { client, seen };
}

describe('following a member', () => {
  it('moves the button and the count at once, and moves them back with "Error" when the server says otherwise', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithMember();
    const { result } = renderHook(() => useFollow(), { wrapper: dataProviders(server, client) });

    act(() => result.current({ id: 'bikash', follow: true, row }));
    expect(seen()).toEqual([[true, 6], true]);
    await waitFor(() => expect(server.sentOf(Events.follow)).toHaveLength(1));
    // aFR carries a refusal as its message (the ack is ok): anything but the success message is refused.
    act(() => server.sentOf(Events.follow)[0]!.ack({ ok: true, data: { message: 'You cannot follow this member.' } }));

    await waitFor(() => expect(seen()).toEqual([[false, 5], false]));
    expect(await screen.findByText('You cannot follow this member.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('keeps the follow and adds the member to my Following list when the server agrees', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWithMember();
    const { result } = renderHook(() => useFollow(), { wrapper: dataProviders(server, client) });

    act(() => result.current({ id: 'bikash', follow: true, row }));
    await waitFor(() => expect(server.sentOf(Events.follow)).toHaveLength(1));
    act(() => server.sentOf(Events.follow)[0]!.ack({ ok: true, data: { message: Messages.friends.followed } }));

    expect(await screen.findByText(Messages.friends.added)).toBeTruthy();
    expect(seen()).toEqual([[true, 6], true]);
    expect(client.getQueryData<FriendLists>(peopleKeys.listsOf(''))?.following.map((r) => r.username)).toEqual([
      'bikash',
    ]);
  });
});

describe('following a private account (issue 38)', () => {
  const privateProfile: ProfileDto = { ...profile, followsYou: false, private: true, locked: true };

  function cacheWith(p: ProfileDto) {
    const client = createQueryClient();
    client.setQueryData(peopleKeys.profile('bikash'), p);
    const seen = () => {
      const q = client.getQueryData<ProfileDto>(peopleKeys.profile('bikash'))!;
      return { following: q.following, requested: q.requested, followers: q.counts.followers };
    };
    return { client, seen };
  }

  it('asks: the button reads Requested at once, the count stays, and the server\'s "Follow request sent." is shown', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWith(privateProfile);
    const { result } = renderHook(() => useFollow(), { wrapper: dataProviders(server, client) });

    act(() => result.current({ id: 'bikash', follow: true }));
    expect(seen()).toEqual({ following: false, requested: true, followers: 5 });
    await waitFor(() => expect(server.sentOf(Events.follow)).toHaveLength(1));
    act(() => server.sentOf(Events.follow)[0]!.ack({ ok: true, data: { message: PrivacyText.requested } }));

    expect(await screen.findByText(PrivacyText.requested)).toBeTruthy();
    expect(seen()).toEqual({ following: false, requested: true, followers: 5 });
  });

  it('corrects a guess made on a profile not known as private: a request is not a follow', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWith({ ...privateProfile, private: false, locked: false });
    const { result } = renderHook(() => useFollow(), { wrapper: dataProviders(server, client) });

    act(() => result.current({ id: 'bikash', follow: true }));
    expect(seen()).toEqual({ following: true, requested: undefined, followers: 6 });
    await waitFor(() => expect(server.sentOf(Events.follow)).toHaveLength(1));
    act(() => server.sentOf(Events.follow)[0]!.ack({ ok: true, data: { message: PrivacyText.requested } }));

    await waitFor(() => expect(seen()).toEqual({ following: false, requested: true, followers: 5 }));
  });

  it('takes a request back with the same button (unfollow), and puts it back if refused', async () => {
    const server = fakeServer();
    const { client, seen } = cacheWith({ ...privateProfile, requested: true });
    const { result } = renderHook(() => useFollow(), { wrapper: dataProviders(server, client) });

    act(() => result.current({ id: 'bikash', follow: false }));
    expect(seen()).toEqual({ following: false, requested: false, followers: 5 });
    await waitFor(() => expect(server.sentOf(Events.unfollow)).toHaveLength(1));
    act(() => server.sentOf(Events.unfollow)[0]!.ack({ ok: true, data: { message: PrivacyText.requestWithdrawn } }));
    expect(await screen.findByText(PrivacyText.requestWithdrawn)).toBeTruthy();
    expect(seen()).toEqual({ following: false, requested: false, followers: 5 });

    // Asked again, and refused: Requested goes back to Follow.
    act(() => result.current({ id: 'bikash', follow: true }));
    await waitFor(() => expect(server.sentOf(Events.follow)).toHaveLength(1));
    act(() => server.sentOf(Events.follow)[0]!.ack({ ok: true, data: { message: PrivacyText.alreadyRequested } }));
    await waitFor(() => expect(seen()).toEqual({ following: false, requested: false, followers: 5 }));
  });
});
