/**
 * A private account's profile (issue 38) as a member who does not follow it sees it: a lock by the name,
 * "This account is private" instead of the posts (which are not even asked for), the counts without
 * links to the lists, and Follow that reads "Requested" while a request waits.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Events, PrivacyText, type ProfileDto, type ReelDto } from '@sajha/contract';
import { dataProviders, fakeServer, signedInAs } from '../../lib/testing';
import ProfilePage from './ProfilePage';

const bikash: ProfileDto = {
  uid: '00000000-0000-4000-8000-0000000000b1',
  name: 'Bikash',
  username: 'bikash',
  avatar: null,
  bio: 'Trekking guide',
  socials: [],
  counts: { followers: 5, following: 2, posts: 7 },
  following: false,
  followsYou: false,
  blocked: false,
  private: true,
  locked: true,
  requested: true,
};

/** Where the page is: the test reads the address the way a member sees it in the bar. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function open(profile: ProfileDto, at = '/u/bikash') {
  // Other lists the page reads over HTTP (muted members): none.
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ success: true, members: [], words: [] }), { status: 200 })),
  );
  const server = fakeServer();
  const me = { uid: '00000000-0000-4000-8000-0000000000a1', name: 'Asha', username: 'asha', avatar: null };
  const Providers = dataProviders(server, undefined, signedInAs(me));
  render(
    <Providers>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/u/:username" element={<ProfilePage />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Providers>,
  );
  const [ask] = server.sentOf(Events.fetchProfile);
  act(() => ask!.ack({ ok: true, data: profile }));
  return server;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a private account's profile", () => {
  it('shows the lock, the notice and "Requested", and does not ask for the posts', async () => {
    const server = open(bikash);
    await screen.findByRole('heading', { name: /Bikash/ });
    expect(screen.getByRole('img', { name: 'Private account' })).toBeTruthy();
    expect(screen.getByText(PrivacyText.privateAccount)).toBeTruthy();
    expect(screen.getByText('Trekking guide')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Requested: take back your follow request to Bikash' });
    expect(button.textContent).toBe('Requested');
    expect(server.sentOf(Events.fetchProfilePosts)).toHaveLength(0);
    // The lists are the followers' to see: the counts are not links.
    expect(screen.queryByRole('link', { name: /Followers/ })).toBeNull();
  });

  it('shows Follow to a member who has not asked, and the posts once they follow', async () => {
    open({ ...bikash, requested: false });
    expect((await screen.findByRole('button', { name: 'Follow' })).textContent).toBe('Follow');
    cleanup();

    const server = open({ ...bikash, requested: false, following: true, locked: false });
    await screen.findByRole('button', { name: 'Unfollow' });
    expect(screen.queryByText(PrivacyText.privateAccount)).toBeNull();
    expect(server.sentOf(Events.fetchProfilePosts)).toHaveLength(1);
  });
});

const clip: ReelDto = {
  id: '00000000-0000-4000-8000-0000000000c1',
  thumb: '/media/reel/poster.jpg',
  title: 'Rara lake in one breath',
  description: '',
  category: 'travel',
  sources: ['/media/reel/clip.mp4'],
  stats: { likes: 3, comments: 0, shares: 0 },
  user: { username: 'bikash', name: 'Bikash', profile_image: null },
  liked: false,
  owner: false,
  timestamp: '2025-01-02T03:04:05.000Z',
  width: 360,
  height: 640,
  durationMs: 2000,
};
const open_ = { ...bikash, private: false, locked: false, requested: false };

describe('a profile’s clips and address (issue 37)', () => {
  it('counts the member’s clips and lists them under the Clips tab', async () => {
    const server = open(open_);
    await screen.findByRole('heading', { name: /Bikash/ });
    const [asked] = server.sentOf(Events.getMemberReels);
    expect(asked?.args).toEqual([{ userId: bikash.uid, offset: 0, limit: 24 }]);
    act(() => asked!.ack({ ok: true, data: { reels: [clip], hasMore: false, total: 1 } }));
    expect((await screen.findByTestId('count-clips')).textContent).toBe('1');

    fireEvent.click(screen.getByRole('tab', { name: 'Clips' }));
    const tile = await screen.findByRole('link', { name: 'Clip: Rara lake in one breath' });
    expect(tile.getAttribute('href')).toBe(`/clips/${clip.id}`);
    expect(screen.getByRole('tab', { name: 'Clips' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('address').textContent).toBe('/u/bikash?tab=clips');
  });

  it('does not ask for the clips of a private account the viewer may not see', async () => {
    const server = open(bikash);
    await screen.findByText(PrivacyText.privateAccount);
    expect(server.sentOf(Events.getMemberReels)).toHaveLength(0);
    expect(screen.queryByTestId('count-clips')).toBeNull();
  });

  it('replaces a former username in the address with the new one, and titles the tab with it', async () => {
    open({ ...open_, username: 'bikash_thapa' }, '/u/@bikash?view=grid');
    await screen.findByRole('heading', { name: /Bikash/ });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/u/@bikash_thapa?view=grid'));
    await waitFor(() => expect(document.title).toBe('bikash_thapa - Profile'));
    // The grid the old link asked for is kept.
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
  });
});
