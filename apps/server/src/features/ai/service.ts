/**
 * Answering a member: trim the history, retrieve grounding, call the provider within the timeout, keep
 * the conversation. Provider failures become AiUnavailableError, whose details stay in the log (status
 * and reason only: never an upstream body, never a key); the member sees the catalogue text.
 */
import { Messages, type AiChatBody, type AiMessageDto } from '@sajha/contract';
import type { AiConfig } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { helpCentreOf, type KnowledgeHit } from '../help/index.js';
import { presentAiMessage } from './presenters.js';
import { prepareHistory, retrievalQuery } from './prompt.js';
import { createProvider, type AiProvider, type AiRequest } from './provider.js';
import { clearConversation, conversation, pruneConversation, saveMessage } from './repo.js';

export interface Assistant {
  kb: ReturnType<typeof helpCentreOf>['kb'];
  provider: AiProvider;
  timeoutMs: number;
}

/** Built once per app at start-up, on the help centre's articles (read and indexed by features/help). */
export function createAssistant(deps: AppDeps, config: AiConfig): Assistant {
  return { kb: helpCentreOf(deps).kb, provider: createProvider(config), timeoutMs: config.timeoutMs };
}

export class AiUnavailableError extends Error {
  constructor(
    readonly reason: 'timeout' | 'upstream' | 'aborted',
    readonly upstreamStatus?: number,
  ) {
    super(Messages.ai.error);
    this.name = 'AiUnavailableError';
  }
}

/** What a model is given: the well-matching articles, else the nearest ones, else what the product is. */
function groundingFor(assistant: Assistant, query: string): AiRequest['grounding'] {
  const result = assistant.kb.search(query);
  if (result.hits.length > 0) return result;
  const overview = ['what-is-sajha', 'assistant']
    .map((slug) => assistant.kb.bySlug(slug))
    .filter((article) => article !== undefined)
    .map((article): KnowledgeHit => ({ article, score: 0, coverage: 0, titled: false }));
  return { ...result, hits: overview };
}

/** Settles with the promise, or rejects as soon as the signal aborts (even if the promise never settles). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error('provider failed'));
      },
    );
  });
}

export interface AskOptions {
  /** Aborts when the member goes away. */
  signal: AbortSignal;
  /** Given: the answer streams piece by piece through it. */
  onDelta?: (text: string) => void;
}

export async function ask(
  deps: AppDeps,
  assistant: Assistant,
  userId: string,
  body: AiChatBody,
  opts: AskOptions,
): Promise<{ content: string; id: string }> {
  const history = prepareHistory(body.messages);
  const question = body.messages.at(-1)!;
  await saveMessage(deps.db, userId, {
    clientId: String(question.id ?? Date.now()).slice(0, 64),
    role: 'user',
    content: history.at(-1)!.content,
  });

  // The timeout counts time without progress: to the first word, and between words.
  const ctrl = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, assistant.timeoutMs);
  };
  const onGone = () => ctrl.abort();
  opts.signal.addEventListener('abort', onGone, { once: true });
  arm();

  const req: AiRequest = { history, grounding: groundingFor(assistant, retrievalQuery(history)), signal: ctrl.signal };
  let content = '';
  let pieces: AsyncIterator<string> | undefined;
  try {
    if (opts.onDelta) {
      pieces = assistant.provider.stream(req)[Symbol.asyncIterator]();
      for (;;) {
        const next = await untilAborted(pieces.next(), ctrl.signal);
        if (next.done) break;
        arm();
        content += next.value;
        opts.onDelta(next.value);
      }
    } else {
      content = await untilAborted(assistant.provider.complete(req), ctrl.signal);
    }
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    const failure = new AiUnavailableError(
      timedOut ? 'timeout' : opts.signal.aborted ? 'aborted' : 'upstream',
      typeof status === 'number' ? status : undefined,
    );
    // Only the reason and status: an SDK error can quote the upstream body, which is not ours to log.
    deps.log.warn(
      { provider: assistant.provider.name, reason: failure.reason, status: failure.upstreamStatus },
      'AI provider failed',
    );
    throw failure;
  } finally {
    clearTimeout(timer);
    // A stream left behind (timeout, member gone) is closed, so its connection is released.
    if (ctrl.signal.aborted) pieces?.return?.().catch(() => undefined);
    opts.signal.removeEventListener('abort', onGone);
  }

  if (!content.trim()) content = Messages.ai.empty;
  const saved = await saveMessage(deps.db, userId, { clientId: String(Date.now()), role: 'assistant', content });
  await pruneConversation(deps.db, userId);
  return { content, id: saved.clientId };
}

export async function keptConversation(deps: AppDeps, userId: string): Promise<AiMessageDto[]> {
  return (await conversation(deps.db, userId)).map(presentAiMessage);
}

export async function newChat(deps: AppDeps, userId: string): Promise<void> {
  await clearConversation(deps.db, userId);
}
