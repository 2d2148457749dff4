/** Posts' part of a member's account: their posts and what edited ones said before (the files are the media area's). */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { postEdits, posts } from '../../db/schema.js';
import { after, byKeyset, EXPORT_PAGE, type AccountExport } from '../../account.js';

export function exportPosts(deps: AppDeps, userId: string, out: AccountExport): void {
  out.rows('posts.json', 'posts', (cursor) =>
    deps.db
      .select({
        id: posts.id,
        content: posts.content,
        category: posts.category,
        audience: posts.audience,
        replies: posts.replyPolicy,
        sensitive: posts.sensitive,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
        _at: posts.createdAt,
        _id: posts.id,
      })
      .from(posts)
      .where(and(eq(posts.authorId, userId), after(posts, cursor)))
      .orderBy(...byKeyset(posts))
      .limit(EXPORT_PAGE),
  );
  const edits = { createdAt: postEdits.writtenAt, id: postEdits.id };
  out.rows('post_edits.json', 'post_edits', (cursor) =>
    deps.db
      .select({
        postId: postEdits.postId,
        content: postEdits.content,
        writtenAt: postEdits.writtenAt,
        _at: postEdits.writtenAt,
        _id: postEdits.id,
      })
      .from(postEdits)
      .innerJoin(posts, eq(posts.id, postEdits.postId))
      .where(and(eq(posts.authorId, userId), after(edits, cursor)))
      .orderBy(...byKeyset(edits))
      .limit(EXPORT_PAGE),
  );
}

/** Their posts go; likes, comments and shares on them go with them (trigger), and the feed counts follow. */
export async function deletePosts(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(posts).where(eq(posts.authorId, userId));
}
