/**
 * The words of a search, marked in a result's text: a snippet around the first word found (long
 * messages are cut, with "…" where they were), cut into runs that are matched or not. Matching is by
 * the words as typed, ignoring case; a hit the server found another way (a romanized spelling of a
 * Devanagari word) shows unmarked.
 */
export interface Run {
  text: string;
  match: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of a query, longest first (so "sathi" is marked whole before "sat"). */
function queryWords(q: string): string[] {
  const words = q.normalize('NFC').split(/\s+/u).filter(Boolean);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

function wordsPattern(q: string): RegExp | null {
  const words = queryWords(q);
  return words.length ? new RegExp(words.map(escape).join('|'), 'giu') : null;
}

/** At most `max` characters of `text` around the first word of `q` (whole text when short). */
export function snippet(text: string, q: string, max = 160): string {
  const clean = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const first = wordsPattern(q)?.exec(clean)?.index ?? 0;
  const start = Math.max(0, Math.min(first - Math.floor(max / 3), clean.length - max));
  const end = Math.min(clean.length, start + max);
  return `${start > 0 ? '…' : ''}${clean.slice(start, end).trim()}${end < clean.length ? '…' : ''}`;
}

/** `text` cut into runs, the words of `q` marked. */
export function highlightRuns(text: string, q: string): Run[] {
  const pattern = wordsPattern(q);
  if (!pattern) return text ? [{ text, match: false }] : [];
  const runs: Run[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), match: false });
    runs.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), match: false });
  return runs;
}
