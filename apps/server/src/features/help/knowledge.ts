/**
 * Retrieval over the help centre: one MiniSearch index of every article's English and Nepali text, read
 * the same way as the question (text.ts: phrases, stems, sound keys, lexicon). `search()` ranks articles
 * and says which match well enough to answer from, so the built-in assistant never guesses; the help
 * page's search box uses the same ranking.
 */
import MiniSearch from 'minisearch';
import type { Article } from './articles.js';
import { OTHER_SERVICES } from './lexicon.js';
import { canonical, queryWords, questionLanguage, textTerms, termsOf, words, type QueryWord } from './text.js';

export interface KnowledgeHit {
  article: Article;
  score: number;
  /** Share of the question's meaningful words that this article matched (0..1). */
  coverage: number;
  /** Whether a word matched the article's title or keywords (not only a passing word of its text). */
  titled: boolean;
}

export interface SearchResult {
  /** The language of the question (romanized Nepali counts as Nepali). */
  language: 'en' | 'ne';
  /** Best articles first. */
  hits: KnowledgeHit[];
  /** Those that match well enough to answer from (at most two). */
  good: KnowledgeHit[];
  /** Whether at least half the question's words are ones the help centre's titles and keywords use. */
  onTopic: boolean;
}

export interface KnowledgeBase {
  readonly articles: readonly Article[];
  bySlug(slug: string): Article | undefined;
  search(question: string, limit?: number): SearchResult;
}

/** An article answers when it matches at least this share of the question's meaningful words... */
const MIN_COVERAGE = 0.5;
/** ...with at least this score (below it, a match is one stray word of a long text). */
const MIN_SCORE = 5;
/** A second article is offered only when it scores at least this share of the first. */
const RELATIVE_SCORE = 0.6;

const serviceTerms = new Set(OTHER_SERVICES.flatMap(termsOf));

/** Terms of words that name the product itself ("sajha", "साझा", "app"). */
const WEAK_TERMS = new Set(['sajha', '~sj', '~saja', 'app']);

interface Doc {
  id: string;
  title: string;
  keywords: string;
  body: string;
}

export function createKnowledgeBase(articles: readonly Article[]): KnowledgeBase {
  // Every term of every article (any field), gathered while they are indexed rather than by reading all
  // their text a second time (start-up time: canonical() runs every phrase over it).
  const vocabulary = new Set<string>();
  const index = new MiniSearch<Doc>({
    fields: ['title', 'keywords', 'body'],
    storeFields: [],
    tokenize: (text) => words(canonical(text)),
    processTerm: (term) => {
      const terms = termsOf(term);
      for (const t of terms) vocabulary.add(t);
      return terms;
    },
    searchOptions: {
      boost: { title: 3, keywords: 2, body: 1 },
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => term,
    },
  });
  index.addAll(
    articles.map((a) => ({
      id: a.slug,
      title: `${a.title.en} ${a.title.ne}`,
      keywords: `${a.keywords.en} ${a.keywords.ne}`,
      body: `${a.body.en}\n${a.body.ne}`,
    })),
  );
  const bySlug = new Map(articles.map((a) => [a.slug, a]));
  const topical = new Set(
    articles.flatMap((a) => textTerms(`${a.title.en} ${a.title.ne} ${a.keywords.en} ${a.keywords.ne}`)),
  );

  return {
    articles,
    bySlug: (slug) => bySlug.get(slug),
    search(question, limit = 4) {
      const language = questionLanguage(question);
      const qwords = queryWords(question);
      if (qwords.length === 0) return { language, hits: [], good: [], onTopic: false };
      const owner = new Map<string, number>();
      qwords.forEach((w, i) => w.terms.forEach((t) => owner.has(t) || owner.set(t, i)));
      // About Sajha when at least half its words are words of the help centre's titles and keywords.
      const onTopic = qwords.filter((w) => w.terms.some((t) => topical.has(t))).length * 2 >= qwords.length;
      const results = index.search([...owner.keys()].join(' ')).slice(0, limit);
      // A word no article has in any spelling (and none matched loosely) weighs half: it cannot be
      // matched, but it may make the question another one ("can I pay with esewa").
      const matchedAnywhere = new Set(results.flatMap((r) => r.queryTerms.map((t) => owner.get(t))));
      // The product's own name is in every article: it says nothing about which one answers.
      const weak = (w: QueryWord) => qwords.length > 1 && w.terms.some((t) => WEAK_TERMS.has(t));
      const weight = qwords.map((w, i): number =>
        weak(w) ? 0 : matchedAnywhere.has(i) || w.terms.some((t) => vocabulary.has(t)) ? 1 : 0.5,
      );
      const total = weight.reduce((a, b) => a + b, 0);
      const hits = results.map((r): KnowledgeHit => {
        const found = new Set(r.queryTerms.map((t) => owner.get(t)).filter((i) => i !== undefined));
        const covered = [...found].reduce((sum, i) => sum + weight[i]!, 0);
        const titled = Object.values(r.match).some((fields) => fields.includes('title') || fields.includes('keywords'));
        return { article: bySlug.get(String(r.id))!, score: r.score, coverage: covered / total, titled };
      });
      const best = hits[0];
      // "Delete my facebook account": another service named, and the article found is not about it.
      const otherService = qwords.findIndex((w) => w.terms.some((t) => serviceTerms.has(t)));
      if (otherService >= 0 && !results[0]?.queryTerms.some((t) => owner.get(t) === otherService)) {
        return { language, hits, good: [], onTopic: false };
      }
      if (!best || !best.titled || best.coverage < MIN_COVERAGE || best.score < MIN_SCORE) {
        return { language, hits, good: [], onTopic };
      }
      const good = hits.filter(
        (h, i) => i === 0 || (h.titled && h.coverage >= MIN_COVERAGE && h.score >= best.score * RELATIVE_SCORE),
      );
      return { language, hits, good: good.slice(0, 2), onTopic };
    },
  };
}
