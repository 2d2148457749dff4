/** The conversations list in English and in Nepali: the row's name for screen readers, time, unread, system lines. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CallTexts, type ChatDto, type MessageDto } from '@sajha/contract';
import { formatter } from '../../i18n/format';
import { switchTo } from '../../i18n/language';
import { ChatList } from './ChatList';
import { formatTime, preview } from './chatState';

const message = (content: string, extra: Partial<MessageDto> = {}): MessageDto => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  content,
  timestamp: '2026-01-01T10:00:00.000Z',
  attachments: [],
  reactions: [],
  pinned: false,
  status: 'sent',
  sender: {
    uid: '00000000-0000-4000-8000-00000000000b',
    name: 'Asha Gurung',
    username: 'asha',
    avatar: null,
    online: false,
  },
  ...extra,
});
const chat = (messages: MessageDto[], unread = 0): ChatDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  sender: {
    uid: '00000000-0000-4000-8000-00000000000b',
    name: 'Asha Gurung',
    username: 'asha',
    avatar: null,
    online: true,
    type: 'direct',
  },
  messages,
  unread,
});

const show = (chats: ChatDto[]) =>
  render(
    <MemoryRouter>
      <ChatList chats={chats} loaded selectedId={undefined} onSelect={() => undefined} onNew={() => undefined} />
    </MemoryRouter>,
  );

const english = { locale: 'en', calendar: 'gregorian', digits: 'latn' } as const;
const nepali = { locale: 'ne', calendar: 'bs', digits: 'deva' } as const;

afterEach(async () => {
  cleanup();
  await switchTo(english);
});

describe('the conversations list', () => {
  it('names a row as before in English: who, the last message, when, how many unread', () => {
    show([chat([message('Namaste')], 2)]);
    const time = formatTime('2026-01-01T10:00:00.000Z', formatter(english));
    expect(screen.getByRole('button', { name: /Asha/ }).textContent?.slice(1)).toBe(
      `Chat with Asha Gurung,Namaste, ${time}, 2 unread`,
    );
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeTruthy();
  });

  it('reads the same row in Nepali, with Devanagari digits and the name first', async () => {
    await switchTo(nepali);
    show([chat([message('Namaste')], 120)]);
    const text = screen.getByRole('button', { name: /Asha/ }).textContent?.slice(1) ?? '';
    expect(text.startsWith('Asha Gurungसँग च्याट,Namaste, ')).toBe(true);
    expect(text.endsWith('९९+ नपढिएका')).toBe(true);
    expect(screen.getByRole('heading', { name: 'च्याटहरू' })).toBeTruthy();
  });

  it("shows a call's history line in the reader's language, and a member's own words as written", async () => {
    await switchTo(nepali);
    const call = message(CallTexts.historyMissed, { clientId: 'call-00000000-0000-4000-8000-000000000009' });
    const texts = { attachment: 'x', localize: (s: string) => `«${s}»` };
    expect(preview(chat([call]), 40, texts)).toBe(`«${CallTexts.historyMissed}»`);
    expect(preview(chat([message(CallTexts.historyMissed)]), 40, texts)).toBe(CallTexts.historyMissed);
    expect(preview(chat([message('', { attachments: [] })]), 40, texts)).toBe('');
    // A voice note says so; any other file (or a voice note with another file) is an attachment.
    const file = (type: string, name: string) => ({
      id: '00000000-0000-4000-8000-00000000000a',
      type,
      name,
      size: '1 KB',
      file: '/f',
    });
    const spoken = { ...texts, voice: 'v' };
    expect(preview(chat([message('', { attachments: [file('audio/webm', 'voice-1.webm')] })]), 40, spoken)).toBe('v');
    expect(preview(chat([message('', { attachments: [file('image/png', 'a.png')] })]), 40, spoken)).toBe('x');
    expect(
      preview(
        chat([message('', { attachments: [file('audio/webm', 'voice-1.webm'), file('application/pdf', 'b.pdf')] })]),
        40,
        spoken,
      ),
    ).toBe('x');
  });

  it("formats a message's time today as a time, another day as a day and month", () => {
    const f = formatter(nepali);
    const now = new Date('2026-01-01T12:00:00');
    expect(formatTime('2026-01-01T10:05:00', f, now)).toBe(f.time('2026-01-01T10:05:00'));
    expect(formatTime('2025-12-30T10:05:00', f, now)).toBe(f.dayMonth('2025-12-30T10:05:00'));
    expect(f.dayMonth('2025-12-30T10:05:00')).toMatch(/[०-९]/);
  });
});
