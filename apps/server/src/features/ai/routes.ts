/**
 * HTTP for the assistant (part 2 §7): POST /api/ai/chat answers `{content}` as JSON, or streams it as
 * server-sent events when the client asks for text/event-stream; GET /api/ai/chat gives the kept
 * conversation and the provider's name; DELETE /api/ai/chat is "New chat". Each is: sign-in, policy,
 * rate limit, validate, service, answer. Refusals before the answer starts are plain JSON errors.
 */
import type { FastifyInstance } from 'fastify';
import { AI_STREAM_EVENTS, Messages, Routes, type AiChatAnswer, type AiConversation } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/sessions.js';
import { authorize, type AiAction } from './policy.js';
import { AiUnavailableError, ask, createAssistant, keptConversation, newChat } from './service.js';

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

export function aiRoutes(app: FastifyInstance, deps: AppDeps): void {
  const assistant = createAssistant(deps.config.ai);
  deps.log.info({ provider: deps.config.ai.provider, sections: assistant.kb.sections.length }, 'AI assistant ready');

  const member = (auth: AuthContext, action: AiAction): string => {
    const actor = { id: auth.user.id };
    authorize(actor, action);
    return actor.id;
  };

  route(app, deps, Routes.aiConversation, { auth: 'required' }, async ({ auth, reply }): Promise<AiConversation> => {
    const userId = member(auth, 'read');
    void reply.header('Cache-Control', 'no-store');
    return { success: true, provider: assistant.provider.name, messages: await keptConversation(deps, userId) };
  });

  route(app, deps, Routes.aiNewChat, { auth: 'required' }, async ({ auth }) => {
    const userId = member(auth, 'clear');
    await newChat(deps, userId);
    return { success: true };
  });

  const askOptions = { auth: 'required', limits: { perUser: 'aiChatPerUser' } } as const;
  route(app, deps, Routes.aiChat, askOptions, async ({ auth, body, req, reply }) => {
    const userId = member(auth, 'ask');

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
  });
}
