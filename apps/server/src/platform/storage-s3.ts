/**
 * The Storage interface on an S3-compatible bucket (AWS S3, MinIO, Garage, R2, s3rver in tests), so several
 * nodes share one set of files. Writes are streamed multipart uploads (lib-storage: bounded parts, never the
 * whole file in memory); reads ask for byte ranges. The bucket stays private: every download goes through
 * our routes and serveFile(), which authorise first, so no bucket URL is ever handed out.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asStream, byteCounter, etagOf, isStorageKey, type Storage } from './storage.js';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (host/bucket/key), which MinIO and s3rver need. */
  forcePathStyle: boolean;
}

const missing = (err: unknown): boolean =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function createS3Storage(opts: S3Options): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // Checksums only where S3 demands them: many S3-compatible services do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const checked = (key: string): string => {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return key;
  };

  const stat: Storage['stat'] = async (key) => {
    if (!isStorageKey(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, etag: etagOf(key) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };

  return {
    client,
    async put(key, body, putOpts = {}) {
      const Key = checked(key);
      const counter = byteCounter();
      // A failing source fails the upload instead of leaving it waiting for bytes.
      pipeline(asStream(body), counter).catch((err: unknown) => counter.destroy(err as Error));
      // Parts of 8 MB, two in flight: a 100 MB reel costs at most about 16 MB of memory while it uploads.
      const upload = new Upload({
        client,
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
        params: {
          Bucket,
          Key,
          Body: counter,
          ContentType: putOpts.contentType ?? 'application/octet-stream',
        },
      });
      try {
        await upload.done();
      } catch (err) {
        // The source (often an open temp file) is released, not left paused forever.
        counter.destroy();
        throw err;
      }
      return { bytes: counter.bytes };
    },
    async get(key, getOpts = {}) {
      if (!isStorageKey(key)) return null;
      const range = getOpts.range;
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // With a range, the whole size is the number after the slash of Content-Range.
        const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : out.ContentLength;
        return { stream: out.Body as Readable, size: total ?? 0, etag: etagOf(key) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    stat,
    async delete(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
