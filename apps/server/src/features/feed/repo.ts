/** Feed queries: the category source's candidates and total, and one-round-trip hydration of a page. */
import { and, desc, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { FeedCategory } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { postCounts, posts, users } from '../../db/schema.js';
import { seesPost } from '../../policy/relations.js';
import { normaliseRecord, postFields, type PostRecord } from '../posts/index.js';
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

export interface MediaFields {
  storageKey: string;
  posterKey: string | null;
  mime: string;
  width: number | null;
  height: number | null;
}

export interface HydratedPost {
  record: PostRecord;
  media: MediaFields[];
  /** Not the viewer's to see (a block, a mute, a limit, a removal): the rules drop these. */
  blocked: boolean;
}

/** Everything presenting these posts needs, in one statement: author, counts, the viewer's like, media. */
export async function hydratePosts(db: Db, viewerId: string, ids: string[]): Promise<Map<string, HydratedPost>> {
  const out = new Map<string, HydratedPost>();
  if (ids.length === 0) return out;
  for (const { blocked, media, ...record } of await hydrateQuery(db, viewerId, ids)) {
    out.set(record.id, {
      record: normaliseRecord(record),
      media: typeof media === 'string' ? (JSON.parse(media) as MediaFields[]) : media,
      blocked: truthy(blocked),
    });
  }
  return out;
}

export function hydrateQuery(db: Db, viewerId: string, ids: string[]) {
  // The author by primary key per post (LIMIT keeps the planner from turning it into a hash join that
  // reads every member to show ten posts).
  const author = db
    .select({ name: users.name, username: users.username, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, posts.authorId))
    .limit(1)
    .as('author');
  return db
    .select({
      ...postFields(viewerId),
      authorName: author.name,
      authorUsername: author.username,
      authorAvatar: author.avatar,
      blocked: sql<boolean>`(${posts.removedAt} is not null or ${not(seesPost(viewerId, posts.authorId, posts.audience))})`,
      media: sql<MediaFields[] | string>`(
        select coalesce(json_agg(json_build_object('storageKey', f.storage_key, 'posterKey', f.poster_key,
          'mime', f.mime, 'width', f.width, 'height', f.height) order by pm.position), '[]'::json)
        from post_media pm join files f on f.id = pm.file_id where pm.post_id = ${posts.id})`,
    })
    .from(posts)
    .innerJoinLateral(author, sql`true`)
    .where(inArray(posts.id, ids));
}

// PGlite and node-postgres both give booleans, but be strict about it.
const truthy = (v: unknown): boolean => v === true || String(v) === 't';
