/**
 * Posts as a list shows them, in one statement: author, counts, the viewer's like and reply right, media,
 * and whether the viewer may see each at all (a block, a mute, a limit, a removal, an audience). The feed
 * and search both hydrate their pages here.
 */
import { eq, inArray, not, sql } from 'drizzle-orm';
import type { PostDto } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { posts, users } from '../../db/schema.js';
import { seesPost } from '../../policy/relations.js';
import { presentMedia, presentPost, type PostRecord } from './presenters.js';
import { normaliseRecord, postFields } from './repo.js';

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

function hydrateQuery(db: Db, viewerId: string, ids: string[]) {
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

/** The posts of `ids` the viewer may see, in that order, as the contract shows them. */
export function presentVisible(ids: string[], hydrated: Map<string, HydratedPost>, viewerId: string): PostDto[] {
  return ids.flatMap((id) => {
    const h = hydrated.get(id);
    return h && !h.blocked ? [presentPost(h.record, h.media.map(presentMedia), viewerId)] : [];
  });
}
