/**
 * HTTP for reels: POST /api/reels (multipart: the file in `video`, plus title, description, category)
 * answers at once with status 'processing' and the reel id; GET /api/reels/{id}/status tells the uploader
 * where it stands. The files themselves are served by /media with byte ranges (features/media).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createReelFieldsSchema, ReelMessages, Routes } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { route } from '../../http/route.js';
import { AppError, firstIssue } from '../../platform/errors.js';
import { reelStatusFor } from './service.js';
import { createReel } from './upload.js';

/** Reads the form; the file is counted while it streams and refused whole past the limit. */
async function readReelForm(deps: AppDeps, req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(ReelMessages.noFile, 400);
  const fields: Record<string, string> = {};
  let video: { buffer: Buffer; originalName: string } | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: deps.config.reels.maxBytes, files: 1, fields: 5, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (['title', 'description', 'category'].includes(part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.fieldname === 'video') video = { buffer, originalName: part.filename };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ReelMessages.tooLarge, 400);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(ReelMessages.noFile, 400);
    throw err;
  }
  return { fields, video };
}

export function reelsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const uploadOptions = { auth: 'required', limits: { perUser: 'reelUploadPerUser' } } as const;
  route(app, deps, Routes.reelUpload, uploadOptions, async ({ auth, req, reply }) => {
    const userId = auth.user.id;
    try {
      const { fields, video } = await readReelForm(deps, req);
      const parsed = createReelFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new AppError(firstIssue(parsed.error), 400);
      if (!video) throw new AppError(ReelMessages.noFile, 400);
      const { id } = await createReel(deps, userId, parsed.data, video);
      return reply.code(202).send({ success: true, message: ReelMessages.created, id, status: 'processing' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.code(err.status).send({ success: false, message: err.message });
    }
  });

  route(app, deps, Routes.reelStatus, { auth: 'required' }, async ({ auth, params, reply }) => {
    void reply.header('Cache-Control', 'no-store');
    return { success: true, ...(await reelStatusFor(deps, auth.user.id, params.id ?? '')) };
  });
}
