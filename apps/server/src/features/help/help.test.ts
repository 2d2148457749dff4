/**
 * The help centre: every article is well formed and links only to what exists, its numbers are the
 * server's configuration, visitors read and search it over HTTP in both languages and scripts, and bad
 * queries get a clear refusal.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import {
  HELP_CATEGORIES,
  HELP_LIMITS,
  HelpText,
  helpArticleAnswerSchema,
  helpIndexAnswerSchema,
  helpSearchAnswerSchema,
  catalogueFor,
} from '@sajha/contract';
import { loadConfig } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { knowledgeFolder, loadArticles, parseArticle } from './articles.js';
import { helpFacts } from './facts.js';
import { helpAnswer } from './answer.js';
import { helpCentreOf } from './service.js';
import { questionLanguage, soundKey } from './text.js';

const facts = (env: Record<string, string> = {}) => helpFacts(loadConfig({ DATA_DIR: '/tmp/sajha-help', ...env }));
const centre = (env: Record<string, string> = {}) =>
  helpCentreOf({
    config: loadConfig({ DATA_DIR: '/tmp/sajha-help', ...env }),
    log: pino({ level: 'silent' }),
  } as unknown as AppDeps);

/** Pages of the web app an article may link to (router.tsx), as patterns. */
const APP_PAGES = [
  /^\/$/,
  /^\/(signin|signup|home|clips|message|friends|ai|features|terms|privacy|help|profile|settings|admin|moderation|search|explore)(\/[\w@-]*)?$/,
  /^\/(u|p|call|tag)\/[\w@-]+$/,
];

describe('the articles', () => {
  const articles = loadArticles(facts());
  const slugs = new Set(articles.map((a) => a.slug));

  it('cover every category, each article in English and Nepali, short enough to quote', () => {
    expect(articles.length).toBeGreaterThanOrEqual(80);
    for (const category of HELP_CATEGORIES) {
      expect(articles.filter((a) => a.category === category).length, category).toBeGreaterThan(0);
    }
    for (const a of articles) {
      expect(a.body.ne, a.slug).toMatch(/[\u0900-\u097F]/);
      expect(a.title.ne, a.slug).toMatch(/[\u0900-\u097F]/);
      expect(a.body.en.split(/\s+/).length, a.slug).toBeLessThanOrEqual(260);
      expect(a.body.en + a.body.ne, a.slug).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('link only to articles and pages that exist', () => {
    for (const a of articles) {
      for (const [, href] of `${a.body.en}\n${a.body.ne}`.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = href!.split('#')[0]!;
        if (/^https?:\/\//.test(target)) continue;
        const help = /^\/help\/([a-z0-9-]+)$/.exec(target);
        if (help) expect(slugs.has(help[1]!), `${a.slug} links to ${href}`).toBe(true);
        else
          expect(
            APP_PAGES.some((p) => p.test(target)),
            `${a.slug} links to ${href}`,
          ).toBe(true);
      }
    }
  });

  it('state the configured numbers: a changed setting changes the article', () => {
    const raw = (slug: string) => {
      const a = articles.find((x) => x.slug === slug)!;
      return readFileSync(path.join(knowledgeFolder(), a.category, `${slug}.md`), 'utf8');
    };
    const using = articles.filter((a) => raw(a.slug).includes('{{postMaxFiles}}'));
    expect(using.length).toBeGreaterThan(0);
    const changed = loadArticles(facts({ POST_MEDIA_MAX_FILES: '7', POST_MEDIA_MAX_FILE_MB: '33' }));
    for (const a of using) {
      const before = a.body.en;
      const after = changed.find((x) => x.slug === a.slug)!.body.en;
      expect(before).toContain(' 10 ');
      expect(after).not.toEqual(before);
      expect(after).toMatch(/\b7\b/);
    }
  });

  it('refuse to build with an unknown value or without the Nepali text', () => {
    const f = facts();
    const good =
      '---\ntitle: T\ntitle_ne: शीर्षक\n---\nAt most {{postMaxFiles}}.\n\n---ne---\nबढीमा {{postMaxFiles}}।\n';
    expect(parseArticle('posts', 'x', good, f).body.en).toBe(`At most ${f.postMaxFiles}.`);
    expect(() => parseArticle('posts', 'x', good.replace('{{postMaxFiles}}.', '{{postMaxFilez}}.'), f)).toThrow(
      /postMaxFilez/,
    );
    expect(() => parseArticle('posts', 'x', good.replace('---ne---', ''), f)).toThrow(/---ne---/);
  });
});

describe('reading a question', () => {
  it('meets romanized and Devanagari spellings of one word', () => {
    expect(soundKey('khata')).toBe(soundKey('khaata'));
    expect(soundKey('badalne')).toBe(soundKey('badalnee'.replace('ee', 'e')));
    expect(questionLanguage('username kasari change garne?')).toBe('ne');
    expect(questionLanguage('प्रयोगकर्ता नाम कसरी बदल्ने?')).toBe('ne');
    expect(questionLanguage('How do I change my username?')).toBe('en');
  });

  it('finds one article for a question in English, romanized Nepali and Devanagari', () => {
    const { kb } = centre();
    for (const q of ['How do I change my username?', 'username kasari change garne?', 'प्रयोगकर्ता नाम कसरी बदल्ने?']) {
      expect(kb.search(q).good[0]?.article.slug, q).toBe('change-username');
    }
  });

  it('answers in the language of the question, and refuses what is not about Sajha', () => {
    const { kb } = centre();
    const ne = helpAnswer('प्रयोगकर्ता नाम कसरी बदल्ने?', kb.search('प्रयोगकर्ता नाम कसरी बदल्ने?'));
    expect(ne).toMatch(/[\u0900-\u097F]/);
    expect(ne).toContain('/help/change-username');
    const off = 'What is the weather in Pokhara tomorrow?';
    expect(helpAnswer(off, kb.search(off))).toBe(HelpText.offTopic);
    const offNe = 'भोलि पोखरामा मौसम कस्तो होला?';
    expect(helpAnswer(offNe, kb.search(offNe))).toBe(catalogueFor('ne').HelpText.offTopic);
  });
});

describe('the help routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ POST_MEDIA_MAX_FILES: '7' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('let a visitor list, read and search the articles, with this server’s numbers', async () => {
    const index = helpIndexAnswerSchema.parse(await (await fetch(`${t.url}/api/help`)).json());
    expect(index.articles.length).toBeGreaterThanOrEqual(80);
    const res = await fetch(`${t.url}/api/help/articles/post-photos-videos`);
    expect(res.status).toBe(200);
    const { article } = helpArticleAnswerSchema.parse(await res.json());
    expect(article.body.en).toMatch(/\b7\b/);
    expect(article.body.ne).toMatch(/\b7\b/);

    const search = helpSearchAnswerSchema.parse(
      await (await fetch(`${t.url}/api/help/search?q=${encodeURIComponent('block kasari garne')}`)).json(),
    );
    expect(search.language).toBe('ne');
    expect(search.results[0]?.slug).toBe('block');
  });

  it('answer a missing article and a bad query with a clear message, in the reader’s language', async () => {
    const missing = await fetch(`${t.url}/api/help/articles/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, message: HelpText.notFound });

    const empty = await fetch(`${t.url}/api/help/search?q=%20%20`);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: HelpText.queryRequired });
    const long = await fetch(`${t.url}/api/help/search?q=${'a'.repeat(HELP_LIMITS.queryMax + 1)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: HelpText.queryTooLong });
    const nepali = await fetch(`${t.url}/api/help/search`, { headers: { 'accept-language': 'ne-NP,ne;q=0.9' } });
    expect(await nepali.json()).toMatchObject({ message: catalogueFor('ne').HelpText.queryRequired });
  });
});
