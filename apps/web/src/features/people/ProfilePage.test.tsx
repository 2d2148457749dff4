/**
 * A private account's profile (issue 38) as a member who does not follow it sees it: a lock by the name,
 * "This account is private" instead of the posts (which are not even asked for), the counts without
 * links to the lists, and Follow that reads "Requested" while a request waits.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Events, PrivacyText, type ProfileDto } from '@sajha/contract';
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

function open(profile: ProfileDto) {
  // Other lists the page reads over HTTP (muted members): none.
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ success: true, members: [], words: [] }), { status: 200 })),
  );
  const server = fakeServer();
  const me = { uid: '00000000-0000-4000-8000-0000000000a1', name: 'Asha', username: 'asha', avatar: null };
  const Providers = dataProviders(server, undefined, signedInAs(me));
  render(
    <Providers>
      <MemoryRouter initialEntries={['/u/bikash']}>
        <Routes>
          <Route path="/u/:username" element={<ProfilePage />} />
        </Routes>
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
