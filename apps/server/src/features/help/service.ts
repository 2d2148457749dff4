/**
 * The help centre of one app: its articles (with this server's numbers) and their index, built once at
 * start-up. The assistant (features/ai) answers from the same instance through index.ts.
 */
import {
  HELP_LIMITS,
  HelpText,
  type HelpArticle,
  type HelpArticleSummary,
  type HelpSearchAnswer,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { loadArticles, type Article } from './articles.js';
import { helpFacts } from './facts.js';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge.js';

export interface HelpCentre {
  kb: KnowledgeBase;
}

const centres = new WeakMap<AppDeps, HelpCentre>();

export function helpCentreOf(deps: AppDeps): HelpCentre {
  let centre = centres.get(deps);
  if (!centre) {
    const kb = createKnowledgeBase(loadArticles(helpFacts(deps.config)));
    centres.set(deps, (centre = { kb }));
    deps.log.info({ articles: kb.articles.length }, 'help centre ready');
  }
  return centre;
}

export const summaryOf = (a: Article): HelpArticleSummary => ({ slug: a.slug, category: a.category, title: a.title });

/** Markdown to one plain line: links keep their words, marks go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(/^\s*(?:[-*]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function snippet(markdown: string): string {
  const text = plainText(markdown);
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

export function helpIndex(centre: HelpCentre): HelpArticleSummary[] {
  return centre.kb.articles.map(summaryOf);
}

/** One article in both languages, with the articles it links to and others of its category. */
export function helpArticle(centre: HelpCentre, slug: string): HelpArticle {
  const article = centre.kb.bySlug(slug);
  if (!article) throw new AppError(HelpText.notFound, 404);
  const linked = [...article.body.en.matchAll(/\(\/help\/([a-z0-9-]+)\)/g)].map((m) => m[1]!);
  const sameCategory = centre.kb.articles.filter((a) => a.category === article.category).map((a) => a.slug);
  const related = [...new Set([...linked, ...sameCategory])]
    .filter((s) => s !== slug)
    .map((s) => centre.kb.bySlug(s))
    .filter((a): a is Article => a !== undefined)
    .slice(0, 6)
    .map(summaryOf);
  return { ...summaryOf(article), body: article.body, related };
}

export function searchHelp(centre: HelpCentre, q: string): HelpSearchAnswer {
  const result = centre.kb.search(q, HELP_LIMITS.results);
  // The search box lists every article that matched at all; the assistant answers only from `good`.
  const results = result.hits.map((h) => ({
    ...summaryOf(h.article),
    snippet: snippet(h.article.body[result.language]),
  }));
  return { success: true, language: result.language, results };
}
