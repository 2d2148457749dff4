/** Posts' facts as they are stated: each names who must not hear it (either side of a block with the author). */
import { eq } from 'drizzle-orm';
import type { Audience, PostCategory } from '@sajha/contract';
import { users } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { PostMutation } from '../../events/map.js';

/** A post changed: screens showing it hear of it (publish.ts), never across a block with its author. */
export async function announceMutation(
  deps: AppDeps,
  actorId: string,
  result: PostMutation,
  authorOnly = false,
): Promise<void> {
  const hiddenFrom = await deps.policy.relations.blockedWith(actorId);
  await deps.bus.publish('post.mutated', { actorId, result, hiddenFrom, authorOnly }, { by: actorId });
}

/**
 * A post arrived: open feeds hear of it (publish.ts), not the author's own tabs, nor members across a
 * block from the author (their feed leaves the post out, so "1 new post" would show nothing). A post for
 * a smaller audience, or by a private account, is not announced to every open feed at all (most of them
 * would find nothing); its audience sees it at their next refresh. Not awaited by the request: the post
 * is saved and answered whatever happens to the announcement.
 */
export function announceNewPost(
  deps: AppDeps,
  authorId: string,
  post: { post_id: string; category?: PostCategory | null | undefined; audience?: Audience | undefined },
): void {
  if (post.audience && post.audience !== 'public') return;
  const fact = { authorId, post_id: post.post_id, category: post.category ?? null };
  void (async () => {
    const [author] = await deps.db.select({ private: users.privateAccount }).from(users).where(eq(users.id, authorId));
    if (author?.private) return;
    const hiddenFrom = await deps.policy.relations.blockedWith(authorId);
    await deps.bus.publish('post.created', { ...fact, hiddenFrom }, { by: authorId });
  })().catch((err: unknown) => deps.log.error({ err }, 'announcing a new post failed'));
}
