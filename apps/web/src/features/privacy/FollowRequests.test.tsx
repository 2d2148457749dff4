/** The follow-requests list: Approve and Decline send the answer for that member; the row leaves once done. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrivacyText, type FollowRequestDto } from '@sajha/contract';
import { dataProviders, fakeServer, signedInAs } from '../../lib/testing';
import { FollowRequests } from './FollowRequests';

const request = (n: number, username: string, name: string): FollowRequestDto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  username,
  avatar: null,
  requestedAt: new Date().toISOString(),
});

function open(answers: Record<string, { status: number; message: string }>) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const json = (status: number, body: object) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url === '/api/follow-requests')
      return json(200, { success: true, requests: [request(1, 'bikash', 'Bikash'), request(2, 'sita', 'Sita')] });
    const username = url.slice('/api/follow-requests/'.length);
    sent.push({ url, body: JSON.parse(init?.body as string) });
    const a = answers[username]!;
    return json(
      a.status,
      a.status === 200 ? { success: true, message: a.message } : { success: false, message: a.message },
    );
  });
  const me = {
    uid: '00000000-0000-4000-8000-0000000000a1',
    name: 'Asha',
    username: 'asha',
    avatar: null,
    privateAccount: true,
  };
  const Providers = dataProviders(fakeServer(), undefined, signedInAs(me));
  render(
    <Providers>
      <MemoryRouter>
        <FollowRequests />
      </MemoryRouter>
    </Providers>,
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('follow requests', () => {
  it("approves one and declines another, each leaving the list with the server's words", async () => {
    const sent = open({
      bikash: { status: 200, message: PrivacyText.approved },
      sita: { status: 200, message: PrivacyText.declined },
    });
    const list = await screen.findByRole('list', { name: 'Follow requests' });
    expect(within(list).getAllByTestId('follow-request')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Approve Bikash' }));
    expect(await screen.findByText(PrivacyText.approved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Bikash' })).toBeNull());
    expect(sent).toEqual([{ url: '/api/follow-requests/bikash', body: { approve: true } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Decline Sita' }));
    expect(await screen.findByText(PrivacyText.declined)).toBeTruthy();
    expect(await screen.findByText('No follow requests.')).toBeTruthy();
    expect(sent[1]).toEqual({ url: '/api/follow-requests/sita', body: { approve: false } });
  });

  it('keeps the row and shows the refusal when the server refuses', async () => {
    open({ bikash: { status: 429, message: 'Slow down.' }, sita: { status: 200, message: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Bikash' }));
    expect(await screen.findByText('Slow down.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve Bikash' })).toBeTruthy();
  });
});
