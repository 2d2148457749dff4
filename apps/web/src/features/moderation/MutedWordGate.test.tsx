import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModerationMessages } from '@sajha/contract';
import { AuthProvider } from '../../lib/auth';
import { createQueryClient } from '../../lib/queryClient';
import { dataProviders, fakeServer } from '../../lib/testing';
import { MutedWordGate } from './MutedWordGate';
import { moderationKeys } from './queries';

/** The one cached list of muted words, as the server sent it. */
function withWords(words: string[]) {
  const client = createQueryClient();
  client.setQueryData(moderationKeys.mutedWords, words);
  const Data = dataProviders(fakeServer(), client);
  return ({ children }: { children: ReactNode }) => (
    <AuthProvider signedOut>
      <Data>{children}</Data>
    </AuthProvider>
  );
}

describe('muted-word gate', () => {
  afterEach(cleanup);

  it('collapses someone else’s text with a muted word until Show', () => {
    render(
      <MutedWordGate texts={['आज चुनाव हुँदैछ']}>
        <p>आज चुनाव हुँदैछ</p>
      </MutedWordGate>,
      { wrapper: withWords(['चुनाव']) },
    );
    expect(screen.getByText(ModerationMessages.mutedWordHidden)).toBeTruthy();
    expect(screen.queryByText('आज चुनाव हुँदैछ')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('आज चुनाव हुँदैछ')).toBeTruthy();
    expect(screen.queryByText(ModerationMessages.mutedWordHidden)).toBeNull();
  });

  it('leaves the member’s own words and text without a muted word alone', () => {
    render(
      <>
        <MutedWordGate texts={['my spoiler']} own>
          <p>my spoiler</p>
        </MutedWordGate>
        <MutedWordGate texts={['nothing to hide']}>
          <p>nothing to hide</p>
        </MutedWordGate>
      </>,
      { wrapper: withWords(['spoiler']) },
    );
    expect(screen.getByText('my spoiler')).toBeTruthy();
    expect(screen.getByText('nothing to hide')).toBeTruthy();
    expect(screen.queryByText(ModerationMessages.mutedWordHidden)).toBeNull();
  });
});
