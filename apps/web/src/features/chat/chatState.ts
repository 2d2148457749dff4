/**
 * Chat screen state as one reducer: the conversations list and, per chat, the loaded messages
 * (oldest first, as they are drawn). Every server event and every local action is one action type,
 * so what the screen shows is a pure function of what happened.
 */
import {
  isStoredMessage,
  quoteLine,
  type ChatDto,
  type CurrentUser,
  type GroupInfo,
  type MessageDto,
  type ReplyQuote,
  type SentMessage,
} from '@sajha/contract';
import type { Format } from '../../i18n/format';
import { isVoice } from './attachments';

export interface UiMessage extends MessageDto {
  /** Arrived live or sent from here: shown as "Just now". */
  live?: boolean;
  /** Shown at once, waiting for the server's acknowledgement. */
  pending?: boolean;
  /** The server refused this send (the reason): shown with Retry and Discard, never sent by itself. */
  failed?: string;
}

export interface Thread {
  items: UiMessage[];
  hasMore: boolean;
  loading: boolean;
  /** Grows as older pages are put in front (the virtual list keeps its place with it). */
  firstIndex: number;
}

export interface ChatState {
  chats: ChatDto[];
  loaded: boolean;
  threads: Record<string, Thread>;
  /** Per chat: one's own messages sent at or before this time are read by everyone else (chat_read). */
  readUpTo: Record<string, string>;
}

export const initialChatState: ChatState = { chats: [], loaded: false, threads: {}, readUpTo: {} };
export const PAGE_SIZE = 30;
const START_INDEX = 1_000_000;

export type ChatAction =
  | { type: 'chats'; chats: ChatDto[] }
  | { type: 'upsertChat'; chat: ChatDto }
  | { type: 'loading'; chatId: string }
  | { type: 'page'; chatId: string; newestFirst: MessageDto[]; older: boolean }
  | { type: 'local'; chatId: string; message: UiMessage }
  | { type: 'incoming'; chatId: string; message: MessageDto; open: boolean }
  | { type: 'acked'; chatId: string; clientId: string; message: MessageDto }
  | { type: 'sendFailed'; chatId: string; clientId: string; error: string }
  | { type: 'retrying'; chatId: string; clientId: string }
  | { type: 'discarded'; chatId: string; clientId: string }
  | { type: 'updated'; chatId: string; message: MessageDto }
  | { type: 'deleted'; chatId: string; mid: string }
  | { type: 'presence'; uid: string; online: boolean }
  /** A group's details changed (renamed, new picture): its row and header follow at once. */
  | { type: 'group'; info: GroupInfo }
  | { type: 'read'; chatId: string }
  | { type: 'readUpTo'; chatId: string; upTo: string };

const emptyThread: Thread = { items: [], hasMore: true, loading: false, firstIndex: START_INDEX };

function withThread(state: ChatState, chatId: string, fn: (t: Thread) => Thread): ChatState {
  return { ...state, threads: { ...state.threads, [chatId]: fn(state.threads[chatId] ?? emptyThread) } };
}

function mapChat(state: ChatState, chatId: string, fn: (c: ChatDto) => ChatDto): ChatState {
  return { ...state, chats: state.chats.map((c) => (c.id === chatId ? fn(c) : c)) };
}

/** The chat moves to the top with this message as its last one. */
function bump(state: ChatState, chatId: string, message: MessageDto, unreadDelta: number): ChatState {
  const chat = state.chats.find((c) => c.id === chatId);
  if (!chat) return state;
  const next = { ...chat, messages: [message], unread: (chat.unread ?? 0) + unreadDelta };
  return { ...state, chats: [next, ...state.chats.filter((c) => c.id !== chatId)] };
}

/**
 * The stored message, from send_message's ack: a first store answers with only what the sender did not
 * know (id, time, the stored files), the rest is what was sent; a resend answers with the stored copy.
 */
export function storedFrom(
  sent: SentMessage | MessageDto,
  what: { clientId: string; content: string; sender: CurrentUser; replyTo?: ReplyQuote },
): MessageDto {
  if (isStoredMessage(sent)) return sent.replyTo || !what.replyTo ? sent : { ...sent, replyTo: what.replyTo };
  return {
    id: sent.id,
    chatId: sent.chatId,
    content: what.content,
    timestamp: sent.timestamp,
    attachments: sent.attachments ?? [],
    reactions: [],
    pinned: false,
    status: 'sent',
    sender: { ...what.sender, online: true },
    clientId: what.clientId,
    ...(what.replyTo ? { replyTo: what.replyTo } : {}),
  };
}

/** Sent from here and not (yet) stored by the server. */
export const isLocal = (m: UiMessage) => m.pending === true || m.failed !== undefined;

const sameMessage = (a: MessageDto, b: MessageDto) =>
  a.id === b.id || (a.clientId !== undefined && a.clientId === b.clientId);

/** Marks messages up to the chat's read mark as read, whatever order the mark and the messages came in. */
function applyReadMark(state: ChatState, chatId: string): ChatState {
  const upTo = state.readUpTo[chatId];
  const thread = state.threads[chatId];
  if (!upTo || !thread) return state;
  const mark = Date.parse(upTo);
  const seen = (m: UiMessage) => !isLocal(m) && m.status !== 'read' && Date.parse(m.timestamp) <= mark;
  if (!thread.items.some(seen)) return state;
  return withThread(state, chatId, (t) => ({
    ...t,
    items: t.items.map((m) => (seen(m) ? { ...m, status: 'read' } : m)),
  }));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  const next = reduce(state, action);
  return 'chatId' in action && action.type !== 'loading' ? applyReadMark(next, action.chatId) : next;
}

function reduce(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'chats':
      return { ...state, chats: action.chats, loaded: true };
    case 'upsertChat':
      return { ...state, loaded: true, chats: [action.chat, ...state.chats.filter((c) => c.id !== action.chat.id)] };
    case 'loading':
      return withThread(state, action.chatId, (t) => ({ ...t, loading: true }));
    case 'page':
      return withThread(state, action.chatId, (t) => {
        const page = [...action.newestFirst].reverse();
        if (!action.older) {
          // A fresh first page replaces what was loaded, keeping sends still waiting for their ack, and
          // messages that came live (an ack, a receive) at or after the page's newest: read before they
          // were stored, the page cannot hold them (a first send in a new chat is often acked first).
          const newest = page.length > 0 ? Date.parse(page[page.length - 1]!.timestamp) : -Infinity;
          const waiting = t.items.filter(
            (m) =>
              (isLocal(m) || (m.live === true && Date.parse(m.timestamp) >= newest)) &&
              !page.some((p) => sameMessage(p, m)),
          );
          return {
            items: [...page, ...waiting],
            hasMore: action.newestFirst.length >= PAGE_SIZE,
            loading: false,
            firstIndex: START_INDEX,
          };
        }
        const fresh = page.filter((p) => !t.items.some((m) => m.id === p.id));
        return {
          items: [...fresh, ...t.items],
          hasMore: action.newestFirst.length >= PAGE_SIZE,
          loading: false,
          firstIndex: t.firstIndex - fresh.length,
        };
      });
    case 'local':
      return bump(
        withThread(state, action.chatId, (t) => ({ ...t, items: [...t.items, action.message] })),
        action.chatId,
        action.message,
        0,
      );
    case 'incoming': {
      const thread = state.threads[action.chatId];
      const known = thread?.items.some((m) => sameMessage(m, action.message));
      let next = state;
      if (thread && !known) {
        next = withThread(state, action.chatId, (t) => ({
          ...t,
          items: [...t.items, { ...action.message, live: true }],
        }));
      }
      next = bump(next, action.chatId, action.message, action.open || known ? 0 : 1);
      // A message just in shows its sender online, even if their presence went out before this chat
      // existed (presence goes only to members who already share a chat).
      const { uid, online } = action.message.sender;
      return online && uid ? chatReducer(next, { type: 'presence', uid, online }) : next;
    }
    case 'acked': {
      // A send from the outbox after a reload has no local copy in this page: it joins the list now.
      // A stored copy already here (a page read after the store, before the ack) is as new as the ack.
      const next = withThread(state, action.chatId, (t) => ({
        ...t,
        items: t.items.some((m) => sameMessage(m, action.message))
          ? t.items.map((m) =>
              m.clientId === action.clientId && isLocal(m)
                ? // The ack says only what the sender did not know: the quote it showed stays.
                  { ...action.message, ...(m.replyTo && !action.message.replyTo && { replyTo: m.replyTo }), live: true }
                : m,
            )
          : [...t.items, { ...action.message, live: true }],
      }));
      return mapChat(next, action.chatId, (c) =>
        c.messages[0]?.clientId === action.clientId ? { ...c, messages: [action.message] } : c,
      );
    }
    case 'sendFailed':
    case 'retrying':
      return withThread(state, action.chatId, (t) => ({
        ...t,
        items: t.items.map((m) =>
          m.clientId !== action.clientId || !isLocal(m)
            ? m
            : action.type === 'sendFailed'
              ? { ...m, pending: false, failed: action.error }
              : { ...m, pending: true, failed: undefined },
        ),
      }));
    case 'discarded': {
      const next = withThread(state, action.chatId, (t) => ({
        ...t,
        items: t.items.filter((m) => m.clientId !== action.clientId || !isLocal(m)),
      }));
      // The list's preview showed the discarded text: it goes back to the last message still there.
      const rest = next.threads[action.chatId]?.items ?? [];
      return mapChat(next, action.chatId, (c) =>
        c.messages[0]?.clientId === action.clientId ? { ...c, messages: rest.slice(-1) } : c,
      );
    }
    case 'updated': {
      const m = action.message;
      const next = withThread(state, action.chatId, (t) => ({
        ...t,
        items: t.items.map((x) => (x.id === m.id ? { ...m, live: x.live } : x)),
      }));
      return mapChat(next, action.chatId, (c) => ({
        ...c,
        pinned: m.pinned ? m : c.pinned?.id === m.id ? null : c.pinned,
        messages: c.messages[0]?.id === m.id ? [m] : c.messages,
      }));
    }
    case 'deleted': {
      const next = withThread(state, action.chatId, (t) => ({
        ...t,
        items: t.items.filter((m) => m.id !== action.mid),
      }));
      const rest = next.threads[action.chatId]?.items ?? [];
      return mapChat(next, action.chatId, (c) => ({
        ...c,
        pinned: c.pinned?.id === action.mid ? null : c.pinned,
        messages: c.messages[0]?.id === action.mid ? rest.slice(-1) : c.messages,
      }));
    }
    case 'group': {
      const { info } = action;
      return mapChat(state, info.chatId, (c) => ({
        ...c,
        sender: {
          ...c.sender,
          name: info.name,
          ...(info.picture !== undefined && { avatar: info.picture }),
        },
      }));
    }
    case 'presence':
      return {
        ...state,
        chats: state.chats.map((c) =>
          c.sender.type === 'direct' && c.sender.uid === action.uid
            ? { ...c, sender: { ...c.sender, online: action.online } }
            : c,
        ),
      };
    case 'read':
      return mapChat(state, action.chatId, (c) => ({ ...c, unread: 0 }));
    case 'readUpTo': {
      const before = state.readUpTo[action.chatId];
      if (before && Date.parse(before) >= Date.parse(action.upTo)) return state;
      return { ...state, readUpTo: { ...state.readUpTo, [action.chatId]: action.upTo } };
    }
  }
}

/**
 * A line the server wrote rather than a member: a group announcement ("Asha left the group") or a call's
 * history line ("Missed video call", sent under a `call-` client id). Stored as English catalogue texts,
 * they are shown in the reader's language (`localize`); members' own words never are.
 */
export const isSystemLine = (m: MessageDto): boolean => m.notice === true || (m.clientId?.startsWith('call-') ?? false);

/**
 * The last-message preview in the list: 40 characters, then an ellipsis. `texts` gives the words in the
 * reader's language: the attachment-only label, and the translation of a system line.
 */
export function preview(
  chat: ChatDto,
  max: number,
  texts: { attachment: string; voice?: string; localize: (text: string) => string },
): string {
  const last = chat.messages[0];
  if (!last) return '';
  const content = isSystemLine(last) ? texts.localize(last.content) : last.content;
  const files = last.attachments;
  const voiceOnly = files.length > 0 && files.every(isVoice);
  const text = content.trim() || (files.length > 0 ? (voiceOnly && texts.voice) || texts.attachment : '');
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The path that selects a chat: /message/{username} for a person, /message/{chatId} for a group. */
export const chatPath = (chat: ChatDto): string =>
  chat.sender.type === 'group' ? `/message/${chat.id}` : `/message/${chat.sender.username}`;

/** Which chat a /message/{user} parameter names: '@name' or 'name' for a person, an id for a group. */
export function findChat(chats: ChatDto[], param: string | undefined): ChatDto | undefined {
  if (!param) return undefined;
  const name = param.replace(/^@/, '').toLowerCase();
  return (
    chats.find((c) => c.id === param) ??
    chats.find((c) => c.sender.type === 'direct' && c.sender.username.toLowerCase() === name)
  );
}

/** A message's time: the time of day today, else the day and month (the member's calendar and digits). */
export function formatTime(iso: string, f: Pick<Format, 'time' | 'dayMonth'>, now = new Date()): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === now.toDateString();
  return sameDay ? f.time(d) : f.dayMonth(d);
}

/** The quote a reply to `m` shows, made here as the server makes it (chat/presenters.ts: presentQuote). */
export function quoteOf(m: UiMessage): ReplyQuote {
  const first = m.attachments[0];
  return {
    id: m.id,
    senderName: m.sender.name,
    text: quoteLine(m.content),
    attachmentName: first?.name ?? null,
    thumb: first?.type.startsWith('image/') ? first.file : null,
  };
}
