/**
 * Settings → Privacy as a member uses it: each change is saved at once with just that field, the
 * server's words are shown, and the signed-in member takes the new settings (the create dialog's
 * defaults, the blur); a refusal puts the saved setting back and says why.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrivacyText, type CurrentUser, type PrivacySettings } from '@sajha/contract';
import { dataProviders, fakeServer, signedInAs } from '../../lib/testing';
import PrivacyTab from './PrivacyTab';

const member: CurrentUser = {
  uid: '00000000-0000-4000-8000-0000000000a1',
  name: 'Asha Gurung',
  username: 'asha',
  avatar: null,
  privateAccount: false,
  defaultAudience: 'public',
  defaultReplies: 'everyone',
  showSensitive: false,
};
const saved: PrivacySettings = {
  privateAccount: false,
  defaultAudience: 'public',
  defaultReplies: 'everyone',
  messages: 'everyone',
  calls: 'everyone',
  showSensitive: false,
};

type Handler = (body: Record<string, unknown>) => { status: number; body: object };

/** The server: GET answers `saved`; each PATCH is recorded and answered by `patch` (by default, agreed). */
function serve(patch?: Handler) {
  const sent: Record<string, unknown>[] = [];
  let settings = { ...saved };
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const json = (status: number, body: object) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url === '/api/settings/privacy' && init?.method === 'PATCH') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      sent.push(body);
      if (patch) {
        const answer = patch(body);
        return json(answer.status, answer.body);
      }
      settings = { ...settings, ...body };
      return json(200, { success: true, message: PrivacyText.saved, settings });
    }
    if (url === '/api/settings/privacy') return json(200, { success: true, settings });
    if (url === '/api/follow-requests') return json(200, { success: true, requests: [] });
    return json(404, { success: false, message: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent };
}

function open() {
  const auth = signedInAs(member);
  const Providers = dataProviders(fakeServer(), undefined, auth);
  render(
    <Providers>
      <MemoryRouter>
        <PrivacyTab />
      </MemoryRouter>
    </Providers>,
  );
  return auth;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings → Privacy', () => {
  it('saves a private account at once, says so, links to the requests, and the member carries it', async () => {
    const { sent } = serve();
    const auth = open();
    const privateSwitch = await screen.findByRole('switch', { name: 'Private account' });
    expect((privateSwitch as HTMLInputElement).checked).toBe(false);
    // The one-line explanation is read with the switch.
    expect(privateSwitch.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Follow requests/ })).toBeNull();

    fireEvent.click(privateSwitch);
    await waitFor(() => expect(sent).toEqual([{ privateAccount: true }]));
    expect(await screen.findByText(PrivacyText.saved)).toBeTruthy();
    expect((privateSwitch as HTMLInputElement).checked).toBe(true);
    expect(auth.latest().privateAccount).toBe(true);
    expect(screen.getByRole('link', { name: /Follow requests/ }).getAttribute('href')).toBe('/friends/requests');
  });

  it('saves who can message me, and the default audience the create dialog starts with', async () => {
    const { sent } = serve();
    const auth = open();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Who can message me' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: PrivacyText.contactFriends }));
    await waitFor(() => expect(sent).toEqual([{ messages: 'friends' }]));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Default audience for new posts' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: PrivacyText.audienceFollowers }));
    await waitFor(() => expect(sent).toEqual([{ messages: 'friends' }, { defaultAudience: 'followers' }]));
    await waitFor(() => expect(auth.latest().defaultAudience).toBe('followers'));
    expect(screen.getByRole('combobox', { name: 'Default audience for new posts' }).textContent).toContain(
      PrivacyText.audienceFollowers,
    );
  });

  it('puts the setting back and shows the refusal when the server refuses', async () => {
    serve(() => ({ status: 429, body: { success: false, message: 'Too many changes. Try again in a minute.' } }));
    const auth = open();
    const sensitive = await screen.findByRole('switch', { name: 'Always show sensitive media' });
    fireEvent.click(sensitive);
    expect(await screen.findByText('Too many changes. Try again in a minute.')).toBeTruthy();
    await waitFor(() => expect((sensitive as HTMLInputElement).checked).toBe(false));
    expect(auth.latest().showSensitive).toBe(false);
  });
});
