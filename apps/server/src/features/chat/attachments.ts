/**
 * Chat attachments' life: uploaded through platform/uploads.ts (streamed, counted, quota), referenced by
 * exactly one message of their uploader, and deleted by a scheduled job when never sent within an hour.
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  attachmentSizeMb,
  CHAT_ATTACHMENT_TYPES,
  LIMITS,
  Messages,
  UploadMessages,
  type MessageDto,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { files, messageAttachments, messages } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { mediaLength } from '../../platform/ffmpeg.js';
import { mimeAllowed, processImage, RASTER_IMAGES } from '../../platform/media.js';
import { newStorageKey } from '../../platform/storage.js';
import { consumeUploadBudget, receiveForm, type ReceivedFile } from '../../platform/uploads.js';
import { presentAttachment } from './presenters.js';

type AttachmentDto = MessageDto['attachments'][number];

/** An upload not sent in a message within this long is deleted. */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;

const chatError = (message: string) => () => new AppError(message, 400);

/** POST /api/chat/attachments: up to 10 files of 2 MB, types from the bytes, images re-encoded. */
export async function uploadChatFiles(
  deps: AppDeps,
  me: string,
  http: { req: FastifyRequest; reply: FastifyReply },
): Promise<AttachmentDto[]> {
  await consumeUploadBudget(deps, me);
  const tooLarge = (bytes: number) => new AppError(Messages.chat.fileTooLarge(attachmentSizeMb(bytes)), 400);
  const form = await receiveForm(deps, http, {
    fileFields: ['files'],
    maxFiles: LIMITS.chatAttachmentsMax,
    fileBytes: LIMITS.chatAttachmentBytesMax,
    // Room for ten full files and one oversize one measured to its end (the message names its size).
    totalBytes: (LIMITS.chatAttachmentsMax + 2) * LIMITS.chatAttachmentBytesMax,
    measureOversize: true,
    quotaOf: me,
    errors: {
      notMultipart: chatError(Messages.chat.noFiles),
      fileTooLarge: tooLarge,
      totalTooLarge: tooLarge,
      tooManyFiles: chatError(Messages.chat.tooManyFiles),
    },
  });
  try {
    if (form.files.length === 0) throw new AppError(Messages.chat.noFiles, 400);
    const checked = [];
    for (const f of form.files) checked.push(await checkFile(f));
    const stored: AttachmentDto[] = [];
    for (const c of checked) {
      const storageKey = newStorageKey('chat', c.ext);
      const { bytes } = await deps.storage.put(storageKey, c.body ?? createReadStream(c.file.path), {
        contentType: c.mime,
      });
      const [row] = await deps.db
        .insert(files)
        .values({
          id: randomUUID(),
          ownerId: me,
          purpose: 'chat',
          storageKey,
          originalName: c.file.name,
          mime: c.mime,
          bytes,
          width: c.width,
          height: c.height,
          durationMs: c.durationMs,
        })
        .returning();
      stored.push(presentAttachment(row!));
    }
    return stored;
  } finally {
    await form.dispose();
  }
}

/** Checks one spooled file's type; images are re-encoded (sharp reads the temp file), others kept as sent. */
async function checkFile(file: ReceivedFile) {
  if (file.bytes === 0) throw new AppError(Messages.chat.noValidFiles, 400);
  const found = file.type;
  if (!found || !mimeAllowed(found.mime, CHAT_ATTACHMENT_TYPES)) {
    throw new AppError(Messages.chat.fileTypeNotAllowed(found?.mime ?? (file.claimed || 'unknown')), 400);
  }
  if (RASTER_IMAGES.includes(found.mime)) {
    const img = await processImage(file.path, { maxSide: 2048 });
    return {
      file,
      body: img.buffer,
      mime: img.mime,
      ext: img.ext,
      width: img.width,
      height: img.height,
      durationMs: null,
    };
  }
  const media = await playable(file.path, found.mime);
  return { file, body: null, ext: found.ext, width: null, height: null, ...media };
}

/** Containers that hold sound alone as often as sound and picture (a voice note is WebM with no video). */
const AUDIO_OF: Record<string, string> = {
  'video/webm': 'audio/webm',
  'video/mp4': 'audio/mp4',
  'video/ogg': 'audio/ogg',
};

/**
 * How long an audio or video file plays (shown on its card before it is played), and its type: a
 * container sniffed as video that holds no picture is audio, so it is served and shown as audio. When
 * ffmpeg cannot read it, the file is kept as sniffed, its length unknown.
 */
async function playable(path: string, mime: string): Promise<{ mime: string; durationMs: number | null }> {
  if (!mime.startsWith('audio/') && !mime.startsWith('video/')) return { mime, durationMs: null };
  const found = await mediaLength(path).catch(() => null);
  if (!found) return { mime, durationMs: null };
  const audioOnly = !found.hasVideo && AUDIO_OF[mime];
  return { mime: audioOnly || mime, durationMs: found.durationMs };
}

/**
 * The member's own chat uploads among `fileIds` that no message carries yet (a forward shares a sent
 * message's files without this; a file's bytes go with the last message carrying it, so even two sends
 * racing for one upload cannot take each other's file).
 * A resend of the same message (same client id, after a reconnect) may name its own files again: the
 * insert then finds the stored copy and answers with it.
 */
export async function claimableAttachments(db: Db, me: string, fileIds: string[], clientId?: string | null) {
  const rows = await db
    .select({
      id: files.id,
      mime: files.mime,
      originalName: files.originalName,
      bytes: files.bytes,
      durationMs: files.durationMs,
      usedBy: messageAttachments.messageId,
      usedByClientId: messages.clientId,
    })
    .from(files)
    .leftJoin(messageAttachments, eq(messageAttachments.fileId, files.id))
    .leftJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(inArray(files.id, fileIds), eq(files.ownerId, me), eq(files.purpose, 'chat')));
  const resend = (r: (typeof rows)[number]) => Boolean(clientId) && r.usedByClientId === clientId;
  if (rows.some((r) => r.usedBy !== null && !resend(r))) throw new AppError(UploadMessages.attachmentInUse, 400);
  return rows.map(({ usedBy: _, usedByClientId: __, ...f }) => f);
}

/** Deletes chat uploads older than an hour that no message carries; answers how many went. */
export async function deleteOrphanFiles(deps: AppDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ORPHAN_AFTER_MS);
  const orphans = await deps.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .leftJoin(messageAttachments, eq(messageAttachments.fileId, files.id))
    .where(and(eq(files.purpose, 'chat'), lt(files.createdAt, before), isNull(messageAttachments.fileId)))
    .limit(1000);
  if (orphans.length === 0) return 0;
  // The row goes first, and only while still unattached: a send racing the job keeps its file.
  const gone = await deleteUncarriedFiles(
    deps.db,
    orphans.map((o) => o.id),
  );
  for (const f of gone) await deps.storage.delete(f.storageKey).catch(() => undefined);
  return gone.length;
}

/**
 * Deletes the rows of the files among `fileIds` that no message carries (any more); answers their storage
 * keys, whose bytes the caller deletes once its transaction is done. A file a forward still carries stays.
 */
export function deleteUncarriedFiles(db: Pick<Db, 'delete'>, fileIds: string[]) {
  return db
    .delete(files)
    .where(
      and(
        inArray(files.id, fileIds),
        sql`not exists (select 1 from ${messageAttachments} where ${messageAttachments.fileId} = ${files.id})`,
      ),
    )
    .returning({ storageKey: files.storageKey });
}
