/** Hashtags, mentions and web addresses in members' text: the same tags the server indexes, none inside a URL. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { hashtagsOf } from '@sajha/contract';
import { RichText, segmentsOf, type Segment } from './linkify';

afterEach(cleanup);

const links = (segments: Segment[]) => segments.filter((s) => s.kind !== 'text');
const tagsIn = (text: string) => segmentsOf(text).flatMap((s) => (s.kind === 'tag' ? [s.tag] : []));

describe('segmentsOf', () => {
  it('finds hashtags in any script, lower-cased, and keeps the rest as text', () => {
    expect(segmentsOf('k cha sathi ho #Dashain')).toEqual([
      { kind: 'text', text: 'k cha sathi ho ' },
      { kind: 'tag', text: '#Dashain', tag: 'dashain' },
    ]);
    expect(tagsIn('शुभ #दशैं, #Tihar_2082!')).toEqual(['दशैं', 'tihar_2082']);
  });

  it('agrees with the contract on what is a tag', () => {
    for (const text of [
      'a#b is not a tag, #1 is a number, #ok is',
      '#one#two (#three) "#four" &#39; x/#frag #पाँच',
      'mixed #Kathmandu #काठमाडौं #k_cha #2082 #_x',
    ]) {
      expect(tagsIn(text).filter((t, i, all) => all.indexOf(t) === i)).toEqual(hashtagsOf(text));
    }
  });

  it('never links inside a web address', () => {
    const parts = segmentsOf('see https://sajha.np/help#tags and mail a@b.np, thanks @ram.');
    expect(links(parts)).toEqual([
      { kind: 'url', text: 'https://sajha.np/help#tags' },
      { kind: 'mention', text: '@ram', username: 'ram' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('see https://sajha.np/help#tags and mail a@b.np, thanks @ram.');
  });

  it('sees a mention right after a Devanagari tag, and a tag after a link', () => {
    expect(links(segmentsOf('#नमस्ते@ram https://x.np #ok'))).toEqual([
      { kind: 'tag', text: '#नमस्ते', tag: 'नमस्ते' },
      { kind: 'mention', text: '@ram', username: 'ram' },
      { kind: 'url', text: 'https://x.np' },
      { kind: 'tag', text: '#ok', tag: 'ok' },
    ]);
  });
});

describe('RichText', () => {
  it('links tags to their page, mentions to the profile and addresses to a new tab', () => {
    render(
      <MemoryRouter>
        <p>
          <RichText text="Happy #Dashain @asha_g! Photos: https://example.com/a#b" />
        </p>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '#Dashain' }).getAttribute('href')).toBe('/tag/dashain');
    expect(screen.getByRole('link', { name: '@asha_g' }).getAttribute('href')).toBe('/u/@asha_g');
    const url = screen.getByRole('link', { name: 'https://example.com/a#b' });
    expect(url.getAttribute('target')).toBe('_blank');
    expect(url.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: '#b' })).toBeNull();
  });

  it('encodes a Devanagari tag in its path', () => {
    render(
      <MemoryRouter>
        <RichText text="#दशैं" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '#दशैं' }).getAttribute('href')).toBe(`/tag/${encodeURIComponent('दशैं')}`);
  });
});
