/**
 * Chat attachments over HTTP. Upload: POST /api/chat/attachments (multipart, up to 10 files of 2 MB,
 * types checked from the bytes, images re-encoded without metadata; see attachments.ts) answers the stored files' ids,
 * which send_message then references. Download: GET /api/chat/files/:id, only for the uploader or a
 * member of a chat whose message carries the file (and never from someone who blocked them); private
 * cache, nosniff, non-images as downloads. A group's picture: POST /api/chat/:chatId/picture (its creator)
 * and GET /api/chat/:chatId/picture/:name (its members; only the picture it has now).
 */
import { and, eq } from 'drizzle-orm';
import { cleanFileName, isId, Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, files, messageAttachments, messages } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { serveFile } from '../../http/serve-file.js';
import { RASTER_IMAGES } from '../../platform/media.js';
import { uploadChatFiles } from './attachments.js';
import { loadChat } from './access.js';
import { currentPictureKey, setGroupPicture } from './groups.js';
import { receivePicture } from '../settings/index.js';
import type { ChatFile } from './policy.js';

/** A chat file and whether it reached the actor through a chat they are in. */
async function loadChatFile(deps: AppDeps, actorId: string | undefined, id: string): Promise<ChatFile | undefined> {
  if (!actorId || !isId(id)) return undefined;
  const [file] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.purpose, 'chat')));
  if (!file) return undefined;
  if (file.ownerId === actorId) return { file, shared: true };
  const [shared] = await deps.db
    .select({ one: messageAttachments.fileId })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, actorId)))
    .where(eq(messageAttachments.fileId, file.id))
    .limit(1);
  return { file, shared: Boolean(shared) };
}

export const chatRoutes = [
  route(Routes.chatUpload, { action: 'chats.read', auth: 'required' }, async ({ deps, auth, req, reply }) => ({
    success: true,
    files: await uploadChatFiles(deps, auth.user.id, { req, reply }),
  })),

  route(
    Routes.groupPicture,
    {
      action: 'chat.manage',
      auth: 'required',
      load: ({ deps, params }) => loadChat(deps, params.chatId ?? ''),
    },
    async ({ deps, auth, resource, req, reply }) => {
      await deps.limiters.consume('avatarPerUser', auth.user.id);
      const info = await receivePicture(deps, { req, reply }, (picture) =>
        setGroupPicture(deps, auth.user.id, resource, picture),
      );
      return { success: true, info };
    },
  ),

  route(
    Routes.groupPictureFile,
    { action: 'chat.view', auth: 'required', load: ({ deps, params }) => loadChat(deps, params.chatId ?? '') },
    async ({ deps, resource, params, req, reply }) => {
      const notFound = () => reply.code(404).send({ success: false, message: Messages.chat.attachmentNotFound });
      const key = await currentPictureKey(deps, resource.id, params.name ?? '');
      if (!key) return notFound();
      // A new picture gets new names, so a member's browser may keep this one for as long as it likes.
      return serveFile(
        deps.storage,
        req,
        reply,
        { key, mime: 'image/webp', cache: 'private', disposition: { inline: true, filename: 'group.webp' } },
        notFound,
      );
    },
  ),

  route(
    Routes.chatFile,
    {
      action: 'chat.file',
      auth: 'required',
      load: ({ deps, actor, params }) => loadChatFile(deps, actor?.id, params.id ?? ''),
    },
    async ({ deps, resource: { file }, req, reply }) => {
      const notFound = () => reply.code(404).send({ success: false, message: Messages.chat.attachmentNotFound });
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
    },
  ),
];
