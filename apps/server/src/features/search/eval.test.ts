/**
 * The search evaluation set (eval/corpus.json, eval/queries.json): members, posts and clips in English,
 * Devanagari and romanized Nepali, and queries written the way members type them, before the search code
 * existed and never tuned one answer at a time. A query is right when one of its expected items is in the
 * first five results of its tab (or, for "none", when the tab finds nothing). Prints the score per language
 * and every miss; fails under the floor below.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { posts, reels } from '../../db/schema.js';
import { noteTags, searchVector, tagsOf } from '../../platform/search-index.js';
import { createPost } from '../posts/service.js';
import { search } from './service.js';
import { refreshVocabulary } from './vocabulary.js';

const here = path.dirname(fileURLToPath(import.meta.url));
interface Corpus {
  members: { key: string; name: string; username: string; bio?: string }[];
  posts: { key: string; author: string; content: string; hoursAgo: number }[];
  clips: { key: string; author: string; title: string; description: string; hoursAgo: number }[];
}
interface Query {
  q: string;
  lang: 'en' | 'ne-rom' | 'ne';
  tab: 'posts' | 'people' | 'clips' | 'tags';
  expect: string[] | 'none';
  why?: string;
}
const corpus = JSON.parse(readFileSync(path.join(here, 'eval', 'corpus.json'), 'utf8')) as Corpus;
const queries = JSON.parse(readFileSync(path.join(here, 'eval', 'queries.json'), 'utf8')) as Query[];

/** The share of queries that must be right (all languages together). */
const FLOOR = 0.9;
const TOP = 5;

let t: TestApp;
let searcher: string;
/** Result id (post id, clip id, member id) -> corpus key. */
const keyOf = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  const memberIds = new Map<string, string>();
  for (const m of corpus.members) {
    const u = await createUser(t.db, { name: m.name, username: m.username });
    memberIds.set(m.key, u.id);
    keyOf.set(u.id, m.key);
  }
  searcher = (await createUser(t.db, { name: 'Eval Searcher', username: 'eval_searcher_x' })).id;
  for (const p of corpus.posts) {
    const authorId = memberIds.get(p.author)!;
    const actor = { id: authorId, username: '', name: '', avatar: null };
    const dto = await createPost(t.app.deps, actor, { content: p.content }, []);
    await t.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() - p.hoursAgo * 3_600_000) })
      .where(eq(posts.id, dto.post_id));
    keyOf.set(dto.post_id, p.key);
  }
  for (const c of corpus.clips) {
    const id = crypto.randomUUID();
    const tags = tagsOf(`${c.title} ${c.description}`);
    await noteTags(t.db, tags);
    const at = new Date(Date.now() - c.hoursAgo * 3_600_000);
    await t.db.insert(reels).values({
      id,
      authorId: memberIds.get(c.author)!,
      title: c.title,
      description: c.description,
      category: 'travel',
      status: 'ready',
      readyAt: at,
      createdAt: at,
      searchTerms: searchVector(c.title, c.description),
      tags,
    });
    keyOf.set(id, c.key);
  }
  // The minute's vocabulary job, as it would have run by the time members search.
  await refreshVocabulary(t.app.deps);
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('search evaluation set', () => {
  it(`finds an expected item in the top ${TOP} for at least ${FLOOR * 100}% of the queries`, async () => {
    const byLang = new Map<string, { right: number; all: number }>();
    const misses: string[] = [];
    for (const query of queries) {
      const answer = await search(t.app.deps, searcher, { q: query.q, type: query.tab, page: 0 }, { chat: null });
      const found = {
        posts: answer.posts.map((p) => keyOf.get(p.post_id) ?? p.post_id),
        people: answer.people.map((p) => keyOf.get(p.uid) ?? p.username),
        clips: answer.clips.map((c) => keyOf.get(c.id) ?? c.id),
        tags: answer.tags.map((x) => x.name),
      }[query.tab].slice(0, TOP);
      const right =
        query.expect === 'none'
          ? found.length === 0
          : query.expect.some((k) => found.includes(k.toLowerCase()) || found.includes(k));
      const tally = byLang.get(query.lang) ?? { right: 0, all: 0 };
      tally.all += 1;
      if (right) tally.right += 1;
      else
        misses.push(
          `  [${query.lang}/${query.tab}] "${query.q}" expected ${JSON.stringify(query.expect)} got ${JSON.stringify(found)}`,
        );
      byLang.set(query.lang, tally);
    }
    const right = [...byLang.values()].reduce((n, x) => n + x.right, 0);
    const lines = [...byLang].map(
      ([lang, x]) => `${lang} ${x.right}/${x.all} (${((100 * x.right) / x.all).toFixed(1)}%)`,
    );
    console.log(
      `search eval: ${right}/${queries.length} right (${((100 * right) / queries.length).toFixed(1)}%) — ${lines.join(', ')}\nmisses:\n${misses.join('\n')}`,
    );
    expect(right / queries.length).toBeGreaterThanOrEqual(FLOOR);
  }, 120_000);
});
