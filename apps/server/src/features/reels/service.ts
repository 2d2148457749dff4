/**
 * Reels: the page of ready reels, one reel, likes, shares, comments and the owner's delete. Transport-free:
 * events.ts loads the reel and the policy decides first. Likes, comments and shares are the engagement
 * module's (which states the facts the owner hears of); counts that move and deletes reach every open viewer.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  isId,
  REEL_LIMITS,
  ReelMessages,
  type CommentDto,
  type MemberReelsPage,
  type ReelDto,
  type ReelStatusDto,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { files, reels } from '../../db/schema.js';
import type { ActorInfo, ContentRef } from '../../events/map.js';
import { addComment, listComments, recordShare, toggleLike, type Counts } from '../engagement/index.js';
import type { ReelResource } from './policy.js';
import { presentReel } from './presenters.js';
import { fileKeysOfReel, memberPage, oneRecord, readyPage, recordsByIds, reelRow } from './repo.js';

export async function listReels(
  deps: AppDeps,
  viewerId: string,
  offset: number,
  limit: number = REEL_LIMITS.pageSize,
): Promise<{ reels: ReelDto[]; hasMore: boolean }> {
  const rows = await readyPage(deps.db, viewerId, offset, limit + 1);
  return { reels: rows.slice(0, limit).map((r) => presentReel(r, viewerId)), hasMore: rows.length > limit };
}

/** A member's clips for their profile, as `viewerId` may see them: nothing across a block, either way. */
export async function listMemberReels(
  deps: AppDeps,
  viewerId: string,
  input: { userId: string; offset: number; limit: number },
): Promise<MemberReelsPage> {
  const { rows, total } = await memberPage(deps.db, viewerId, input.userId, input.offset, input.limit + 1);
  return {
    reels: rows.slice(0, input.limit).map((r) => presentReel(r, viewerId)),
    hasMore: rows.length > input.limit,
    total,
  };
}

/** Ready clips as `viewerId` sees them, in the order of `ids` (ones the viewer may not see are left out). */
export async function reelsByIds(deps: AppDeps, viewerId: string, ids: string[]): Promise<ReelDto[]> {
  const byId = new Map((await recordsByIds(deps.db, viewerId, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentReel(r, viewerId)] : [];
  });
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
export async function reelStatusFor(deps: AppDeps, viewerId: string, reel: ReelResource): Promise<ReelStatusDto> {
  if (reel.status === 'ready') return { id: reel.id, status: 'ready', reel: await getReel(deps, viewerId, reel.id) };
  if (reel.status === 'failed') {
    const row = await reelRow(deps.db, reel.id);
    return { id: reel.id, status: 'failed', message: row?.error ?? ReelMessages.transcodeFailed };
  }
  return { id: reel.id, status: 'processing' };
}

/** What the policy needs of a reel, or undefined (a malformed id is a missing reel). */
export async function loadReel(deps: AppDeps, reelId: string): Promise<ReelResource | undefined> {
  if (!isId(reelId)) return undefined;
  const row = await reelRow(deps.db, reelId);
  return (
    row && {
      audience: row.audience,
      authorPrivate: row.authorPrivate,
      id: row.id,
      authorId: row.authorId,
      status: row.status,
      removed: row.removedAt !== null,
      sourceFileId: row.sourceFileId,
      videoFileId: row.videoFileId,
    }
  );
}

const ref = (reel: ReelResource): ContentRef => ({ kind: 'reel', id: reel.id, ownerId: reel.authorId });

/**
 * Counts moved: every open page hears of it but those across a block with the author. Who those are is
 * read here, before the fact, so the facts of one member's actions go out in the order they happened.
 */
async function broadcastStats(deps: AppDeps, reel: ReelResource, stats: Counts, by: string): Promise<void> {
  const hiddenFrom = await deps.policy.relations.blockedWith(reel.authorId);
  void deps.bus.publish('reel.stats', { id: reel.id, stats, hiddenFrom }, { by });
}

export async function likeReel(
  deps: AppDeps,
  actor: ActorInfo,
  reel: ReelResource,
): Promise<{ id: string; liked: boolean; likes: number }> {
  const { liked, counts } = await toggleLike(deps, ref(reel), actor);
  await broadcastStats(deps, reel, counts, actor.id);
  return { id: reel.id, liked, likes: counts.likes };
}

export async function shareReel(
  deps: AppDeps,
  actor: ActorInfo,
  reel: ReelResource,
  link: { network: string; ref: string },
): Promise<{ id: string; shares: number }> {
  const counts = await recordShare(deps, ref(reel), actor, link);
  await broadcastStats(deps, reel, counts, actor.id);
  return { id: reel.id, shares: counts.shares };
}

export async function deleteReel(deps: AppDeps, userId: string, reel: ReelResource): Promise<{ id: string }> {
  const { ids, keys } = await fileKeysOfReel(deps.db, reel);
  await deps.db.transaction(async (tx) => {
    await tx.delete(reels).where(eq(reels.id, reel.id));
    if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
  });
  // Bytes after rows: a crash in between leaves orphan bytes, never a reel with missing files.
  await Promise.allSettled(keys.map((k) => deps.storage.delete(k)));
  const hiddenFrom = await deps.policy.relations.blockedWith(reel.authorId);
  void deps.bus.publish('reel.deleted', { id: reel.id, hiddenFrom }, { by: userId });
  return { id: reel.id };
}

export async function listReelComments(deps: AppDeps, viewerId: string, reel: ReelResource): Promise<CommentDto[]> {
  return listComments(deps, ref(reel), viewerId);
}

/** A comment, or a reply to `replyTo`: answers the thread as the actor sees it. */
export async function commentOnReel(
  deps: AppDeps,
  actor: ActorInfo,
  reel: ReelResource,
  text: string,
  replyTo?: string,
): Promise<CommentDto[]> {
  const reply = replyTo ? { to: replyTo, commentGone: ReelMessages.commentGone } : undefined;
  const { comments, counts } = await addComment(deps, ref(reel), actor, text, reply);
  await broadcastStats(deps, reel, counts, actor.id);
  return comments;
}
