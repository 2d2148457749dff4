/**
 * HTTP for the assistant (part 2 §7): POST /api/ai/chat answers `{content}` as JSON, or streams it as
 * server-sent events when the client asks for text/event-stream; GET /api/ai/chat gives the kept
 * conversation and the provider's name; DELETE /api/ai/chat is "New chat". Each is: sign-in, policy,
 * rate limit, validate, service, answer. Refusals before the answer starts are plain JSON errors.
 */
import { AI_STREAM_EVENTS, Messages, Routes, type AiChatAnswer, type AiConversation } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import { AiUnavailableError, ask, createAssistant, keptConversation, newChat, type Assistant } from './service.js';

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** One assistant per app: its knowledge base is read and indexed once (at start-up, see index.ts). */
const assistants = new WeakMap<AppDeps, Assistant>();
export function assistantOf(deps: AppDeps): Assistant {
  let assistant = assistants.get(deps);
  if (!assistant) {
    assistants.set(deps, (assistant = createAssistant(deps, deps.config.ai)));
    deps.log.info({ provider: deps.config.ai.provider, articles: assistant.kb.articles.length }, 'AI assistant ready');
  }
  return assistant;
}

export const aiRoutes = [
  route(Routes.aiConversation, { action: 'ai.read', auth: 'required' }, async ({ deps, auth, reply }) => {
    void reply.header('Cache-Control', 'no-store');
    const messages = await keptConversation(deps, auth.user.id);
    return { success: true, provider: assistantOf(deps).provider.name, messages } satisfies AiConversation;
  }),

  route(Routes.aiNewChat, { action: 'ai.clear', auth: 'required' }, async ({ deps, auth }) => {
    await newChat(deps, auth.user.id);
    return { success: true as const };
  }),

  route(
    Routes.aiChat,
    { action: 'ai.ask', auth: 'required', limits: { perUser: 'aiChatPerUser' } },
    async ({ deps, auth, body, req, reply }) => {
      const userId = auth.user.id;
      const assistant = assistantOf(deps);

      // The member leaving (tab closed, request cancelled) stops the model too.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });

      if (!(req.headers.accept ?? '').includes('text/event-stream')) {
        try {
          const { content, id } = await ask(deps, assistant, userId, body, { signal: gone.signal });
          return { success: true, content, id, provider: assistant.provider.name } satisfies AiChatAnswer;
        } catch (err) {
          if (!(err instanceof AiUnavailableError)) throw err;
          return reply.code(err.reason === 'timeout' ? 504 : 502).send({ success: false, message: Messages.ai.error });
        }
      }

      // Streaming: validation above has passed; from here the answer is ours to write.
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        reply.hijack();
        reply.raw.writeHead(200, SSE_HEADERS);
      };
      try {
        const { content, id } = await ask(deps, assistant, userId, body, {
          signal: gone.signal,
          onDelta: (text) => {
            start();
            reply.raw.write(sse(AI_STREAM_EVENTS.delta, { text }));
          },
        });
        start();
        reply.raw.end(sse(AI_STREAM_EVENTS.done, { content, id }));
      } catch (err) {
        if (err instanceof AppError && !started) throw err;
        if (!(err instanceof AiUnavailableError)) req.log.error({ err }, 'AI answer failed');
        start();
        reply.raw.end(sse(AI_STREAM_EVENTS.error, { message: Messages.ai.error }));
      }
      return reply;
    },
  ),
];
