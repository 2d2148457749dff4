/**
 * Every stored file of a member (post media, clips and their posters and sources, avatars, chat uploads):
 * exported as they are, and deleted last of all areas (rows of other areas referred to them): the bytes
 * first, then the row, so a deletion interrupted and run again finds what is left and finishes it.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { files, messageAttachments } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';

const fileName = (key: string) => `media/${key.replace('/', '-')}`;

export async function exportMedia(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const owned = await deps.db
    .select({
      key: files.storageKey,
      name: files.originalName,
      mime: files.mime,
      bytes: files.bytes,
      purpose: files.purpose,
    })
    .from(files)
    .where(eq(files.ownerId, userId))
    .orderBy(asc(files.createdAt));
  for (const f of owned) {
    // A clip's upload as sent is kept only while it is transcoded: the clip itself is exported.
    if (f.purpose === 'reel-source') continue;
    out.file(fileName(f.key), f.purpose, f.key, { originalName: f.name, mime: f.mime, bytes: f.bytes });
  }
}

export async function deleteMedia(deps: AppDeps, userId: string): Promise<void> {
  const owned = await deps.db
    .select({ id: files.id, key: files.storageKey, poster: files.posterKey })
    .from(files)
    .where(eq(files.ownerId, userId));
  for (const f of owned) {
    await deps.storage.delete(f.key);
    if (f.poster) await deps.storage.delete(f.poster);
    await deps.db.delete(messageAttachments).where(eq(messageAttachments.fileId, f.id));
    await deps.db.delete(files).where(eq(files.id, f.id));
  }
}
