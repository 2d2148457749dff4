/** The outbox part of the chat reducer: what a send looks like from tap to ack, refusal, retry, discard. */
import { describe, expect, it } from 'vitest';
import type { ChatDto, MessageDto } from '@sajha/contract';
import {
  chatReducer,
  initialChatState,
  quoteOf,
  storedFrom,
  type ChatAction,
  type ChatState,
  type UiMessage,
} from './chatState';

const chatId = '00000000-0000-4000-8000-000000000001';
const me = { uid: '00000000-0000-4000-8000-00000000000a', name: 'Ram', username: 'ram', avatar: null, online: true };
const stored = (id: string, content: string, clientId?: string): MessageDto => ({
  id,
  content,
  timestamp: '2026-01-01T10:00:00.000Z',
  attachments: [],
  reactions: [],
  pinned: false,
  status: 'sent',
  sender: me,
  ...(clientId ? { clientId } : {}),
});
const local = (clientId: string, content: string): UiMessage => ({
  ...stored(clientId, content, clientId),
  live: true,
  pending: true,
});
const chat: ChatDto = {
  id: chatId,
  sender: {
    uid: '00000000-0000-4000-8000-00000000000b',
    name: 'Sita',
    username: 'sita',
    avatar: null,
    online: false,
    type: 'direct',
  },
  messages: [stored('00000000-0000-4000-8000-0000000000f1', 'earlier')],
};

const run = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChatState);
const items = (s: ChatState) => s.threads[chatId]?.items ?? [];
const opened: ChatAction[] = [
  { type: 'chats', chats: [chat] },
  { type: 'page', chatId, newestFirst: [chat.messages[0]!], older: false },
];

describe('chat outbox', () => {
  it('shows a send at once as pending, and as the stored message once acknowledged', () => {
    const sending = run(...opened, { type: 'local', chatId, message: local('c1', 'hello') });
    expect(items(sending).map((m) => [m.content, m.pending])).toEqual([
      ['earlier', undefined],
      ['hello', true],
    ]);
    const acked = chatReducer(sending, {
      type: 'acked',
      chatId,
      clientId: 'c1',
      message: stored('00000000-0000-4000-8000-0000000000f2', 'hello', 'c1'),
    });
    const last = items(acked).at(-1)!;
    expect([last.id, last.pending, last.failed]).toEqual([
      '00000000-0000-4000-8000-0000000000f2',
      undefined,
      undefined,
    ]);
  });

  it("builds the stored message from a first store's ack and what was sent, and takes a resend's stored copy whole", () => {
    const { online: _, ...member } = me;
    const what = { clientId: 'c1', content: 'hello', sender: member };
    const fresh = storedFrom(
      { id: '00000000-0000-4000-8000-0000000000f2', chatId, timestamp: '2026-01-01T10:00:05.000Z', clientId: 'c1' },
      what,
    );
    expect(fresh).toEqual({
      ...stored('00000000-0000-4000-8000-0000000000f2', 'hello', 'c1'),
      chatId,
      timestamp: '2026-01-01T10:00:05.000Z',
    });
    const file = {
      id: '00000000-0000-4000-8000-0000000000e1',
      type: 'image/png',
      name: 'a.png',
      size: '1 KB',
      file: '/x',
    };
    expect(
      storedFrom({ id: fresh.id, chatId, timestamp: fresh.timestamp, clientId: 'c1', attachments: [file] }, what)
        .attachments,
    ).toEqual([file]);
    const resent = { ...fresh, reactions: [{ reaction: '👍', username: 'sita' }], status: 'read' };
    expect(storedFrom(resent, what)).toBe(resent);
  });

  it("keeps a stored copy that a page brought in before the ack, instead of the ack's", () => {
    const read = { ...stored('00000000-0000-4000-8000-0000000000f2', 'hello', 'c1'), status: 'read' };
    const s = run(
      ...opened,
      { type: 'local', chatId, message: local('c1', 'hello') },
      { type: 'page', chatId, newestFirst: [read, chat.messages[0]!], older: false },
      { type: 'acked', chatId, clientId: 'c1', message: stored(read.id, 'hello', 'c1') },
    );
    expect(items(s).map((m) => [m.content, m.status, m.pending])).toEqual([
      ['earlier', 'sent', undefined],
      ['hello', 'read', undefined],
    ]);
  });

  it('marks a refused send failed with the reason, not pending', () => {
    const s = run(
      ...opened,
      { type: 'local', chatId, message: local('c1', 'hello') },
      {
        type: 'sendFailed',
        chatId,
        clientId: 'c1',
        error: 'You are not a member of this chat.',
      },
    );
    expect(items(s).at(-1)).toMatchObject({
      content: 'hello',
      pending: false,
      failed: 'You are not a member of this chat.',
    });
  });

  it('keeps a failed send through a fresh first page (a reconnect), and Retry makes it pending again', () => {
    const failed = run(
      ...opened,
      { type: 'local', chatId, message: local('c1', 'hello') },
      {
        type: 'sendFailed',
        chatId,
        clientId: 'c1',
        error: 'Too many messages',
      },
    );
    const reloaded = chatReducer(failed, { type: 'page', chatId, newestFirst: [chat.messages[0]!], older: false });
    expect(items(reloaded).map((m) => m.content)).toEqual(['earlier', 'hello']);
    const retrying = chatReducer(reloaded, { type: 'retrying', chatId, clientId: 'c1' });
    expect(items(retrying).at(-1)).toMatchObject({ pending: true, failed: undefined });
  });

  it('keeps an acknowledged send when the first page, read before it was stored, arrives after its ack', () => {
    const sent = stored('00000000-0000-4000-8000-0000000000f2', 'hello', 'c1');
    const acked = run(
      ...opened,
      { type: 'local', chatId, message: local('c1', 'hello') },
      { type: 'acked', chatId, clientId: 'c1', message: { ...sent, timestamp: '2026-01-01T10:00:05.000Z' } },
    );
    const late = chatReducer(acked, { type: 'page', chatId, newestFirst: [chat.messages[0]!], older: false });
    expect(items(late).map((m) => m.content)).toEqual(['earlier', 'hello']);
    // The same page once it holds the message: one copy, not two.
    const full = chatReducer(acked, {
      type: 'page',
      chatId,
      newestFirst: [{ ...sent, timestamp: '2026-01-01T10:00:05.000Z' }, chat.messages[0]!],
      older: false,
    });
    expect(items(full).map((m) => m.content)).toEqual(['earlier', 'hello']);
  });

  it('Discard drops the failed send and the list preview goes back to the last stored message', () => {
    const failed = run(
      ...opened,
      { type: 'local', chatId, message: local('c1', 'hello') },
      {
        type: 'sendFailed',
        chatId,
        clientId: 'c1',
        error: 'x',
      },
    );
    expect(failed.chats[0]!.messages[0]!.content).toBe('hello');
    const s = chatReducer(failed, { type: 'discarded', chatId, clientId: 'c1' });
    expect(items(s).map((m) => m.content)).toEqual(['earlier']);
    expect(s.chats[0]!.messages[0]!.content).toBe('earlier');
  });

  it('never marks a stored message failed or discards it (only sends from here)', () => {
    const s = run(
      ...opened,
      { type: 'sendFailed', chatId, clientId: 'c9', error: 'x' },
      {
        type: 'discarded',
        chatId,
        clientId: 'c9',
      },
    );
    expect(items(s).map((m) => [m.content, m.failed])).toEqual([['earlier', undefined]]);
  });
});

describe('chat presence', () => {
  const sita = { ...chat.sender, online: true };
  const fromSita = { ...stored('00000000-0000-4000-8000-0000000000f3', 'hi Ram'), sender: sita };

  it('shows the other member online once a message from them arrives, though no presence came', () => {
    const before = run(...opened);
    expect(before.chats[0]!.sender.online).toBe(false);
    const after = chatReducer(before, { type: 'incoming', chatId, message: fromSita, open: true });
    expect(after.chats[0]!.sender.online).toBe(true);
  });

  it('leaves the other member’s state alone when the message is one of mine', () => {
    const after = run(...opened, {
      type: 'incoming',
      chatId,
      message: stored('00000000-0000-4000-8000-0000000000f4', 'mine'),
      open: true,
    });
    expect(after.chats[0]!.sender.online).toBe(false);
  });
});

describe('chat replies', () => {
  it('quotes the first line of a message, or its first file, with an image as the thumbnail', () => {
    const long = `${'x'.repeat(130)}\nsecond line`;
    expect(quoteOf(stored('00000000-0000-4000-8000-0000000000a1', `  Momo at six?\nOr seven`))).toEqual({
      id: '00000000-0000-4000-8000-0000000000a1',
      senderName: 'Ram',
      text: 'Momo at six?',
      attachmentName: null,
      thumb: null,
    });
    expect(quoteOf(stored('00000000-0000-4000-8000-0000000000a2', long)).text).toBe(`${'x'.repeat(120)}…`);
    const photo = { id: 'f1', type: 'image/jpeg', name: 'pokhara.jpg', size: '1 KB', file: '/api/chat/files/f1' };
    expect(quoteOf({ ...stored('00000000-0000-4000-8000-0000000000a3', ''), attachments: [photo] })).toMatchObject({
      text: '',
      attachmentName: 'pokhara.jpg',
      thumb: '/api/chat/files/f1',
    });
  });

  it('keeps the quote a reply showed once the server acknowledges it', () => {
    const replyTo = quoteOf(stored('00000000-0000-4000-8000-0000000000a4', 'Trek plan'));
    const sending = { ...local('c9', 'Sounds good'), replyTo };
    const acked = storedFrom(
      { id: '00000000-0000-4000-8000-0000000000a5', chatId, timestamp: '2026-01-01T10:01:00.000Z', clientId: 'c9' },
      { clientId: 'c9', content: 'Sounds good', sender: me },
    );
    const s = run(
      ...opened,
      { type: 'local', chatId, message: sending },
      { type: 'acked', chatId, clientId: 'c9', message: acked },
    );
    expect(items(s).at(-1)).toMatchObject({ id: acked.id, content: 'Sounds good', replyTo });
  });
});
