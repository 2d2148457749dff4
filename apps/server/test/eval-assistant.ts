/**
 * Runs the evaluation set against the configured answerer, the way a member's question reaches it
 * (help-centre retrieval, then the provider), and prints the score per language and every miss:
 *
 *   AI_PROVIDER=openai OPENAI_API_KEY=... npm run eval:assistant
 *   AI_PROVIDER=gemini GEMINI_API_KEY=... npm run eval:assistant
 *   npm run eval:assistant                     (the built-in answerer, as CI runs it)
 *
 * Not part of CI: a model costs money and its answers vary. Exits 1 under 90%.
 */
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import type { AppDeps } from '../src/deps.js';
import { createProvider } from '../src/features/ai/provider.js';
import { helpCentreOf } from '../src/features/help/index.js';
import { formatReport, loadEvalSet, runEval } from './help-eval.js';

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? '/tmp/sajha-eval' });
const deps = { config, log: pino({ level: 'warn' }) } as unknown as AppDeps;
const { kb } = helpCentreOf(deps);
const provider = createProvider(config.ai);
const items = loadEvalSet();

const report = await runEval(items, async (q) => {
  const signal = AbortSignal.timeout(config.ai.timeoutMs);
  return provider.complete({ history: [{ role: 'user', content: q }], grounding: kb.search(q), signal });
});
console.log(formatReport(report, provider.name));
process.exitCode = report.right / report.total >= 0.9 ? 0 : 1;
