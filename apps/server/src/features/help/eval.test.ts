/**
 * The assistant's evaluation set, answered by the built-in answerer exactly as a member's question is
 * (help-centre retrieval, then the quoted article): at least 90% must be right. The score per language
 * and every miss are printed, so a drop says which questions fell.
 */
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { createProvider } from '../ai/provider.js';
import { formatReport, judge, loadEvalSet, runEval } from '../../../test/help-eval.js';
import { helpCentreOf } from './index.js';

describe('the assistant evaluation set', () => {
  const items = loadEvalSet();

  it('holds at least 200 questions in English, romanized Nepali and Devanagari, off-topic ones too', () => {
    expect(items.length).toBeGreaterThanOrEqual(200);
    const count = (f: (i: (typeof items)[number]) => boolean) => items.filter(f).length;
    expect(count((i) => i.lang === 'en')).toBeGreaterThanOrEqual(80);
    expect(count((i) => i.lang === 'ne-rom')).toBeGreaterThanOrEqual(30);
    expect(count((i) => i.lang === 'ne')).toBeGreaterThanOrEqual(30);
    expect(count((i) => i.expect === 'none')).toBeGreaterThanOrEqual(10);
  });

  it('names only articles that exist', () => {
    const deps = { config: loadConfig({ DATA_DIR: '/tmp/sajha-eval' }), log: pino({ level: 'silent' }) };
    const { kb } = helpCentreOf(deps as unknown as AppDeps);
    const unknown = items.flatMap((i) => (i.expect === 'none' ? [] : i.expect)).filter((s) => !kb.bySlug(s));
    expect(unknown).toEqual([]);
  });

  it('judges an answer by its article and its facts, not by luck', () => {
    const item = { q: 'x', lang: 'en' as const, expect: ['block'], facts: [['Block User']] };
    expect(judge(item, 'Open the menu and choose **Block User**.\n\nRead more: [Block](/help/block)').right).toBe(true);
    expect(judge(item, 'Open the menu.\n\nRead more: [Block](/help/block)').right).toBe(false);
    expect(judge(item, 'Choose Block User.\n\nRead more: [Mute](/help/mute-members)').right).toBe(false);
    const none = { q: 'y', lang: 'en' as const, expect: 'none' as const };
    expect(judge(none, "Sorry, I don't know. Browse /help.").right).toBe(true);
    expect(judge(none, 'Read more: [Block](/help/block)').right).toBe(false);
    // Devanagari and ASCII digits are one.
    expect(judge({ ...item, facts: [['30']] }, '३० दिन [x](/help/block)').right).toBe(true);
  });

  it('the built-in answerer is right on at least 90% of them', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/sajha-eval', AI_PROVIDER: 'builtin' });
    const deps = { config, log: pino({ level: 'silent' }) } as unknown as AppDeps;
    const { kb } = helpCentreOf(deps);
    const provider = createProvider(config.ai);
    const report = await runEval(items, (q) =>
      provider.complete({
        history: [{ role: 'user', content: q }],
        grounding: kb.search(q),
        signal: AbortSignal.timeout(5000),
      }),
    );
    console.log(formatReport(report, 'built-in answerer'));
    expect(report.right / report.total).toBeGreaterThanOrEqual(0.9);
  });
});
