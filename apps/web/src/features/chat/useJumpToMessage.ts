/**
 * Opens a chat at one message (a search hit, issue 35): pages back through the chat until the message
 * is loaded, scrolls the list to it and keeps it highlighted for a few seconds. A message that is no
 * longer there (deleted, or never in this chat) is said so once the whole chat is loaded.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import type { Thread } from './chatState';

/** How long a found message stays highlighted. */
export const HIGHLIGHT_MS = 4000;
/** Scrolls tried (100 ms apart) before the list has drawn the message. */
const SCROLL_TRIES = 20;

export function useJumpToMessage(options: {
  chatId: string;
  thread: Thread | undefined;
  /** The message to open the chat at, if any. */
  focusId: string | null | undefined;
  list: RefObject<VirtuosoHandle | null>;
  loadOlder: (chatId: string) => void;
  /** The jump is done (found or not): the caller forgets the message asked for. */
  onFocused: () => void;
  onGone: () => void;
}): string | null {
  const { chatId, thread, focusId, list, loadOlder } = options;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // The latest callbacks and messages, read when a timer fires (not reasons to start again).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!focusId || !thread || thread.loading) return;
    if (thread.items.some((m) => m.id === focusId)) {
      setHighlighted(focusId);
      latest.current.onFocused();
      return;
    }
    if (!thread.hasMore) {
      latest.current.onGone();
      latest.current.onFocused();
      return;
    }
    // After this render's effects: loadOlder reads the chat's state as they leave it.
    const timer = window.setTimeout(() => loadOlder(chatId), 0);
    return () => window.clearTimeout(timer);
  }, [focusId, thread, chatId, loadOlder]);

  // Once the list has drawn the pages just put in front, it scrolls to the message. The list measures
  // those pages as it draws them, so a first scroll can land short of a message it has not measured yet
  // (seen on a busy machine): it tries again until the message is drawn, then centres it.
  useEffect(() => {
    if (!highlighted) return;
    let tries = 0;
    let timer = 0;
    const attempt = () => {
      const drawn = document.querySelector(`[data-message-id="${CSS.escape(highlighted)}"]`);
      if (drawn) {
        drawn.scrollIntoView({ block: 'center' });
        return;
      }
      const index = latest.current.thread?.items.findIndex((m) => m.id === highlighted) ?? -1;
      if (index >= 0) list.current?.scrollToIndex({ index, align: 'center' });
      if ((tries += 1) < SCROLL_TRIES) timer = window.setTimeout(attempt, 100);
    };
    timer = window.setTimeout(attempt, 50);
    return () => window.clearTimeout(timer);
  }, [highlighted, list]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
