/**
 * Accessibility check for browser tests: injects axe-core's own source into the page and runs it on
 * what is on screen now. Any screen's test can call it (every screen, built and future):
 *
 *   await expectAccessible(page);            // serious and critical violations must be 0
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Serious and critical axe violations on the page (WCAG 2.x A/AA and best practices). */
export async function axeViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  // Judge the settled screen, not a dialog half-way through its fade-in.
  // (Spinners and skeletons animate forever; they are left out.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the debugging protocol, not as an inline <script>: the page's
  // Content-Security-Policy refuses inline scripts, as it should.
  if (!hasAxe) await page.evaluate(await axeSource());
  const all = await page.evaluate(async (exclude) => {
    type Axe = { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(
      { include: [['body']], exclude: exclude.map((s) => [s]) },
      { resultTypes: ['violations'] },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200), failureSummary: n.failureSummary })),
    }));
  }, opts.exclude ?? []);
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with a readable list when axe finds serious or critical violations. */
export async function expectAccessible(page: Page, opts: { exclude?: string[] } = {}): Promise<void> {
  const found = await axeViolations(page, opts);
  if (found.length === 0) return;
  const lines = found.flatMap((v) => [
    `${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`,
    ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}  ${n.html}`),
  ]);
  throw new Error(`axe found ${found.length} serious/critical violation(s) on ${page.url()}:\n${lines.join('\n')}`);
}
