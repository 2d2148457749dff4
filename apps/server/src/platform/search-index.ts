/**
 * How a text is indexed for search and how a query reads it, so that English, Devanagari and romanized
 * Nepali meet ("k cha" finds "के छ", "dashain" finds "दशैं", "chha", "cha" and "xa" are one word).
 *
 * Every word of a text gives a few lexemes, stored as a `tsvector` built from them as they are
 * (`array_to_tsvector`: no parser, no dictionary, so the same code decides the lexemes of a text and of a
 * query; this is where the `simple` configuration and `unaccent` would act, done here once for both):
 * - the word itself, lower-cased, Latin accents dropped ("café" -> "cafe");
 * - for a Latin word its English stem (Porter: "festivals" -> "festiv");
 * - `~` + its sound key: Devanagari romanized (IAST, marks dropped, the nasal sign as "n"), then the key of
 *   platform/nepali.ts, which folds aspiration, vowel length, doubled letters and the inherent "a"; the
 *   chat spellings "x" (for छ/च) and a few shorthands ("k" = के) are read as what they stand for;
 * - `~` + the key without a Nepali postposition written onto the word ("दशैंको" -> "dashain").
 *
 * A query is the same lexemes per word: any one of a word's lexemes counts as the word found, every word
 * must be found, the last word also as a prefix of what it is written as when it has four letters or more
 * ("trek" finds "trekking"; a sound key is never a prefix: short keys would match most of the index). Filler words ("the", "ko",
 * "ma") are left out of a query that has other words.
 */
import { sql, type SQL } from 'drizzle-orm';
import { hashtagsOf } from '@sajha/contract';
import { stemmer } from 'stemmer';
import type { Db } from '../db/client.js';
import { textArray } from '../db/rows.js';
import { hashtags } from '../db/schema.js';
import { rememberedPerWord } from './memo.js';
import { DEVANAGARI, romanize, soundKey, withoutSuffix, words } from './nepali.js';

const KEY = '~';
/** The shortest last word read as a prefix too. */
const PREFIX_MIN = 4;

/** Shorthands members type for whole Nepali words. */
const SHORTHANDS: Record<string, string> = {
  k: 'ke',
  j: 'je',
  hjr: 'hajur',
  tmi: 'timi',
  tpai: 'tapai',
};

/** Words a query of several words can do without: they are in nearly every text. */
const FILLER = new Set(
  [
    'the',
    'a',
    'an',
    'of',
    'to',
    'in',
    'on',
    'at',
    'for',
    'and',
    'or',
    'is',
    'are',
    'was',
    'with',
    'ko',
    'ka',
    'ki',
    'ma',
    'le',
    'lai',
    'ra',
    'ta',
    'pani',
    'ni',
    'को',
    'का',
    'की',
    'मा',
    'ले',
    'लाई',
    'र',
    'त',
    'पनि',
    'नि',
  ].map((w) => w.normalize('NFC')),
);

/** Latin text without its accents, lower-cased; Devanagari as it is (NFC). */
function fold(word: string): string {
  const w = word.normalize('NFC').toLowerCase();
  return DEVANAGARI.test(w) ? w : w.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** A word in plain Latin letters as a romanized Nepali reader would spell it. */
function romanOf(raw: string): string {
  // The nasal signs are written "n"; ङ is "ng" as members spell it (गुरुङ = gurung, तामाङ = tamang).
  if (DEVANAGARI.test(raw)) return romanize(raw.replace(/[\u0901\u0902]/g, 'न्').replace(/ङ/g, 'ङ्ग')).toLowerCase();
  // "x" is छ/च before a vowel ("xa", "garxu") and क्ष elsewhere ("laxmi", "dakx").
  return (SHORTHANDS[raw] ?? raw).replace(/x(?=[aeiou])/g, 'ch').replace(/x/g, 'ks');
}

interface WordLexemes {
  /** The word as written (folded), and its English stem when it has one. */
  exact: string[];
  /** Sound keys (with the `~` mark). */
  keys: string[];
}

const lexemesOf = rememberedPerWord((word: string): WordLexemes => {
  const raw = fold(word);
  const exact = [raw];
  if (!DEVANAGARI.test(raw) && /^[a-z]{4,}$/.test(raw)) {
    const stem = stemmer(raw);
    if (stem !== raw) exact.push(stem);
  }
  const roman = romanOf(raw);
  const keys = new Set<string>();
  const key = soundKey(roman);
  if (key) keys.add(KEY + key);
  const bare = withoutSuffix(roman);
  if (bare) {
    const bareKey = soundKey(bare);
    if (bareKey.length >= 2) keys.add(KEY + bareKey);
  }
  return { exact, keys: [...keys] };
});

/** The words of a text as search sees them (letters and digits of any script; '#' and '@' are dropped). */
function wordsOf(text: string): string[] {
  return words(text.normalize('NFC')).filter((w) => w.length <= 60);
}

/** Every lexeme of a text (its words, stems and sound keys), distinct. */
export function searchLexemes(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of wordsOf(text)) {
      const { exact, keys } = lexemesOf(word);
      for (const l of exact) out.add(l);
      for (const k of keys) out.add(k);
    }
  }
  return [...out];
}

/** The `search_terms` value of a row with these texts. */
export function searchVector(...texts: (string | null | undefined)[]): SQL {
  return sql`array_to_tsvector(${textArray(searchLexemes(...texts))})`;
}

const quote = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export interface SearchQuery {
  /** The tsquery text (lexemes quoted, so PostgreSQL reads them as they are), or null: nothing to find. */
  tsquery: string | null;
  /** The query's words, folded (for trigram matching of names and tags). */
  words: string[];
  /** The query as one folded string ("asha gurung"). */
  text: string;
  /**
   * The query as typed, trimmed and lower-cased, without a leading '@' ("nabin_regmi407"): what a username
   * is compared with (its '_' and '.' are part of it, not word breaks).
   */
  handle: string;
  /** The words and their lexemes the tsquery was built from (to mark what matched in a result). */
  parts: QueryWord[];
}

/** One word of a query: any of its lexemes counts as the word found. */
export interface QueryWord {
  /** As folded (lower-case, Latin accents dropped). */
  word: string;
  lexemes: string[];
  /** The last word of an as-you-type query: its lexemes match as prefixes. */
  prefix: boolean;
}

/** A query's words (filler left out when other words remain), each with its lexemes. */
export function queryWords(q: string, prefix = true): QueryWord[] {
  const all = wordsOf(q);
  const meaningful = all.filter((w) => !FILLER.has(fold(w)));
  const chosen = meaningful.length > 0 ? meaningful : all;
  return chosen.map((word, i) => {
    const { exact, keys } = lexemesOf(word);
    const last = prefix && i === chosen.length - 1 && [...fold(word)].length >= PREFIX_MIN;
    return { word: fold(word), lexemes: [...new Set([...exact, ...keys])], prefix: last };
  });
}

/** Lexemes another spelling of `word` gives (a corrected misspelling joins the word's alternatives). */
export function lexemesOfWord(word: string): string[] {
  const { exact, keys } = lexemesOf(word);
  return [...exact, ...keys];
}

/** The query the words make: every word must be found, by any one of its lexemes. */
export function toSearchQuery(qw: QueryWord[], typed = ''): SearchQuery {
  const clauses = qw.map(({ lexemes, prefix }) => {
    const alts = lexemes.map((l) => quote(l) + (prefix && !l.startsWith(KEY) ? ':*' : ''));
    return alts.length === 1 ? alts[0]! : `(${alts.join(' | ')})`;
  });
  const folded = qw.map((w) => w.word);
  return {
    tsquery: clauses.length > 0 ? clauses.join(' & ') : null,
    words: folded,
    text: folded.join(' '),
    handle: typed.trim().replace(/^@/, '').normalize('NFC').toLowerCase(),
    parts: qw,
  };
}

/** The words of `text`, as written, that a query matched (by any lexeme: another script or spelling too). */
export function matchedWords(text: string, q: SearchQuery): string[] {
  const out = new Set<string>();
  for (const word of wordsOf(text)) {
    const mine = lexemesOfWord(word);
    const hit = q.parts.some((p) =>
      p.lexemes.some((l) => (p.prefix && !l.startsWith(KEY) ? mine.some((m) => m.startsWith(l)) : mine.includes(l))),
    );
    if (hit) out.add(word);
  }
  return [...out];
}

/** A query as search reads it, without corrections; `prefix`: the last word may be unfinished (as-you-type). */
export function searchQuery(q: string, prefix = true): SearchQuery {
  return toSearchQuery(queryWords(q, prefix), q);
}

/** The hashtags a text carries, as stored (lower-case, without '#'). */
export const tagsOf = (text: string): string[] => hashtagsOf(text);

/**
 * Each tag's row, made sure of inside the insert of the post or clip that carries them (a data-modifying
 * CTE: one statement, one round trip; the count trigger fires at the statement's end and sees the rows).
 */
export function tagRows(db: Pick<Db, '$with'>, tags: string[]) {
  const rows = sql.join(
    tags.map((name) => sql`(${name}, ${searchVector(name)})`),
    sql`, `,
  );
  return db
    .$with('noted_tags', { name: sql<string>`name` })
    .as(sql`insert into ${hashtags} (name, search_terms) values ${rows} on conflict do nothing returning name`);
}

/** Makes sure each tag has its row (before the post or clip carrying it is written: the count trigger needs it). */
export async function noteTags(db: Pick<Db, 'insert'>, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insert(hashtags)
    .values(tags.map((name) => ({ name, searchTerms: searchVector(name) })))
    .onConflictDoNothing();
}
