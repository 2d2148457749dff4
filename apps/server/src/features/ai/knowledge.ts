/**
 * The product's knowledge base: Markdown files under apps/server/knowledge, one `##` section per topic,
 * indexed once at start-up with minisearch. `search()` ranks sections for a question and says whether the
 * best ones match well enough to answer from, so the built-in assistant never guesses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';

export interface KnowledgeSection {
  id: string;
  title: string;
  /** The page the section comes from, e.g. /terms#contest; empty when no page says more. */
  link: string;
  keywords: string;
  body: string;
}

export interface KnowledgeHit {
  section: KnowledgeSection;
  score: number;
  /** Share of the question's meaningful words that this section matched (0..1). */
  coverage: number;
}

export interface KnowledgeBase {
  readonly sections: readonly KnowledgeSection[];
  /** Best sections first; `good` holds only those that match well enough to answer from. */
  search(question: string, limit?: number): { hits: KnowledgeHit[]; good: KnowledgeHit[] };
}

/** knowledge/ sits beside src/ and dist/ in apps/server. */
export function knowledgeFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '../knowledge')
    : path.resolve(here, '../../../knowledge');
}

/** Parses one Markdown file: `## Title`, then optional `Link:` and `Keywords:` lines, then the text. */
export function parseSections(file: string, markdown: string): KnowledgeSection[] {
  const sections: KnowledgeSection[] = [];
  let current: KnowledgeSection | null = null;
  const finish = () => {
    if (current) {
      current.body = current.body.trim();
      if (current.body) sections.push(current);
    }
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      finish();
      current = { id: `${file}#${sections.length + 1}`, title: heading[1]!, link: '', keywords: '', body: '' };
      continue;
    }
    if (!current) continue;
    const meta = /^(Link|Keywords):\s*(.*)$/.exec(line);
    if (meta && !current.body.trim()) {
      if (meta[1] === 'Link') current.link = meta[2]!.trim();
      else current.keywords = meta[2]!.trim();
      continue;
    }
    current.body += `${line}\n`;
  }
  finish();
  return sections;
}

export function loadSections(folder = knowledgeFolder()): KnowledgeSection[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
    .sort()
    .flatMap((f) => parseSections(f.replace(/\.md$/, ''), readFileSync(path.join(folder, f), 'utf8')));
}

const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been being but by can could did do does
  doing done for from get got had has have having he her here hers him his how i if in into is it its just let me
  more most my no nor not of off on once only or other our ours out over own please same she should so some such
  tell than that the their theirs them then there these they this those through to too under until up us very
  was we were what when where which while who whom why will with would you your yours yourself know want need
  like thing things way ways really much many there's it's i'm what's`.split(/\s+/),
);

/** Lower-cases, drops filler words and folds simple plurals and verb endings, for index and question alike. */
export function processTerm(term: string): string | null {
  const t = term
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  if (t.length > 5 && t.endsWith('ing')) return t.slice(0, -3);
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 4 && t.endsWith('ed')) return t.slice(0, -2);
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

const tokenize = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A section answers a question when it matches at least half of its meaningful words (or a strong title hit). */
const MIN_COVERAGE = 0.5;
/** Below this score a match is a stray word (a prefix of "cookies" in "cook"), not an answer. */
const MIN_SCORE = 6;
/** Further good sections must score at least this share of the best one. */
const RELATIVE_SCORE = 0.45;

export function createKnowledgeBase(sections: readonly KnowledgeSection[] = loadSections()): KnowledgeBase {
  const index = new MiniSearch<KnowledgeSection>({
    fields: ['title', 'keywords', 'body'],
    storeFields: [],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2, body: 1 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
      tokenize,
      processTerm,
    },
  });
  index.addAll(sections);
  const byId = new Map(sections.map((s) => [s.id, s]));

  return {
    sections,
    search(question, limit = 4) {
      const wanted = new Set(
        tokenize(question)
          .map(processTerm)
          .filter((t): t is string => t !== null),
      );
      if (wanted.size === 0) return { hits: [], good: [] };
      const hits = index
        .search(question)
        .slice(0, limit)
        .map((r) => ({
          section: byId.get(String(r.id))!,
          score: r.score,
          coverage: new Set(r.queryTerms).size / wanted.size,
        }));
      const best = hits[0];
      if (!best || best.coverage < MIN_COVERAGE || best.score < MIN_SCORE) return { hits, good: [] };
      const good = hits.filter(
        (h, i) => i === 0 || (h.coverage >= MIN_COVERAGE && h.score >= best.score * RELATIVE_SCORE),
      );
      return { hits, good: good.slice(0, 2) };
    },
  };
}
