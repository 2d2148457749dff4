/** Comments and one level of replies. Adding either answers the post's whole, fresh list. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Messages, PeopleMessages, type CommentDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { comments, posts } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { isBlockedEitherWay } from '../people/blocks.js';
import { isUuid } from './policy.js';
import { presentComments } from './presenters.js';
import { commentRecords, findComment } from './repo.js';
import { actorOf, postRow } from './service.js';
import { tell, tellMentioned } from './notices.js';

export async function listComments(deps: AppDeps, postId: string): Promise<CommentDto[]> {
  if (!(await postRow(deps, postId))) throw new AppError(Messages.post.gone, 404);
  return presentComments(await commentRecords(deps.db, postId));
}

async function insertComment(
  deps: AppDeps,
  postId: string,
  authorId: string,
  content: string,
  parentId: string | null,
) {
  await deps.db.transaction(async (tx) => {
    await tx.insert(comments).values({ id: randomUUID(), postId, authorId, parentId, content });
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId));
  });
}

export async function addComment(deps: AppDeps, userId: string, postId: string, text: string): Promise<CommentDto[]> {
  const post = await postRow(deps, postId);
  if (!post) throw new AppError(Messages.post.gone, 404);
  if (await isBlockedEitherWay(deps.db, userId, post.authorId)) throw new AppError(PeopleMessages.cannotComment, 403);
  await insertComment(deps, postId, userId, text, null);
  const actor = await actorOf(deps, userId);
  await tell(deps, post.authorId, actor, 'comment', postId);
  await tellMentioned(deps, text, actor, 'comment', postId, [post.authorId]);
  return presentComments(await commentRecords(deps.db, postId));
}

export async function addReply(
  deps: AppDeps,
  userId: string,
  input: { postId: string; commentId: string; reply: string },
): Promise<CommentDto[]> {
  const post = await postRow(deps, input.postId);
  if (!post) throw new AppError(Messages.post.gone, 404);
  if (await isBlockedEitherWay(deps.db, userId, post.authorId)) throw new AppError(PeopleMessages.cannotComment, 403);
  const parent = isUuid(input.commentId) ? await findComment(deps.db, post.id, input.commentId) : undefined;
  if (!parent) throw new AppError(Messages.post.commentGone, 404);
  // Replies stay one level deep: a reply to a reply joins the same thread.
  const threadId = parent.parentId ?? parent.id;
  await insertComment(deps, post.id, userId, input.reply, threadId);
  const actor = await actorOf(deps, userId);
  await tell(deps, parent.authorId, actor, 'reply', post.id);
  if (post.authorId !== parent.authorId) await tell(deps, post.authorId, actor, 'comment', post.id);
  await tellMentioned(deps, input.reply, actor, 'comment', post.id, [parent.authorId, post.authorId]);
  return presentComments(await commentRecords(deps.db, post.id));
}
