/**
 * The chat screen's link to the realtime socket: feeds server events into the reducer and offers the
 * actions (open a chat, page back, send, react, pin, delete, start chats). Sends wait in a small
 * outbox in localStorage until the server acknowledges them, and are sent again after a reconnect or
 * a reload; the server stores a client id once, so nothing is lost and nothing is doubled. A send the
 * server refuses leaves the outbox (it would be refused again) and shows as failed, with Retry and
 * Discard.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  DURATIONS_MS,
  Events,
  type ChatDto,
  type CurrentUser,
  type ClientAck,
  type DeleteScope,
  type MessageDto,
  type ReplyQuote,
} from '@sajha/contract';
import { useAuth } from '../../lib/auth';
import { useRealtime } from '../../lib/realtime';
import { emitFresh } from '../../lib/emitFresh';
import type { MainSocket } from '../../lib/socketTypes';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { chatReducer, initialChatState, isLocal, PAGE_SIZE, storedFrom, type UiMessage } from './chatState';

type ForwardAnswer = ClientAck<typeof Events.forwardMessage>;
interface ForwardPayload {
  mid: string;
  chatIds: string[];
  id: string;
}

type Attachment = MessageDto['attachments'][number];
interface SendPayload {
  id: string;
  message: string;
  to_cid: string;
  attachments: string[];
  replyTo?: string;
  /** What the reply quotes, kept in the outbox (not sent): a resend after a reload still shows it. */
  quote?: ReplyQuote;
}

const outboxKey = (uid: string) => `sajha.chat.outbox.${uid}`;
function readOutbox(uid: string): SendPayload[] {
  try {
    const list = JSON.parse(localStorage.getItem(outboxKey(uid)) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as SendPayload[]) : [];
  } catch {
    return [];
  }
}
function writeOutbox(uid: string, list: SendPayload[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(outboxKey(uid));
    else localStorage.setItem(outboxKey(uid), JSON.stringify(list));
  } catch {
    // storage full or blocked: the message still goes out on this connection
  }
}

export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export interface ChatCallbacks {
  /** chat_started, or add_chat for a group this tab just created: the screen selects it. */
  onSelect: (chat: ChatDto) => void;
}

export function useChat(callbacks: ChatCallbacks) {
  const { socket, connected } = useRealtime();
  const { user } = useAuth();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [typing, setTyping] = useState<string | null>(null);
  const openRef = useRef<string | null>(null);
  const stateRef = useRef(state);
  const cbRef = useRef(callbacks);
  const pendingGroup = useRef(false);
  /** Refused sends, kept for Retry (client id -> what was sent). */
  const refused = useRef(new Map<string, SendPayload>());
  /** Forwards not answered yet (client id -> what was asked, and who hears the answer): sent again on reconnect. */
  const forwards = useRef(
    new Map<string, { payload: ForwardPayload; done: (answer: ForwardAnswer | { error: string }) => void }>(),
  );
  useEffect(() => {
    stateRef.current = state;
    cbRef.current = callbacks;
  });

  const emitSend = useCallback((s: MainSocket | null, me: CurrentUser, payload: SendPayload) => {
    if (!s) {
      console.log('Socket is null, cannot send message');
      return;
    }
    // Never held back as a double click: every send has its own client id, so an identical emit is a
    // Retry or an outbox resend, and the server stores a client id once.
    const { quote, ...wire } = payload;
    emitFresh(s, Events.sendMessage, wire, (a) => {
      writeOutbox(
        me.uid,
        readOutbox(me.uid).filter((p) => p.id !== payload.id),
      );
      if (a.ok) {
        const what = {
          clientId: payload.id,
          content: payload.message,
          sender: me,
          ...(quote ? { replyTo: quote } : {}),
        };
        dispatch({ type: 'acked', chatId: payload.to_cid, clientId: payload.id, message: storedFrom(a.data, what) });
      } else {
        console.warn('message refused', a.error);
        refused.current.set(payload.id, payload);
        dispatch({ type: 'sendFailed', chatId: payload.to_cid, clientId: payload.id, error: a.error });
      }
    });
  }, []);

  /** A forward under its client id; the first answer wins (a repeat answers the same copies). */
  const emitForward = useCallback((s: MainSocket, payload: ForwardPayload) => {
    emitFresh(s, Events.forwardMessage, payload, (a) => {
      const waiting = forwards.current.get(payload.id);
      if (!waiting) return;
      forwards.current.delete(payload.id);
      waiting.done(a.ok ? a.data : { error: a.error });
    });
  }, []);

  const loadFirstPage = useCallback((s: MainSocket, chatId: string) => {
    dispatch({ type: 'loading', chatId });
    emitFresh(s, Events.getMessages, chatId, { limit: PAGE_SIZE }, (a) => {
      if (a.ok) dispatch({ type: 'page', chatId, newestFirst: a.data, older: false });
    });
  }, []);

  // Server events -> reducer.
  const typingTimer = useRef<number | undefined>(undefined);
  const clearTyping = () => {
    window.clearTimeout(typingTimer.current);
    setTyping(null);
  };
  useEffect(() => () => window.clearTimeout(typingTimer.current), []);
  useSocketEvents({
    [Events.chats]: (chats) => dispatch({ type: 'chats', chats }),
    [Events.chatStarted]: (list) => {
      const chat = list[0];
      if (!chat) return;
      dispatch({ type: 'upsertChat', chat });
      cbRef.current.onSelect(chat);
    },
    [Events.addChat]: (list) => {
      const chat = list[0];
      if (!chat) return;
      dispatch({ type: 'upsertChat', chat });
      if (pendingGroup.current) {
        pendingGroup.current = false;
        cbRef.current.onSelect(chat);
      }
    },
    [Events.receiveMessage]: (m) => {
      const open = openRef.current === m.chatId;
      if (socket && !stateRef.current.chats.some((c) => c.id === m.chatId)) emitFresh(socket, Events.getChats);
      dispatch({ type: 'incoming', chatId: m.chatId, message: m, open });
      if (open) clearTyping();
    },
    [Events.messageUpdated]: (m) => dispatch({ type: 'updated', chatId: m.chatId, message: m }),
    [Events.messageDeleted]: ({ mid, chatId }) => dispatch({ type: 'deleted', chatId, mid }),
    [Events.presence]: ({ uid, online }) => dispatch({ type: 'presence', uid, online }),
    [Events.groupInfo]: (info) => dispatch({ type: 'group', info }),
    [Events.typingName]: (name) => {
      if (!openRef.current) return;
      window.clearTimeout(typingTimer.current);
      setTyping(name);
      typingTimer.current = window.setTimeout(() => setTyping(null), DURATIONS_MS.typingIndicator);
    },
    [Events.chatRead]: ({ chatId, upTo }) => dispatch({ type: 'readUpTo', chatId, upTo }),
  });

  // On every (re)connect: the list, the open chat again, and whatever still waits in the outbox (a
  // quick reconnect repeats what the last connection sent moments ago: emitFresh, or it is dropped).
  useEffect(() => {
    if (!socket || !connected || !user) return;
    emitFresh(socket, Events.getChats);
    const open = openRef.current;
    if (open) {
      emitFresh(socket, Events.joinChat, open);
      loadFirstPage(socket, open);
    }
    for (const payload of readOutbox(user.uid)) emitSend(socket, user, payload);
    for (const { payload } of forwards.current.values()) emitForward(socket, payload);
  }, [socket, connected, user, emitSend, emitForward, loadFirstPage]);

  const openChat = useCallback(
    (chatId: string | null) => {
      if (openRef.current === chatId) return;
      const previous = openRef.current;
      openRef.current = chatId;
      setTyping(null);
      if (!socket) return;
      if (previous) socket.emit(Events.leaveChat, previous);
      if (!chatId) return;
      socket.emit(Events.joinChat, chatId);
      dispatch({ type: 'read', chatId });
      loadFirstPage(socket, chatId);
    },
    [socket, loadFirstPage],
  );

  // Leaving the screen leaves the chat, so messages badge again.
  useEffect(
    () => () => {
      if (socket && openRef.current) socket.emit(Events.leaveChat, openRef.current);
      openRef.current = null;
    },
    [socket],
  );

  const loadOlder = useCallback(
    (chatId: string) => {
      const thread = stateRef.current.threads[chatId];
      const oldest = thread?.items.find((m) => !isLocal(m));
      if (!socket || !thread || thread.loading || !thread.hasMore || !oldest) return;
      dispatch({ type: 'loading', chatId });
      socket.emit(Events.getMessages, chatId, { before: oldest.id, limit: PAGE_SIZE }, (a) => {
        if (a.ok) dispatch({ type: 'page', chatId, newestFirst: a.data, older: true });
      });
    },
    [socket],
  );

  const send = useCallback(
    (chatId: string, text: string, attachments: Attachment[], replyTo?: ReplyQuote | null) => {
      if (!user) return;
      const payload: SendPayload = {
        id: newClientId(),
        message: text,
        to_cid: chatId,
        attachments: attachments.map((a) => a.id),
        ...(replyTo ? { replyTo: replyTo.id, quote: replyTo } : {}),
      };
      const local: UiMessage = {
        id: payload.id,
        clientId: payload.id,
        chatId,
        content: text,
        timestamp: new Date().toISOString(),
        attachments,
        reactions: [],
        pinned: false,
        status: 'sent',
        sender: { ...user, online: true },
        live: true,
        pending: true,
        ...(replyTo ? { replyTo } : {}),
      };
      dispatch({ type: 'local', chatId, message: local });
      writeOutbox(user.uid, [...readOutbox(user.uid), payload]);
      emitSend(socket, user, payload);
    },
    [socket, user, emitSend],
  );

  /** A refused send goes out again under the same client id (the server still stores it once). */
  const retry = useCallback(
    (chatId: string, clientId: string) => {
      const payload = refused.current.get(clientId);
      if (!payload || !user) return;
      refused.current.delete(clientId);
      dispatch({ type: 'retrying', chatId, clientId });
      writeOutbox(user.uid, [...readOutbox(user.uid), payload]);
      emitSend(socket, user, payload);
    },
    [socket, user, emitSend],
  );
  const discard = useCallback((chatId: string, clientId: string) => {
    refused.current.delete(clientId);
    dispatch({ type: 'discarded', chatId, clientId });
  }, []);

  const actions = useMemo(() => {
    const act = (fn: (s: MainSocket) => void) => {
      if (socket) fn(socket);
    };
    return {
      react: (id: string, reaction: string) => act((s) => s.emit(Events.reactMessage, { id, reaction })),
      pin: (mid: string, pinned: boolean) =>
        act((s) => s.emit(pinned ? Events.pinMessage : Events.unpinMessage, { mid })),
      remove: (mid: string, scope: DeleteScope) => act((s) => s.emit(Events.deleteMessage, { mid, scope })),
      forward: (mid: string, chatIds: string[], done: (answer: ForwardAnswer | { error: string }) => void) =>
        act((s) => {
          const payload = { mid, chatIds, id: newClientId() };
          forwards.current.set(payload.id, { payload, done });
          emitForward(s, payload);
        }),
      // The ack carries the message as stored, so the editor's screen follows even if its message_updated is late.
      edit: (chatId: string, mid: string, text: string, onFail: (error: string) => void) =>
        act((s) =>
          s.emit(Events.editMessage, { mid, message: text }, (a) => {
            if (a.ok) dispatch({ type: 'updated', chatId, message: a.data });
            else onFail(a.error);
          }),
        ),
      typingSignal: (chatId: string) => act((s) => user && s.emit(Events.typing, chatId, user.name)),
      startChat: (target: { to_uid: string } | { username: string }, onFail?: (error: string) => void) =>
        act((s) =>
          s.emit(Events.startChat, target, (answer) => {
            if (!answer.ok) onFail?.(answer.error);
          }),
        ),
      startGroup: (groupName: string, userIds: string[]) =>
        act((s) => {
          pendingGroup.current = true;
          s.emit(Events.startGroupChat, { groupName, userIds });
        }),
    };
  }, [socket, user, emitForward]);

  return { state, typing, me: user, openChat, loadOlder, send, retry, discard, ...actions };
}

export type ChatApi = ReturnType<typeof useChat>;
