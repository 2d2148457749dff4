/**
 * The chat screen's link to the realtime socket: feeds server events into the reducer and offers the
 * actions (open a chat, page back, send, react, pin, delete, start chats). Sends wait in a small
 * outbox in localStorage until the server acknowledges them, and are sent again after a reconnect or
 * a reload; the server stores a client id once, so nothing is lost and nothing is doubled.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  DURATIONS_MS,
  Events,
  type ChatDto,
  type CurrentUser,
  type MessageDto,
  type SendMessageAck,
} from '@sajha/contract';
import { useAuth } from '../../app/auth';
import { useRealtime } from '../../app/realtime';
import type { MainSocket } from '../../lib/socket';
import { chatReducer, initialChatState, PAGE_SIZE, type UiMessage } from './chatState';

type Attachment = MessageDto['attachments'][number];
interface SendPayload {
  id: string;
  message: string;
  to_cid: string;
  attachments: string[];
}
type Answer<T> = { ok: true; data?: T } | { ok: false; error: string };

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
  useEffect(() => {
    stateRef.current = state;
    cbRef.current = callbacks;
  });

  const emitSend = useCallback((s: MainSocket | null, me: CurrentUser, payload: SendPayload) => {
    if (!s) {
      console.log('Socket is null, cannot send message');
      return;
    }
    s.emit(Events.sendMessage, payload, (answer) => {
      const a = answer as SendMessageAck;
      writeOutbox(
        me.uid,
        readOutbox(me.uid).filter((p) => p.id !== payload.id),
      );
      if (a.ok) dispatch({ type: 'acked', chatId: payload.to_cid, clientId: payload.id, message: a.data });
      else console.warn('message refused', a.error);
    });
  }, []);

  const loadFirstPage = useCallback((s: MainSocket, chatId: string) => {
    dispatch({ type: 'loading', chatId });
    s.emit(Events.getMessages, chatId, { limit: PAGE_SIZE }, (answer) => {
      const a = answer as Answer<MessageDto[]>;
      if (a.ok && a.data) dispatch({ type: 'page', chatId, newestFirst: a.data, older: false });
    });
  }, []);

  // Server events -> reducer.
  useEffect(() => {
    if (!socket) return;
    let typingTimer: number | undefined;
    const clearTyping = () => {
      window.clearTimeout(typingTimer);
      setTyping(null);
    };
    const onChats = (chats: ChatDto[]) => dispatch({ type: 'chats', chats });
    const onStarted = (list: ChatDto[]) => {
      const chat = list[0];
      if (!chat) return;
      dispatch({ type: 'upsertChat', chat });
      cbRef.current.onSelect(chat);
    };
    const onAdded = (list: ChatDto[]) => {
      const chat = list[0];
      if (!chat) return;
      dispatch({ type: 'upsertChat', chat });
      if (pendingGroup.current) {
        pendingGroup.current = false;
        cbRef.current.onSelect(chat);
      }
    };
    const onReceive = (m: MessageDto & { chatId: string }) => {
      const open = openRef.current === m.chatId;
      if (!stateRef.current.chats.some((c) => c.id === m.chatId)) socket.emit(Events.getChats);
      dispatch({ type: 'incoming', chatId: m.chatId, message: m, open });
      if (open) clearTyping();
    };
    const onUpdated = (m: MessageDto & { chatId: string }) =>
      dispatch({ type: 'updated', chatId: m.chatId, message: m });
    const onDeleted = ({ mid, chatId }: { mid: string; chatId: string }) => dispatch({ type: 'deleted', chatId, mid });
    const onPresence = ({ uid, online }: { uid: string; online: boolean }) =>
      dispatch({ type: 'presence', uid, online });
    const onRead = ({ chatId, upTo }: { chatId: string; upTo: string }) => dispatch({ type: 'readUpTo', chatId, upTo });
    const onTypes = (name: string) => {
      if (!openRef.current) return;
      window.clearTimeout(typingTimer);
      setTyping(name);
      typingTimer = window.setTimeout(() => setTyping(null), DURATIONS_MS.typingIndicator);
    };
    socket.on(Events.chats, onChats);
    socket.on(Events.chatStarted, onStarted);
    socket.on(Events.addChat, onAdded);
    socket.on(Events.receiveMessage, onReceive);
    socket.on(Events.messageUpdated, onUpdated);
    socket.on(Events.messageDeleted, onDeleted);
    socket.on(Events.presence, onPresence);
    socket.on(Events.typingName, onTypes);
    socket.on(Events.chatRead, onRead);
    return () => {
      socket.off(Events.chatRead, onRead);
      window.clearTimeout(typingTimer);
      socket.off(Events.chats, onChats);
      socket.off(Events.chatStarted, onStarted);
      socket.off(Events.addChat, onAdded);
      socket.off(Events.receiveMessage, onReceive);
      socket.off(Events.messageUpdated, onUpdated);
      socket.off(Events.messageDeleted, onDeleted);
      socket.off(Events.presence, onPresence);
      socket.off(Events.typingName, onTypes);
    };
  }, [socket]);

  // On every (re)connect: the list, the open chat again, and whatever still waits in the outbox.
  useEffect(() => {
    if (!socket || !connected || !user) return;
    socket.emit(Events.getChats);
    const open = openRef.current;
    if (open) {
      socket.emit(Events.joinChat, open);
      loadFirstPage(socket, open);
    }
    for (const payload of readOutbox(user.uid)) emitSend(socket, user, payload);
  }, [socket, connected, user, emitSend, loadFirstPage]);

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
      const oldest = thread?.items.find((m) => !m.pending);
      if (!socket || !thread || thread.loading || !thread.hasMore || !oldest) return;
      dispatch({ type: 'loading', chatId });
      socket.emit(Events.getMessages, chatId, { before: oldest.id, limit: PAGE_SIZE }, (answer) => {
        const a = answer as Answer<MessageDto[]>;
        if (a.ok && a.data) dispatch({ type: 'page', chatId, newestFirst: a.data, older: true });
      });
    },
    [socket],
  );

  const send = useCallback(
    (chatId: string, text: string, attachments: Attachment[]) => {
      if (!user) return;
      const payload: SendPayload = {
        id: newClientId(),
        message: text,
        to_cid: chatId,
        attachments: attachments.map((a) => a.id),
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
      };
      dispatch({ type: 'local', chatId, message: local });
      writeOutbox(user.uid, [...readOutbox(user.uid), payload]);
      emitSend(socket, user, payload);
    },
    [socket, user, emitSend],
  );

  const actions = useMemo(() => {
    const act = (fn: (s: MainSocket) => void) => {
      if (socket) fn(socket);
    };
    return {
      react: (id: string, reaction: string) => act((s) => s.emit(Events.reactMessage, { id, reaction })),
      pin: (mid: string, pinned: boolean) =>
        act((s) => s.emit(pinned ? Events.pinMessage : Events.unpinMessage, { mid })),
      remove: (mid: string) => act((s) => s.emit(Events.deleteMessage, { mid })),
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
  }, [socket, user]);

  return { state, typing, me: user, openChat, loadOlder, send, ...actions };
}

export type ChatApi = ReturnType<typeof useChat>;
