/**
 * One way to answer with stored bytes, for public media, reels, avatars and chat attachments alike:
 * the content type we stored (never guessed from a name), nosniff, a sandboxing CSP, an ETag from the
 * storage key (keys are random and never reused, so the bytes behind one never change), and HTTP byte
 * ranges (206 / 416) so video and audio can seek. Works the same on disk and on S3: the range is asked of
 * the store, so only the requested bytes are read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../platform/storage.js';

export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
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

export interface ServeOptions {
  key: string;
  mime: string;
  /** 'public' for media anyone may load (a year, immutable); 'private' for members' attachments. */
  cache: 'public' | 'private';
  /** Shown in the browser (images, video) or offered as a download; with the member's file name if any. */
  disposition: { inline: boolean; filename?: string | undefined };
}

/** Sends the stored file, or answers 404 through `notFound` when its bytes are gone. */
export async function serveFile(
  storage: Storage,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: ServeOptions,
  notFound: () => FastifyReply,
): Promise<FastifyReply> {
  const info = await storage.stat(opts.key);
  if (!info) return notFound();
  const { etag, size } = info;
  const { inline, filename } = opts.disposition;
  const disposition = `${inline ? 'inline' : 'attachment'}${filename ? `; filename*=UTF-8''${encodeURIComponent(filename)}` : ''}`;
  void reply
    .header('Content-Type', opts.mime.startsWith('text/') ? `${opts.mime}; charset=utf-8` : opts.mime)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', opts.cache === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=86400')
    .header('ETag', etag)
    .header('Content-Disposition', disposition)
    .header('Accept-Ranges', 'bytes')
    // Uploaded bytes never run as a page of ours, even if a browser were talked into rendering them.
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");

  if (req.headers['if-none-match'] === etag && !req.headers.range) return reply.code(304).send();
  const range = parseRange(req.headers.range, size);
  if (range === 'bad') return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  // Removed between stat and get (a deleted message): the same 404 as a missing file.
  const stored = await storage.get(opts.key, range ? { range } : {});
  if (!stored) return notFound();
  if (range) {
    void reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(stored.stream);
  }
  void reply.header('Content-Length', size);
  return reply.send(stored.stream);
}
