/**
 * Reel transcodes as background work, one at a time per server, so uploads never hold a request and
 * the machine stays responsive. `enqueueTranscode(deps, reelId, ahead)` is the one entry point; the reel's
 * status in the database (processing -> ready | failed) is the truth, and a worker started with the app
 * picks up reels left 'processing' by a restart.
 *
 * Fair between members: one member's three long clips must not make another member's short one wait
 * behind all of them. Each clip's job has priority minus the number of its member's clips queued before
 * it, and the queue runs higher priorities first, so every member's first waiting clip goes before
 * anyone's second (at most the clip already running goes ahead). upload.ts bounds how many clips a member
 * may have waiting, and each transcode is killed past a time limit set by the clip's length.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ReelMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { files, reels, users } from '../../db/schema.js';
import { processImage } from '../../platform/media.js';
import { newStorageKey } from '../../platform/storage.js';
import { posterFrame, probe, transcode } from '../../platform/ffmpeg.js';
import { reelRow } from './repo.js';
import { readyReel } from './service.js';

/**
 * Queues the transcode of a just-uploaded reel (a job: it survives a restart and runs once); `ahead` is
 * how many clips of the same member were already waiting for theirs.
 */
export async function enqueueTranscode(deps: AppDeps, reelId: string, ahead: number): Promise<void> {
  await deps.jobs.send('reel.transcode', { reelId }, { singletonKey: reelId, retryLimit: 3, priority: -ahead });
}

/** Queues every reel left 'processing' (a job lost before this queue existed, or a cleared queue). */
export async function resumeLeftoverReels(deps: AppDeps): Promise<void> {
  const left = await deps.db
    .select({ id: reels.id, authorId: reels.authorId })
    .from(reels)
    .where(eq(reels.status, 'processing'))
    .orderBy(reels.createdAt);
  const queued = new Map<string, number>();
  for (const r of left) {
    const ahead = queued.get(r.authorId) ?? 0;
    await enqueueTranscode(deps, r.id, ahead);
    queued.set(r.authorId, ahead + 1);
  }
}

/**
 * How long one transcode may run: `transcodePerSecondMs` per second of the clip (as probed at upload;
 * the longest clip allowed when unknown), at least `transcodeFloorMs`. A file that decodes pathologically
 * slowly is killed and fails instead of holding the worker, and everyone's clips behind it.
 */
export function transcodeTimeLimitMs(reels: AppDeps['config']['reels'], durationMs: number | null): number {
  const seconds = (durationMs ?? reels.maxSeconds * 1000) / 1000;
  return Math.max(reels.transcodeFloorMs, Math.ceil(seconds * reels.transcodePerSecondMs));
}

/**
 * Registers this node's transcode worker: one reel at a time, so the server stays responsive. On
 * shutdown the running ffmpeg is aborted and its job fails, so the queue retries it after the restart.
 */
export async function startReelWorker(deps: AppDeps): Promise<{ stop(): void; idle(): Promise<void> }> {
  const abort = new AbortController();
  await deps.jobs.work('reel.transcode', ({ reelId }) => processReel(deps, reelId, abort.signal), { concurrency: 1 });
  await resumeLeftoverReels(deps);
  return {
    stop: () => abort.abort(),
    idle: () => deps.jobs.idle('reel.transcode', 120_000),
  };
}

async function processReel(deps: AppDeps, reelId: string, signal: AbortSignal): Promise<void> {
  const reel = await reelRow(deps.db, reelId);
  if (!reel || reel.status !== 'processing') return;
  const [source] = reel.sourceFileId
    ? await deps.db.select().from(files).where(eq(files.id, reel.sourceFileId)).limit(1)
    : [];
  const stored = source ? await deps.storage.get(source.storageKey) : null;
  if (!source || !stored) return fail(deps, reel, null, ReelMessages.transcodeFailed, new Error('source missing'));

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sajha-reel-'));
  const written: string[] = [];
  try {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out.mp4');
    await pipeline(stored.stream, createWriteStream(input));
    const { maxSeconds } = deps.config.reels;
    const timeoutMs = transcodeTimeLimitMs(deps.config.reels, reel.durationMs);
    await transcode(input, output, { maxSeconds, timeoutMs }, signal);
    const info = await probe(output);
    if (!info?.hasVideo) throw new Error('transcode produced no video');
    const durationMs = info.durationMs ?? reel.durationMs ?? 0;
    const frame = await posterFrame(output, Math.min(500, Math.floor(durationMs / 2)));
    const poster = await processImage(frame, { maxSide: 1920 });

    const videoKey = newStorageKey('reel', 'mp4');
    const posterKey = newStorageKey('poster', poster.ext);
    // Streamed from the temp file: a long reel is never held whole in memory.
    const video = await deps.storage.put(videoKey, createReadStream(output), { contentType: 'video/mp4' });
    written.push(videoKey);
    await deps.storage.put(posterKey, poster.buffer, { contentType: poster.mime });
    written.push(posterKey);

    const fileId = randomUUID();
    const done = await deps.db.transaction(async (tx) => {
      const [still] = await tx
        .select({ id: reels.id })
        .from(reels)
        .where(and(eq(reels.id, reelId), eq(reels.status, 'processing')))
        .for('update');
      if (!still) return false;
      await tx.insert(files).values({
        id: fileId,
        ownerId: reel.authorId,
        purpose: 'reel',
        storageKey: videoKey,
        posterKey,
        originalName: source.originalName,
        mime: 'video/mp4',
        bytes: video.bytes,
        width: info.width,
        height: info.height,
      });
      await tx
        .update(reels)
        .set({ status: 'ready', videoFileId: fileId, sourceFileId: null, durationMs, readyAt: new Date() })
        .where(eq(reels.id, reelId));
      await tx.delete(files).where(eq(files.id, source.id));
      return true;
    });
    if (!done) {
      // Deleted while processing: nothing of it may stay.
      await Promise.allSettled(written.map((k) => deps.storage.delete(k)));
      return;
    }
    await deps.storage.delete(source.storageKey);
    // The reel is ready whatever happens to the announcement.
    await announce(deps, reelId, reel.authorId).catch((err: unknown) =>
      deps.log.error({ err, reelId }, 'reel announcement failed'),
    );
  } catch (err) {
    await Promise.allSettled(written.map((k) => deps.storage.delete(k)));
    // Shutting down: the reel stays 'processing' and the failed job is retried after the restart.
    if (signal.aborted) throw new Error('transcode interrupted by shutdown');
    await fail(deps, reel, source, ReelMessages.transcodeFailed, err);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function announce(deps: AppDeps, reelId: string, authorId: string): Promise<void> {
  const forAuthor = await readyReel(deps, reelId, authorId);
  if (!forAuthor) return;
  const [author] = await deps.db.select({ private: users.privateAccount }).from(users).where(eq(users.id, authorId));
  await deps.bus.publish('reel.ready', {
    authorId,
    reel: forAuthor,
    hiddenFrom: await deps.policy.relations.blockedWith(authorId),
    // A clip for a smaller audience (or a private account's) reaches the rest at their next load.
    everyone: forAuthor.audience === 'public' && !author?.private,
  });
}

async function fail(
  deps: AppDeps,
  reel: { id: string; authorId: string },
  source: { id: string; storageKey: string } | null | undefined,
  message: string,
  err: unknown,
): Promise<void> {
  deps.log.warn({ err, reelId: reel.id }, 'reel transcode failed');
  await deps.db
    .update(reels)
    .set({ status: 'failed', error: message, sourceFileId: null })
    .where(and(eq(reels.id, reel.id), eq(reels.status, 'processing')));
  if (source) {
    await deps.db.delete(files).where(eq(files.id, source.id));
    await deps.storage.delete(source.storageKey);
  }
  await deps.bus.publish('reel.failed', { authorId: reel.authorId, id: reel.id, message });
}
