/**
 * HTTP for posts (part 1 §7): POST /api/createPost (multipart), POST /api/f/link-meta, GET /api/p/{id}.
 * Each is: sign-in check, rate limit, validate, service, answer. createPost errors also carry `error`,
 * which the client shows as given (the spec's 'Failed to create post' is for answers without one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPostFieldsSchema, linkMetaBodySchema, Messages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { firstIssue } from '../../realtime/handler.js';
import { AppError } from '../../platform/errors.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import { announceNewPost } from './live.js';
import { linkPreviewsFor } from './link-preview.js';
import { createPost, getPreview } from './service.js';
import { prepareUpload, UploadText, type PreparedFile, type Upload } from './uploads.js';

async function signedIn(deps: AppDeps, req: FastifyRequest): Promise<string> {
  const session = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
  if (!session) throw new AppError(Messages.server.unauthorized, 401);
  return session.user.id;
}

const MB = 1024 * 1024;

/** Reads the multipart body within the configured limits; every file is held until all have arrived. */
async function readPostForm(
  deps: AppDeps,
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; uploads: Upload[] }> {
  const { maxFileBytes, maxTotalBytes, maxFiles } = deps.config.posts;
  if (!req.isMultipart()) throw new AppError(Messages.server.invalidPayload, 400);
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  let total = 0;
  try {
    const parts = req.parts({ limits: { fileSize: maxFileBytes, files: maxFiles, fields: 5, parts: maxFiles + 5 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'content' || part.fieldname === 'category') fields[part.fieldname] = String(part.value);
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.fieldname !== 'mediaFiles') continue;
      total += buffer.length;
      if (total > maxTotalBytes) throw new AppError(UploadText.totalTooLarge(Math.round(maxTotalBytes / MB)), 400);
      uploads.push({ buffer, originalName: part.filename });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(UploadText.fileTooLarge(Math.round(maxFileBytes / MB)));
    if (code === 'FST_FILES_LIMIT') throw new AppError(UploadText.tooManyFiles(maxFiles));
    throw err;
  }
  return { fields, uploads };
}

export function postsRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Per member (shared by every node when REDIS_URL is set): 30 posts and 60 previews in 10 minutes.
  const postLimit = (userId: string) => deps.limiters.consume('createPostPerUser', userId);
  const previewLimit = (userId: string) => deps.limiters.consume('linkMetaPerUser', userId);

  app.post('/api/createPost', async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const userId = await signedIn(deps, req);
      await postLimit(userId);
      const { fields, uploads } = await readPostForm(deps, req);
      const parsed = createPostFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
      const prepared: PreparedFile[] = [];
      for (const u of uploads) prepared.push(await prepareUpload(u));
      const post = await createPost(deps, userId, parsed.data, prepared);
      announceNewPost(deps, userId, post);
      return { success: true, message: Messages.post.created, post };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.code(err.status).send({ success: false, message: err.message, error: err.message });
    }
  });

  app.post('/api/f/link-meta', async (req) => {
    const userId = await signedIn(deps, req);
    await previewLimit(userId);
    const parsed = linkMetaBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
    return linkPreviewsFor(deps).get(parsed.data.url, userId);
  });

  app.get<{ Params: { postId: string } }>('/api/p/:postId', async (req, reply) => {
    const session = await findSession(deps.db, req.cookies[SESSION_COOKIE]);
    const post = await getPreview(deps, req.params.postId);
    void reply.header('Cache-Control', 'no-store');
    if (!post)
      return reply.code(404).send({ success: false, message: Messages.post.notFound, logged: Boolean(session) });
    return { success: true, logged: Boolean(session), post };
  });
}
