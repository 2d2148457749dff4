/**
 * One way in for every upload (chat attachments, post media, avatars, reels). A multipart body is read as a
 * stream: each file goes to a temp file while its bytes are counted, so no upload is ever held whole in
 * memory and a body over its limits is refused as soon as that is known:
 *   - up front, on Content-Length, before a byte of the body is read;
 *   - while reading, per file, for all files together, and against the member's storage quota.
 * The type is sniffed from the first bytes (and a running UTF-8 check for plain text), never from the name.
 * Callers process the spooled files (sharp reads images from the path), stream them to storage, then
 * dispose() the temp files whatever happened.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cleanFileName, UploadMessages } from '@sajha/contract';
import { eq, sum } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { files } from '../db/schema.js';
import { AppError, RateLimitedError } from './errors.js';
import { sniffType, type DetectedType } from './media.js';

/** Enough for file-type to recognise every format we accept. */
const HEAD_BYTES = 64 * 1024;
/** Room in a body for the text fields and the multipart framing, beyond the files' own bytes. */
const FORM_OVERHEAD = 256 * 1024;

export interface UploadRules {
  /** Field names whose files are kept; a file in any other field is refused as not allowed. */
  fileFields: readonly string[];
  textFields?: readonly string[];
  maxFiles: number;
  /** Bytes of one file. */
  fileBytes: number;
  /** Bytes of all files of the request together. */
  totalBytes: number;
  /** Keep counting a file past its limit (up to totalBytes), so the message can say how big it was. */
  measureOversize?: boolean;
  /** The member whose storage quota the files count against (none for avatars, which replace the old). */
  quotaOf?: string;
  errors: {
    notMultipart: () => AppError;
    fileTooLarge: (bytes: number) => AppError;
    totalTooLarge: (bytes: number) => AppError;
    tooManyFiles: () => AppError;
  };
}

export interface ReceivedFile {
  field: string;
  /** The member's file name, cleaned for display (cleanFileName). */
  name: string;
  /** The browser's claim, for messages only. */
  claimed: string;
  /** The spooled temp file. */
  path: string;
  bytes: number;
  type: DetectedType | null;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
  dispose(): Promise<void>;
}

/** Bytes the member's stored files use (re-encoded sizes, as stored). */
export async function storageUsed(deps: AppDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ used: sum(files.bytes) })
    .from(files)
    .where(eq(files.ownerId, userId));
  return Number(row?.used ?? 0);
}

/** One point of the member's upload budget (shared by all upload routes); answered with the upload message. */
export async function consumeUploadBudget(deps: AppDeps, userId: string): Promise<void> {
  try {
    await deps.limiters.consume('uploadPerUser', userId);
  } catch (err) {
    if (err instanceof RateLimitedError)
      throw new RateLimitedError(UploadMessages.tooManyUploads, err.retryAfterSeconds);
    throw err;
  }
}

const quotaError = (deps: AppDeps): AppError =>
  new AppError(UploadMessages.quotaExceeded(Math.round(deps.config.uploads.quotaBytes / (1024 * 1024))), 413);

export async function receiveForm(
  deps: AppDeps,
  http: { req: FastifyRequest; reply: FastifyReply },
  rules: UploadRules,
): Promise<ReceivedForm> {
  const { req, reply } = http;
  if (!req.isMultipart()) throw rules.errors.notMultipart();
  // A refused body is not read to its end: the connection closes after the answer.
  const refuse = (err: unknown): never => {
    void reply.header('Connection', 'close');
    throw err;
  };
  // Refused before reading: a client announcing 100 MB for a 50 MB form is answered at once.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.totalBytes + FORM_OVERHEAD) {
    refuse(rules.errors.totalTooLarge(declared));
  }
  const quota = deps.config.uploads.quotaBytes;
  const used = rules.quotaOf ? await storageUsed(deps, rules.quotaOf) : 0;
  if (rules.quotaOf && Number.isFinite(declared) && used + declared > quota + FORM_OVERHEAD) refuse(quotaError(deps));

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sajha-upload-'));
  const form: ReceivedForm = {
    fields: {},
    files: [],
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
  let total = 0;
  let seen = 0;
  const budget = {
    /** Called with each chunk's size; throws when the request or the quota is over. */
    count(n: number): void {
      total += n;
      if (total > rules.totalBytes) throw rules.errors.totalTooLarge(total);
      if (rules.quotaOf && used + total > quota) throw quotaError(deps);
    },
  };
  try {
    const parts = req.parts({
      // Busboy's own limits are only a backstop: the counting below answers with the right message.
      limits: {
        files: rules.maxFiles + 1,
        fileSize: rules.totalBytes + 1,
        fields: (rules.textFields?.length ?? 0) + 2,
        fieldSize: 16 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (rules.textFields?.includes(part.fieldname)) form.fields[part.fieldname] = String(part.value);
        continue;
      }
      seen += 1;
      if (seen > rules.maxFiles) {
        part.file.resume();
        throw rules.errors.tooManyFiles();
      }
      const target = path.join(dir, `${seen}.upload`);
      const spooled = await spool(part.file, target, rules, budget);
      if (!rules.fileFields.includes(part.fieldname)) continue;
      form.files.push({
        field: part.fieldname,
        name: cleanFileName(part.filename),
        claimed: part.mimetype,
        path: target,
        ...spooled,
      });
    }
  } catch (err) {
    await form.dispose();
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') refuse(rules.errors.tooManyFiles());
    if (code === 'FST_REQ_FILE_TOO_LARGE') refuse(rules.errors.totalTooLarge(total));
    refuse(err);
  }
  return form;
}

/** Writes one file part to `target`, counting, sniffing the head and checking for plain text as it goes. */
async function spool(
  stream: Readable,
  target: string,
  rules: UploadRules,
  budget: { count(n: number): void },
): Promise<{ bytes: number; type: DetectedType | null }> {
  const out = createWriteStream(target);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  let text = true;
  let oversize = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      budget.count(chunk.length);
      if (bytes > rules.fileBytes) {
        if (!rules.measureOversize) throw rules.errors.fileTooLarge(bytes);
        // Counted to its end (within the request's limit) but no longer written.
        oversize = true;
        continue;
      }
      if (headBytes < HEAD_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
      }
      if (text) {
        try {
          if (chunk.includes(0)) text = false;
          else decoder.decode(chunk, { stream: true });
        } catch {
          text = false;
        }
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (oversize) throw rules.errors.fileTooLarge(bytes);
    if (text) {
      try {
        decoder.decode();
      } catch {
        text = false;
      }
    }
    out.end();
    await finished(out);
  } catch (err) {
    out.destroy();
    throw err;
  }
  const first = Buffer.concat(head).subarray(0, HEAD_BYTES);
  return { bytes, type: await sniffType(first, bytes > 0 && text) };
}
