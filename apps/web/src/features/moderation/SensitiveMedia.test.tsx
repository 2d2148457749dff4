import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@sajha/contract';
import { AuthContext } from '../../lib/auth';
import { signedInAs } from '../../lib/testing';
import { SensitiveMedia } from './SensitiveMedia';

const media = <img src="/media/post/a.jpg" alt="A photo" />;

describe('sensitive media', () => {
  afterEach(cleanup);

  it('covers sensitive media, inert and blurred, until Show is pressed', () => {
    render(<SensitiveMedia sensitive>{media}</SensitiveMedia>);
    const cover = screen.getByRole('group', { name: 'Sensitive content' });
    expect(cover.textContent).toContain('Sensitive content');
    // Covered: the picture is out of reach (no name to screen readers, no focus, no clicks).
    expect(screen.queryByRole('img', { name: 'A photo' })).toBeNull();
    const frame = screen.getByTestId('sensitive-media');
    expect(frame.dataset.covered).toBe('true');
    const holder = frame.firstElementChild as HTMLElement;
    expect(holder.hasAttribute('inert')).toBe(true);
    expect(getComputedStyle(holder).filter).toContain('blur');

    const show = screen.getByRole('button', { name: 'Show' });
    expect(show.tabIndex).toBe(0); // a real button, reachable by keyboard
    fireEvent.click(show);
    expect(screen.queryByRole('group', { name: 'Sensitive content' })).toBeNull();
    expect(screen.getByRole('img', { name: 'A photo' })).toBeTruthy();
    expect(frame.dataset.covered).toBe('false');
    expect(holder.hasAttribute('inert')).toBe(false);
    // The same element: the media were not loaded again.
    expect(frame.firstElementChild).toBe(holder);
  });

  it('shows media not marked sensitive as they are', () => {
    render(<SensitiveMedia sensitive={false}>{media}</SensitiveMedia>);
    expect(screen.getByRole('img', { name: 'A photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('shows sensitive media unblurred to a member who chose "Always show sensitive media", and covered to one who did not', () => {
    const member = (showSensitive: boolean): CurrentUser => ({
      uid: '00000000-0000-4000-8000-0000000000a1',
      name: 'Asha',
      username: 'asha',
      avatar: null,
      showSensitive,
    });
    const { unmount } = render(
      <AuthContext.Provider value={signedInAs(member(true))}>
        <SensitiveMedia sensitive>{media}</SensitiveMedia>
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'A photo' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Sensitive content' })).toBeNull();
    expect(screen.getByTestId('sensitive-media').dataset.covered).toBe('false');
    unmount();

    render(
      <AuthContext.Provider value={signedInAs(member(false))}>
        <SensitiveMedia sensitive>{media}</SensitiveMedia>
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('group', { name: 'Sensitive content' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'A photo' })).toBeNull();
  });
});
