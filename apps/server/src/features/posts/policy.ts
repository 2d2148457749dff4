/** Who may do what to a post: one call, not scattered ifs. */
import { Messages, POST_CATEGORIES } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';

export const POST_CATEGORY_SET: ReadonlySet<string> = new Set(POST_CATEGORIES);

/** Edit and delete belong to the author alone; the server checks, whatever the client's menu shows. */
export function authorizeOwner(userId: string, post: { authorId: string } | undefined): asserts post {
  if (!post) throw new AppError(Messages.post.gone, 404);
  if (post.authorId !== userId) throw new AppError(Messages.post.ownerOnly, 403);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids on the wire are opaque strings; ours are UUIDs, and anything else cannot name a post. */
export const isUuid = (id: string): boolean => UUID.test(id);
