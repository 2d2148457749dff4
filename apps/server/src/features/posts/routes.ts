/**
 * HTTP for posts (part 1 §7): POST /api/createPost (multipart), POST /api/f/link-meta, GET /api/p/{id}.
 * Each goes through route(): sign-in, rate limit, validate, then the service. createPost errors also carry `error`,
 * which the client shows as given (the spec's 'Failed to create post' is for answers without one).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createPostFieldsSchema, Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError, firstIssue } from '../../platform/errors.js';
import { announceNewPost } from './live.js';
import { linkPreviewsFor } from './link-preview.js';
import { createPost, getPreview } from './service.js';
import { prepareUpload, UploadText, type PreparedFile, type Upload } from './uploads.js';

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
  const createPostOptions = { auth: 'required', limits: { perUser: 'createPostPerUser' } } as const;
  route(app, deps, Routes.createPost, createPostOptions, async ({ auth, req, reply }) => {
    const userId = auth.user.id;
    try {
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

  const linkMetaOptions = { auth: 'required', limits: { perUser: 'linkMetaPerUser' } } as const;
  route(app, deps, Routes.linkMeta, linkMetaOptions, ({ auth, body }) =>
    linkPreviewsFor(deps).get(body.url, auth.user.id),
  );

  route(app, deps, Routes.publicPost, { auth: 'optional' }, async ({ auth: session, params, reply }) => {
    const post = await getPreview(deps, params.postId ?? '');
    void reply.header('Cache-Control', 'no-store');
    if (!post)
      return reply.code(404).send({ success: false, message: Messages.post.notFound, logged: Boolean(session) });
    return { success: true, logged: Boolean(session), post };
  });
}
