/**
 * Chat attachments over HTTP. Upload: POST /api/chat/attachments (multipart, up to 10 files of 2 MB,
 * types checked from the bytes, images re-encoded without metadata; see attachments.ts) answers the stored files' ids,
 * which send_message then references. Download: GET /api/chat/files/:id, only for the uploader or a
 * member of a chat whose message carries the file; private cache, nosniff, non-images as downloads.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { cleanFileName, isId, Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, files, messageAttachments, messages } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { serveFile } from '../../http/serve-file.js';
import { RASTER_IMAGES } from '../../platform/media.js';
import { uploadChatFiles } from './attachments.js';

export function chatRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, Routes.chatUpload, { auth: 'required' }, async ({ auth, req, reply }) => {
    return { success: true, files: await uploadChatFiles(deps, auth.user.id, { req, reply }) };
  });

  route(app, deps, Routes.chatFile, { auth: 'required' }, async ({ auth, params, req, reply }) => {
    const me = auth.user.id;
    const id = params.id ?? '';
    const notFound = () => reply.code(404).send({ success: false, message: Messages.chat.attachmentNotFound });
    if (!isId(id)) return notFound();
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
        disposition: { inline, filename: cleanFileName(file.originalName) },
      },
      notFound,
    );
  });
}
