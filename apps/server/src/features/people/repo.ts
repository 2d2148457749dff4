/**
 * Queries for people. Counts are indexed counts (no counters to keep in step): `follows` is keyed by
 * (follower, followee) and indexed by followee, posts by (author, created_at), so each count reads
 * one member's index range, never a whole table.
 */
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, follows, posts, socials, users } from '../../db/schema.js';
import { normaliseRecord, recordFields, type PostRecord } from '../posts/index.js';
import { audienceAllows, limitAllows, notBlockedWith } from '../../policy/relations.js';

export interface Member {
  id: string;
  name: string;
  username: string;
  avatar: string | null;
  bio: string;
  /** Followers are approved; posts, clips and follow lists are for them (issue 38). */
  privateAccount: boolean;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatar: users.avatar,
  bio: users.bio,
  privateAccount: users.privateAccount,
};

import { rowsOf } from '../../db/rows.js';
export { rowsOf };

const idList = (ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** A verified member by username, any case, with or without the leading @. */
export async function findByUsername(db: Db, username: string): Promise<Member | undefined> {
  const [u] = await db
    .select(memberColumns)
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username.replace(/^@/, '')})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return u;
}

/** The member's social links, in the order they were added. */
export async function socialsOf(db: Db, userId: string): Promise<{ platform: string; value: string }[]> {
  return db
    .select({ platform: socials.platform, value: socials.value })
    .from(socials)
    .where(eq(socials.userId, userId))
    .orderBy(socials.createdAt);
}

export async function findById(db: Db, id: string): Promise<Member | undefined> {
  const [u] = await db.select(memberColumns).from(users).where(eq(users.id, id)).limit(1);
  return u;
}

export async function countsOf(
  db: Db,
  userId: string,
): Promise<{ followers: number; following: number; posts: number }> {
  const [row] = rowsOf<{ followers: string | number; following: string | number; posts: string | number }>(
    await db.execute(sql`select
      (select count(*) from ${follows} where ${follows.followeeId} = ${userId}) as followers,
      (select count(*) from ${follows} where ${follows.followerId} = ${userId}) as following,
      (select count(*) from ${posts} where ${posts.authorId} = ${userId}) as posts`),
  );
  return {
    followers: Number(row?.followers ?? 0),
    following: Number(row?.following ?? 0),
    posts: Number(row?.posts ?? 0),
  };
}

/**
 * For each of `ids`: how many of the viewer's friends are also that member's friends (friends = mutual
 * follows), and whether the viewer follows them. Walks the viewer's friends' follower lists only.
 */
export async function decorate(
  db: Db,
  viewer: string,
  ids: string[],
): Promise<Map<string, { mutual: number; following: boolean }>> {
  const out = new Map<string, { mutual: number; following: boolean }>();
  if (ids.length === 0) return out;
  for (const id of ids) out.set(id, { mutual: 0, following: false });
  const rows = rowsOf<{ id: string; mutual: string | number; following: boolean | string }>(
    await db.execute(sql`
      with friends as (
        select f.followee_id as id from follows f
        join follows back on back.follower_id = f.followee_id and back.followee_id = ${viewer}
        where f.follower_id = ${viewer}
      ),
      mutual as (
        select a.follower_id as id, count(*) as n from friends m
        join follows a on a.followee_id = m.id
        join follows b on b.follower_id = m.id and b.followee_id = a.follower_id
        where a.follower_id in (${idList(ids)})
        group by a.follower_id
      )
      select x.id, coalesce(mutual.n, 0) as mutual,
        exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = x.id) as following
      from (select unnest(array[${idList(ids)}]) as id) x
      left join mutual on mutual.id = x.id`),
  );
  for (const r of rows)
    out.set(r.id, { mutual: Number(r.mutual), following: r.following === true || r.following === 't' });
  return out;
}

const LIST_MAX = 500;

/** Followers (or followees) of a member, newest first, without anyone blocked either way with the viewer. */
export async function followList(
  db: Db,
  viewer: string,
  userId: string,
  which: 'followers' | 'following',
): Promise<Member[]> {
  const other = which === 'followers' ? follows.followerId : follows.followeeId;
  const self = which === 'followers' ? follows.followeeId : follows.followerId;
  return db
    .select(memberColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(self, userId), notBlockedWith(viewer, users.id)))
    .orderBy(desc(follows.createdAt))
    .limit(LIST_MAX);
}

export async function blockedBy(db: Db, viewer: string): Promise<Member[]> {
  return db
    .select(memberColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, viewer))
    .orderBy(desc(blocks.createdAt))
    .limit(LIST_MAX);
}

/** sF: prefix of the username or the name, any case; the text_pattern_ops indexes serve both. */
export async function searchMembers(db: Db, viewer: string, text: string, limit = 20): Promise<Member[]> {
  const q = text.trim().replace(/^@/, '').toLowerCase();
  const pattern = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(memberColumns)
    .from(users)
    .where(
      and(
        isNotNull(users.emailVerifiedAt),
        sql`${users.id} <> ${viewer}`,
        or(sql`lower(${users.username}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`),
        notBlockedWith(viewer, users.id),
      ),
    )
    .orderBy(sql`lower(${users.username}) = ${q} desc`, users.username)
    .limit(limit);
}

/**
 * gFS: people followed by the people I follow, ranked by mutual friends, then by recent activity (last
 * post, else joining); never me, anyone I follow, or anyone blocked either way.
 */
export async function friendsOfFollows(
  db: Db,
  viewer: string,
  limit: number,
): Promise<(Member & { mutual: number })[]> {
  return rowsOf<Member & { mutual: string | number }>(
    await db.execute(sql`
      with mine as (select followee_id as id from follows where follower_id = ${viewer}),
      cand as (
        select distinct f.followee_id as id from follows f join mine on f.follower_id = mine.id
        where f.followee_id <> ${viewer} and not exists (select 1 from mine m where m.id = f.followee_id)
      ),
      friends as (
        select m.id from mine m join follows back on back.follower_id = m.id and back.followee_id = ${viewer}
      ),
      mutual as (
        select a.follower_id as id, count(*) as n from friends m
        join follows a on a.followee_id = m.id
        join follows b on b.follower_id = m.id and b.followee_id = a.follower_id
        group by a.follower_id
      ),
      ranked as (
        -- Ranked first on ids alone (follows only ever name verified members); names are read for the top few.
        select c.id, coalesce(mutual.n, 0) as mutual,
          greatest(
            (select max(p.created_at) from posts p where p.author_id = c.id),
            (select x.created_at from users x where x.id = c.id)
          ) as active
        from cand c
        left join mutual on mutual.id = c.id
        where ${notBlockedWith(viewer, sql`c.id`)}
        order by mutual desc, active desc nulls last, c.id
        limit ${limit}
      )
      select r.id, u.name, u.username, u.avatar, u.bio, u.private_account as "privateAccount", r.mutual
      from ranked r join users u on u.id = r.id and u.email_verified_at is not null
      order by r.mutual desc, r.active desc nulls last, r.id`),
  ).map((r) => ({ ...r, mutual: Number(r.mutual) }));
}

/** For members with no graph yet: those who posted most recently, then the newest members. */
export async function activeMembers(db: Db, viewer: string, exclude: string[], limit: number): Promise<string[]> {
  const skip = exclude.length ? sql`and x.id not in (${idList(exclude)})` : sql``;
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      select x.id from (
        select p.author_id as id, max(p.created_at) as at
        from (select author_id, created_at from posts order by created_at desc limit 500) p
        group by p.author_id
        union all
        select u.id, u.created_at - interval '100 years' from (
          select id, created_at from users where email_verified_at is not null order by created_at desc limit 200
        ) u
      ) x
      join users u on u.id = x.id and u.email_verified_at is not null
      where x.id <> ${viewer}
        and not exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = x.id)
        and ${notBlockedWith(viewer, sql`x.id`)}
        ${skip}
      group by x.id
      order by max(x.at) desc, x.id
      limit ${limit}`),
  ).map((r) => r.id);
}

export async function membersByIds(db: Db, ids: string[]): Promise<Map<string, Member>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(memberColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One page of a member's posts, newest first. With `before` (the last post the client holds) the page
 * starts right after it by (created_at, id), so posts written meanwhile never shift it.
 */
export async function postsOf(
  db: Db,
  viewer: string,
  authorId: string,
  page: { offset: number; limit: number; before?: { post_id: string; timestamp: string } | undefined },
): Promise<PostRecord[]> {
  const after = page.before
    ? sql`(${posts.createdAt}, ${posts.id}) < (coalesce((select p.created_at from posts p where p.id = ${page.before.post_id}), ${page.before.timestamp}::timestamptz), ${page.before.post_id}::uuid)`
    : undefined;
  const rows = await db
    .select(recordFields(viewer))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    // A profile shows the member's posts but those moderators removed, of a limited member only to
    // followers, and only those whose audience takes the viewer in.
    .where(
      and(
        eq(posts.authorId, authorId),
        after,
        isNull(posts.removedAt),
        limitAllows(viewer, posts.authorId),
        audienceAllows(viewer, posts.authorId, posts.audience),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(page.limit)
    .offset(page.before ? 0 : page.offset);
  return rows.map(normaliseRecord);
}
