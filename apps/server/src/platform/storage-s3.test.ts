/**
 * Files on S3 (issue 18): a real S3-compatible server (s3rver) on a free port. A chat attachment, an
 * avatar, post media and a reel are uploaded to one app instance, then read back (with a byte range)
 * through a second instance over the same database and bucket but an empty data dir: the bytes can only
 * have come from the bucket, and only through our routes (the bucket is never linked to).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type ChatDto, type MessageDto, type PostDto, type ReelStatusDto } from '@sajha/contract';
import { buildApp, type App } from '../app.js';
import {
  ask,
  connectSocket,
  createUser,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';

const BUCKET = 'sajha-test';

describe('uploads and downloads on S3 storage', () => {
  let s3: S3rver;
  let s3Dir: string;
  let t: TestApp;
  let second: { app: App; url: string; dataDir: string } | undefined;
  let work: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(os.tmpdir(), 'sajha-s3rver-'));
    work = await mkdtemp(path.join(os.tmpdir(), 'sajha-s3-fixtures-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3.run();
    t = await startTestApp({
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }, 60_000);
  afterAll(async () => {
    await second?.app.close();
    if (second) await rm(second.dataDir, { recursive: true, force: true });
    await t?.close();
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  it('stores a chat attachment, an avatar, post media and a reel in the bucket, served after a restart', async () => {
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const [cookieA, cookieB] = await Promise.all([sessionCookie(t.db, a.id), sessionCookie(t.db, b.id)]);
    const post = (url: string, form: FormData, cookie: string) =>
      fetch(`${t.url}${url}`, { method: 'POST', body: form, headers: { cookie } });

    // A chat attachment, sent to B.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const chatForm = new FormData();
    chatForm.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'report.pdf');
    const chatUp = (await (await post('/api/chat/attachments', chatForm, cookieA)).json()) as {
      files: { id: string; file: string }[];
    };
    const attachment = chatUp.files[0]!;
    const sa = await connectSocket(t.url, cookieA);
    const chat = await ask<ChatDto>(sa, Events.startChat, { to_uid: b.id });
    if (!chat.ok) throw new Error(chat.error);
    const sent = await ask<MessageDto>(sa, Events.sendMessage, {
      message: '',
      to_cid: chat.data.id,
      attachments: [attachment.id],
    });
    expect(sent.ok).toBe(true);

    // An avatar.
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e86de' } })
      .png()
      .toBuffer();
    const avatarForm = new FormData();
    avatarForm.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const avatar = (await (await post('/api/settings/avatar', avatarForm, cookieA)).json()) as { url: string };
    expect(avatar.url).toMatch(/^\/media\/avatar\//);

    // Post media.
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#27ae60' } })
      .jpeg()
      .toBuffer();
    const postForm = new FormData();
    postForm.set('content', 'On S3');
    postForm.append('mediaFiles', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'field.jpg');
    const created = (await (await post('/api/createPost', postForm, cookieA)).json()) as { post: PostDto };
    const postMedia = created.post.media[0]!;

    // A reel: its source goes to the bucket, the worker transcodes it from there back into the bucket.
    const clip = path.join(work, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x284:rate=10:duration=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
    ]);
    const reelForm = new FormData();
    for (const [k, v] of Object.entries({ title: 'Clouds', description: '', category: 'travel' })) reelForm.set(k, v);
    reelForm.set('video', new Blob([new Uint8Array(await readFile(clip))], { type: 'video/mp4' }), 'clip.mp4');
    const verdict = nextEvent<ReelStatusDto>(sa, Events.reelStatus, 60_000);
    expect((await post('/api/reels', reelForm, cookieA)).status).toBe(202);
    const reel = await verdict;
    expect(reel.status).toBe('ready');
    sa.close();

    // Nothing landed on this node's disk.
    expect(await readdir(path.join(t.dataDir, 'media')).catch(() => [])).toEqual([]);

    // A new app instance: same database, same bucket, an empty data dir of its own.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-s3-second-'));
    const app = await buildApp(
      { ...t.config, dataDir, port: 0 },
      {
        database: t.app.deps.database,
        logger: pino({ level: 'silent' }),
      },
    );
    second = { app, url: await app.listen(), dataDir };
    const get = (url: string, headers: Record<string, string> = {}) => fetch(`${second!.url}${url}`, { headers });

    const whole = await get(attachment.file, { cookie: cookieB });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
    const range = await get(attachment.file, { cookie: cookieB, range: 'bytes=0-7' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-7/${pdf.length}`);
    expect(Buffer.from(await range.arrayBuffer()).toString()).toBe('%PDF-1.4');
    const tail = await get(attachment.file, { cookie: cookieB, range: 'bytes=-7' });
    expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe('\n%%EOF\n');
    // Still private: through our authorisation only.
    const stranger = await createUser(t.db);
    expect((await get(attachment.file, { cookie: await sessionCookie(t.db, stranger.id) })).status).toBe(404);

    const avatarFile = await get(avatar.url);
    expect(avatarFile.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await avatarFile.arrayBuffer())).metadata()).width).toBe(512);

    const media = await get(postMedia);
    expect(media.status).toBe(200);
    expect((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).width).toBe(640);

    const video = reel.reel!.sources[0]!;
    const head = await get(video, { range: 'bytes=4-11' });
    expect(head.status).toBe(206);
    // An MP4 starts with its ftyp box: bytes 4..11 are "ftyp" and the brand.
    expect(
      Buffer.from(await head.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('ftyp');
    const size = Number(head.headers.get('content-range')!.split('/')[1]);
    const full = await get(video);
    expect(Buffer.from(await full.arrayBuffer()).length).toBe(size);
    expect((await get(reel.reel!.thumb)).status).toBe(200);
  }, 120_000);
});
