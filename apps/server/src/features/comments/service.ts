/** Comments and one level of replies. Adding either answers the post's whole, fresh list. */
import { isId, Messages, type CommentDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { actorOf, postRow, tell, tellMentioned } from '../posts/index.js';
import { authorize } from './policy.js';
import { presentComments } from './presenters.js';
import { commentRecords, findComment, insertComment } from './repo.js';

export async function listComments(deps: AppDeps, userId: string, postId: string): Promise<CommentDto[]> {
  await authorize(deps.db, userId, 'read', await postRow(deps, postId));
  return presentComments(await commentRecords(deps.db, postId));
}

/** For watch_post: the same rule as reading, so a blocked member cannot listen in either. */
export async function mayWatch(deps: AppDeps, userId: string, postId: string): Promise<void> {
  await authorize(deps.db, userId, 'watch', await postRow(deps, postId));
}

export async function addComment(deps: AppDeps, userId: string, postId: string, text: string): Promise<CommentDto[]> {
  const post = await postRow(deps, postId);
  await authorize(deps.db, userId, 'comment', post);
  await insertComment(deps.db, { postId, authorId: userId, content: text, parentId: null });
  const actor = await actorOf(deps, userId);
  await tell(deps, post!.authorId, actor, 'comment', postId);
  await tellMentioned(deps, text, actor, 'comment', postId, [post!.authorId]);
  return presentComments(await commentRecords(deps.db, postId));
}

export async function addReply(
  deps: AppDeps,
  userId: string,
  input: { postId: string; commentId: string; reply: string },
): Promise<CommentDto[]> {
  const post = await postRow(deps, input.postId);
  await authorize(deps.db, userId, 'comment', post);
  const parent = isId(input.commentId) ? await findComment(deps.db, post!.id, input.commentId) : undefined;
  if (!parent) throw new AppError(Messages.post.commentGone, 404);
  // Replies stay one level deep: a reply to a reply joins the same thread.
  const threadId = parent.parentId ?? parent.id;
  await insertComment(deps.db, { postId: post!.id, authorId: userId, content: input.reply, parentId: threadId });
  const actor = await actorOf(deps, userId);
  await tell(deps, parent.authorId, actor, 'reply', post!.id);
  if (post!.authorId !== parent.authorId) await tell(deps, post!.authorId, actor, 'comment', post!.id);
  await tellMentioned(deps, input.reply, actor, 'comment', post!.id, [parent.authorId, post!.authorId]);
  return presentComments(await commentRecords(deps.db, post!.id));
}
