/**
 * HTTP for reels: POST /api/reels (multipart: the file in `video`, plus title, description, category)
 * answers at once with status 'processing' and the reel id; GET /api/reels/{id}/status tells the uploader
 * where it stands. The files themselves are served by /media with byte ranges (features/media).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReelFieldsSchema, ReelMessages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError, firstIssue } from '../../platform/errors.js';
import { receiveForm } from '../../platform/uploads.js';
import { loadReel, reelStatusFor } from './service.js';
import { createReel } from './upload.js';

/** Reads the form through platform/uploads.ts: the file streams to a temp file, counted and refused past the limit. */
function readReelForm(deps: AppDeps, userId: string, http: { req: FastifyRequest; reply: FastifyReply }) {
  const tooLarge = () => new AppError(ReelMessages.tooLarge, 400);
  return receiveForm(deps, http, {
    fileFields: ['video'],
    textFields: ['title', 'description', 'category', 'audience', 'sensitive'],
    maxFiles: 1,
    fileBytes: deps.config.reels.maxBytes,
    totalBytes: deps.config.reels.maxBytes,
    quotaOf: userId,
    errors: {
      notMultipart: () => new AppError(ReelMessages.noFile, 400),
      fileTooLarge: tooLarge,
      totalTooLarge: tooLarge,
      tooManyFiles: () => new AppError(ReelMessages.noFile, 400),
    },
  });
}

export const reelsRoutes = [
  route(
    Routes.reelUpload,
    { action: 'reel.upload', auth: 'required', limits: { perUser: 'reelUploadPerUser' } },
    async ({ deps, auth, req, reply }) => {
      const userId = auth.user.id;
      try {
        const form = await readReelForm(deps, userId, { req, reply });
        try {
          const parsed = createReelFieldsSchema.safeParse(form.fields);
          if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
          const video = form.files[0];
          if (!video) throw new AppError(ReelMessages.noFile, 400);
          const { id } = await createReel(deps, userId, parsed.data, video);
          return reply.code(202).send({ success: true, message: ReelMessages.created, id, status: 'processing' });
        } finally {
          await form.dispose();
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.code(err.status).send({ success: false, message: err.message });
      }
    },
  ),

  route(
    Routes.reelStatus,
    { action: 'reel.status', auth: 'required', load: ({ deps, params }) => loadReel(deps, params.id ?? '') },
    async ({ deps, auth, resource, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      return { success: true, ...(await reelStatusFor(deps, auth.user.id, resource)) };
    },
  ),
];
