/**
 * Chat attachments over HTTP. Upload: POST /api/chat/attachments (multipart, up to 10 files of 2 MB,
 * types checked from the bytes, images re-encoded without metadata) answers the stored files' ids,
 * which send_message then references. Download: GET /api/chat/files/:id, only for the uploader or a
 * member of a chat whose message carries the file; private cache, nosniff, non-images as downloads.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { attachmentSizeMb, CHAT_ATTACHMENT_TYPES, LIMITS, Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, files, messageAttachments, messages } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { serveFile } from '../../http/serve-file.js';
import { AppError } from '../../platform/errors.js';
import { detectType, mimeAllowed, processImage, RASTER_IMAGES } from '../../platform/media.js';
import { newStorageKey } from '../../platform/storage.js';
import { presentAttachment } from './presenters.js';
import { isUuid } from './repo.js';

interface Pending {
  name: string;
  buffer: Buffer;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/** Reads a part to its end, keeping at most `max` bytes but counting all of them (for the message). */
async function readCapped(stream: Readable, max: number): Promise<{ buffer: Buffer | null; bytes: number }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes <= max) chunks.push(chunk);
  }
  return { buffer: bytes <= max ? Buffer.concat(chunks) : null, bytes };
}

/** A display name only: no folders, no control characters, bounded. */
function cleanName(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120) || 'file';
}

async function checkFile(name: string, buffer: Buffer, claimed: string): Promise<Pending> {
  if (buffer.length === 0) throw new AppError(Messages.chat.noValidFiles, 400);
  const found = await detectType(buffer);
  if (!found || !mimeAllowed(found.mime, CHAT_ATTACHMENT_TYPES)) {
    throw new AppError(Messages.chat.fileTypeNotAllowed(found?.mime ?? (claimed || 'unknown')), 400);
  }
  if (RASTER_IMAGES.includes(found.mime)) {
    const img = await processImage(buffer, { maxSide: 2048 });
    return { name, buffer: img.buffer, mime: img.mime, ext: img.ext, width: img.width, height: img.height };
  }
  return { name, buffer, mime: found.mime, ext: found.ext, width: null, height: null };
}

export function chatRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, Routes.chatUpload, { auth: 'required' }, async ({ auth, req }) => {
    const me = auth.user.id;
    if (!req.isMultipart()) throw new AppError(Messages.chat.noFiles, 400);
    const pending: Pending[] = [];
    let seen = 0;
    try {
      // One more file than allowed is read, so the 11th is answered with the catalogue's message.
      for await (const part of req.parts({ limits: { files: LIMITS.chatAttachmentsMax + 1 } })) {
        if (part.type !== 'file') continue;
        seen += 1;
        if (seen > LIMITS.chatAttachmentsMax) {
          part.file.resume();
          throw new AppError(Messages.chat.tooManyFiles, 400);
        }
        const { buffer, bytes } = await readCapped(part.file, LIMITS.chatAttachmentBytesMax);
        if (!buffer) throw new AppError(Messages.chat.fileTooLarge(attachmentSizeMb(bytes)), 400);
        pending.push(await checkFile(cleanName(part.filename), buffer, part.mimetype));
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError(Messages.chat.tooManyFiles, 400);
      throw err;
    }
    if (seen === 0) throw new AppError(Messages.chat.noFiles, 400);

    const stored = [];
    for (const p of pending) {
      const storageKey = newStorageKey('chat', p.ext);
      await deps.storage.put(storageKey, p.buffer);
      const [row] = await deps.db
        .insert(files)
        .values({
          id: randomUUID(),
          ownerId: me,
          purpose: 'chat',
          storageKey,
          originalName: p.name,
          mime: p.mime,
          bytes: p.buffer.length,
          width: p.width,
          height: p.height,
        })
        .returning();
      stored.push(presentAttachment(row!));
    }
    return { success: true, files: stored };
  });

  route(app, deps, Routes.chatFile, { auth: 'required' }, async ({ auth, params, req, reply }) => {
    const me = auth.user.id;
    const id = params.id ?? '';
    const notFound = () => reply.code(404).send({ success: false, message: Messages.chat.attachmentNotFound });
    if (!isUuid(id)) return notFound();
    const [file] = await deps.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.purpose, 'chat')));
    if (!file) return notFound();
    if (file.ownerId !== me) {
      const [shared] = await deps.db
        .select({ one: messageAttachments.fileId })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, me)))
        .where(eq(messageAttachments.fileId, file.id))
        .limit(1);
      // Someone else's file answers exactly like a missing one.
      if (!shared) return notFound();
    }
    // Members' files: private cache; images shown, everything else downloaded; ranges let audio and video seek.
    const inline = RASTER_IMAGES.includes(file.mime);
    return serveFile(
      deps.storage,
      req,
      reply,
      {
        key: file.storageKey,
        mime: file.mime,
        cache: 'private',
        disposition: { inline, filename: file.originalName || 'file' },
      },
      notFound,
    );
  });
}
