/**
 * The header's search box as a keyboard user meets it: suggestions after a pause, grouped, chosen with
 * the arrows and Enter (the focus stays in the box), Enter on the text searches, Escape closes, and an
 * empty box offers recent searches with a way to clear them.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProviders, fakeServer } from '../../lib/testing';
import { SearchCombobox } from './SearchCombobox';
import { highlightRuns, snippet } from './highlight';

const asha = {
  uid: '00000000-0000-4000-8000-00000000000a',
  name: 'Asha Gurung',
  username: 'asha_g',
  avatar: null,
  bio: '',
  following: false,
};

function answer(url: string, init?: RequestInit): object {
  if (url.startsWith('/api/search/suggest'))
    return { success: true, people: [asha], tags: [{ name: 'ashar', uses: 3, followed: false }] };
  if (url === '/api/search/recent' && init?.method === 'DELETE') return { success: true, message: 'cleared' };
  if (url === '/api/search/recent') return { success: true, recent: ['dashain', 'k cha'] };
  return { success: false, message: 'not found' };
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{decodeURIComponent(pathname + search)}</p>;
}

function open() {
  const fetchMock = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(answer(url, init)), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SearchCombobox />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <Where /> }],
      },
    ],
    { initialEntries: ['/home'] },
  );
  const Providers = dataProviders(fakeServer());
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { box: screen.getByRole('combobox', { name: 'Search people, posts, tags and messages' }), fetchMock };
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the search box', () => {
  it('suggests people and tags after a pause; the arrows choose, Enter opens the profile', async () => {
    const { box, fetchMock } = open();
    box.focus();
    fireEvent.change(box, { target: { value: 'as' } });
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Search for “as”']);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    const people = await screen.findByRole('group', { name: 'People' });
    expect(within(people).getByRole('option').textContent).toContain('Asha Gurung');
    expect(within(screen.getByRole('group', { name: 'Tags' })).getByRole('option').textContent).toContain('#ashar');
    expect(fetchMock).toHaveBeenCalledWith('/api/search/suggest?q=as', expect.anything());

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toContain('Asha Gurung');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(box);

    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/u/@asha_g'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('Enter on the text searches it; Escape closes the list, then empties the box', async () => {
    const { box } = open();
    box.focus();
    fireEvent.change(box, { target: { value: 'के छ' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');

    fireEvent.change(box, { target: { value: 'के छ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/search?q=के+छ'));
  });

  it('an empty box shows recent searches, and clearing them asks the server', async () => {
    const { box, fetchMock } = open();
    fireEvent.focus(box);
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['dashain', 'k cha', 'Clear recent searches']);
    fireEvent.click(within(recent).getByRole('option', { name: 'Clear recent searches' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/search/recent', expect.objectContaining({ method: 'DELETE' })),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull());
  });
});

describe('marking the words of a search', () => {
  it('marks each word, any case, and cuts a long text around the first one', () => {
    expect(highlightRuns('K cha sathi? k CHA!', 'k cha')).toEqual([
      { text: 'K', match: true },
      { text: ' ', match: false },
      { text: 'cha', match: true },
      { text: ' sathi? ', match: false },
      { text: 'k', match: true },
      { text: ' ', match: false },
      { text: 'CHA', match: true },
      { text: '!', match: false },
    ]);
    const long = `${'a '.repeat(200)}Dashain ${'b '.repeat(200)}`;
    const cut = snippet(long, 'dashain', 80);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('Dashain');
    expect(cut.length).toBeLessThanOrEqual(82);
  });
});
