/** Queries for posts: one post, media of a set of posts. The feed's are features/feed, comments' features/comments. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PostMediaDto } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { files, follows, likes, postMedia, posts, savedItems, users } from '../../db/schema.js';
import { NIL_ID } from '../../policy/relations.js';
import { presentMedia, type PostRecord } from './presenters.js';

/** A post's own columns and whether the viewer liked it: every query of a PostRecord selects these. */
export const postFields = (viewerId: string) => ({
  id: posts.id,
  authorId: posts.authorId,
  content: posts.content,
  category: posts.category,
  linkMeta: posts.linkMeta,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  shareCount: posts.shareCount,
  createdAt: posts.createdAt,
  editedAt: posts.editedAt,
  sensitive: posts.sensitive,
  audience: posts.audience,
  replyPolicy: posts.replyPolicy,
  canReply: sql<boolean>`(${posts.authorId} = ${viewerId} or ${posts.replyPolicy} = 'everyone'
    or (${posts.replyPolicy} = 'following' and exists (select 1 from ${follows} where ${follows.followerId} = ${posts.authorId} and ${follows.followeeId} = ${viewerId})))`,
  liked: sql<boolean>`exists (select 1 from ${likes} where ${likes.kind} = 'post' and ${likes.subjectId} = ${posts.id} and ${likes.userId} = ${viewerId})`,
  saved: sql<boolean>`exists (select 1 from ${savedItems} where ${savedItems.userId} = ${viewerId} and ${savedItems.kind} = 'post' and ${savedItems.subjectId} = ${posts.id})`,
});

/** postFields plus the author, for queries that join `users` on the post's author. */
export const recordFields = (viewerId: string) => ({
  ...postFields(viewerId),
  authorName: users.name,
  authorUsername: users.username,
  authorAvatar: users.avatar,
});

export async function findPostRecord(db: Db, postId: string, viewerId = ''): Promise<PostRecord | undefined> {
  const [row] = await db
    .select(recordFields(viewerId || NIL_ID))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row ? normaliseRecord(row) : undefined;
}

// PGlite and node-postgres both give booleans, but be strict about it.
/** A record's booleans as either driver answers them. */
export const normaliseRecord = (r: PostRecord): PostRecord => ({
  ...r,
  liked: r.liked === true || String(r.liked) === 't',
  canReply: r.canReply === true || String(r.canReply) === 't',
  saved: r.saved === true || String(r.saved) === 't',
});

export async function mediaFor(db: Db, postIds: string[]): Promise<Map<string, PostMediaDto[]>> {
  const out = new Map<string, PostMediaDto[]>();
  if (postIds.length === 0) return out;
  const rows = await db
    .select({ postId: postMedia.postId, file: files })
    .from(postMedia)
    .innerJoin(files, eq(files.id, postMedia.fileId))
    .where(inArray(postMedia.postId, postIds))
    .orderBy(asc(postMedia.postId), asc(postMedia.position));
  for (const r of rows) {
    const list = out.get(r.postId) ?? [];
    list.push(presentMedia(r.file));
    out.set(r.postId, list);
  }
  return out;
}

/** Storage keys of a post's files (media and poster frames), to remove them with the post. */
export async function fileKeysOf(db: Db, postId: string): Promise<{ ids: string[]; keys: string[] }> {
  const rows = await db
    .select({ id: files.id, key: files.storageKey, poster: files.posterKey })
    .from(postMedia)
    .innerJoin(files, eq(files.id, postMedia.fileId))
    .where(eq(postMedia.postId, postId));
  return {
    ids: rows.map((r) => r.id),
    keys: rows.flatMap((r) => (r.poster ? [r.key, r.poster] : [r.key])),
  };
}
