/**
 * HTTP for posts (part 1 §7): POST /api/createPost (multipart), POST /api/f/link-meta, GET /api/p/{id}.
 * Each goes through route(): sign-in, rate limit, validate, authorize, then the service. createPost errors
 * also carry `error`, which the client shows as given (the spec's 'Failed to create post' is for answers without one).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createPostFieldsSchema, Messages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { actorInfoOfUser } from '../../platform/current-user.js';
import { AppError, firstIssue } from '../../platform/errors.js';
import { receiveForm } from '../../platform/uploads.js';
import { announceNewPost } from './facts.js';
import { linkPreviewsFor } from './link-preview.js';
import { createPost, getPreview, loadPost } from './service.js';
import { prepareUpload, UploadText, type PreparedFile } from './uploads.js';

const MB = 1024 * 1024;

/** Reads the multipart body through platform/uploads.ts: streamed to temp files, counted against the limits. */
function readPostForm(deps: AppDeps, userId: string, http: { req: FastifyRequest; reply: FastifyReply }) {
  const { maxFileBytes, maxTotalBytes, maxFiles } = deps.config.posts;
  return receiveForm(deps, http, {
    fileFields: ['mediaFiles'],
    textFields: ['content', 'category', 'audience', 'replies', 'sensitive'],
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

export const postsRoutes = [
  // Per member (shared by every node when REDIS_URL is set): 30 posts and 60 previews in 10 minutes.
  route(
    Routes.createPost,
    { action: 'post.create', auth: 'required', limits: { perUser: 'createPostPerUser' } },
    async ({ deps, auth, req, reply }) => {
      const u = auth.user;
      try {
        const form = await readPostForm(deps, u.id, { req, reply });
        try {
          const parsed = createPostFieldsSchema.safeParse(form.fields);
          if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
          const prepared: PreparedFile[] = [];
          for (const upload of form.files) prepared.push(await prepareUpload(upload));
          const actor = actorInfoOfUser(u);
          const post = await createPost(deps, actor, parsed.data, prepared);
          announceNewPost(deps, u.id, post);
          return { success: true, message: Messages.post.created, post };
        } finally {
          await form.dispose();
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.code(err.status).send({ success: false, message: err.message, error: err.message });
      }
    },
  ),

  route(
    Routes.linkMeta,
    { action: 'post.create', auth: 'required', limits: { perUser: 'linkMetaPerUser' } },
    ({ deps, auth, body }) => linkPreviewsFor(deps).get(body.url, auth.user.id),
  ),

  // The shared link's page: visitors too. A missing post, or one across a block, answers the same 404.
  route(
    Routes.publicPost,
    { action: 'public', auth: 'optional' },
    async ({ deps, auth: session, actor, params, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      const notFound = () =>
        reply.code(404).send({ success: false, message: Messages.post.notFound, logged: Boolean(session) });
      const resource = await loadPost(deps, params.postId ?? '');
      try {
        await deps.policy.authorize(actor, 'post.view', resource);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return notFound();
        throw err;
      }
      const post = await getPreview(deps, params.postId ?? '');
      if (!post) return notFound();
      return { success: true, logged: Boolean(session), post };
    },
  ),
];
