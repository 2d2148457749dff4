/**
 * POST /api/ai/chat with the history (streamed as server-sent events), GET for the kept conversation,
 * DELETE for "New chat". Answers are parsed with the contract's schemas, never trusted.
 */
import {
  AI_STREAM_EVENTS,
  Routes,
  aiConversationSchema,
  aiStreamDeltaSchema,
  aiStreamDoneSchema,
  aiStreamErrorSchema,
  type AiConversation,
  type AiMessageDto,
} from '@sajha/contract';
import { currentLocale, localize } from '../../i18n/prefs';
import { call } from '../../lib/http';

export async function loadConversation(): Promise<AiConversation | null> {
  const res = await call(Routes.aiConversation);
  const parsed = aiConversationSchema.safeParse(res.data);
  return res.ok && parsed.success ? parsed.data : null;
}

export async function clearConversation(): Promise<boolean> {
  return (await call(Routes.aiNewChat)).ok;
}

/** The request failed; its message is the server's (in the page's language) or what went wrong. */
export class AiRequestFailed extends Error {}

/** The server's refusal, in the page's language, or the status when it gave no words. */
async function refusal(res: Response): Promise<string> {
  const data = (await res.json().catch(() => ({}))) as { message?: unknown };
  return typeof data.message === 'string' ? localize(data.message) : `HTTP ${res.status}`;
}

/** Sends the history; calls onDelta with each piece as it arrives; resolves with the whole reply. */
export async function askAssistant(
  messages: AiMessageDto[],
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const res = await fetch(Routes.aiChat.path, {
    method: 'POST',
    credentials: 'include',
    // The server answers (and refuses) in the member's language.
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream, application/json',
      'Accept-Language': currentLocale(),
    },
    body: JSON.stringify({ messages }),
    signal,
  });
  if (!res.ok) throw new AiRequestFailed(await refusal(res));
  if (!res.headers.get('content-type')?.includes('text/event-stream') || !res.body) {
    // A plain JSON answer: the reply is read from `content`, or else from `message` (spec §7).
    const data = (await res.json().catch(() => ({}))) as { content?: unknown; message?: unknown };
    const reply =
      typeof data.content === 'string' ? data.content : typeof data.message === 'string' ? localize(data.message) : '';
    return reply;
  }

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let whole = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const raw = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || raw === undefined) continue;
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        continue;
      }
      if (event === AI_STREAM_EVENTS.delta) {
        const delta = aiStreamDeltaSchema.safeParse(data);
        if (delta.success) {
          whole += delta.data.text;
          onDelta(delta.data.text);
        }
      } else if (event === AI_STREAM_EVENTS.done) {
        const finished = aiStreamDoneSchema.safeParse(data);
        return finished.success ? finished.data.content : whole;
      } else if (event === AI_STREAM_EVENTS.error) {
        const failure = aiStreamErrorSchema.safeParse(data);
        throw new AiRequestFailed(failure.success ? localize(failure.data.message) : 'the assistant failed');
      }
    }
  }
  // The stream ended without "done": the connection broke.
  throw new AiRequestFailed('the answer was cut off');
}
