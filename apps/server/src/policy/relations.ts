/**
 * Relations between two members: the one lower module every area asks "is there a block between these
 * two, does one follow the other, are they friends?". A block is stored one way but its effects apply
 * both ways; areas never read the blocks or follows tables for that question themselves. Lists filter
 * through the SQL fragments here (in the query, not after loading), single checks through `between`.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Audience, ContactPolicy } from '@sajha/contract';
import type { Database } from '../db/client.js';
import { blocks, follows, mutes, users } from '../db/schema.js';

/** What `actor` is to `other`. */
export interface Relation {
  /** The same member. */
  self: boolean;
  /** The actor muted the other (hides their work from the actor; not a block). */
  muting: boolean;
  /** The actor has blocked the other. */
  blocking: boolean;
  /** The other has blocked the actor. */
  blockedBy: boolean;
  /** A block either way. */
  blocked: boolean;
  /** The actor follows the other. */
  follows: boolean;
  /** The other follows the actor. */
  followedBy: boolean;
  /** Both follow each other. */
  friends: boolean;
}

/** Nothing between two members (a visitor, or a resource with no owner). */
export const NO_RELATION: Relation = {
  self: false,
  muting: false,
  blocking: false,
  blockedBy: false,
  blocked: false,
  follows: false,
  followedBy: false,
  friends: false,
};
const SELF: Relation = { ...NO_RELATION, self: true };

export interface Relations {
  /** What `actor` is to `other`, in one query (none for the same member). */
  between(actor: string, other: string): Promise<Relation>;
  /** A block either way between two members. */
  blockedEitherWay(a: string, b: string): Promise<boolean>;
  /** Everyone on either side of a block with `userId`: who must not hear of what they do. */
  blockedWith(userId: string): Promise<string[]>;
  /** The members who blocked `userId` (one way: not those `userId` blocked). */
  blockersOf(userId: string): Promise<string[]>;
}

/** A boolean column as either driver answers it. */
const yes = (v: unknown): boolean => v === true || v === 't';

/**
 * The five probes of `between` ($1 the actor, $2 the other member) as one statement's text, written once
 * from the schema: asked on every chat message (its send is authorised, its delivery checked for a block),
 * it goes as a named prepared statement (Database.prepared) instead of being built anew by the query
 * builder on each call, which was about a twelfth of what the server allocated per message.
 */
const BETWEEN = new PgDialect().sqlToQuery(sql`select
  exists(select 1 from ${blocks} where ${blocks.blockerId} = ${sql.raw('$1')} and ${blocks.blockedId} = ${sql.raw('$2')}) as blocking,
  exists(select 1 from ${blocks} where ${blocks.blockerId} = ${sql.raw('$2')} and ${blocks.blockedId} = ${sql.raw('$1')}) as blocked_by,
  exists(select 1 from ${follows} where ${follows.followerId} = ${sql.raw('$1')} and ${follows.followeeId} = ${sql.raw('$2')}) as follows,
  exists(select 1 from ${follows} where ${follows.followerId} = ${sql.raw('$2')} and ${follows.followeeId} = ${sql.raw('$1')}) as followed_by,
  exists(select 1 from ${mutes} where ${mutes.muterId} = ${sql.raw('$1')} and ${mutes.mutedId} = ${sql.raw('$2')}) as muting`).sql;

export function createRelations({ db, prepared }: Pick<Database, 'db' | 'prepared'>): Relations {
  return {
    async between(actor, other) {
      if (actor === other) return SELF;
      const { rows } = await prepared('relations_between', BETWEEN, [actor, other]);
      const [row] = rows as {
        blocking: unknown;
        blocked_by: unknown;
        follows: unknown;
        followed_by: unknown;
        muting: unknown;
      }[];
      const blocking = yes(row?.blocking);
      const blockedBy = yes(row?.blocked_by);
      const f = yes(row?.follows);
      const fb = yes(row?.followed_by);
      return {
        self: false,
        muting: yes(row?.muting),
        blocking,
        blockedBy,
        blocked: blocking || blockedBy,
        follows: f,
        followedBy: fb,
        friends: f && fb,
      };
    },

    async blockedEitherWay(a, b) {
      if (a === b) return false;
      const [row] = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async blockedWith(userId) {
      const rows = await db
        .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
        .from(blocks)
        .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
      return rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId));
    },

    async blockersOf(userId) {
      const rows = await db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, userId));
      return rows.map((r) => r.id);
    },
  };
}

type Member = string | AnyPgColumn | SQL;

/**
 * A filter for queries that list members or what they made (feeds, search, suggestions, mentions,
 * presence): keeps only rows whose member has no block with `viewerId`, either way. Two primary-key
 * probes per row.
 */
export function notBlockedWith(viewerId: Member, userId: Member): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${userId}) or (${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${viewerId}))`;
}

/** True in SQL when `blocker` has blocked `blocked` (one way). */
export function hasBlocked(blocker: Member, blocked: Member): SQL {
  return sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blocker} and ${blocks.blockedId} = ${blocked})`;
}

/**
 * What a member's feeds and threads show of an author's work: nothing across a block either way, nothing
 * of an author the viewer muted, and of an author moderators limited only what their followers see.
 */
export function seesWorkOf(viewerId: string, authorId: AnyPgColumn | SQL): SQL {
  return sql`(${notBlockedWith(viewerId, authorId)}
    and not exists (select 1 from ${mutes} where ${mutes.muterId} = ${viewerId} and ${mutes.mutedId} = ${authorId})
    and ${limitAllows(viewerId, authorId)})`;
}

/** Of an author moderators limited, only their followers (and they themselves) see their work. */
export function limitAllows(viewerId: string, authorId: AnyPgColumn | SQL): SQL {
  return sql`(${authorId} = ${viewerId}
    or not exists (select 1 from ${users} lu where lu.id = ${authorId} and lu.limited_at is not null)
    or exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${authorId}))`;
}

/**
 * Who sees a post or clip (issue 38), in SQL: its author; anyone for 'public' (but of a private account
 * only approved followers); followers for 'followers'; mutual follows for 'friends'; nobody else for
 * 'only_me'. `viewerId` is a member's id, or NIL_ID for a visitor. Lists combine it with seesWorkOf
 * (`seesPost`); one post's actions ask `audienceAdmits` with the relation the policy already loaded.
 */
export function audienceAllows(viewerId: Member, authorId: AnyPgColumn | SQL, audience: AnyPgColumn | SQL): SQL {
  const follows_ = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${authorId})`;
  // Public posts of public accounts first: a hashed set of the (few) private accounts, no per-row probe.
  return sql`((${audience} = 'public' and ${authorId} not in (select pa.id from ${users} pa where pa.private_account))
    or ${authorId} = ${viewerId}
    or (${audience} in ('public', 'followers') and ${follows_})
    or (${audience} = 'friends' and ${follows_}
      and exists (select 1 from ${follows} where ${follows.followerId} = ${authorId} and ${follows.followeeId} = ${viewerId})))`;
}

/** seesWorkOf and the audience: what every list of posts or clips filters by. */
export function seesPost(viewerId: string, authorId: AnyPgColumn | SQL, audience: AnyPgColumn | SQL): SQL {
  return sql`(${seesWorkOf(viewerId, authorId)} and ${audienceAllows(viewerId, authorId, audience)})`;
}

/** The id a visitor is in queries that compare member ids (it names no member). */
export const NIL_ID = '00000000-0000-0000-0000-000000000000';

/** audienceAllows for one post whose author's relation to the viewer is known. */
export function audienceAdmits(relation: Relation, audience: Audience, authorPrivate: boolean): boolean {
  if (relation.self) return true;
  switch (audience) {
    case 'public':
      return !authorPrivate || relation.follows;
    case 'followers':
      return relation.follows;
    case 'friends':
      return relation.friends;
    default:
      return false;
  }
}

/**
 * Whether a member's contact setting (who may message or call them) lets `relation`'s actor in;
 * `relation` is the actor's to that member, so "people I follow" is the member following the actor.
 */
export function contactAdmits(relation: Relation, setting: ContactPolicy): boolean {
  if (relation.self) return true;
  switch (setting) {
    case 'everyone':
      return true;
    case 'following':
      return relation.followedBy;
    case 'friends':
      return relation.friends;
    default:
      return false;
  }
}

/**
 * A member whose work lists show: not suspended (until the suspension ends), not banned, not deleted.
 * Search and discovery read through it; a sanction hides the member's work there at once.
 */
export function inGoodStanding(userId: AnyPgColumn | SQL): SQL {
  // NOT IN over the few sanctioned members (a partial index holds them): one hashed set per query, never
  // a join that reads every member.
  return sql`${userId} not in (select gs.id from ${users} gs where gs.deleted_at is not null
    or gs.banned_at is not null or gs.suspended_until > now())`;
}

/**
 * inGoodStanding read off a member's own row (`alias`: the users row in the query), for a query that has
 * the row already: three columns instead of the set of sanctioned members.
 */
export function rowInGoodStanding(alias: SQL): SQL {
  return sql`(${alias}.deleted_at is null and ${alias}.banned_at is null
    and (${alias}.suspended_until is null or ${alias}.suspended_until <= now()))`;
}
