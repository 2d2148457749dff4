/** Who may do what to a post: one call, not scattered ifs. */
import { Messages, POST_CATEGORIES } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';

export const POST_CATEGORY_SET: ReadonlySet<string> = new Set(POST_CATEGORIES);

export type PostAction = 'view' | 'like' | 'comment' | 'share' | 'edit' | 'delete';

/**
 * The one check before any post action: the post must exist, and edit and delete belong to the author
 * alone (the server checks, whatever the client's menu shows). Any member may view, like, comment, share.
 */
export function authorize(actorId: string, action: PostAction, post: { authorId: string } | undefined): asserts post {
  if (!post) throw new AppError(Messages.post.gone, 404);
  if ((action === 'edit' || action === 'delete') && post.authorId !== actorId) {
    throw new AppError(Messages.post.ownerOnly, 403);
  }
}
