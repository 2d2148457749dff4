/** A clip for a member who reads Nepali: the card's names and its counts in their language and digits. */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReelDto } from '@sajha/contract';
import { switchTo } from '../../i18n/language';
import { AuthProvider } from '../../lib/auth';
import { dataProviders, fakeServer } from '../../lib/testing';
import { ReelCard } from './ReelCard';

const reel: ReelDto = {
  id: '00000000-0000-4000-8000-0000000000c2',
  thumb: '',
  title: 'Rara lake',
  description: '',
  category: 'travel',
  sources: [],
  stats: { likes: 1234, comments: 5, shares: 0 },
  user: { username: 'sita', name: 'Sita', profile_image: null },
  liked: false,
  owner: false,
  timestamp: '2026-01-01T10:00:00.000Z',
  width: null,
  height: null,
  durationMs: null,
};

const noop = () => undefined;
const Data = dataProviders(fakeServer());
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <AuthProvider signedOut>
      <Data>{children}</Data>
    </AuthProvider>
  </MemoryRouter>
);

beforeAll(async () => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(noop);
  await switchTo({ locale: 'ne', calendar: 'bs', digits: 'deva' });
});
afterAll(async () => {
  cleanup();
  vi.restoreAllMocks();
  await switchTo({ locale: 'en', calendar: 'gregorian', digits: 'latn' });
});

describe('a clip in Nepali', () => {
  it('names its actions in Nepali and counts in Devanagari digits', () => {
    render(
      <ReelCard
        reel={reel}
        index={0}
        active={false}
        preload={false}
        muted
        toggleSignal={0}
        onMuteChange={noop}
        onEnded={noop}
        onLike={noop}
        onComments={noop}
        onShare={noop}
        onDelete={noop}
      />,
      { wrapper },
    );
    screen.getByRole('button', { name: 'लाइक गर्नुहोस्' });
    screen.getByRole('button', { name: 'थप विकल्पहरू' });
    expect(screen.getByTestId('like-count').textContent).toBe('१,२३४');
    expect(screen.getByTestId('comments-count').textContent).toBe('५');
    screen.getByText('यात्रा');
  });
});
