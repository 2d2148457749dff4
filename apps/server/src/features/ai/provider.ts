/**
 * One small interface for every answerer. The built-in one retrieves from the knowledge base (no
 * network, no key); the others are real models given the retrieved sections as grounding.
 */
import type { AiConfig } from '../../config.js';
import { createBuiltinProvider } from './builtin.js';
import { createGeminiProvider } from './gemini.js';
import { createOpenAiProvider } from './openai.js';
import type { AiProvider } from './types.js';

export type { AiProvider, AiRequest, AiTurn } from './types.js';

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
