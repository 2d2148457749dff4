/** Who may do what to a reel: anyone signed in may see, like, comment and share a ready reel; only the owner deletes. */
import { ReelMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';

export type ReelAction = 'view' | 'like' | 'comment' | 'share' | 'delete';

export function authorize(
  actorId: string,
  action: ReelAction,
  reel: { authorId: string; status: string } | undefined,
): asserts reel {
  if (!reel || reel.status !== 'ready') throw new AppError(ReelMessages.notFound, 404);
  if (action === 'delete' && reel.authorId !== actorId) throw new AppError(ReelMessages.ownerOnly, 403);
}
