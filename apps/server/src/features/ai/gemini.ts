/** Google Gemini through @google/genai, given the same grounding in its system instruction. */
import { GoogleGenAI, type Content } from '@google/genai';
import type { AiConfig } from '../../config.js';
import { systemPrompt } from './prompt.js';
import type { AiProvider, AiRequest } from './types.js';

export function createGeminiProvider(config: AiConfig): AiProvider {
  const ai = new GoogleGenAI({
    apiKey: config.geminiApiKey ?? '',
    ...(config.geminiBaseUrl ? { httpOptions: { baseUrl: config.geminiBaseUrl } } : {}),
  });
  const params = (req: AiRequest) => ({
    model: config.model,
    contents: req.history.map((t): Content => ({
      role: t.role === 'assistant' ? 'model' : 'user',
      parts: [{ text: t.content }],
    })),
    config: { systemInstruction: systemPrompt(req.grounding), abortSignal: req.signal },
  });
  return {
    name: config.displayName,
    async complete(req) {
      const res = await ai.models.generateContent(params(req));
      return res.text ?? '';
    },
    async *stream(req) {
      const stream = await ai.models.generateContentStream(params(req));
      for await (const chunk of stream) {
        const text = chunk.text;
        if (text) yield text;
      }
    },
  };
}
