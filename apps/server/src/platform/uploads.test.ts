/**
 * Bounded uploads (issue 16), through the real routes: refused on Content-Length before the body is read,
 * refused on the running byte count while the body is still arriving, a per-member quota and upload rate,
 * orphaned chat uploads deleted by the scheduled job, one message per attachment, and clean file names.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Events, UploadMessages, type ChatDto, type MessageDto } from '@sajha/contract';
import { files, messages } from '../db/schema.js';
import { UploadText } from '../features/posts/uploads.js';
import { ask, connectSocket, createUser, sessionCookie, startTestApp, type TestApp } from '../../test/harness.js';

const BOUNDARY = 'sajhaboundary';
const MB = 1024 * 1024;
const fileHead = (field: string, name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );

describe('bounded uploads', () => {
  let t: TestApp;

  /** Starts a multipart POST whose body the test writes itself; `response` resolves at the first answer. */
  const openPost = (path: string, cookie: string, headers: Record<string, string>) => {
    const req = http.request(`${t.url}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    });
    req.on('error', () => undefined); // the server may close while we still write
    const response = once(req, 'response').then(async (args) => {
      const res = args[0] as http.IncomingMessage;
      const chunks: Buffer[] = [];
      for await (const c of res) chunks.push(c as Buffer);
      return { status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) as { message?: string } };
    });
    return { req, response };
  };

  const chatUpload = async (cookie: string, list: { name: string; body: Buffer }[]) => {
    const form = new FormData();
    for (const f of list) form.append('files', new Blob([new Uint8Array(f.body)], { type: 'text/plain' }), f.name);
    const res = await fetch(`${t.url}/api/chat/attachments`, { method: 'POST', body: form, headers: { cookie } });
    return {
      status: res.status,
      body: (await res.json()) as {
        success: boolean;
        message?: string;
        files?: { id: string; name: string; file: string }[];
      },
    };
  };

  beforeAll(async () => {
    t = await startTestApp({ POST_MEDIA_MAX_FILE_MB: '1', POST_MEDIA_MAX_TOTAL_MB: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a 100 MB post on its Content-Length before reading the body', async () => {
    const u = await createUser(t.db);
    const { req, response } = openPost('/api/createPost', await sessionCookie(t.db, u.id), {
      'content-length': String(100 * MB),
    });
    // Only the first part's head is ever sent: the answer comes while 100 MB are still "to come".
    req.write(fileHead('mediaFiles', 'big.mp4'));
    const answer = await response;
    req.destroy();
    expect(answer).toEqual({
      status: 400,
      body: { success: false, message: UploadText.totalTooLarge(2), error: UploadText.totalTooLarge(2) },
    });
  });

  it('refuses on the running byte count, per file and per request, while the body still streams', async () => {
    const u = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    // Chunked: no Content-Length to go by. The body is never finished, so only counting can refuse it.
    const one = openPost('/api/createPost', cookie, { 'transfer-encoding': 'chunked' });
    one.req.write(fileHead('mediaFiles', 'a.bin'));
    one.req.write(Buffer.alloc(1.5 * MB, 1));
    expect((await one.response).body.message).toBe(UploadText.fileTooLarge(1));
    one.req.destroy();

    const total = openPost('/api/createPost', cookie, { 'transfer-encoding': 'chunked' });
    for (const name of ['a.bin', 'b.bin', 'c.bin']) {
      total.req.write(fileHead('mediaFiles', name));
      total.req.write(Buffer.alloc(0.9 * MB, 1));
      total.req.write('\r\n');
    }
    expect((await total.response).body.message).toBe(UploadText.totalTooLarge(2));
    total.req.destroy();
    expect(await t.db.select().from(files).where(eq(files.ownerId, u.id))).toEqual([]);
  });

  it("holds a member's storage quota", async () => {
    const u = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    const before = t.config.uploads.quotaBytes;
    t.config.uploads.quotaBytes = 1 * MB;
    try {
      const first = await chatUpload(cookie, [{ name: 'a.txt', body: Buffer.alloc(0.6 * MB, 0x61) }]);
      expect(first.status).toBe(200);
      const second = await chatUpload(cookie, [{ name: 'b.txt', body: Buffer.alloc(0.6 * MB, 0x62) }]);
      expect(second).toEqual({ status: 413, body: { success: false, message: UploadMessages.quotaExceeded(1) } });
      // Another member's quota is their own.
      const other = await createUser(t.db);
      const theirs = await chatUpload(await sessionCookie(t.db, other.id), [
        { name: 'c.txt', body: Buffer.from('hi') },
      ]);
      expect(theirs.status).toBe(200);
    } finally {
      t.config.uploads.quotaBytes = before;
    }
  });

  it('holds an upload rate per member', async () => {
    const u = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    let refused: Awaited<ReturnType<typeof chatUpload>> | undefined;
    for (let i = 0; i < 61 && !refused; i++) {
      const res = await chatUpload(cookie, [{ name: `n${i}.txt`, body: Buffer.from(`note ${i}`) }]);
      if (res.status !== 200) refused = { ...res, body: { ...res.body, message: `${i}:${res.body.message}` } };
    }
    expect(refused).toEqual({ status: 429, body: { success: false, message: `60:${UploadMessages.tooManyUploads}` } });
  });

  it('deletes chat uploads never sent within an hour, by the scheduled job', async () => {
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const cookie = await sessionCookie(t.db, a.id);
    const up = await chatUpload(cookie, [
      { name: 'old-orphan.txt', body: Buffer.from('orphan') },
      { name: 'old-sent.txt', body: Buffer.from('sent') },
      { name: 'new-orphan.txt', body: Buffer.from('fresh') },
    ]);
    const [oldOrphan, oldSent, newOrphan] = up.body.files!;
    const socket = await connectSocket(t.url, cookie);
    const sent = await ask(socket, Events.sendMessage, { message: 'x', to_uid: b.id, attachments: [oldSent!.id] });
    expect(sent.ok).toBe(true);
    socket.close();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const f of [oldOrphan!, oldSent!])
      await t.db.update(files).set({ createdAt: twoHoursAgo }).where(eq(files.id, f.id));

    await t.app.deps.jobs.send('chat.orphan-files', {});
    await t.app.deps.jobs.idle('chat.orphan-files');

    const left = (await t.db.select({ id: files.id }).from(files).where(eq(files.ownerId, a.id))).map((r) => r.id);
    expect(left.sort()).toEqual([oldSent!.id, newOrphan!.id].sort());
    const fetchAs = (url: string) => fetch(`${t.url}${url}`, { headers: { cookie } });
    expect((await fetchAs(oldOrphan!.file)).status).toBe(404);
    expect((await fetchAs(oldSent!.file)).status).toBe(200);
  });

  it("refuses an attachment already sent, so deleting one message never removes another's file", async () => {
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const cookie = await sessionCookie(t.db, a.id);
    const [shared, own] = (
      await chatUpload(cookie, [
        { name: 'shared.txt', body: Buffer.from('shared') },
        { name: 'own.txt', body: Buffer.from('own') },
      ])
    ).body.files!;
    const socket = await connectSocket(t.url, cookie);
    const chat = await ask<ChatDto>(socket, Events.startChat, { to_uid: b.id });
    if (!chat.ok) throw new Error(chat.error);
    const one = { id: randomUUID(), message: 'one', to_cid: chat.data.id, attachments: [shared!.id] };
    const first = await ask<MessageDto>(socket, Events.sendMessage, one);
    if (!first.ok) throw new Error(first.error);
    // A resend of the same message (same client id, after a reconnect) is not a second use.
    expect(await ask(socket, Events.sendMessage, one)).toMatchObject({ ok: true, data: { id: first.data.id } });
    const reuse = await ask(socket, Events.sendMessage, {
      message: 'two',
      to_cid: chat.data.id,
      attachments: [shared!.id, own!.id],
    });
    expect(reuse).toEqual({ ok: false, error: UploadMessages.attachmentInUse });
    const second = await ask<MessageDto>(socket, Events.sendMessage, {
      message: 'two',
      to_cid: chat.data.id,
      attachments: [own!.id],
    });
    if (!second.ok) throw new Error(second.error);

    expect(await ask(socket, Events.deleteMessage, { mid: first.data.id })).toMatchObject({ ok: true });
    const cookieB = await sessionCookie(t.db, b.id);
    expect((await fetch(`${t.url}${shared!.file}`, { headers: { cookie: cookieB } })).status).toBe(404);
    expect((await fetch(`${t.url}${own!.file}`, { headers: { cookie: cookieB } })).status).toBe(200);
    expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.id, second.data.id))).toHaveLength(
      1,
    );
    socket.close();
  });

  it('strips bidi controls and invisible characters from stored and served file names', async () => {
    const u = await createUser(t.db);
    const cookie = await sessionCookie(t.db, u.id);
    const up = await chatUpload(cookie, [
      { name: 'invoice\u202Etxt.exe\u200B\u2066\u200E.txt', body: Buffer.from('hi') },
    ]);
    expect(up.body.files![0]!.name).toBe('invoicetxt.exe.txt');
    const [row] = await t.db.select().from(files).where(eq(files.id, up.body.files![0]!.id));
    expect(row!.originalName).toBe('invoicetxt.exe.txt');
    const got = await fetch(`${t.url}${up.body.files![0]!.file}`, { headers: { cookie } });
    expect(got.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''invoicetxt.exe.txt");
    // A name stored before the cleaning existed is cleaned when shown.
    await t.db.update(files).set({ originalName: 'old\u202Egpj.exe' }).where(eq(files.id, row!.id));
    const again = await fetch(`${t.url}${up.body.files![0]!.file}`, { headers: { cookie } });
    expect(again.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''oldgpj.exe");
  });
});
