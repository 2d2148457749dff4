/**
 * The AI chat's state (part 2 §4): sending adds the member's message, shows "Thinking...", then the
 * reply (growing as it streams). Nothing is sent while a reply is pending. The conversation comes from
 * the server on load, so a reload shows it; "New chat" clears it there too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AI_LIMITS, Messages, type AiMessageDto } from '@sajha/contract';
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

export function useAiChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [provider, setProvider] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  // The list as last set, readable synchronously (state updaters run later, at render).
  const listRef = useRef<ChatMessage[]>([]);
  const update = useCallback((next: (list: ChatMessage[]) => ChatMessage[]) => {
    listRef.current = next(listRef.current);
    setMessages(listRef.current);
  }, []);

  useEffect(() => {
    let live = true;
    // A failed load still opens the chat: the member can ask, only the earlier conversation is missing.
    void loadConversation()
      .catch(() => null)
      .then((c) => {
        if (!live) return;
        if (c) {
          update(() => c.messages);
          setProvider(c.provider);
        }
        setLoaded(true);
      });
    return () => {
      live = false;
      inFlight.current?.abort();
    };
  }, [update]);

  const send = useCallback(
    async (text: string) => {
      if (!text.trim() || pendingRef.current) return;
      pendingRef.current = true;
      setPending(true);
      const question: ChatMessage = { id: newId(), role: 'user', content: text };
      const replyId = newId();
      update((list) => [...list, question]);
      const history: AiMessageDto[] = listRef.current
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
        put(reply.trim() ? reply : Messages.ai.empty);
      } catch {
        if (!ctrl.signal.aborted) put(Messages.ai.error, true);
      } finally {
        inFlight.current = null;
        pendingRef.current = false;
        setPending(false);
      }
    },
    [update],
  );

  const newChat = useCallback(async () => {
    if (pendingRef.current) return;
    if (await clearConversation()) update(() => []);
  }, [update]);

  return { messages, provider, loaded, pending, send, newChat };
}
