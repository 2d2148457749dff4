/**
 * Posts search past the newest few thousand posts (repo.ts, searchPostIds): the first read covers the
 * newest 3,000 posts, and what it found decides where to look next. Whichever way is taken, the answer is
 * the same: the newest matches, ranked, and an old post with a rare word is still found. 7,000 posts are
 * written straight into the table (with the real lexemes), spread over a year, the newest last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAnswerSchema } from '@sajha/contract';
import { sql } from 'drizzle-orm';
import {
  connectedUser,
  startTestApp,
  type ConnectedUser,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';
import { searchLexemes } from '../../platform/search-index.js';
import { textArray } from '../../db/rows.js';

let t: TestApp;
const sockets: TestSocket[] = [];
let reader: ConnectedUser;
let writer: ConnectedUser;

const TOTAL = 7000;
/** Every post's words: filler, and one of the words below by its position (0 = the newest post). */
function wordsOf(age: number): string {
  const words = ['namaste sathi'];
  // About 2% of posts: 60 among the newest 3,000, not quite enough candidates (100) there.
  if (age % 50 === 7) words.push('gundruk');
  // One post, the oldest but one: nothing among the newest 3,000 has it.
  if (age === TOTAL - 2) words.push('rhododendron');
  return words.join(' ');
}

beforeAll(async () => {
  t = await startTestApp();
  reader = await connectedUser(t, sockets, { name: 'Reader' });
  writer = await connectedUser(t, sockets, { name: 'Writer' });
  const ages = Array.from({ length: TOTAL }, (_, i) => i);
  // Oldest first, an hour and a quarter apart: the newest 3,000 span about 156 days.
  const texts = ages.map(wordsOf);
  await t.db.execute(sql`
    insert into posts (id, author_id, content, search_terms, created_at)
    select gen_random_uuid(), ${writer.id}, x.content, array_to_tsvector(string_to_array(x.lexemes, ' ')),
      now() - make_interval(mins => x.age::int * 75)
    from unnest(${textArray(texts)}, ${textArray(texts.map((s) => searchLexemes(s).join(' ')))},
      ${textArray(ages.map(String))}) as x(content, lexemes, age)`);
  await t.db.execute(sql`analyze posts`);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

async function found(q: string, page = 0) {
  const res = await fetch(`${t.url}/api/search?q=${encodeURIComponent(q)}&type=posts&page=${page}`, {
    headers: { cookie: reader.cookie },
  });
  expect(res.status).toBe(200);
  return searchAnswerSchema.parse(await res.json()).posts;
}

describe('posts search beyond the newest 3,000 posts', () => {
  it('finds a rare word in one old post', async () => {
    const hits = await found('rhododendron');
    expect(hits.map((p) => p.content)).toEqual(['namaste sathi rhododendron']);
  });

  it('gives a word that the newest posts hold too few of its newest matches, newest first among equals', async () => {
    const hits = await found('gundruk');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((p) => p.content === 'namaste sathi gundruk')).toBe(true);
    // Every match is equally relevant, so the newest come first: the first page is the newest matches.
    const times = hits.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // The newest match is the post at age 7 (the seventh newest post).
    expect(Date.now() - times[0]!).toBeLessThan(7 * 75 * 60_000 + 60 * 60_000);
    // Five pages of candidates (100), all of them found though the newest 3,000 posts hold only 60.
    const pages = await Promise.all([0, 1, 2, 3, 4, 5].map((p) => found('gundruk', p)));
    expect(pages.flat().length).toBe(100);
  });
});
