/**
 * Likes, comments (one level of replies) and shares of any content, keyed by (kind, id). The content's
 * own area has loaded it and the policy has allowed the action (a block either way with the author, or
 * later a private audience, refuses it there); this module stores the act, moves the content's counter in
 * the same transaction, and states the fact, which notifications turn into a notice for the author.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isId, LIMITS, type CommentDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { comments, likes, posts, reels, shares, users } from '../../db/schema.js';
import type { ActorInfo, ContentRef } from '../../events/map.js';
import { AppError } from '../../platform/errors.js';
import { audienceAllows, notBlockedWith } from '../../policy/relations.js';
import { presentComments } from './presenters.js';
import { bump, commentRecords, findComment, type Counts } from './repo.js';

/** Toggles the actor's like; answers the new state and counts so a client can confirm or roll back. */
export async function toggleLike(
  deps: AppDeps,
  content: ContentRef,
  actor: ActorInfo,
): Promise<{ liked: boolean; counts: Counts }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const mine = and(eq(likes.kind, content.kind), eq(likes.subjectId, content.id), eq(likes.userId, actor.id));
    const removed = await tx.delete(likes).where(mine).returning({ userId: likes.userId });
    const liked = removed.length === 0;
    if (liked)
      await tx
        .insert(likes)
        .values({ kind: content.kind, subjectId: content.id, userId: actor.id })
        .onConflictDoNothing();
    return { liked, counts: await bump(tx, content, 'likes', liked ? 1 : -1) };
  });
  if (outcome.liked) await deps.bus.publish('content.liked', { content, actor }, { by: actor.id });
  return outcome;
}

export async function recordShare(
  deps: AppDeps,
  content: ContentRef,
  actor: ActorInfo,
  link: { ref: string; network: string },
): Promise<Counts> {
  const counts = await deps.db.transaction(async (tx) => {
    await tx.insert(shares).values({
      id: randomUUID(),
      kind: content.kind,
      subjectId: content.id,
      userId: actor.id,
      ref: link.ref,
      network: link.network,
    });
    return bump(tx, content, 'shares', 1);
  });
  await deps.bus.publish('content.shared', { content, actor }, { by: actor.id });
  return counts;
}

/** The thread as the viewer sees it (comments across a block with them left out). */
export async function listComments(deps: AppDeps, content: ContentRef, viewerId: string): Promise<CommentDto[]> {
  return presentComments(await commentRecords(deps.db, content.kind, content.id, viewerId));
}

/**
 * Adds a comment, or a reply to `replyTo` (a reply to a reply joins the same thread: one level deep).
 * Answers the thread as the actor sees it now, and the counts. `commentGone` is the area's text for a
 * missing parent.
 */
export async function addComment(
  deps: AppDeps,
  content: ContentRef,
  actor: ActorInfo,
  text: string,
  reply?: { to: string; commentGone: string },
): Promise<{ comments: CommentDto[]; counts: Counts }> {
  let parent: Awaited<ReturnType<typeof findComment>>;
  if (reply) {
    parent = isId(reply.to) ? await findComment(deps.db, content, reply.to) : undefined;
    // A comment by someone across a block from the actor is one they cannot see: as gone.
    if (!parent || (await deps.policy.relations.blockedEitherWay(actor.id, parent.authorId))) {
      throw new AppError(reply.commentGone, 404);
    }
  }
  const counts = await deps.db.transaction(async (tx) => {
    await tx.insert(comments).values({
      id: randomUUID(),
      kind: content.kind,
      subjectId: content.id,
      authorId: actor.id,
      content: text,
      parentId: parent ? (parent.parentId ?? parent.id) : null,
    });
    return bump(tx, content, 'comments', 1);
  });
  const told = [content.ownerId];
  if (parent) {
    told.push(parent.authorId);
    await deps.bus.publish('content.replied', { content, toId: parent.authorId, actor }, { by: actor.id });
  }
  if (!parent || parent.authorId !== content.ownerId) {
    await deps.bus.publish('content.commented', { content, actor }, { by: actor.id });
  }
  void deps.bus.publish('comments.changed', { content }, { by: actor.id });
  await announceMentions(deps, text, actor, 'comment', content, told);
  return { comments: await listComments(deps, content, actor.id), counts };
}

const MENTION = /(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{1,30})/g;

/** The distinct @handles in a text (at most LIMITS.mentionsMax, so one post cannot page the whole site). */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const handle = m[2]!.replace(/\.+$/, '').toLowerCase();
    if (handle) found.add(handle);
    if (found.size >= LIMITS.mentionsMax) break;
  }
  return [...found];
}

/**
 * States the members named with @handle in a post or comment (never across a block, never the actor,
 * never `skip`, never someone outside the post's audience).
 */
export async function announceMentions(
  deps: AppDeps,
  text: string,
  actor: ActorInfo,
  where: 'post' | 'comment',
  content: ContentRef,
  skip: string[] = [],
): Promise<void> {
  const handles = mentionedHandles(text);
  if (handles.length === 0) return;
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, handles),
        notBlockedWith(actor.id, users.id),
        // Never told of a post or clip they may not see (its audience, a private account).
        sql`exists (select 1 from ${content.kind === 'post' ? posts : reels} c where c.id = ${content.id}
          and ${audienceAllows(users.id, sql`c.author_id`, sql`c.audience`)})`,
      ),
    );
  const memberIds = rows.map((r) => r.id).filter((id) => id !== actor.id && !skip.includes(id));
  if (memberIds.length === 0) return;
  await deps.bus.publish('member.mentioned', { where, content, memberIds, actor }, { by: actor.id });
}
