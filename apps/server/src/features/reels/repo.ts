/** Reel queries: the ready list (newest first, blocked authors left out), one reel, its row and files. */
import { and, count, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, likes, reels, savedItems, users } from '../../db/schema.js';
import { inGoodStanding, seesPost } from '../../policy/relations.js';
import type { ReelRecord } from './presenters.js';

function selectRecords(db: Db, viewerId: string) {
  return db
    .select({
      id: reels.id,
      authorId: reels.authorId,
      title: reels.title,
      description: reels.description,
      category: reels.category,
      likeCount: reels.likeCount,
      commentCount: reels.commentCount,
      shareCount: reels.shareCount,
      durationMs: reels.durationMs,
      sensitive: reels.sensitive,
      audience: reels.audience,
      readyAt: reels.readyAt,
      createdAt: reels.createdAt,
      videoKey: files.storageKey,
      posterKey: files.posterKey,
      width: files.width,
      height: files.height,
      authorName: users.name,
      authorUsername: users.username,
      authorAvatar: users.avatar,
      liked: sql<boolean>`exists (select 1 from ${likes} where ${likes.kind} = 'reel' and ${likes.subjectId} = ${reels.id} and ${likes.userId} = ${viewerId})`,
      saved: sql<boolean>`exists (select 1 from ${savedItems} where ${savedItems.userId} = ${viewerId} and ${savedItems.kind} = 'reel' and ${savedItems.subjectId} = ${reels.id})`,
    })
    .from(reels)
    .innerJoin(users, eq(users.id, reels.authorId))
    .leftJoin(files, eq(files.id, reels.videoFileId));
}

/**
 * Clips the viewer may see: not removed by moderators, not across a block, muted or limited, and for an
 * audience the viewer is in (relations.ts).
 */
const notBlocked = (viewerId: string) =>
  and(isNull(reels.removedAt), seesPost(viewerId, reels.authorId, reels.audience));

export async function readyPage(db: Db, viewerId: string, offset: number, limit: number): Promise<ReelRecord[]> {
  return selectRecords(db, viewerId)
    .where(and(eq(reels.status, 'ready'), notBlocked(viewerId)))
    .orderBy(desc(reels.readyAt), desc(reels.id))
    .limit(limit)
    .offset(offset);
}

/**
 * One member's ready clips as the viewer may see them (the feed's filter, and none of a suspended, banned
 * or deleted member's), newest first, with how many there are in all.
 */
export async function memberPage(
  db: Db,
  viewerId: string,
  authorId: string,
  offset: number,
  limit: number,
): Promise<{ rows: ReelRecord[]; total: number }> {
  const theirs = and(
    eq(reels.authorId, authorId),
    eq(reels.status, 'ready'),
    notBlocked(viewerId),
    inGoodStanding(reels.authorId),
  );
  const [rows, [all]] = await Promise.all([
    selectRecords(db, viewerId).where(theirs).orderBy(desc(reels.readyAt), desc(reels.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(reels).where(theirs),
  ]);
  return { rows, total: Number(all?.n ?? 0) };
}

export async function oneRecord(db: Db, viewerId: string, reelId: string): Promise<ReelRecord | undefined> {
  const [row] = await selectRecords(db, viewerId)
    .where(and(eq(reels.id, reelId), eq(reels.status, 'ready'), notBlocked(viewerId)))
    .limit(1);
  return row;
}

export async function reelRow(db: Db, reelId: string) {
  const [row] = await db
    .select({ ...getTableColumns(reels), authorPrivate: users.privateAccount })
    .from(reels)
    .innerJoin(users, eq(users.id, reels.authorId))
    .where(eq(reels.id, reelId))
    .limit(1);
  return row;
}

/** Storage keys of every file a reel holds (source, video, poster). */
export async function fileKeysOfReel(db: Db, reel: { sourceFileId: string | null; videoFileId: string | null }) {
  const ids = [reel.sourceFileId, reel.videoFileId].filter((x): x is string => Boolean(x));
  if (ids.length === 0) return { ids, keys: [] as string[] };
  const rows = await db
    .select({ storageKey: files.storageKey, posterKey: files.posterKey })
    .from(files)
    .where(or(...ids.map((id) => eq(files.id, id))));
  return { ids, keys: rows.flatMap((r) => [r.storageKey, ...(r.posterKey ? [r.posterKey] : [])]) };
}

/** Ready clips by id that the viewer may see, in no particular order (search and tag pages order them). */
export async function recordsByIds(db: Db, viewerId: string, ids: string[]): Promise<ReelRecord[]> {
  if (ids.length === 0) return [];
  return selectRecords(db, viewerId).where(
    and(inArray(reels.id, ids), eq(reels.status, 'ready'), notBlocked(viewerId)),
  );
}
