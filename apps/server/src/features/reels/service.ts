/**
 * Reels: the page of ready reels, one reel, likes, shares, comments and the owner's delete. Transport-free;
 * counts that move and deletes are told to every open viewer, likes and comments to the owner via notify().
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isId, REEL_LIMITS, ReelMessages, type CommentDto, type ReelDto, type ReelStatusDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { files, reelComments, reelLikes, reels, reelShares, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { notify } from '../notifications/index.js';
import { presentComments } from '../comments/index.js';
import { authorize } from './policy.js';
import { presentReel } from './presenters.js';
import { commentRecordsOfReel, fileKeysOfReel, oneRecord, readyPage, reelRow } from './repo.js';

export async function listReels(
  deps: AppDeps,
  viewerId: string,
  offset: number,
  limit: number = REEL_LIMITS.pageSize,
): Promise<{ reels: ReelDto[]; hasMore: boolean }> {
  const rows = await readyPage(deps.db, viewerId, offset, limit + 1);
  return { reels: rows.slice(0, limit).map((r) => presentReel(r, viewerId)), hasMore: rows.length > limit };
}

/** A ready reel as `viewerId` sees it, or null. */
export async function readyReel(deps: AppDeps, reelId: string, viewerId: string): Promise<ReelDto | null> {
  if (!isId(reelId)) return null;
  const r = await oneRecord(deps.db, viewerId, reelId);
  return r ? presentReel(r, viewerId) : null;
}

export async function getReel(deps: AppDeps, viewerId: string, reelId: string): Promise<ReelDto> {
  const reel = await readyReel(deps, reelId, viewerId);
  if (!reel) throw new AppError(ReelMessages.notFound, 404);
  return reel;
}

/** Where an upload stands, for its uploader only (others learn of a reel once it is ready). */
export async function reelStatusFor(deps: AppDeps, viewerId: string, reelId: string): Promise<ReelStatusDto> {
  const row = isId(reelId) ? await reelRow(deps.db, reelId) : undefined;
  if (!row || row.authorId !== viewerId) throw new AppError(ReelMessages.notFound, 404);
  if (row.status === 'ready') return { id: row.id, status: 'ready', reel: await getReel(deps, viewerId, row.id) };
  if (row.status === 'failed')
    return { id: row.id, status: 'failed', message: row.error ?? ReelMessages.transcodeFailed };
  return { id: row.id, status: 'processing' };
}

async function readyRow(
  deps: AppDeps,
  viewerId: string,
  reelId: string,
  action: 'like' | 'comment' | 'share' | 'delete',
) {
  const row = isId(reelId) ? await reelRow(deps.db, reelId) : undefined;
  authorize(viewerId, action, row);
  return row;
}

function broadcastStats(
  deps: AppDeps,
  row: { id: string; likeCount: number; commentCount: number; shareCount: number },
  by: string,
) {
  void deps.bus.publish(
    'reel.stats',
    { id: row.id, stats: { likes: row.likeCount, comments: row.commentCount, shares: row.shareCount } },
    { by },
  );
}

type Kind = 'like' | 'comment' | 'reply' | 'share';
const TEXT: Record<Kind, (h: string) => string> = {
  like: (h) => `@${h} liked your reel`,
  comment: (h) => `@${h} commented on your reel`,
  reply: (h) => `@${h} replied to your comment on a reel`,
  share: (h) => `@${h} shared your reel`,
};

/** Tells one member, like posts do; never the actor, and a failure is logged, not shown to the actor. */
async function tell(deps: AppDeps, to: string, actorId: string, kind: Kind, reelId: string): Promise<void> {
  if (to === actorId) return;
  try {
    const [actor] = await deps.db
      .select({ username: users.username, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, actorId))
      .limit(1);
    if (!actor) return;
    const type = kind === 'reply' ? 'comment' : kind;
    await notify(deps, to, {
      type,
      message: TEXT[kind](actor.username),
      actorId,
      profileImage: actor.avatar,
      actions: [{ label: 'View Details', type: 'link', url: `/clips/${reelId}` }],
      tag: `${type}:reel:${reelId}`,
    });
  } catch (err) {
    deps.log.error({ err, kind }, 'reel notification failed');
  }
}

export async function toggleReelLike(
  deps: AppDeps,
  userId: string,
  reelId: string,
): Promise<{ id: string; liked: boolean; likes: number }> {
  const reel = await readyRow(deps, userId, reelId, 'like');
  const { liked, row } = await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(reelLikes)
      .where(and(eq(reelLikes.reelId, reelId), eq(reelLikes.userId, userId)))
      .returning({ userId: reelLikes.userId });
    const liked = removed.length === 0;
    if (liked) await tx.insert(reelLikes).values({ reelId, userId }).onConflictDoNothing();
    const [row] = await tx
      .update(reels)
      .set({ likeCount: sql`greatest(0, ${reels.likeCount} + ${liked ? 1 : -1})` })
      .where(eq(reels.id, reelId))
      .returning();
    return { liked, row: row! };
  });
  broadcastStats(deps, row, userId);
  if (liked) await tell(deps, reel.authorId, userId, 'like', reelId);
  return { id: reelId, liked, likes: row.likeCount };
}

export async function shareReel(
  deps: AppDeps,
  userId: string,
  input: { reelId: string; network: string; ref: string },
): Promise<{ id: string; shares: number }> {
  const reel = await readyRow(deps, userId, input.reelId, 'share');
  const row = await deps.db.transaction(async (tx) => {
    await tx
      .insert(reelShares)
      .values({ id: randomUUID(), reelId: reel.id, userId, ref: input.ref, network: input.network });
    const [row] = await tx
      .update(reels)
      .set({ shareCount: sql`${reels.shareCount} + 1` })
      .where(eq(reels.id, reel.id))
      .returning();
    return row!;
  });
  broadcastStats(deps, row, userId);
  await tell(deps, reel.authorId, userId, 'share', reel.id);
  return { id: reel.id, shares: row.shareCount };
}

export async function deleteReel(deps: AppDeps, userId: string, reelId: string): Promise<{ id: string }> {
  const reel = await readyRow(deps, userId, reelId, 'delete');
  const { ids, keys } = await fileKeysOfReel(deps.db, reel);
  await deps.db.transaction(async (tx) => {
    await tx.delete(reels).where(eq(reels.id, reelId));
    if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
  });
  // Bytes after rows: a crash in between leaves orphan bytes, never a reel with missing files.
  await Promise.allSettled(keys.map((k) => deps.storage.delete(k)));
  void deps.bus.publish('reel.deleted', { id: reelId }, { by: userId });
  return { id: reelId };
}

export async function listReelComments(deps: AppDeps, userId: string, reelId: string): Promise<CommentDto[]> {
  await readyRow(deps, userId, reelId, 'comment');
  return presentComments(await commentRecordsOfReel(deps.db, reelId));
}

async function insertComment(
  deps: AppDeps,
  reelId: string,
  authorId: string,
  content: string,
  parentId: string | null,
) {
  return deps.db.transaction(async (tx) => {
    await tx.insert(reelComments).values({ id: randomUUID(), reelId, authorId, parentId, content });
    const [row] = await tx
      .update(reels)
      .set({ commentCount: sql`${reels.commentCount} + 1` })
      .where(eq(reels.id, reelId))
      .returning();
    return row!;
  });
}

export async function addReelComment(
  deps: AppDeps,
  userId: string,
  input: { reelId: string; comment: string },
): Promise<CommentDto[]> {
  const reel = await readyRow(deps, userId, input.reelId, 'comment');
  broadcastStats(deps, await insertComment(deps, reel.id, userId, input.comment, null), userId);
  await tell(deps, reel.authorId, userId, 'comment', reel.id);
  return presentComments(await commentRecordsOfReel(deps.db, reel.id));
}

export async function addReelCommentReply(
  deps: AppDeps,
  userId: string,
  input: { reelId: string; commentId: string; reply: string },
): Promise<CommentDto[]> {
  const reel = await readyRow(deps, userId, input.reelId, 'comment');
  const [parent] = isId(input.commentId)
    ? await deps.db
        .select({ id: reelComments.id, parentId: reelComments.parentId, authorId: reelComments.authorId })
        .from(reelComments)
        .where(and(eq(reelComments.id, input.commentId), eq(reelComments.reelId, reel.id)))
        .limit(1)
    : [];
  if (!parent) throw new AppError(ReelMessages.commentGone, 404);
  broadcastStats(deps, await insertComment(deps, reel.id, userId, input.reply, parent.parentId ?? parent.id), userId);
  await tell(deps, parent.authorId, userId, 'reply', reel.id);
  if (reel.authorId !== parent.authorId) await tell(deps, reel.authorId, userId, 'comment', reel.id);
  return presentComments(await commentRecordsOfReel(deps.db, reel.id));
}
