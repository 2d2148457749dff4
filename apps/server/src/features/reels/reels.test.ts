import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Events,
  ReelMessages,
  type CommentDto,
  type NotificationDto,
  type ReelDto,
  type ReelStatusDto,
} from '@sajha/contract';
import { blocks, files, reels } from '../../db/schema.js';
import { newStorageKey } from '../../platform/storage.js';
import { resumeLeftoverReels } from './worker.js';
import {
  collect,
  connectSocket,
  createUser,
  nextEvent,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';
import { makeVideo as makeClip } from '../../../test/media.js';

let t: TestApp;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sajha-reel-fixtures-'));
const sockets: TestSocket[] = [];

/** Real clips made with ffmpeg: portrait with a tone, silent, oversized frame, and a 3 s one. */
const makeVideo = (name: string, opts: Parameters<typeof makeClip>[2]) => makeClip(tmp, name, opts);

let portrait: Buffer;
let silent: Buffer;
let huge: Buffer;
let longer: Buffer;

beforeAll(async () => {
  portrait = makeVideo('portrait.mp4', { w: 360, h: 640, seconds: 2, audio: true });
  silent = makeVideo('silent.mp4', { w: 240, h: 426, seconds: 1, audio: false });
  huge = makeVideo('huge.mp4', { w: 1216, h: 2160, seconds: 1, audio: false, fps: 5 });
  longer = makeVideo('longer.mp4', { w: 160, h: 284, seconds: 3, audio: false });
  t = await startTestApp({}, (c) => {
    c.reels.maxBytes = 2 * 1024 * 1024;
    c.reels.maxSeconds = 2;
  });
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

interface Member extends TestUser {
  cookie: string;
  socket: TestSocket;
}
async function member(over: Partial<TestUser> = {}): Promise<Member> {
  const u = await createUser(t.db, over);
  const cookie = await sessionCookie(t.db, u.id);
  const socket = await connectSocket(t.url, cookie);
  sockets.push(socket);
  return { ...u, cookie, socket };
}

function ask<T>(
  socket: TestSocket,
  event: string,
  ...args: unknown[]
): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  return new Promise((resolve) => rawEmit(socket, event, ...args, resolve));
}

async function upload(
  who: { cookie: string } | null,
  video: { bytes: Buffer; name: string; type?: string } | null,
  fields: Record<string, string> = { title: 'Sunrise at Nagarkot', description: 'Clouds below', category: 'travel' },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (video)
    form.set('video', new Blob([new Uint8Array(video.bytes)], { type: video.type ?? 'video/mp4' }), video.name);
  const res = await fetch(`${t.url}/api/reels`, {
    method: 'POST',
    body: form,
    headers: who ? { cookie: who.cookie } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; message: string; id?: string; status?: string },
  };
}

/** Uploads and waits for the worker's verdict on the uploader's socket. */
async function uploadAndWait(who: Member, bytes: Buffer, title = 'A reel'): Promise<ReelStatusDto> {
  const verdict = nextEvent<ReelStatusDto>(who.socket, Events.reelStatus, 60_000);
  const res = await upload(who, { bytes, name: 'clip.mp4' }, { title, description: '', category: 'travel' });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ success: true, status: 'processing' });
  const v = await verdict;
  expect(v.id).toBe(res.body.id);
  return v;
}

async function leftovers() {
  const [r] = await t.db.select({ n: count() }).from(reels);
  const [f] = await t.db.select({ n: count() }).from(files);
  const mediaDir = path.join(t.dataDir, 'media');
  const onDisk = existsSync(mediaDir)
    ? readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
    : 0;
  return { reels: r!.n, files: f!.n, onDisk };
}

function probeJson(file: string) {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]).toString(),
  ) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
}

describe('uploading a reel', () => {
  it('requires sign-in', async () => {
    const res = await upload(null, { bytes: portrait, name: 'a.mp4' });
    expect(res.status).toBe(401);
  });

  it('refuses a file that is not a video, a corrupt video, an oversize or too long upload, and leaves nothing behind', async () => {
    const a = await member();
    const before = await leftovers();

    const text = await upload(a, { bytes: Buffer.from('just some text, not a film'), name: 'movie.mp4' });
    expect(text).toMatchObject({ status: 400, body: { success: false, message: ReelMessages.notVideo } });

    const png = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=red:s=16x16',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      'pipe:1',
    ]);
    const image = await upload(a, { bytes: png, name: 'clip.mp4' });
    expect(image).toMatchObject({ status: 400, body: { message: ReelMessages.notVideo } });

    // A real MP4 header followed by garbage: the type check passes, ffprobe cannot read it.
    const corruptBytes = Buffer.concat([portrait.subarray(0, 64), Buffer.alloc(40_000, 0x5a)]);
    const corrupt = await upload(a, { bytes: corruptBytes, name: 'broken.mp4' });
    expect(corrupt).toMatchObject({ status: 400, body: { message: ReelMessages.corrupt } });

    const oversize = await upload(a, {
      bytes: Buffer.concat([portrait, Buffer.alloc(2 * 1024 * 1024)]),
      name: 'big.mp4',
    });
    expect(oversize).toMatchObject({ status: 400, body: { message: ReelMessages.tooLarge } });

    const tooLong = await upload(a, { bytes: longer, name: 'long.mp4' });
    expect(tooLong).toMatchObject({ status: 400, body: { message: ReelMessages.tooLong } });

    const noFile = await upload(a, null);
    expect(noFile).toMatchObject({ status: 400, body: { message: ReelMessages.noFile } });

    const badCategory = await upload(a, { bytes: portrait, name: 'a.mp4' }, { title: 'x', category: 'weapons' });
    expect(badCategory).toMatchObject({ status: 400, body: { success: false } });

    expect(await leftovers()).toEqual(before);
    // The server is still fine.
    expect((await fetch(`${t.url}/api/health`)).status).toBeLessThan(500);
  });

  it('transcodes in the background to H.264/AAC MP4 with faststart and a poster, then announces it to others', async () => {
    const owner = await member();
    const viewer = await member();
    // Blocked by the owner, and blocking the owner: neither hears of the owner's reel.
    const blocked = await member();
    const blocking = await member();
    await t.db.insert(blocks).values([
      { blockerId: owner.id, blockedId: blocked.id },
      { blockerId: blocking.id, blockedId: owner.id },
    ]);
    const leaked = [collect(blocked.socket, Events.newReel), collect(blocking.socket, Events.newReel)];
    const announced = nextEvent<{ reel: ReelDto }>(viewer.socket, Events.newReel, 60_000);
    const v = await uploadAndWait(owner, portrait, 'Sunrise');
    expect(v.status).toBe('ready');
    expect(v.reel).toMatchObject({ title: 'Sunrise', owner: true, stats: { likes: 0, comments: 0, shares: 0 } });
    const seen = (await announced).reel;
    expect(seen).toMatchObject({ id: v.id, owner: false, user: { username: owner.username } });
    // newReel went out to all sockets at once; an answer on each blocked socket comes after anything
    // emitted to it before, so once both have answered, a leaked newReel would already be collected.
    await Promise.all([ask(blocked.socket, Events.getReels, 0, 1), ask(blocking.socket, Events.getReels, 0, 1)]);
    expect(leaked.flat()).toHaveLength(0);

    const video = Buffer.from(await (await fetch(t.url + seen.sources[0]!)).arrayBuffer());
    expect(video.indexOf('moov')).toBeGreaterThan(0);
    expect(video.indexOf('moov')).toBeLessThan(video.indexOf('mdat'));
    const file = path.join(tmp, 'served.mp4');
    writeFileSync(file, video);
    const info = probeJson(file);
    expect(info.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    const poster = await fetch(t.url + seen.thumb);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    // The private source is gone once the reel is ready.
    const sources = await t.db.select().from(files).where(eq(files.purpose, 'reel-source'));
    expect(sources).toHaveLength(0);
  }, 90_000);

  it('processes a silent clip (no audio track) and fits a large frame inside 1080x1920', async () => {
    const owner = await member();
    const quiet = await uploadAndWait(owner, silent, 'Quiet');
    expect(quiet.status).toBe('ready');
    const big = await uploadAndWait(owner, huge, 'Big');
    expect(big.status).toBe('ready');
    expect(big.reel!.width).toBeLessThanOrEqual(1080);
    expect(big.reel!.height).toBeLessThanOrEqual(1920);
    expect(big.reel!.height).toBeGreaterThan(1800);
  }, 120_000);
});

describe('reels list, likes, comments, shares, delete', () => {
  let owner: Member;
  let viewer: Member;
  let first: ReelDto;
  let second: ReelDto;
  beforeAll(async () => {
    owner = await member();
    viewer = await member();
    first = (await uploadAndWait(owner, silent, 'First')).reel!;
    second = (await uploadAndWait(owner, silent, 'Second')).reel!;
  }, 120_000);

  it('pages newest first with hasMore, and opens one reel by id', async () => {
    const page = nextEvent<{ reels: ReelDto[]; hasMore: boolean }>(viewer.socket, Events.reels);
    rawEmit(viewer.socket, Events.getReels, 0, 5);
    const p = await page;
    expect(p.reels[0]!.id).toBe(second.id);
    expect(p.reels[1]!.id).toBe(first.id);
    expect(p.reels.length).toBeLessThanOrEqual(5);
    const all = await t.db.select({ n: count() }).from(reels).where(eq(reels.status, 'ready'));
    expect(p.hasMore).toBe(all[0]!.n > 5);
    const one = await ask<ReelDto>(viewer.socket, Events.getReel, { reelId: first.id });
    expect(one).toMatchObject({ ok: true, data: { id: first.id, title: 'First' } });
    const none = await ask(viewer.socket, Events.getReel, { reelId: '00000000-0000-4000-8000-000000000000' });
    expect(none).toEqual({ ok: false, error: ReelMessages.notFound });
  });

  it('likes toggle, comments count, and the owner is notified of both', async () => {
    const liked = nextEvent<NotificationDto>(owner.socket, Events.notification);
    const like = await ask<{ liked: boolean; likes: number }>(viewer.socket, Events.likeReel, { reelId: first.id });
    expect(like).toMatchObject({ ok: true, data: { liked: true, likes: 1 } });
    expect((await liked).message).toContain('liked your reel');
    const unlike = await ask<{ liked: boolean; likes: number }>(viewer.socket, Events.likeReel, { reelId: first.id });
    expect(unlike).toMatchObject({ ok: true, data: { liked: false, likes: 0 } });

    const commented = nextEvent<NotificationDto>(owner.socket, Events.notification);
    const stats = nextEvent<{ id: string; stats: { comments: number } }>(owner.socket, Events.reelStats);
    const added = await ask<CommentDto[]>(viewer.socket, Events.addReelComment, {
      reelId: first.id,
      comment: 'Lovely',
    });
    expect(added.ok && added.data[0]!.comment).toBe('Lovely');
    expect((await stats).stats.comments).toBe(1);
    expect((await commented).message).toContain('commented on your reel');
    const shared = await ask<{ shares: number }>(viewer.socket, Events.shareReel, {
      reelId: first.id,
      network: 'copy',
      ref: 'abcdef12',
    });
    expect(shared).toMatchObject({ ok: true, data: { shares: 1 } });
  });

  it('only the owner deletes, and the files go too', async () => {
    const refused = await ask(viewer.socket, Events.deleteReel, { reelId: second.id });
    expect(refused).toEqual({ ok: false, error: ReelMessages.ownerOnly });
    const keys = [second.sources[0]!, second.thumb].map((u) => u.replace('/media/', ''));
    for (const k of keys) expect(existsSync(path.join(t.dataDir, 'media', k))).toBe(true);
    const gone = nextEvent<{ id: string }>(viewer.socket, Events.reelDeleted);
    expect(await ask(owner.socket, Events.deleteReel, { reelId: second.id })).toMatchObject({ ok: true });
    expect((await gone).id).toBe(second.id);
    for (const k of keys) expect(existsSync(path.join(t.dataDir, 'media', k))).toBe(false);
    expect((await fetch(t.url + second.sources[0]!)).status).toBe(404);
  });

  it('serves the video with byte ranges: first bytes, middle, suffix, and 416 past the end', async () => {
    const url = t.url + first.sources[0]!;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toContain('max-age=31536000');
    const all = Buffer.from(await whole.arrayBuffer());
    const size = all.length;
    expect(size).toBeGreaterThan(2000);

    const head = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(Buffer.from(await head.arrayBuffer()).equals(all.subarray(0, 100))).toBe(true);

    const mid = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe(`bytes 1000-1999/${size}`);
    expect(Buffer.from(await mid.arrayBuffer()).equals(all.subarray(1000, 2000))).toBe(true);

    const tail = await fetch(url, { headers: { range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(all.subarray(size - 500))).toBe(true);

    const past = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
  });
});

describe('the transcode worker', () => {
  it("is fair between members: one member's backlog never holds up another member's short clip", async () => {
    const busy = await member();
    const other = await member();
    const heavy = makeVideo('heavy.mp4', { w: 1080, h: 1920, seconds: 2, audio: true, fps: 25 });
    const ready: string[] = [];
    for (const m of [busy, other]) m.socket.on(Events.reelStatus, (v) => void ready.push(v.id));
    const form = { title: 'Backlog', description: '', category: 'travel' };
    const backlog = await Promise.all([1, 2, 3].map(() => upload(busy, { bytes: heavy, name: 'heavy.mp4' }, form)));
    for (const r of backlog) expect(r.status).toBe(202);
    const short = await upload(other, { bytes: silent, name: 'short.mp4' }, { ...form, title: 'Short' });
    expect(short.status).toBe(202);
    const ids = backlog.map((r) => r.body.id!);
    await expect.poll(() => ready.length, { timeout: 90_000, interval: 100 }).toBe(4);
    // At most the clip already running goes first: the short clip is ready before the backlog is done.
    expect(ready.indexOf(short.body.id!)).toBeLessThan(Math.max(...ids.map((id) => ready.indexOf(id))));
    expect(ready.indexOf(short.body.id!)).toBeLessThanOrEqual(1);
  }, 120_000);

  it('refuses an upload while the member already has the most clips processing, with a clear message', async () => {
    const owner = await member();
    const other = await member();
    // Clips of this member still waiting for their transcode (no jobs: the worker never sees them).
    const waiting = Array.from({ length: t.config.reels.maxProcessing }, () => randomUUID());
    await t.db
      .insert(reels)
      .values(waiting.map((id) => ({ id, authorId: owner.id, title: 'Waiting', category: 'food' as const })));
    try {
      const refused = await upload(owner, { bytes: silent, name: 'one-more.mp4' });
      expect(refused).toMatchObject({ status: 429, body: { success: false, message: ReelMessages.tooManyProcessing } });
      // Another member is not affected.
      expect((await uploadAndWait(other, silent, 'Not affected')).status).toBe('ready');
    } finally {
      await t.db.update(reels).set({ status: 'failed' }).where(inArray(reels.id, waiting));
    }
  }, 60_000);

  it('stops a transcode that runs past its time limit (set by the clip length) and fails the reel cleanly', async () => {
    const owner = await member();
    const { reels: limits } = t.config;
    const saved = { ...limits };
    limits.transcodeFloorMs = 1;
    limits.transcodePerSecondMs = 1;
    try {
      const v = await uploadAndWait(owner, portrait, 'Too slow');
      expect(v).toMatchObject({ status: 'failed', message: ReelMessages.transcodeFailed });
    } finally {
      Object.assign(limits, saved);
    }
    expect(await t.db.select().from(files).where(eq(files.purpose, 'reel-source'))).toHaveLength(0);
  }, 60_000);

  it('picks up reels left processing by a restart, and a source that cannot be transcoded fails cleanly', async () => {
    const owner = await member();
    const { storage } = t.app.deps;
    const leftOver = async (title: string, bytes: Buffer) => {
      const fileId = randomUUID();
      const key = newStorageKey('reelsrc', 'mp4');
      await storage.put(key, bytes);
      await t.db.insert(files).values({
        id: fileId,
        ownerId: owner.id,
        purpose: 'reel-source',
        storageKey: key,
        mime: 'application/octet-stream',
        bytes: bytes.length,
      });
      const id = randomUUID();
      await t.db.insert(reels).values({ id, authorId: owner.id, title, category: 'food', sourceFileId: fileId });
      return { id, key };
    };
    const good = await leftOver('Left over', silent);
    const bad = await leftOver('Broken', Buffer.concat([silent.subarray(0, 64), Buffer.alloc(20_000, 1)]));
    const told = nextEvent<ReelStatusDto>(owner.socket, Events.reelStatus, 60_000);
    // What the app does at start-up, on the same database.
    await resumeLeftoverReels(t.app.deps);
    await told;
    await t.app.deps.jobs.idle('reel.transcode', 120_000);
    const [g] = await t.db.select().from(reels).where(eq(reels.id, good.id));
    const [b] = await t.db.select().from(reels).where(eq(reels.id, bad.id));
    expect(g).toMatchObject({ status: 'ready', sourceFileId: null });
    expect(b).toMatchObject({ status: 'failed', error: ReelMessages.transcodeFailed, sourceFileId: null });
    for (const k of [good.key, bad.key]) expect(existsSync(path.join(t.dataDir, 'media', k))).toBe(false);
    expect(await t.db.select().from(files).where(eq(files.purpose, 'reel-source'))).toHaveLength(0);
  }, 90_000);
});
