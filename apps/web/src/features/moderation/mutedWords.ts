/**
 * Muted words, matched on this side (the server stores them, the member's screens collapse what has one):
 * case-insensitive, whole words or phrases only ("art" does not hide "party"), in any script. A word's edge
 * is where a letter, a combining mark or a digit stops, so Devanagari, whose vowel signs and virama are
 * marks, keeps "नमस्ते" whole and does not hide it for a muted "नम". Both sides are NFC, so a letter typed as
 * one code point or as a letter and a nukta matches either way.
 */

/** Letters, marks (Devanagari matras, virama, nukta), digits and joiners: what a word is made of. */
const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}_\u200c\u200d]`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const normal = (s: string) => s.normalize('NFC').toLowerCase();

/** One muted word or phrase as a pattern: its parts in order, any run of spaces between them. */
const patternOf = (word: string) =>
  normal(word)
    .trim()
    .split(/\s+/u)
    .map(escape)
    .join(String.raw`\s+`);

export type MutedWordMatcher = (text: string | null | undefined) => string | null;

/** A matcher for a member's list: answers the first muted word a text contains, or null. */
export function mutedWordMatcher(words: readonly string[]): MutedWordMatcher {
  const usable = words.map((w) => w.trim()).filter(Boolean);
  if (usable.length === 0) return () => null;
  // Longest first, so a phrase is reported rather than a shorter word inside it.
  const ordered = [...usable].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<!${WORD_CHAR})(${ordered.map(patternOf).join('|')})(?!${WORD_CHAR})`, 'iu');
  return (text) => {
    if (!text) return null;
    const found = pattern.exec(normal(text));
    if (!found) return null;
    const hit = normal(found[1] ?? '').replace(/\s+/gu, ' ');
    return ordered.find((w) => normal(w).replace(/\s+/gu, ' ') === hit) ?? hit;
  };
}
