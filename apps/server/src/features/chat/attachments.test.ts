import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Events, Messages, type ChatDto, type MessageDto } from '@sajha/contract';
import {
  connectSocket,
  createUser,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestUser,
  ask,
  nextEvent,
} from '../../../test/harness.js';

interface Uploaded {
  id: string;
  type: string;
  name: string;
  size: string;
  file: string;
  durationMs?: number;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('chat attachments over HTTP', () => {
  let t: TestApp;
  let a: TestUser, b: TestUser, c: TestUser;
  let cookieA: string, cookieB: string, cookieC: string;
  let png: Buffer;

  const upload = async (cookie: string | undefined, list: { name: string; type: string; body: Buffer }[]) => {
    const form = new FormData();
    for (const f of list) form.append('files', new Blob([new Uint8Array(f.body)], { type: f.type }), f.name);
    const res = await fetch(`${t.url}/api/chat/attachments`, {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
    return {
      status: res.status,
      body: (await res.json()) as { success: boolean; message?: string; files?: Uploaded[] },
    };
  };
  const download = (cookie: string, url: string) => fetch(`${t.url}${url}`, { headers: { cookie } });

  beforeAll(async () => {
    t = await startTestApp();
    [a, b, c] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const cookies = await Promise.all([a, b, c].map((u) => sessionCookie(t.db, u.id)));
    [cookieA, cookieB, cookieC] = cookies as [string, string, string];
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires sign-in', async () => {
    const res = await upload(undefined, [{ name: 'a.png', type: 'image/png', body: png }]);
    expect(res.status).toBe(401);
  });

  it('stores an image and a PDF, and serves them to the uploader and then to chat members only', async () => {
    const up = await upload(cookieA, [
      { name: 'photo.png', type: 'image/png', body: png },
      { name: '../../etc/report.pdf', type: 'application/pdf', body: pdf },
    ]);
    expect(up.status).toBe(200);
    const [image, doc] = up.body.files!;
    expect(image?.name).toBe('photo.png');
    expect(image?.type).toMatch(/^image\//);
    expect(doc).toMatchObject({ name: 'report.pdf', type: 'application/pdf' });

    // Before it is sent, only the uploader can fetch it.
    expect((await download(cookieA, doc!.file)).status).toBe(200);
    expect((await download(cookieB, doc!.file)).status).toBe(404);

    const sa = await connectSocket(t.url, cookieA);
    const started = await ask<ChatDto>(sa, Events.startChat, { to_uid: b.id });
    if (!started.ok) throw new Error(started.error);
    const sent = await ask<MessageDto>(sa, Events.sendMessage, {
      message: '',
      to_cid: started.data.id,
      attachments: [image!.id, doc!.id],
    });
    expect(sent).toMatchObject({ ok: true, data: { attachments: [{ id: image!.id }, { id: doc!.id }] } });

    const got = await download(cookieB, doc!.file);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(got.headers.get('cache-control')).toMatch(/private/);
    expect(
      Buffer.from(await got.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Byte ranges (audio and video seek with them) and revalidation by ETag.
    const part = await fetch(`${t.url}${doc!.file}`, { headers: { cookie: cookieB, range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-4\/\d+$/);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('%PDF-');
    const etag = got.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${t.url}${doc!.file}`, { headers: { cookie: cookieB, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const img = await download(cookieB, image!.file);
    expect(img.headers.get('content-disposition')).toMatch(/^inline;/);
    expect((await download(cookieC, doc!.file)).status).toBe(404); // not a member

    // Someone else's file cannot be attached.
    const cSocket = await connectSocket(t.url, cookieC);
    const stolen = await ask(cSocket, Events.sendMessage, { message: 'x', to_uid: a.id, attachments: [doc!.id] });
    expect(stolen).toEqual({ ok: false, error: Messages.chat.attachmentNotFound });
    sa.close();
    cSocket.close();
  });

  it('keeps a voice note as audio with its length, measured though its WebM says none, and sends both with it', async () => {
    // As a browser's MediaRecorder writes it: Opus in WebM, streamed, so no duration in the header.
    const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', ...args], { maxBuffer: 8 << 20 });
    const voice = ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3.2',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      '-',
    ]);
    const header = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', '-'], {
      input: voice,
    });
    expect(header.toString().trim()).toBe('N/A');
    // A short video with sound stays a video, with its length too.
    const clip = ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=duration=2', '-shortest', '-c:v', 'libvpx', '-c:a', 'libopus', '-f', 'webm', '-'],
    ]);
    const up = await upload(cookieA, [
      { name: 'voice-1764280000000.webm', type: 'audio/webm', body: voice },
      { name: 'trek.webm', type: 'video/webm', body: clip },
    ]);
    expect(up.status).toBe(200);
    const [note, video] = up.body.files!;
    expect(note).toMatchObject({ type: 'audio/webm' });
    expect(note!.durationMs).toBeGreaterThanOrEqual(3100);
    expect(note!.durationMs).toBeLessThanOrEqual(3300);
    expect(video).toMatchObject({ type: 'video/webm' });
    expect(video!.durationMs).toBeGreaterThanOrEqual(1900);
    expect(video!.durationMs).toBeLessThanOrEqual(2100);

    const sa = await connectSocket(t.url, cookieA);
    const sb = await connectSocket(t.url, cookieB);
    try {
      const started = await ask<ChatDto>(sa, Events.startChat, { to_uid: b.id });
      if (!started.ok) throw new Error(started.error);
      const arrives = nextEvent<MessageDto>(sb, Events.receiveMessage);
      const sent = await ask<MessageDto>(sa, Events.sendMessage, {
        message: '',
        to_cid: started.data.id,
        attachments: [note!.id],
      });
      if (!sent.ok) throw new Error(sent.error);
      expect((await arrives).attachments).toEqual([note]);
      const served = await download(cookieB, note!.file);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('audio/webm');
      // Reading the chat again (a reload) shows the same length.
      const page = await ask<MessageDto[]>(sb, Events.getMessages, started.data.id);
      if (!page.ok) throw new Error(page.error);
      expect(page.data.find((m) => m.id === sent.data.id)?.attachments).toEqual([note]);
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('forwards a message with its files shared: the files outlive the original and go with the last copy', async () => {
    const up = await upload(cookieA, [{ name: 'momo.png', type: 'image/png', body: png }]);
    const [image] = up.body.files!;
    const sa = await connectSocket(t.url, cookieA);
    const sb = await connectSocket(t.url, cookieB);
    const sc = await connectSocket(t.url, cookieC);
    try {
      const ab = await ask<ChatDto>(sa, Events.startChat, { to_uid: b.id });
      const bc = await ask<ChatDto>(sb, Events.startChat, { to_uid: c.id });
      if (!ab.ok || !bc.ok) throw new Error('no chats');
      const original = await ask<MessageDto>(sa, Events.sendMessage, {
        message: 'Momo at Bhojan Griha',
        to_cid: ab.data.id,
        attachments: [image!.id],
      });
      if (!original.ok) throw new Error(original.error);
      expect((await download(cookieC, image!.file)).status).toBe(404); // C is in neither chat yet

      // B passes it on to C: the same file, marked forwarded, live on C's side.
      const arrives = nextEvent<MessageDto>(sc, Events.receiveMessage);
      const fwd = await ask<{ forwarded: { chatId: string; id: string }[]; refused: unknown[] }>(
        sb,
        Events.forwardMessage,
        { mid: original.data.id, chatIds: [bc.data.id, ab.data.id], id: 'forward-once' },
      );
      expect(fwd).toMatchObject({ ok: true, data: { refused: [] } });
      if (!fwd.ok) throw new Error(fwd.error);
      expect(fwd.data.forwarded.map((f) => f.chatId)).toEqual([bc.data.id, ab.data.id]);
      // Sent again under its id (an unanswered forward repeated after a reconnect): the same copies, no new ones.
      expect(
        await ask(sb, Events.forwardMessage, {
          mid: original.data.id,
          chatIds: [bc.data.id, ab.data.id],
          id: 'forward-once',
        }),
      ).toEqual(fwd);
      const inBc = await ask<MessageDto[]>(sc, Events.getMessages, bc.data.id);
      expect(inBc.ok && inBc.data.filter((m) => m.content === 'Momo at Bhojan Griha')).toHaveLength(1);
      expect(await arrives).toMatchObject({
        content: 'Momo at Bhojan Griha',
        forwarded: true,
        attachments: [{ id: image!.id }],
        sender: { uid: b.id },
      });
      expect((await download(cookieC, image!.file)).status).toBe(200);

      // C may not forward into a chat it is not in, and nobody forwards a message of a chat they are not in.
      const intoOthers = await ask(sc, Events.forwardMessage, { mid: original.data.id, chatIds: [bc.data.id] });
      expect(intoOthers).toEqual({ ok: false, error: Messages.chat.notMember });
      const copy = fwd.data.forwarded[0]!.id;
      const refused = await ask(sc, Events.forwardMessage, { mid: copy, chatIds: [ab.data.id] });
      expect(refused).toMatchObject({ ok: true, data: { forwarded: [], refused: [{ chatId: ab.data.id }] } });

      // The original and the copy in A and B's chat go; C's copy still shows the photo.
      for (const [s, mid] of [
        [sa, original.data.id],
        [sb, fwd.data.forwarded[1]!.id],
      ] as const) {
        expect(await ask(s, Events.deleteMessage, { mid })).toMatchObject({ ok: true });
      }
      expect((await download(cookieC, image!.file)).status).toBe(200);
      // The last copy goes: so do the bytes (the uploader cannot fetch them either).
      expect(await ask(sb, Events.deleteMessage, { mid: copy })).toMatchObject({ ok: true });
      expect((await download(cookieA, image!.file)).status).toBe(404);
    } finally {
      for (const s of [sa, sb, sc]) s.close();
    }
  });

  it('refuses the 11th file, a 3 MB file and a disallowed type with the catalogue messages', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `n${i}.txt`,
      type: 'text/plain',
      body: Buffer.from(`note ${i}`),
    }));
    expect(await upload(cookieA, eleven)).toEqual({
      status: 400,
      body: { success: false, message: Messages.chat.tooManyFiles },
    });
    const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
    expect(await upload(cookieA, [{ name: 'big.txt', type: 'text/plain', body: big }])).toEqual({
      status: 400,
      body: { success: false, message: Messages.chat.fileTooLarge('3.00') },
    });
    // The type comes from the bytes: HTML named .txt is refused; a zip is refused.
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    expect((await upload(cookieA, [{ name: 'note.txt', type: 'text/plain', body: html }])).body.message).toBe(
      Messages.chat.fileTypeNotAllowed('text/html'),
    );
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array<number>(60).fill(0)]);
    const zipAnswer = await upload(cookieA, [{ name: 'a.png', type: 'image/png', body: zip }]);
    expect(zipAnswer.status).toBe(400);
    expect(zipAnswer.body.message).toMatch(/^File type not allowed: /);
  });
});
