/**
 * The assistant's evaluation set (knowledge/eval/questions.json) and how an answer is judged. Used by
 * the CI test (features/help/eval.test.ts, built-in answerer) and by `npm run eval:assistant` (any
 * provider). Written before the answering code; never tuned one answer at a time (knowledge/eval/README.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFor } from '@sajha/contract';

export type EvalLang = 'en' | 'ne-rom' | 'ne';

export interface EvalItem {
  q: string;
  lang: EvalLang;
  /** The articles whose text is a right answer, or "none" (off-topic, or not a thing Sajha has). */
  expect: string[] | 'none';
  /** Each fact: acceptable spellings, any one of which the answer must contain. */
  facts?: string[][];
}

export function loadEvalSet(): EvalItem[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.resolve(here, '../knowledge/eval/questions.json');
  return JSON.parse(readFileSync(file, 'utf8')) as EvalItem[];
}

const DEVANAGARI_DIGITS = '०१२३४५६७८९';
/** Lower case, one form of Devanagari, ASCII digits: how answers and facts are compared. */
export function normalize(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
}

const READ_MORE = [catalogueFor('en').HelpText.readMore, catalogueFor('ne').HelpText.readMore];

/**
 * The /help article an answer cites: the one on its "Read more:" line (the built-in answerer's), else the
 * last one it links (a model is told to end with it). Links inside a quoted article are not its source.
 */
export function citedArticle(answer: string): string | undefined {
  const links = (text: string) => [...text.matchAll(/\/help\/([a-z0-9-]+)/g)].map((m) => m[1]!);
  const line = answer.split('\n').find((l) => READ_MORE.some((r) => l.trim().startsWith(r)));
  return line ? links(line)[0] : links(answer).at(-1);
}

export interface Verdict {
  right: boolean;
  why: string;
}

/**
 * Right when: for "none", the answer cites no article and points to /help; otherwise the article it
 * cites is one of those expected and every fact is in it.
 */
export function judge(item: EvalItem, answer: string): Verdict {
  const cited = citedArticle(answer);
  const text = normalize(answer);
  if (item.expect === 'none') {
    if (cited) return { right: false, why: `answered from ${cited} instead of saying it does not know` };
    if (!text.includes('/help')) return { right: false, why: 'did not point to /help' };
    return { right: true, why: '' };
  }
  if (!cited) return { right: false, why: 'no article answered' };
  if (!item.expect.includes(cited)) return { right: false, why: `answered from ${cited}` };
  const missing = (item.facts ?? []).filter((fact) => !fact.some((f) => text.includes(normalize(f))));
  if (missing.length) return { right: false, why: `missing ${missing.map((f) => f.join(' / ')).join(', ')}` };
  return { right: true, why: '' };
}

export interface EvalReport {
  total: number;
  right: number;
  byLang: Record<EvalLang, { total: number; right: number }>;
  misses: { item: EvalItem; why: string; answer: string }[];
}

export async function runEval(items: EvalItem[], answer: (q: string) => Promise<string> | string): Promise<EvalReport> {
  const report: EvalReport = {
    total: 0,
    right: 0,
    byLang: { en: { total: 0, right: 0 }, 'ne-rom': { total: 0, right: 0 }, ne: { total: 0, right: 0 } },
    misses: [],
  };
  for (const item of items) {
    const text = await answer(item.q);
    const verdict = judge(item, text);
    report.total += 1;
    report.byLang[item.lang].total += 1;
    if (verdict.right) {
      report.right += 1;
      report.byLang[item.lang].right += 1;
    } else {
      report.misses.push({ item, why: verdict.why, answer: text });
    }
  }
  return report;
}

const pct = (right: number, total: number) => (total ? `${((100 * right) / total).toFixed(1)}%` : '-');

export function formatReport(report: EvalReport, label: string): string {
  const lines = [
    `${label}: ${report.right}/${report.total} right (${pct(report.right, report.total)})`,
    ...Object.entries(report.byLang).map(
      ([lang, s]) => `  ${lang.padEnd(7)} ${s.right}/${s.total} (${pct(s.right, s.total)})`,
    ),
    `misses (${report.misses.length}):`,
    ...report.misses.map(
      (m) => `  [${m.item.lang}] ${m.item.q}\n      expected ${[m.item.expect].flat().join(' | ')}: ${m.why}`,
    ),
  ];
  return lines.join('\n');
}
