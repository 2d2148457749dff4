/**
 * Avatars: the browser sends the cropped picture; its type comes from the bytes, and sharp re-encodes it
 * into square WebP files of 512 and 128 px (no metadata kept). Animated GIFs and WebPs stay animated
 * (as animated WebP). Each upload gets new random names, so no cache ever shows the old picture.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, AVATAR_SIZES, Messages, ServerTexts, SettingsText } from '@sajha/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { files } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { detectType, RASTER_IMAGES, withImageSlot, type DetectedType } from '../../platform/media.js';
import { receiveForm, type ReceivedFile } from '../../platform/uploads.js';

export interface AvatarFile {
  size: number;
  key: string;
  body: Buffer;
  animated: boolean;
}

const MAX_PIXELS = 40_000_000;
const MB = 1024 * 1024;

/**
 * One square picture from a multipart form (field `avatar`, at most AVATAR_MAX_BYTES): a member's avatar
 * or a group's picture. `use` gets the spooled file (sharp reads it from disk; the original never sits
 * whole in our memory), which is removed afterwards.
 */
export async function receivePicture<T>(
  deps: AppDeps,
  http: { req: FastifyRequest; reply: FastifyReply },
  use: (picture: ReceivedFile) => Promise<T>,
): Promise<T> {
  const tooLarge = () => new AppError(SettingsText.avatarTooLarge(Math.round(AVATAR_MAX_BYTES / MB)), 413);
  const form = await receiveForm(deps, http, {
    fileFields: ['avatar'],
    maxFiles: 1,
    fileBytes: AVATAR_MAX_BYTES,
    totalBytes: AVATAR_MAX_BYTES,
    errors: {
      notMultipart: () => new AppError(Messages.server.invalidPayload, 400),
      fileTooLarge: tooLarge,
      totalTooLarge: tooLarge,
      tooManyFiles: () => new AppError(SettingsText.avatarNotImage, 400),
    },
  });
  try {
    const picture = form.files[0];
    if (!picture) throw new AppError(SettingsText.avatarNotImage, 400);
    return await use(picture);
  } finally {
    await form.dispose();
  }
}

/**
 * `input` is the picture's bytes or the path of the spooled upload (then `sniffed` is its type from the
 * bytes). `folder` names where the files go: `avatar` (public) or `group` (a group's picture, members only).
 */
export function renderAvatar(
  input: Buffer | string,
  sniffed?: DetectedType | null,
  folder: 'avatar' | 'group' = 'avatar',
): Promise<AvatarFile[]> {
  return withImageSlot(() => render(input, sniffed, folder));
}

async function render(
  input: Buffer | string,
  sniffed: DetectedType | null | undefined,
  folder: string,
): Promise<AvatarFile[]> {
  const type = typeof input === 'string' ? sniffed : await detectType(input);
  if (!type || !RASTER_IMAGES.includes(type.mime)) throw new AppError(SettingsText.avatarNotImage, 400);
  let animated = false;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS, animated: true }).metadata();
    animated = (meta.pages ?? 1) > 1;
  } catch {
    throw new AppError(SettingsText.avatarNotImage, 400);
  }
  const stem = randomUUID().replace(/-/g, '');
  const out: AvatarFile[] = [];
  try {
    for (const size of AVATAR_SIZES) {
      const body = await sharp(input, { limitInputPixels: MAX_PIXELS, animated })
        .rotate()
        .resize({ width: size, height: size, fit: 'cover', position: 'centre' })
        .webp({ quality: 82, effort: 3 })
        .toBuffer();
      out.push({ size, key: `${folder}/${stem}-${size}.webp`, body, animated });
    }
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new AppError(ServerTexts.media.imageTooLarge, 400);
    throw new AppError(SettingsText.avatarNotImage, 400);
  }
  return out;
}

/** Stores both sizes and their file rows; returns the 512 px URL (the 128 px one differs only by -128). */
export async function storeAvatar(
  deps: AppDeps,
  userId: string,
  rendered: AvatarFile[],
  purpose: 'avatar' | 'group' = 'avatar',
): Promise<string> {
  for (const f of rendered) await deps.storage.put(f.key, f.body, { contentType: 'image/webp' });
  await deps.db.insert(files).values(
    rendered.map((f) => ({
      id: randomUUID(),
      ownerId: userId,
      purpose,
      storageKey: f.key,
      originalName: `${purpose}-${f.size}.webp`,
      mime: 'image/webp',
      bytes: f.body.length,
      width: f.size,
      height: f.size,
    })),
  );
  return `/media/${rendered[0]!.key}`;
}

/** The storage key behind one of the member's own avatar URLs, or null when it is not theirs. */
export async function ownAvatarKey(deps: AppDeps, userId: string, url: string): Promise<string | null> {
  const m = /^\/media\/(avatar\/[A-Za-z0-9]+-512\.webp)$/.exec(url);
  if (!m) return null;
  const [row] = await deps.db
    .select({ key: files.storageKey })
    .from(files)
    .where(and(eq(files.storageKey, m[1]!), eq(files.ownerId, userId), eq(files.purpose, 'avatar')))
    .limit(1);
  return row?.key ?? null;
}

/** Removes every avatar file of the member except the one in use (both of its sizes). */
export async function pruneAvatars(deps: AppDeps, userId: string, keepKey: string | null): Promise<void> {
  const keep = keepKey ? [keepKey, keepKey.replace(/-512\.webp$/, '-128.webp')] : [];
  const rows = await deps.db
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(and(eq(files.ownerId, userId), eq(files.purpose, 'avatar')));
  const stale = rows.filter((r) => !keep.includes(r.key));
  if (stale.length === 0) return;
  await deps.db.delete(files).where(
    inArray(
      files.id,
      stale.map((r) => r.id),
    ),
  );
  for (const r of stale) await deps.storage.delete(r.key);
}
