/**
 * GET /media/{folder}/{name}: public post media, reels, poster frames and avatars from deps.storage. The
 * content type comes from the files table (never from the name), with nosniff, a year of caching
 * (keys are random and never reused), inline only for images and video, and byte ranges for seeking.
 * Chat attachments are not served here: they are for chat members only. Public: a key is a random
 * capability that only reaches a member through a post, clip or profile they were allowed to see.
 */
import { eq, or } from 'drizzle-orm';
import { Routes, ServerTexts, localizeText } from '@sajha/contract';
import { files } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { serveFile } from '../../http/serve-file.js';
import { isStorageKey } from '../../platform/storage.js';
import { requestLocale } from '../../platform/locale.js';

const PUBLIC_PURPOSES = new Set(['post', 'avatar', 'reel']);

export const mediaRoutes = [
  route(Routes.media, { action: 'public', auth: 'none' }, async ({ deps, params, req, reply }) => {
    const key = `${params.folder}/${params.name}`;
    const notFound = () =>
      reply.code(404).send({ success: false, message: localizeText(requestLocale(req), ServerTexts.notFound) });
    if (!isStorageKey(key)) return notFound();
    const [file] = await deps.db
      .select({ purpose: files.purpose, mime: files.mime, storageKey: files.storageKey, posterKey: files.posterKey })
      .from(files)
      .where(or(eq(files.storageKey, key), eq(files.posterKey, key)))
      .limit(1);
    if (!file || !PUBLIC_PURPOSES.has(file.purpose)) return notFound();
    const isPoster = file.posterKey === key;
    const mime = isPoster ? 'image/jpeg' : file.mime;
    const inline = mime.startsWith('image/') || mime.startsWith('video/');
    return serveFile(deps.storage, req, reply, { key, mime, cache: 'public', disposition: { inline } }, notFound);
  }),
];
