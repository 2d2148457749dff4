/** Feed queries: the category source's candidates and total (a page is hydrated by posts: hydratePosts). */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FeedCategory } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { postCounts, posts } from '../../db/schema.js';
import { seesPost } from '../../policy/relations.js';
import type { Position } from './pipeline.js';

const categoryFilter = (category: FeedCategory): SQL | undefined =>
  category === 'all' ? undefined : eq(posts.category, category);

/** The trigger-kept counter ('all' or a category): one primary-key probe, never a count over the posts. */
const totalOf = (category: FeedCategory) =>
  sql<string | number | null>`(select ${postCounts.n} from ${postCounts} where ${postCounts.category} = ${category})`;

/**
 * Ids of one page of a category, newest first, after a keyset position (index range scan, however deep)
 * or at an offset (the wire's paging). Posts the viewer may not see (a block either way, an author they
 * muted, a limited author they do not follow, a post moderators removed, a post for an audience
 * they are not in) are left out here, not only by the
 * rules, so offsets count the posts the viewer actually sees and pages stay full.
 */
export async function categoryCandidates(
  db: Db,
  viewerId: string,
  opts: { category: FeedCategory; after: Position | undefined; offset: number; limit: number },
): Promise<{ items: Position[]; total: number }> {
  const { after } = opts;
  const rows = await db
    .select({ id: posts.id, at: sql<string>`${posts.createdAt}::text`, total: totalOf(opts.category) })
    .from(posts)
    .where(
      and(
        categoryFilter(opts.category),
        after ? sql`(${posts.createdAt}, ${posts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        isNull(posts.removedAt),
        seesPost(viewerId, posts.authorId, posts.audience),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(opts.limit)
    .offset(after ? 0 : opts.offset);
  // The total rides on the page's rows; only a page past the end asks for it alone.
  const total = rows[0]
    ? rows[0].total
    : (await db.select({ n: totalOf(opts.category) }).from(sql`(select 1) one`))[0]?.n;
  return { items: rows.map(({ id, at }) => ({ id, at })), total: Number(total ?? 0) };
}
