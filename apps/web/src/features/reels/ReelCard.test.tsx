import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModerationMessages, type ReelDto } from '@sajha/contract';
import { AuthProvider } from '../../lib/auth';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { ReelCard, type ReelCardProps } from './ReelCard';

const reel: ReelDto = {
  id: '00000000-0000-4000-8000-0000000000c1',
  thumb: '/media/poster/a.jpg',
  title: 'Flood in the valley',
  description: 'After the monsoon rain',
  category: 'travel',
  sources: ['/media/reel/a.mp4'],
  stats: { likes: 0, comments: 0, shares: 0 },
  user: { username: 'asha', name: 'Asha Gurung', profile_image: null },
  liked: false,
  owner: false,
  timestamp: '2026-01-01T10:00:00.000Z',
  width: 1080,
  height: 1920,
  durationMs: 8000,
};

const noop = () => undefined;
const props = (over: Partial<ReelDto>): ReelCardProps => ({
  reel: { ...reel, ...over },
  index: 0,
  active: true,
  preload: false,
  muted: true,
  toggleSignal: 0,
  onMuteChange: noop,
  onEnded: noop,
  onLike: noop,
  onComments: noop,
  onShare: noop,
  onDelete: noop,
});

function wrapper(words: string[]) {
  const client = createQueryClient();
  // The member's muted words, where the one shared query keeps them (moderation/queries.ts).
  client.setQueryData(['moderation', 'mutedWords'], words);
  const Data = dataProviders(fakeServer(), client);
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <AuthProvider signedOut>
        <Data>{children}</Data>
      </AuthProvider>
    </MemoryRouter>
  );
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(noop);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a clip the member should not see at once', () => {
  it('a sensitive clip stays blurred and silent until Show, then plays', () => {
    const { container } = render(<ReelCard {...props({ sensitive: true })} />, { wrapper: wrapper([]) });
    screen.getByRole('group', { name: 'Sensitive content' });
    const video = container.querySelector('video')!;
    expect(video.hasAttribute('inert')).toBe(true);
    expect(getComputedStyle(video).filter).toContain('blur');
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.queryByRole('group', { name: 'Sensitive content' })).toBeNull();
    expect(video.hasAttribute('inert')).toBe(false);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('a clip with a muted word is hidden, its title too, until Show', () => {
    render(<ReelCard {...props({})} />, { wrapper: wrapper(['monsoon']) });
    screen.getByRole('group', { name: ModerationMessages.mutedWordHidden });
    expect(screen.getByRole('article').getAttribute('aria-label')).toBe(ModerationMessages.mutedWordHidden);
    expect(screen.queryByRole('heading', { name: 'Flood in the valley' })).toBeNull();
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    screen.getByRole('heading', { name: 'Flood in the valley' });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('a clip like any other plays at once and offers Report clip to others', () => {
    render(<ReelCard {...props({})} />, { wrapper: wrapper([]) });
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    screen.getByRole('menuitem', { name: 'Report clip' });
  });
});
