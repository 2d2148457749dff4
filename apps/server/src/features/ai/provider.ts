/**
 * One small interface for every answerer. The built-in one retrieves from the knowledge base (no
 * network, no key); the others are real models given the retrieved sections as grounding.
 */
import type { AiConfig } from '../../config.js';
import { createBuiltinProvider } from './builtin.js';
import { createGeminiProvider } from './gemini.js';
import type { KnowledgeHit } from './knowledge.js';
import { createOpenAiProvider } from './openai.js';

export interface AiTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AiRequest {
  /** Oldest first; the last turn is the member's question. */
  history: AiTurn[];
  /** Knowledge sections for the question, best first (`good` ones match well enough to answer from). */
  grounding: { hits: KnowledgeHit[]; good: KnowledgeHit[] };
  signal: AbortSignal;
}

export interface AiProvider {
  /** The name in the page's "Powered by" footer. */
  readonly name: string;
  /** The answer in pieces, as they arrive. */
  stream(req: AiRequest): AsyncIterable<string>;
  /** The whole answer at once. */
  complete(req: AiRequest): Promise<string>;
}

export function createProvider(config: AiConfig): AiProvider {
  switch (config.provider) {
    case 'openai':
      return createOpenAiProvider(config);
    case 'gemini':
      return createGeminiProvider(config);
    default:
      return createBuiltinProvider(config.displayName);
  }
}
