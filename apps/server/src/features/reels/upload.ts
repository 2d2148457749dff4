/**
 * Accepting a reel upload, in the request: the type from the bytes (a video container), then ffprobe
 * (a video stream, at most the configured length) and a decode of the first frame, so a file that is not
 * a video, is damaged or too long is refused at once with a clear message and leaves nothing behind.
 * The accepted upload is stored as a private source file and the transcode is queued. A member may have
 * at most `maxProcessing` clips waiting for or in their transcode: past it the upload is refused with a
 * message, so nobody can fill the queue (worker.ts keeps it fair among the clips it holds).
 */
import { searchVector, tagRows, tagsOf } from '../../platform/search-index.js';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { ReelMessages, type Audience, type CreateReelFields } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { files, reels, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { newStorageKey } from '../../platform/storage.js';
import type { ReceivedFile } from '../../platform/uploads.js';
import { firstFrameDecodes, probe } from '../../platform/ffmpeg.js';
import { enqueueTranscode } from './worker.js';

/** Containers we take in (ffmpeg reads them all); everything leaves as MP4. */
const VIDEO_CONTAINERS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/ogg': 'ogv',
  'video/x-m4v': 'm4v',
  'video/3gpp': '3gp',
};

/** Checks the spooled upload; answers the extension and the probed duration, or throws a 400 with the reason. */
export async function checkVideo(
  deps: AppDeps,
  upload: ReceivedFile,
): Promise<{ ext: string; durationMs: number | null }> {
  if (upload.bytes === 0) throw new AppError(ReelMessages.noFile, 400);
  const ext = upload.type ? VIDEO_CONTAINERS[upload.type.mime] : undefined;
  if (!ext) throw new AppError(ReelMessages.notVideo, 400);
  // ffprobe and ffmpeg read the temp file platform/uploads.ts spooled; nothing is copied.
  const file = upload.path;
  const info = await probe(file).catch((err: unknown) => {
    deps.log.error({ err }, 'ffprobe could not run');
    throw new AppError(ReelMessages.transcodeFailed, 400);
  });
  if (!info) throw new AppError(ReelMessages.corrupt, 400);
  if (!info.hasVideo) throw new AppError(ReelMessages.notVideo, 400);
  // Half a second of slack: containers round their durations.
  if (info.durationMs !== null && info.durationMs > deps.config.reels.maxSeconds * 1000 + 500) {
    throw new AppError(ReelMessages.tooLong, 400);
  }
  if (!(await firstFrameDecodes(file))) throw new AppError(ReelMessages.corrupt, 400);
  return { ext, durationMs: info.durationMs };
}

/** The member's clips still waiting for or in their transcode; refuses when there is no room for another. */
async function clipsAhead(deps: AppDeps, db: Db, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reels)
    .where(and(eq(reels.authorId, authorId), eq(reels.status, 'processing')));
  const ahead = row?.n ?? 0;
  if (ahead >= deps.config.reels.maxProcessing) throw new AppError(ReelMessages.tooManyProcessing, 429);
  return ahead;
}

export async function createReel(
  deps: AppDeps,
  authorId: string,
  fields: CreateReelFields,
  upload: ReceivedFile,
): Promise<{ id: string }> {
  // Refused before the probes: they cost time, and the answer would be the same.
  await clipsAhead(deps, deps.db, authorId);
  const { ext, durationMs } = await checkVideo(deps, upload);
  const id = randomUUID();
  const fileId = randomUUID();
  const key = newStorageKey('reelsrc', ext);
  const { bytes } = await deps.storage.put(key, createReadStream(upload.path), {
    contentType: 'application/octet-stream',
  });
  let ahead = 0;
  try {
    await deps.db.transaction(async (tx) => {
      // The member's uploads pass here one at a time, so parallel ones cannot all fit under the bound.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, authorId)).for('update');
      ahead = await clipsAhead(deps, tx, authorId);
      await tx.insert(files).values({
        id: fileId,
        ownerId: authorId,
        purpose: 'reel-source',
        storageKey: key,
        originalName: upload.name,
        mime: 'application/octet-stream',
        bytes,
      });
      const tags = tagsOf(`${fields.title} ${fields.description}`);
      await (tags.length > 0 ? tx.with(tagRows(tx, tags)).insert(reels) : tx.insert(reels)).values({
        id,
        authorId,
        title: fields.title,
        description: fields.description,
        searchTerms: searchVector(fields.title, fields.description),
        tags,
        category: fields.category,
        // Unset in the form: the member's default audience (Settings > Privacy).
        audience: fields.audience ?? sql<Audience>`(select u.default_audience from users u where u.id = ${authorId})`,
        sensitive: fields.sensitive ?? false,
        status: 'processing',
        sourceFileId: fileId,
        durationMs,
      });
    });
  } catch (err) {
    await deps.storage.delete(key);
    throw err;
  }
  await enqueueTranscode(deps, id, ahead);
  return { id };
}
