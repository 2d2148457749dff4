/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp server, vLLM): the official
 * SDK with our base URL, model and key. No retries (the member is waiting), and the SDK's own logging off.
 */
import OpenAI from 'openai';
import type { AiConfig } from '../../config.js';
import { systemPrompt } from './prompt.js';
import type { AiProvider, AiRequest } from './types.js';

export function createOpenAiProvider(config: AiConfig): AiProvider {
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: config.openaiApiKey ?? 'no-key',
    baseURL: config.openaiBaseUrl ?? null,
    maxRetries: 0,
    timeout: config.timeoutMs,
    logLevel: 'off',
  });
  const messages = (req: AiRequest): OpenAI.Chat.ChatCompletionMessageParam[] => [
    { role: 'system', content: systemPrompt(req.grounding) },
    ...req.history.map((t) => ({ role: t.role, content: t.content })),
  ];
  return {
    name: config.displayName,
    async complete(req) {
      const res = await client.chat.completions.create(
        { model: config.model, messages: messages(req) },
        { signal: req.signal },
      );
      return res.choices[0]?.message?.content ?? '';
    },
    async *stream(req) {
      const stream = await client.chat.completions.create(
        { model: config.model, messages: messages(req), stream: true },
        { signal: req.signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
