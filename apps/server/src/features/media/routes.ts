/**
 * GET /media/{folder}/{name}: public post media, reels, poster frames and avatars from deps.storage. The
 * content type comes from the files table (never from the name), with nosniff, a year of caching
 * (keys are random and never reused), inline only for images and video, and byte ranges for seeking.
 * Chat attachments are not served here: they are for chat members only.
 */
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { files } from '../../db/schema.js';
import { isStorageKey } from '../../platform/storage.js';

const PUBLIC_PURPOSES = new Set(['post', 'avatar', 'reel']);

/** Passes on bytes start..end (inclusive) of a stream and drops the rest. */
function slice(start: number, end: number): Transform {
  let pos = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(start - pos, 0);
      const to = Math.min(end + 1 - pos, chunk.length);
      pos += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(size - Number(m[2]), 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : 'bad';
}

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
    const stored = await deps.storage.get(key);
    if (!stored) return notFound();

    const inline = mime.startsWith('image/') || mime.startsWith('video/');
    void reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Disposition', inline ? 'inline' : 'attachment')
      .header('Accept-Ranges', 'bytes')
      // Uploaded bytes never run as a page of ours, even if a browser were talked into rendering them.
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");

    const range = parseRange(req.headers.range, stored.bytes);
    if (range === 'bad') {
      stored.stream.destroy();
      return reply.code(416).header('Content-Range', `bytes */${stored.bytes}`).send();
    }
    if (range) {
      void reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${stored.bytes}`)
        .header('Content-Length', range.end - range.start + 1);
      return reply.send(stored.stream.pipe(slice(range.start, range.end)));
    }
    void reply.header('Content-Length', stored.bytes);
    return reply.send(stored.stream);
  });
}
