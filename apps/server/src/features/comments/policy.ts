/**
 * Who may read, watch or add to a post's comments: the post must exist, and nobody on either side of a
 * block with its author may do any of it (a blocked member neither reads nor hears the blocker's threads).
 */
import { Messages, PeopleMessages } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { isBlockedEitherWay } from '../people/index.js';

export type CommentAction = 'read' | 'watch' | 'comment';

export async function authorize(
  db: Db,
  actorId: string,
  action: CommentAction,
  post: { authorId: string } | undefined,
): Promise<void> {
  if (!post) throw new AppError(Messages.post.gone, 404);
  if (await isBlockedEitherWay(db, actorId, post.authorId)) {
    // Writing says why; reading and watching answer as if the post were gone, as the feed hides it.
    throw action === 'comment'
      ? new AppError(PeopleMessages.cannotComment, 403)
      : new AppError(Messages.post.gone, 404);
  }
}
