/**
 * Post media: every file's type comes from its bytes. Images are re-encoded (orientation applied,
 * EXIF/GPS and all other metadata gone, at most 2048 px a side, pixel-flood limit); videos (mp4, webm,
 * ogg) are kept as uploaded, with a poster frame from ffmpeg when it is installed and can read them.
 * Nothing reaches storage or the database until every file has passed.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { ServerTexts } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { processImage, RASTER_IMAGES } from '../../platform/media.js';
import { newStorageKey, type Storage } from '../../platform/storage.js';
import type { ReceivedFile } from '../../platform/uploads.js';

export const POST_VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
};

export interface PreparedFile {
  id: string;
  storageKey: string;
  posterKey: string | null;
  originalName: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** A re-encoded image, or the path of the spooled video (streamed to storage, never read whole). */
  body: Buffer | string;
  poster: Buffer | null;
}

/** This area's refusals (in the contract's catalogue, so they are read in the member's language). */
export const UploadText = ServerTexts.postUploads;

export async function prepareUpload(upload: ReceivedFile): Promise<PreparedFile> {
  const name = upload.name;
  if (upload.bytes === 0) throw new AppError(UploadText.empty(name), 400);
  const type = upload.type;
  if (type && RASTER_IMAGES.includes(type.mime)) {
    const img = await processImage(upload.path, { maxSide: 2048, maxPixels: 40_000_000 });
    return {
      id: randomUUID(),
      storageKey: newStorageKey('post', img.ext),
      posterKey: null,
      originalName: name,
      mime: img.mime,
      bytes: img.buffer.length,
      width: img.width,
      height: img.height,
      body: img.buffer,
      poster: null,
    };
  }
  const videoExt = type ? POST_VIDEO_TYPES[type.mime] : undefined;
  if (type && videoExt) {
    const frame = await posterFrame(upload.path);
    const poster = frame ? await processImage(frame, { maxSide: 1280 }).catch(() => null) : null;
    return {
      id: randomUUID(),
      storageKey: newStorageKey('post', videoExt),
      posterKey: poster ? newStorageKey('poster', poster.ext) : null,
      originalName: name,
      mime: type.mime,
      bytes: upload.bytes,
      width: poster?.width ?? null,
      height: poster?.height ?? null,
      body: upload.path,
      poster: poster?.buffer ?? null,
    };
  }
  throw new AppError(UploadText.typeNotAllowed(name), 400);
}

/** Writes every prepared file; on any failure removes what was written and rethrows. */
export async function storeAll(storage: Storage, prepared: PreparedFile[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const f of prepared) {
      const body = typeof f.body === 'string' ? createReadStream(f.body) : f.body;
      await storage.put(f.storageKey, body, { contentType: f.mime });
      written.push(f.storageKey);
      if (f.posterKey && f.poster) {
        await storage.put(f.posterKey, f.poster, { contentType: 'image/jpeg' });
        written.push(f.posterKey);
      }
    }
    return written;
  } catch (err) {
    await removeAll(storage, written);
    throw err;
  }
}

export async function removeAll(storage: Storage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}

/** The first frame as a JPEG, or null when ffmpeg is missing, slow, or cannot read the file. */
async function posterFrame(input: string): Promise<Buffer | null> {
  return new Promise<Buffer | null>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const child = spawn(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-i', input, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 10 * 1024 * 1024) child.kill('SIGKILL');
      else chunks.push(c);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size > 0 ? Buffer.concat(chunks) : null);
    });
  });
}
