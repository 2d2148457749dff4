/**
 * Misspelt query words ("trekkng", "dashian", "anapurna"): a word of four letters or more that no public
 * text has (none of its lexemes is in `search_words`, nor, for the word still being typed, any word
 * starting with it) also matches the nearest vocabulary words: candidates found by trigram similarity
 * (pg_trgm's GIN index), kept when their edit distance is small for the word's length (one edit up to
 * five letters, two beyond). A word that is known is never corrected, so a correct query is read as typed.
 */
import { distance } from 'fastest-levenshtein';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, textArray } from '../../db/rows.js';
import {
  lexemesOfWord,
  queryWords,
  toSearchQuery,
  type QueryWord,
  type SearchQuery,
} from '../../platform/search-index.js';

const MIN_LETTERS = 4;
const CANDIDATES = 12;
const KEPT = 3;

const allowedEdits = (word: string): number => ([...word].length <= 5 ? 1 : 2);

/** Which of `words` some public text has (as written, or as a prefix for the word still being typed): one query. */
async function knownWords(db: Db, words: QueryWord[]): Promise<boolean[]> {
  if (words.length === 0) return [];
  // Each word's lexemes as one text (lexemes never hold a space), split again per word in SQL.
  const lexemes = words.map((w) => w.lexemes.join(' '));
  const prefixes = words.map((w) => (w.prefix ? '1' : '0')).join('');
  const rows = rowsOf<{ i: number | string; known: unknown }>(
    await db.execute(sql`
      select w.i, exists (select 1 from search_words where word = any(string_to_array(w.lex, ' ')))
        or (substr(${prefixes}, w.i::int, 1) = '1' and exists (
          select 1 from unnest(string_to_array(w.lex, ' ')) l(x)
          where exists (select 1 from search_words s where s.word >= l.x and s.word < l.x || chr(1114111)))
        ) as known
      from unnest(${textArray(lexemes)}) with ordinality as w(lex, i)`),
  );
  const out = words.map(() => false);
  for (const r of rows) out[Number(r.i) - 1] = r.known === true || r.known === 't';
  return out;
}

/** The nearest vocabulary words to `word` (letters only, by trigram, then by edit distance). */
async function nearest(db: Db, word: string): Promise<string[]> {
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
      select word from search_words where word % ${word}
      order by similarity(word, ${word}) desc limit ${CANDIDATES}`),
  );
  const max = allowedEdits(word);
  return rows
    .map((r) => ({ word: r.word, d: distance(r.word, word) }))
    .filter((r) => r.d > 0 && r.d <= max)
    .sort((a, b) => a.d - b.d)
    .slice(0, KEPT)
    .map((r) => r.word);
}

/** The query with each unknown word's nearest known spellings added to its alternatives. */
export async function correctedQuery(db: Db, text: string, prefix = true): Promise<SearchQuery> {
  const words = queryWords(text, prefix);
  const checked = words.filter((w) => [...w.word].length >= MIN_LETTERS && !/\d/.test(w.word));
  const known = new Set((await knownWords(db, checked)).flatMap((k, i) => (k ? [checked[i]] : [])));
  const out: QueryWord[] = [];
  for (const w of words) {
    if (!checked.includes(w) || known.has(w)) {
      out.push(w);
      continue;
    }
    // The word as written, and its sound key (the vocabulary holds both, the key marked with '~').
    const key = w.lexemes.find((l) => l.startsWith('~'));
    const near = [...(await nearest(db, w.word)), ...(key && key.length > MIN_LETTERS ? await nearest(db, key) : [])];
    const extra = near.flatMap((n) => (n.startsWith('~') ? [n] : lexemesOfWord(n)));
    out.push({ ...w, lexemes: [...new Set([...w.lexemes, ...extra])], prefix: false });
  }
  return toSearchQuery(out, text);
}
