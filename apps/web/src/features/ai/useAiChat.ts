/**
 * The AI chat's state (part 2 §4): sending adds the member's message, shows "Thinking...", then the
 * reply (growing as it streams). Nothing is sent while a reply is pending. The conversation comes from
 * the server on load (a query), so a reload shows it; the streamed reply is written into the same cache;
 * "New chat" clears it there too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_LIMITS, type AiMessageDto } from '@sajha/contract';
import { messages as texts } from '../../i18n/prefs';
import { askAssistant, clearConversation, loadConversation } from './aiApi';

export interface ChatMessage extends AiMessageDto {
  /** Shown but never sent back: the catalogue's error text. */
  local?: boolean;
}

/** Ids are timestamp strings (spec §3), kept unique when two are made in the same millisecond. */
let lastId = 0;
const newId = () => {
  lastId = Math.max(Date.now(), lastId + 1);
  return String(lastId);
};

interface Conversation {
  messages: ChatMessage[];
  provider: string;
}
const conversationKey = ['ai', 'conversation'] as const;

export function useAiChat() {
  const client = useQueryClient();
  // A failed load still opens the chat: the member can ask, only the earlier conversation is missing.
  const { data, isPending } = useQuery({
    queryKey: conversationKey,
    queryFn: async (): Promise<Conversation> =>
      (await loadConversation().catch(() => null)) ?? { messages: [], provider: '' },
  });
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  // The cache is read synchronously (state updaters run later, at render).
  const current = useCallback(() => client.getQueryData<Conversation>(conversationKey)?.messages ?? [], [client]);
  const update = useCallback(
    (next: (list: ChatMessage[]) => ChatMessage[]) =>
      client.setQueryData<Conversation>(conversationKey, (c) => ({
        provider: c?.provider ?? '',
        messages: next(c?.messages ?? []),
      })),
    [client],
  );
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(
    async (text: string) => {
      if (!text.trim() || pendingRef.current) return;
      pendingRef.current = true;
      setPending(true);
      const question: ChatMessage = { id: newId(), role: 'user', content: text };
      const replyId = newId();
      update((list) => [...list, question]);
      const history: AiMessageDto[] = current()
        .filter((m) => !m.local)
        .slice(-AI_LIMITS.historyMessages)
        .map(({ id, role, content }) => ({ id, role, content }));
      const put = (content: string, local = false) =>
        update((list) => {
          const without = list.filter((m) => m.id !== replyId);
          return [...without, { id: replyId, role: 'assistant', content, ...(local ? { local } : {}) }];
        });
      const ctrl = new AbortController();
      inFlight.current = ctrl;
      let streamed = '';
      try {
        const reply = await askAssistant(
          history,
          (piece) => {
            streamed += piece;
            put(streamed);
          },
          ctrl.signal,
        );
        put(reply.trim() ? reply : texts().Messages.ai.empty);
      } catch {
        if (!ctrl.signal.aborted) put(texts().Messages.ai.error, true);
      } finally {
        inFlight.current = null;
        pendingRef.current = false;
        setPending(false);
      }
    },
    [update, current],
  );

  const newChat = useCallback(async () => {
    if (pendingRef.current) return;
    if (await clearConversation()) update(() => []);
  }, [update]);

  return {
    messages: data?.messages ?? [],
    provider: data?.provider ?? '',
    loaded: !isPending,
    pending,
    send,
    newChat,
  };
}
