/** Chat rows -> the contract's DTOs (part 2 §3). Rows never leave the server. */
import {
  cleanFileName,
  ModerationMessages,
  quoteLine,
  type ChatDto,
  type MessageDto,
  type ReplyQuote,
  type SentMessage,
} from '@sajha/contract';
import type { chats, files, messages, users } from '../../db/schema.js';

export type UserRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'username' | 'avatar'>;
export type MessageRow = typeof messages.$inferSelect;
export type FileRow = Pick<typeof files.$inferSelect, 'id' | 'mime' | 'originalName' | 'bytes' | 'durationMs'>;
export type ChatRow = typeof chats.$inferSelect;

/** Attachments are served only to members of a chat that references them (routes.ts). */
export const chatFileUrl = (fileId: string): string => `/api/chat/files/${fileId}`;

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function presentAttachment(f: FileRow): MessageDto['attachments'][number] {
  // Names stored before cleanFileName existed may still carry bidi controls: cleaned again when shown.
  const name = cleanFileName(f.originalName);
  return {
    id: f.id,
    type: f.mime,
    name,
    size: humanSize(f.bytes),
    file: chatFileUrl(f.id),
    ...(f.durationMs !== null && f.durationMs !== undefined ? { durationMs: f.durationMs } : {}),
  };
}

export function presentPerson(u: UserRow, online: boolean): MessageDto['sender'] {
  return { uid: u.id, name: u.name, username: u.username, avatar: u.avatar, online };
}

export interface MessageExtras {
  sender: UserRow;
  online: boolean;
  attachments: FileRow[];
  reactions: { reaction: string; username: string }[];
  status: 'read' | 'sent';
  /** The quote of the message this one replies to (undefined: not a reply). */
  replyTo?: ReplyQuote | undefined;
}

/** What a reply shows of its original, read in one row (chat/repo.ts: quotesOf). */
export interface QuotedRow {
  id: string;
  chatId: string;
  content: string;
  removedAt: Date | null;
  senderName: string;
  fileId: string | null;
  fileMime: string | null;
  fileName: string | null;
}

/** The quote: the original's first line (cut), or its first file's name, and a thumbnail of an image. */
export function presentQuote(q: QuotedRow): ReplyQuote {
  if (q.removedAt !== null) {
    return { id: q.id, senderName: q.senderName, text: ModerationMessages.removed, attachmentName: null, thumb: null };
  }
  return {
    id: q.id,
    senderName: q.senderName,
    text: quoteLine(q.content),
    attachmentName: q.fileName === null ? null : cleanFileName(q.fileName),
    thumb: q.fileId !== null && q.fileMime?.startsWith('image/') ? chatFileUrl(q.fileId) : null,
  };
}

/** A reply whose original was deleted keeps a quote that says so. */
export const goneQuote = (id: string): ReplyQuote => ({
  id,
  senderName: '',
  text: '',
  attachmentName: null,
  thumb: null,
  gone: true,
});

export function presentMessage(m: MessageRow, x: MessageExtras): MessageDto {
  // Removed by moderators: it keeps its place in the thread, without its words or files.
  const removed = m.removedAt !== null;
  return {
    id: m.id,
    chatId: m.chatId,
    content: removed ? ModerationMessages.removed : m.content,
    timestamp: m.createdAt.toISOString(),
    attachments: removed ? [] : x.attachments.map(presentAttachment),
    reactions: x.reactions,
    pinned: m.pinnedAt !== null,
    status: x.status,
    sender: presentPerson(x.sender, x.online),
    ...(m.clientId ? { clientId: m.clientId } : {}),
    ...(m.notice ? { notice: true } : {}),
    ...(removed ? { removed: true } : {}),
    ...(x.replyTo ? { replyTo: x.replyTo } : {}),
    ...(m.forwarded ? { forwarded: true } : {}),
    ...(m.editedAt && !removed ? { editedAt: m.editedAt.toISOString() } : {}),
  };
}

/** send_message's answer to a first store: only what its sender did not know (the contract's SentMessage). */
export function presentSent(m: MessageDto): SentMessage {
  return {
    id: m.id,
    chatId: m.chatId!,
    timestamp: m.timestamp,
    ...(m.clientId ? { clientId: m.clientId } : {}),
    ...(m.attachments.length > 0 ? { attachments: m.attachments } : {}),
  };
}

/** A chat as one member sees it: the counterpart (or the group) as `sender`, the last message, unread count. */
export function presentChat(
  chat: ChatRow,
  view: {
    counterpart: UserRow | undefined;
    online: boolean;
    last: MessageDto | undefined;
    unread: number;
    pinned: MessageDto | null;
  },
): ChatDto | null {
  const base = { messages: view.last ? [view.last] : [], unread: view.unread, pinned: view.pinned };
  if (chat.kind === 'group') {
    return {
      id: chat.id,
      sender: {
        uid: chat.id,
        name: chat.name ?? 'Group',
        username: '',
        avatar: chat.picture,
        online: view.online,
        type: 'group',
      },
      ...base,
    };
  }
  if (!view.counterpart) return null;
  return {
    id: chat.id,
    sender: { ...presentPerson(view.counterpart, view.online), uid: view.counterpart.id, type: 'direct' },
    ...base,
  };
}
