/**
 * Upload checks and processing shared by posts, chat and avatars. The type comes from the bytes
 * (file-type), never from the name or the browser's claim. Images are re-encoded with sharp:
 * orientation applied, EXIF/GPS and every other metadata dropped, bounded in size, with a pixel
 * limit against decompression bombs. Other allowed types are stored as uploaded.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ServerTexts } from '@sajha/contract';
import { AppError } from './errors.js';

// Memory: libvips' operation cache kept decoded images alive after their requests (RSS grew and stayed),
// and one libvips thread per core per image multiplied that under a burst. No cache, one thread per image;
// uploads are queued by the event loop instead of all being decoded at once.
sharp.cache(false);
sharp.concurrency(1);

/**
 * At most two images are decoded at once per process (a 12-megapixel photo is 36 MB of pixels while it is
 * resized); a burst of uploads waits its turn instead of multiplying that by the number of requests.
 */
const IMAGE_SLOTS = 2;
let busy = 0;
const waiting: (() => void)[] = [];
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or is freed.
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}

export interface DetectedType {
  mime: string;
  ext: string;
}

/** Plain text has no magic bytes: accept it only when it decodes as UTF-8 with no NUL bytes. */
function looksLikeText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

export async function detectType(buf: Buffer): Promise<DetectedType | null> {
  return sniffType(buf, buf.length > 0 && looksLikeText(buf));
}

/**
 * The type from the first bytes of a file (file-type needs at most 4100); `isText` tells whether the
 * whole file decoded as UTF-8 without NUL bytes (counted while it streamed, see platform/uploads.ts).
 */
export async function sniffType(head: Buffer, isText: boolean): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) return { mime: found.mime, ext: found.ext };
  if (isText) {
    // Markup is text too, but must never be served as an attachment browsers might render.
    const start = head.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
    if (
      start.startsWith('<!doctype') ||
      start.startsWith('<html') ||
      start.startsWith('<svg') ||
      start.startsWith('<?xml') ||
      start.includes('<script')
    ) {
      return { mime: 'text/html', ext: 'html' };
    }
    return { mime: 'text/plain', ext: 'txt' };
  }
  return null;
}

/** True when `mime` matches one of the patterns ('image/*', 'application/pdf', ...). */
export function mimeAllowed(mime: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('/*') ? mime.startsWith(p.slice(0, -1)) : mime === p));
}

export const RASTER_IMAGES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

export interface ProcessedImage {
  buffer: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

/**
 * Re-encodes an image: applies EXIF orientation, drops all metadata, fits it inside `maxSide`.
 * GIFs keep their animation (as animated WebP is not universal, they stay GIF). `input` is the bytes or
 * the path of a spooled upload (sharp then reads the file itself; the original is never in our heap).
 */
export function processImage(
  input: Buffer | string,
  opts: { maxSide?: number; maxPixels?: number } = {},
): Promise<ProcessedImage> {
  return withImageSlot(() => reencode(input, opts));
}

async function reencode(
  input: Buffer | string,
  opts: { maxSide?: number; maxPixels?: number },
): Promise<ProcessedImage> {
  const maxSide = opts.maxSide ?? 2048;
  const limitInputPixels = opts.maxPixels ?? 40_000_000;
  try {
    const meta = await sharp(input, { limitInputPixels, animated: true }).metadata();
    const animated = (meta.pages ?? 1) > 1 && meta.format === 'gif';
    const pipeline = sharp(input, { limitInputPixels, animated })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const out = animated
      ? await pipeline.gif().toBuffer({ resolveWithObject: true })
      : meta.hasAlpha
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    const format = out.info.format === 'jpeg' ? 'jpg' : out.info.format;
    return {
      buffer: out.data,
      mime: format === 'jpg' ? 'image/jpeg' : `image/${format}`,
      ext: format,
      width: out.info.width,
      height: animated ? (out.info.pageHeight ?? out.info.height) : out.info.height,
    };
  } catch (err) {
    const message = (err as Error).message;
    if (/pixel limit/i.test(message)) throw new AppError(ServerTexts.media.imageTooLarge, 400);
    throw new AppError(ServerTexts.media.imageUnreadable, 400);
  }
}
