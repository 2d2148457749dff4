/**
 * The kinds of content members engage with, and where each keeps its counters. A new kind of content
 * gets likes, comments, replies and shares by adding its entry here (and its delete trigger: migration 0011).
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { posts, reels } from '../../db/schema.js';
import type { ContentKind } from '../../events/map.js';

export interface Counters {
  table: PgTable;
  id: AnyPgColumn;
  likes: AnyPgColumn;
  comments: AnyPgColumn;
  shares: AnyPgColumn;
}

export const COUNTERS: Record<ContentKind, Counters> = {
  post: { table: posts, id: posts.id, likes: posts.likeCount, comments: posts.commentCount, shares: posts.shareCount },
  reel: { table: reels, id: reels.id, likes: reels.likeCount, comments: reels.commentCount, shares: reels.shareCount },
};

/** Where a member opens the content (a notice's link). */
export const CONTENT_URL: Record<ContentKind, (id: string) => string> = {
  post: (id) => `/view/${id}`,
  reel: (id) => `/clips/${id}`,
};
