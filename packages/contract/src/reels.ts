/**
 * Reels (part 2 "Reels page", §3 Reel, §7 getReels/reels/newReel). The spec's Reel fields are kept as
 * named; we add `liked`, `owner` and `timestamp` for the viewer. Everything else here is ours: the upload
 * limits, the processing states and the events for likes, comments, shares and deletes of a reel.
 */
import { z } from 'zod';
import { LIMITS, POST_CATEGORIES } from './constants.js';
import { commentSchema, idSchema, isoDate } from './entities.js';
import { AUDIENCES, audienceFieldsSchema } from './privacy.js';

export const REEL_LIMITS = {
  pageSize: 5,
  /** A profile's Clips tab: a grid, so more at once than the feed's page. */
  memberPageSize: 24,
  /** Upload size (before transcoding). */
  maxBytes: 100 * 1024 * 1024,
  /** Longest clip accepted, in seconds. */
  maxSeconds: 60,
  /** Clips one member may have waiting for or in their transcode at once; the next upload waits for one. */
  maxProcessing: 3,
  /** Output bounds: portrait 1080x1920 (a landscape clip fits inside 1920x1080 the same way). */
  maxWidth: 1080,
  maxHeight: 1920,
  titleMax: 100,
  descriptionMax: 500,
} as const;

export const REEL_CATEGORIES = POST_CATEGORIES;
export const REEL_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ReelStatus = (typeof REEL_STATUSES)[number];

export const ReelMessages = {
  created: 'Your reel is uploaded and is being processed.',
  ready: 'Your reel is ready.',
  notVideo: 'This file is not a video. Upload an MP4, WebM, MOV, MKV or OGG video.',
  corrupt: 'This video could not be read. It may be damaged; try exporting it again.',
  tooLarge: `A reel can be at most ${REEL_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  tooLong: `A reel can be at most ${REEL_LIMITS.maxSeconds} seconds long.`,
  noFile: 'Choose a video to upload.',
  transcodeFailed: 'This video could not be processed. Try another file.',
  tooManyProcessing: `You already have ${REEL_LIMITS.maxProcessing} reels being processed. Upload the next one when one of them is ready.`,
  notFound: 'This reel is not available.',
  ownerOnly: 'Only the owner can delete this reel.',
  deleted: 'Reel deleted.',
  empty: 'No reels yet',
  emptyHint: 'Be the first to share a short vertical video.',
  commentGone: 'This comment no longer exists.',
  titleRequired: 'A title is required.',
  titleTooLong: `A title can be at most ${REEL_LIMITS.titleMax} characters.`,
  descriptionTooLong: `A description can be at most ${REEL_LIMITS.descriptionMax} characters.`,
  categoryRequired: 'Choose a category.',
} as const;

/** Text fields of POST /api/reels (multipart; the file is the part named `video`). */
export const createReelFieldsSchema = audienceFieldsSchema.omit({ replies: true }).extend({
  title: z.string().trim().min(1, ReelMessages.titleRequired).max(REEL_LIMITS.titleMax, ReelMessages.titleTooLong),
  description: z.string().trim().max(REEL_LIMITS.descriptionMax, ReelMessages.descriptionTooLong).default(''),
  category: z.enum(REEL_CATEGORIES, ReelMessages.categoryRequired),
});
export type CreateReelFields = z.infer<typeof createReelFieldsSchema>;

export const reelDtoSchema = z.object({
  id: idSchema,
  /** Poster frame URL (the spec's thumbnail). */
  thumb: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  /** Playable files; the first is played. */
  sources: z.array(z.string()),
  stats: z.object({ likes: z.number().int(), comments: z.number().int(), shares: z.number().int() }),
  user: z.object({ username: z.string(), name: z.string(), profile_image: z.string().nullable() }),
  liked: z.boolean(),
  owner: z.boolean(),
  timestamp: isoDate,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Marked sensitive: blurred until tapped. */
  sensitive: z.boolean().optional(),
  /** Who sees it (issue 38); absent means everyone. */
  audience: z.enum(AUDIENCES).optional(),
  /** In the viewer's private Saved list (issue 37). */
  saved: z.boolean().optional(),
});
export type ReelDto = z.infer<typeof reelDtoSchema>;

/** The answer of POST /api/reels and GET /api/reels/{id}/status: where the upload stands. */
export const reelStatusSchema = z.object({
  id: idSchema,
  status: z.enum(REEL_STATUSES),
  /** Why it failed (failed only). */
  message: z.string().optional(),
  /** The finished reel (ready only). */
  reel: reelDtoSchema.optional(),
});
export type ReelStatusDto = z.infer<typeof reelStatusSchema>;

export const createReelResponseSchema = z.union([
  z.object({ success: z.literal(true), message: z.string() }).extend(reelStatusSchema.shape),
  z.object({ success: z.literal(false), message: z.string() }),
]);

const reelRef = z.object({ reelId: idSchema });
const commentText = z.string().trim().min(1).max(LIMITS.commentMax);

/** Client -> server (besides the spec's getReels (offset, 5)). Answers come by acknowledgement. */
export const reelClientEventSchemas = {
  getReel: z.tuple([reelRef]),
  likeReel: z.tuple([reelRef]),
  shareReel: z.tuple([
    z.object({ reelId: idSchema, network: z.string().max(20), ref: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/) }),
  ]),
  deleteReel: z.tuple([reelRef]),
  getReelComments: z.tuple([reelRef]),
  addReelComment: z.tuple([z.object({ reelId: idSchema, comment: commentText })]),
  addReelCommentReply: z.tuple([z.object({ reelId: idSchema, commentId: idSchema, reply: commentText })]),
  /** Issue 37: one member's clips for their profile's Clips tab, newest first (answer: memberReelsPageSchema). */
  getMemberReels: z.tuple([
    z.object({
      /** The member (the profile's uid). */
      userId: idSchema,
      offset: z.number().int().min(0).max(1_000_000).default(0),
      limit: z.number().int().min(1).max(REEL_LIMITS.memberPageSize).default(REEL_LIMITS.memberPageSize),
    }),
  ]),
} as const;

/** Server -> client. */
export const reelServerEventSchemas = {
  /** The spec's newReel, payload ours: a reel just became ready, sent to every member. */
  newReel: z.object({ reel: reelDtoSchema }),
  /** To the uploader's tabs only: processing finished (ready, with the reel) or failed (with why). */
  reelStatus: reelStatusSchema,
  /** To everyone: counts moved (likes, comments, shares). */
  reelStats: z.object({ id: idSchema, stats: reelDtoSchema.shape.stats }),
  /** To everyone: the owner deleted a reel. */
  reelDeleted: z.object({ id: idSchema }),
  /** A reel's comment list, after a fetch or an add. */
  reelComments: z.object({ reel_id: idSchema, comments: z.array(commentSchema) }),
} as const;

export const reelsPageSchema = z.object({ reels: z.array(reelDtoSchema), hasMore: z.boolean() });
export const likeReelAnswerSchema = z.object({ id: idSchema, liked: z.boolean(), likes: z.number().int() });
/**
 * getMemberReels' answer: a page of the member's clips the viewer may see, newest first, and how many such
 * clips there are (the profile's Clips count).
 */
export const memberReelsPageSchema = reelsPageSchema.extend({ total: z.number().int() });
export type MemberReelsPage = z.infer<typeof memberReelsPageSchema>;
