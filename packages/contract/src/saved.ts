/**
 * Saved (issue 37): a member bookmarks any post or clip they can see into a private "Saved" list, newest
 * first. Nobody else learns of it (the author is not told); what the member may no longer see (deleted,
 * removed, blocked, out of its audience) leaves the list.
 */
import { z } from 'zod';
import { Events } from './events.js';
import { idSchema, isoDate, postSchema } from './entities.js';
import { reelDtoSchema } from './reels.js';

/** A page of the list. */
export const SAVED_PAGE_SIZE = 20;

export const savedItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), savedAt: isoDate, post: postSchema }),
  z.object({ kind: z.literal('reel'), savedAt: isoDate, reel: reelDtoSchema }),
]);
export type SavedItem = z.infer<typeof savedItemSchema>;

const one = <T extends z.ZodType>(s: T) => z.tuple([s]);

export const savedClientEventSchemas = {
  [Events.savePost]: one(z.object({ post_id: idSchema, saved: z.boolean() })),
  [Events.saveReel]: one(z.object({ reelId: idSchema, saved: z.boolean() })),
  [Events.getSaved]: one(z.object({ offset: z.number().int().min(0).max(10_000).default(0) })),
} as const;

export const savedAckSchemas = {
  [Events.savePost]: z.object({ saved: z.boolean() }),
  [Events.saveReel]: z.object({ saved: z.boolean() }),
  [Events.getSaved]: z.object({ items: z.array(savedItemSchema), more: z.boolean() }),
} as const;
