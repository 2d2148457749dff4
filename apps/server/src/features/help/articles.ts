/**
 * The help centre's articles: `apps/server/knowledge/<category>/<slug>.md`, each with front matter, an
 * English body, a `---ne---` line and a Nepali body (the format is in knowledge/README.md). Read once at
 * start-up, with the configured numbers put in (facts.ts); a malformed article stops the start, so a
 * broken help page cannot ship.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP_CATEGORIES, type HelpCategory } from '@sajha/contract';
import { fillFacts, type HelpFacts } from './facts.js';

export interface Localized {
  en: string;
  ne: string;
}

export interface Article {
  slug: string;
  category: HelpCategory;
  order: number;
  title: Localized;
  keywords: Localized;
  body: Localized;
}

/** knowledge/ sits beside src/ and dist/ in apps/server. */
export function knowledgeFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '../knowledge')
    : path.resolve(here, '../../../knowledge');
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function parseArticle(category: HelpCategory, slug: string, text: string, facts: HelpFacts): Article {
  const where = `knowledge/${category}/${slug}.md`;
  if (!SLUG.test(slug)) throw new Error(`${where}: a slug is lower-case words joined by "-"`);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${where}: front matter between two "---" lines is missing`);
  const meta = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^([a-z_]+):\s*(.*)$/.exec(line.trim());
    if (kv) meta.set(kv[1]!, kv[2]!.trim());
  }
  const [en, ne, ...extra] = match[2]!.split(/^---ne---\s*$/m);
  if (en === undefined || ne === undefined || extra.length > 0) {
    throw new Error(`${where}: one "---ne---" line must separate the English and Nepali text`);
  }
  const title = { en: meta.get('title') ?? '', ne: meta.get('title_ne') ?? '' };
  const body = { en: fillFacts(en.trim(), facts, where), ne: fillFacts(ne.trim(), facts, where) };
  if (!title.en || !title.ne || !body.en || !body.ne) {
    throw new Error(`${where}: title, title_ne and both bodies are required`);
  }
  return {
    slug,
    category,
    order: Number(meta.get('order') ?? 100) || 100,
    title,
    keywords: { en: meta.get('keywords') ?? '', ne: meta.get('keywords_ne') ?? '' },
    body,
  };
}

/** Every article, in the order /help lists them: by category, then `order`, then title. */
export function loadArticles(facts: HelpFacts, folder = knowledgeFolder()): Article[] {
  const articles: Article[] = [];
  const seen = new Set<string>();
  for (const category of HELP_CATEGORIES) {
    const dir = path.join(folder, category);
    let files: string[];
    try {
      if (!statSync(dir).isDirectory()) continue;
      files = readdirSync(dir).filter((f) => f.endsWith('.md'));
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      const slug = file.slice(0, -3);
      if (seen.has(slug)) throw new Error(`knowledge/${category}/${file}: the slug ${slug} is used twice`);
      seen.add(slug);
      articles.push(parseArticle(category, slug, readFileSync(path.join(dir, file), 'utf8'), facts));
    }
  }
  const rank = new Map<string, number>(HELP_CATEGORIES.map((c, i) => [c, i]));
  return articles.sort(
    (a, b) =>
      rank.get(a.category)! - rank.get(b.category)! || a.order - b.order || a.title.en.localeCompare(b.title.en),
  );
}
