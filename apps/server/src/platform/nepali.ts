/**
 * Nepali as members type it, in either script: Devanagari romanized (IAST with its marks dropped), a sound
 * key that folds what romanized spellings disagree on, the words of a text, and postpositions written onto
 * a word. Shared by the help centre (features/help) and search (platform/search-index.ts).
 */
import Sanscript from '@indic-transliteration/sanscript';

export const DEVANAGARI = /[\u0900-\u097F]/;

/** Devanagari to plain Latin letters (IAST without its marks); other text is left alone. */
export function romanize(text: string): string {
  if (!DEVANAGARI.test(text)) return text;
  return Sanscript.t(text.normalize('NFC'), 'devanagari', 'iast')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A romanized word's sound key: what different spellings of one Nepali word share. */
export function soundKey(word: string): string {
  let w = word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');
  w = w
    .replace(/chh|ch|c/g, 'c')
    .replace(/sh|s/g, 's')
    .replace(/ph|f/g, 'f')
    .replace(/[vw]/g, 'b')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/([bcdgjklmnprstf])h/g, '$1')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/(.)\1+/g, '$1');
  // The inherent vowel: "badal", "badala" and "बदल" write it or not; drop it between or after consonants.
  const dropped = w.replace(/(?<=[^aeiou])a(?=[^aeiou]|$)/g, '');
  return dropped.length >= 2 ? dropped : w;
}

/** Words of a text: runs of letters, digits and Devanagari marks. */
export function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
}

/** Nepali postpositions and the plural, written onto the word ("खातामा", "settingko", "साथीहरूलाई"). */
const SUFFIXES = [
  'harulai',
  'haruko',
  'haruma',
  'harule',
  'haru',
  'lai',
  'bata',
  'sanga',
  'ko',
  'ka',
  'ki',
  'ma',
  'le',
];

/** The word without a postposition, when one is written onto it and enough of the word is left. */
export function withoutSuffix(roman: string): string | null {
  for (const suffix of SUFFIXES) {
    if (roman.endsWith(suffix) && roman.length - suffix.length >= 3) return roman.slice(0, -suffix.length);
  }
  return null;
}
