/**
 * HTTP for posts (part 1 §7): POST /api/createPost (multipart), POST /api/f/link-meta, GET /api/p/{id}.
 * Each goes through route(): sign-in, rate limit, validate, then the service. createPost errors also carry `error`,
 * which the client shows as given (the spec's 'Failed to create post' is for answers without one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPostFieldsSchema, Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError, firstIssue } from '../../platform/errors.js';
import { announceNewPost } from './live.js';
import { linkPreviewsFor } from './link-preview.js';
import { createPost, getPreview } from './service.js';
import { receiveForm } from '../../platform/uploads.js';
import { prepareUpload, UploadText, type PreparedFile } from './uploads.js';

const MB = 1024 * 1024;

/** Reads the multipart body through platform/uploads.ts: streamed to temp files, counted against the limits. */
function readPostForm(deps: AppDeps, userId: string, http: { req: FastifyRequest; reply: FastifyReply }) {
  const { maxFileBytes, maxTotalBytes, maxFiles } = deps.config.posts;
  return receiveForm(deps, http, {
    fileFields: ['mediaFiles'],
    textFields: ['content', 'category'],
    maxFiles,
    fileBytes: maxFileBytes,
    totalBytes: maxTotalBytes,
    quotaOf: userId,
    errors: {
      notMultipart: () => new AppError(Messages.server.invalidPayload, 400),
      fileTooLarge: () => new AppError(UploadText.fileTooLarge(Math.round(maxFileBytes / MB)), 400),
      totalTooLarge: () => new AppError(UploadText.totalTooLarge(Math.round(maxTotalBytes / MB)), 400),
      tooManyFiles: () => new AppError(UploadText.tooManyFiles(maxFiles), 400),
    },
  });
}

export function postsRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Per member (shared by every node when REDIS_URL is set): 30 posts and 60 previews in 10 minutes.
  const createPostOptions = { auth: 'required', limits: { perUser: 'createPostPerUser' } } as const;
  route(app, deps, Routes.createPost, createPostOptions, async ({ auth, req, reply }) => {
    const userId = auth.user.id;
    try {
      const form = await readPostForm(deps, userId, { req, reply });
      try {
        const parsed = createPostFieldsSchema.safeParse(form.fields);
        if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
        const prepared: PreparedFile[] = [];
        for (const u of form.files) prepared.push(await prepareUpload(u));
        const post = await createPost(deps, userId, parsed.data, prepared);
        announceNewPost(deps, userId, post);
        return { success: true, message: Messages.post.created, post };
      } finally {
        await form.dispose();
      }
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
