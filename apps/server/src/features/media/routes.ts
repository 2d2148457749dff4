/**
 * GET /media/{folder}/{name}: public post media, reels, poster frames and avatars from deps.storage. The
 * content type comes from the files table (never from the name), with nosniff, a year of caching
 * (keys are random and never reused), inline only for images and video, and byte ranges for seeking.
 * Chat attachments are not served here: they are for chat members only.
 */
import type { FastifyInstance } from 'fastify';
import { eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { files } from '../../db/schema.js';
import { serveFile } from '../../http/serve-file.js';
import { isStorageKey } from '../../platform/storage.js';

const PUBLIC_PURPOSES = new Set(['post', 'avatar', 'reel']);

export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { folder: string; name: string } }>('/media/:folder/:name', async (req, reply) => {
    const key = `${req.params.folder}/${req.params.name}`;
    const notFound = () => reply.code(404).send({ success: false, message: 'Not found' });
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
  });
}
