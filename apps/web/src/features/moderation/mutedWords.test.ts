import { describe, expect, it } from 'vitest';
import { mutedWordMatcher } from './mutedWords';

describe('muted words', () => {
  it('matches whole words, case-insensitively, and not inside other words', () => {
    const match = mutedWordMatcher(['spoiler', 'art']);
    expect(match('No SPOILERS here')).toBeNull();
    expect(match('Big Spoiler: he lives')).toBe('spoiler');
    expect(match('spoiler!')).toBe('spoiler');
    expect(match('(spoiler)')).toBe('spoiler');
    expect(match('What a party')).toBeNull();
    expect(match('Street art in Patan')).toBe('art');
    expect(match('')).toBeNull();
    expect(match(undefined)).toBeNull();
  });

  it('matches phrases across any run of spaces, longest first', () => {
    const match = mutedWordMatcher(['election', 'election results']);
    expect(match('The election\n  RESULTS are in')).toBe('election results');
    expect(match('After the election, calm')).toBe('election');
    expect(mutedWordMatcher(['world cup'])('world-cup cupcakes')).toBeNull();
  });

  it('matches Nepali in Devanagari as whole words (vowel signs and virama belong to the word)', () => {
    const match = mutedWordMatcher(['चुनाव', 'नम']);
    expect(match('आज चुनाव हुँदैछ।')).toBe('चुनाव');
    expect(match('चुनावको नतिजा')).toBeNull(); // a suffix joined to the word: another word
    expect(match('नमस्ते साथी')).toBeNull(); // नम inside नमस्ते
    // A word that ends where a vowel sign follows is cut short: चुन is not a word of चुनाव.
    expect(mutedWordMatcher(['चुन'])('आज चुनाव')).toBeNull();
    expect(mutedWordMatcher(['चुन'])('चुन र छान')).toBe('चुन');
    expect(match('नम, भन्नुहोस्')).toBe('नम');
    // A nukta letter typed precomposed or as letter + nukta is the same word.
    expect(mutedWordMatcher(['\u0958'])('x \u0915\u093c y')).toBe('\u0958');
  });

  it('treats the words as text, not as patterns, and an empty list hides nothing', () => {
    expect(mutedWordMatcher(['c++'])('I write c++ daily')).toBe('c++');
    expect(mutedWordMatcher(['a.b'])('axb')).toBeNull();
    expect(mutedWordMatcher([])('anything at all')).toBeNull();
    expect(mutedWordMatcher(['  '])('anything at all')).toBeNull();
  });
});
