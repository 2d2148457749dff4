/** Reels' part of a member's account: their clips (the video, poster and source files are the media area's). */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { reels } from '../../db/schema.js';
import { after, byKeyset, EXPORT_PAGE, type AccountExport } from '../../account.js';

export function exportReels(deps: AppDeps, userId: string, out: AccountExport): void {
  out.rows('clips.json', 'clips', (cursor) =>
    deps.db
      .select({
        id: reels.id,
        title: reels.title,
        audience: reels.audience,
        sensitive: reels.sensitive,
        description: reels.description,
        category: reels.category,
        status: reels.status,
        createdAt: reels.createdAt,
        _at: reels.createdAt,
        _id: reels.id,
      })
      .from(reels)
      .where(and(eq(reels.authorId, userId), after(reels, cursor)))
      .orderBy(...byKeyset(reels))
      .limit(EXPORT_PAGE),
  );
}

/** Their clips go (likes, comments and shares on them with them: trigger); open pages drop them. */
export async function deleteReels(deps: AppDeps, userId: string): Promise<void> {
  const gone = await deps.db.delete(reels).where(eq(reels.authorId, userId)).returning({ id: reels.id });
  const hiddenFrom = await deps.policy.relations.blockedWith(userId);
  for (const r of gone) void deps.bus.publish('reel.deleted', { id: r.id, hiddenFrom });
}
