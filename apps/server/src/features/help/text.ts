/**
 * How the help centre reads a question and an article alike, so the two meet: in English, in romanized
 * Nepali ("username kasari change garne") and in Devanagari ("प्रयोगकर्ता नाम कसरी बदल्ने").
 *
 * - Phrases members use for one thing become one word first (log out = sign out, dp = profile picture,
 *   reel = short video = clip, unfriend = unfollow), in the text and in the question (`canonical`).
 * - A Latin word gives its English stem (Porter, the `stemmer` package) and a sound key; a Devanagari word
 *   is transliterated (`@indic-transliteration/sanscript`, IAST with the marks dropped) and gives the sound
 *   key only. The key folds what romanized spellings disagree on (aspiration, long vowels, doubled
 *   letters, the inherent "a"), so "khata", "khaata" and "खाता" meet (`soundKey`).
 * - A small lexicon of common Nepali words (lexicon.ts) adds the English words they mean, so a Nepali
 *   question finds English words of an article and the reverse.
 * - Filler words of both languages ("how", "kasari", "garne", "ko") are dropped, and they tell the
 *   question's language (`questionLanguage`).
 */
import { stemmer } from 'stemmer';
import { rememberedPerWord } from '../../platform/memo.js';
import { romanize, soundKey, withoutSuffix, words } from '../../platform/nepali.js';
import { ENGLISH_STOP_WORDS, LEXICON, NEPALI_FUNCTION_WORDS, PHRASES } from './lexicon.js';

export { romanize, soundKey, withoutSuffix, words };

const DEVANAGARI = /[\u0900-\u097F]/;
const KEY_MARK = '~';

/** A Nepali postposition written onto the last word of a phrase ("साइन इनको", "लग इनमा") goes with it. */
const PHRASE_SUFFIX = '(?:हरूलाई|हरूको|हरू|को|का|की|मा|ले|लाई|बाट|सँग)?';
const compiledPhrases = PHRASES.map(
  ([from, to]) =>
    [
      new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${from})${PHRASE_SUFFIX}(?![\\p{L}\\p{N}\\p{M}])`, 'giu'),
      ` ${to} `,
    ] as const,
);

/** Lower-cased, with each phrase members use for one thing replaced by that one word. */
export function canonical(text: string): string {
  let t = text.toLowerCase().normalize('NFC');
  for (const [re, to] of compiledPhrases) t = t.replace(re, to);
  return t;
}

const stopKeys = new Set(NEPALI_FUNCTION_WORDS.map((w) => soundKey(romanize(w))));
const stopStems = new Set(ENGLISH_STOP_WORDS.map((w) => w.toLowerCase()));

/** Lexicon: sound key of a Nepali word (or its stem, for words of 3+ key letters) to English words. */
const lexicon = new Map<string, string[]>();
const lexiconStems: [string, string[]][] = [];
for (const [nepali, english] of LEXICON) {
  const meaning = english.split(/\s+/).filter(Boolean);
  for (const spelling of nepali.split(/\s*,\s*/).filter(Boolean)) {
    const key = soundKey(romanize(spelling));
    if (!key) continue;
    const stem = spelling.endsWith('*');
    if (stem && key.length >= 3) lexiconStems.push([key, meaning]);
    else lexicon.set(key, [...(lexicon.get(key) ?? []), ...meaning]);
  }
}
lexiconStems.sort((a, b) => b[0].length - a[0].length);

function meaningOf(key: string): string[] {
  const exact = lexicon.get(key);
  if (exact) return exact;
  for (const [stem, meaning] of lexiconStems) if (key.startsWith(stem)) return meaning;
  return [];
}

const englishTerm = (word: string): string => stemmer(word.toLowerCase());

/** One word of a question: the index terms it may match (any one counts as the word being found). */
export interface QueryWord {
  word: string;
  terms: string[];
}

/** Each word's terms, remembered (indexing the articles at start-up took over a second before). */
const knownTerms = rememberedPerWord(wordTerms);

/** The index terms of one word of an article (or of a question), or none for a filler word. */
export function termsOf(word: string): string[] {
  return [...knownTerms(word)];
}

function wordTerms(word: string): string[] {
  const latin = !DEVANAGARI.test(word);
  const roman = romanize(word).toLowerCase();
  const stem = withoutSuffix(roman);
  const key = soundKey(roman);
  const stemKey = stem ? soundKey(stem) : null;
  if (stopKeys.has(key) && (!latin || stopKeys.has(soundKey(word)))) return [];
  if (latin && stopStems.has(word.toLowerCase())) return [];
  const meaning = meaningOf(key).length > 0 || !stemKey ? meaningOf(key) : meaningOf(stemKey);
  // A Nepali word that means only filler ("kasailai" = someone) is filler too.
  if (meaning.length > 0 && meaning.every((m) => stopStems.has(m))) return [];
  // A lone digit is "to"/"for" in chat spelling ("how 2 block"); numbers of two digits or more stay.
  if (/^\d$/.test(word)) return [];
  const terms = new Set<string>();
  if (latin && word.length >= 2) terms.add(englishTerm(word));
  if (key.length >= 2) terms.add(KEY_MARK + key);
  if (stemKey && stemKey.length >= 2 && !stopKeys.has(stemKey)) terms.add(KEY_MARK + stemKey);
  for (const meant of meaning) if (!stopStems.has(meant)) terms.add(englishTerm(meant));
  return [...terms];
}

/** A question as words and their terms (filler words gone). */
export function queryWords(question: string): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  for (const word of words(canonical(question))) {
    const terms = termsOf(word);
    const id = terms.join(' ');
    if (terms.length === 0 || seen.has(id)) continue;
    seen.add(id);
    out.push({ word, terms });
  }
  return out;
}

/** Every index term of a text (an article's title, keywords or body). */
export function textTerms(text: string): string[] {
  return words(canonical(text)).flatMap(termsOf);
}

/**
 * The language to answer in: Nepali for Devanagari and for romanized Nepali (members who type Nepali in
 * Latin letters read Devanagari; two of its filler words, or one in a question of up to six words, tell it),
 * else English.
 */
export function questionLanguage(question: string): 'en' | 'ne' {
  if (DEVANAGARI.test(question)) return 'ne';
  const all = words(question.toLowerCase());
  const nepali = all.filter((w) => !stopStems.has(w) && stopKeys.has(soundKey(w))).length;
  return nepali >= 2 || (nepali === 1 && all.length <= 6) ? 'ne' : 'en';
}
