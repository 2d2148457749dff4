/**
 * Search queries. Every list reads through `relations` in SQL (blocks either way, mutes, limited authors),
 * leaves out removed content and members who are suspended, banned or deleted, and only then pages: a
 * result a member may not see is never counted, loaded or shown.
 *
 * Posts: the newest matches (up to CANDIDATES, through the GIN index on the lexemes) are ranked by how well
 * they match, how recent they are and whether the searcher follows the author. People: a prefix of the
 * name or username, trigram similarity (misspellings), or the lexemes (another script). Tags likewise.
 * Messages: only chats the searcher is in, newest first.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { notHiddenFrom } from '../chat/index.js';
import { inGoodStanding, notBlockedWith, rowInGoodStanding, seesPost } from '../../policy/relations.js';
import type { SearchQuery } from '../../platform/search-index.js';

/**
 * How many of the newest matching posts (or clips) are ranked; older matches rank below any of these
 * anyway. The posts and clips tabs so serve at most this many results: five pages.
 */
const CANDIDATES = 100;

const likePattern = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Where the newest matching posts are looked for, until CANDIDATES are found. First among the newest
 * RECENT_SCAN posts, read in date order without the word index: a common word ("k cha") fills its
 * candidates there at once, where its GIN posting lists would run to a large share of all posts. What
 * that scan found tells the rest (a word's share of the newest posts, and how many days they span):
 * - a word nearly common enough reads a longer stretch of the newest posts the same way (up to RECENT_MAX);
 * - a rarer word goes through the word index, within a date window or across all posts, whichever is
 *   expected to cost less: a window reads an index entry per post in its range to save reading the
 *   matches outside it, and a match's row costs about ROW_COST index entries (so a word expected to match
 *   a few thousand posts is cheaper to read through a week's range than whole). Only windows expected to
 *   hold CANDIDATES with room to spare (MARGIN) are chosen; one that falls short is widened.
 */
const RECENT_SCAN = 3000;
const RECENT_MAX = 12_000;
const WINDOWS_DAYS = [7, 60] as const;
/** How many more matches than CANDIDATES a window is chosen to hold (the estimate is rough). */
const MARGIN = 1.5;
/**
 * What reading a match's row costs, in entries of a date range read from the index (measured on
 * PostgreSQL at 1M posts: about 4 µs a row, scattered over the table, against 0.04 µs an entry).
 */
const ROW_COST = 100;

type PostSource = { newest: number } | { days: number | null };

interface Candidates {
  ids: string[];
  found: number;
}

/** One try: the page of the best among the newest CANDIDATES matches in `source`. */
async function postCandidates(
  db: Db,
  viewerId: string,
  q: SearchQuery & { tsquery: string },
  source: PostSource,
  offset: number,
  limit: number,
): Promise<Candidates> {
  const from =
    'newest' in source ? sql`(select * from posts order by created_at desc limit ${source.newest}) p` : sql`posts p`;
  const since =
    'days' in source && source.days !== null
      ? sql`and p.created_at > now() - make_interval(days => ${source.days})`
      : sql``;
  // The count comes with every page, an empty one too (a later page must not read as "nothing found").
  const [row] = rowsOf<{ ids: string[] | null; n: number | string }>(
    await db.execute(sql`
      with c as materialized (
        select p.id, p.author_id, p.created_at, p.search_terms
        from ${from}
        where p.search_terms @@ ${q.tsquery}::tsquery ${since}
          and p.removed_at is null
          and ${seesPost(viewerId, sql`p.author_id`, sql`p.audience`)}
          and ${inGoodStanding(sql`p.author_id`)}
        order by p.created_at desc
        limit ${CANDIDATES}
      )
      select (select count(*) from c) as n, array(
        select c.id::text from c
        order by ts_rank(c.search_terms, ${q.tsquery}::tsquery)
            * (case when exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = c.author_id)
                then 1.5 else 1 end)
            / (1 + extract(epoch from now() - c.created_at) / 604800.0) desc,
          c.created_at desc
        limit ${limit} offset ${offset}) as ids`),
  );
  return { ids: row?.ids ?? [], found: Number(row?.n ?? 0) };
}

/** How many posts there are (the planner's estimate), and how many days the newest RECENT_SCAN span (null: fewer posts). */
async function postsShape(db: Db): Promise<{ total: number; spanDays: number | null }> {
  const [row] = rowsOf<{ total: number | string; span: number | string | null }>(
    await db.execute(sql`
      select (select reltuples from pg_class where oid = 'posts'::regclass) as total,
        extract(epoch from now() - (select created_at from posts order by created_at desc
          offset ${RECENT_SCAN - 1} limit 1)) / 86400.0 as span`),
  );
  return { total: Math.max(0, Number(row?.total ?? 0)), spanDays: row?.span == null ? null : Number(row.span) };
}

/** The posts matching `q` that the viewer may see, best first: one page of ids. */
export async function searchPostIds(
  db: Db,
  viewerId: string,
  q: SearchQuery,
  offset: number,
  limit: number,
): Promise<string[]> {
  if (!q.tsquery) return [];
  const query = { ...q, tsquery: q.tsquery };
  const [recent, shape] = await Promise.all([
    postCandidates(db, viewerId, query, { newest: RECENT_SCAN }, offset, limit),
    postsShape(db),
  ]);
  // Enough found, or the scan read every post there is.
  if (recent.found >= CANDIDATES || shape.spanDays === null) return recent.ids;
  const share = recent.found / RECENT_SCAN;
  const newest = share > 0 ? Math.ceil((MARGIN * CANDIDATES) / share) : Infinity;
  if (newest <= RECENT_MAX) {
    const longer = await postCandidates(db, viewerId, query, { newest }, offset, limit);
    if (longer.found >= CANDIDATES) return longer.ids;
  }
  const perDay = RECENT_SCAN / Math.max(shape.spanDays, 1 / 24);
  const everywhere = share * shape.total;
  const costOf = (days: number | null) => {
    if (days === null) return ROW_COST * everywhere;
    const inRange = Math.min(perDay * days, shape.total);
    return inRange + ROW_COST * Math.min(share * inRange, everywhere);
  };
  const enough = [...WINDOWS_DAYS.filter((days) => share * perDay * days >= MARGIN * CANDIDATES), null];
  const cheapest = enough.reduce((best, days) => (costOf(days) < costOf(best) ? days : best));
  // The cheapest first, then wider ones should it fall short.
  const windows = enough.slice(enough.indexOf(cheapest));
  for (const days of windows) {
    const tried = await postCandidates(db, viewerId, query, { days }, offset, limit);
    if (days === null || tried.found >= CANDIDATES) return tried.ids;
  }
  return [];
}

/** Clips matching `q`, ready and visible, ranked like posts. */
export async function searchClipIds(
  db: Db,
  viewerId: string,
  q: SearchQuery,
  offset: number,
  limit: number,
): Promise<string[]> {
  if (!q.tsquery) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with c as (
        select r.id, r.author_id, r.created_at, r.search_terms
        from reels r
        where r.search_terms @@ ${q.tsquery}::tsquery
          and r.status = 'ready' and r.removed_at is null
          and ${seesPost(viewerId, sql`r.author_id`, sql`r.audience`)}
          and ${inGoodStanding(sql`r.author_id`)}
        order by r.created_at desc
        limit ${CANDIDATES}
      )
      select c.id from c
      order by ts_rank(c.search_terms, ${q.tsquery}::tsquery)
          / (1 + extract(epoch from now() - c.created_at) / 604800.0) desc,
        c.created_at desc
      limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => r.id);
}

export interface PersonRow {
  id: string;
  name: string;
  username: string;
  avatar: string | null;
  bio: string;
  following: unknown;
}

/** How many members each way of matching may offer before they are ranked. */
const PEOPLE_EACH = 40;
/** The shortest text matched by trigram similarity. */
const TRIGRAM_MIN = 4;

/**
 * Members matching `q` (prefix, misspelt, or in another script), people the viewer follows first among
 * equals. Each way of matching is its own branch on its own index (prefix: btree; misspelt: trigram GIN;
 * another script: the lexemes' GIN; the viewer's follows: their rows), each capped, so a common name never
 * makes the query score every member; only the union is ranked.
 */
export async function searchPeople(
  db: Db,
  viewerId: string,
  q: SearchQuery,
  offset: number,
  limit: number,
): Promise<PersonRow[]> {
  const text = q.text.replace(/^@/, '');
  if (!text) return [];
  // Usernames are compared with the text as typed ('_' and '.' are part of a username, not word breaks).
  const handle = q.handle || text;
  const prefix = likePattern(text);
  const handlePrefix = likePattern(handle);
  const lexemes: SQL = q.tsquery ? sql`u.search_terms @@ ${q.tsquery}::tsquery` : sql`false`;
  // Trigram similarity only when a word has TRIGRAM_MIN letters: trigrams are taken word by word, and a
  // shorter word ("rai", the "s" of "rai.s") shares one with most names while its prefix already finds them.
  const fuzzy = text.split(/[^\p{L}\p{M}\p{N}]+/u).some((w) => [...w].length >= TRIGRAM_MIN);
  // A misspelt username is matched by strict word similarity (`<<%`: the share of the typed text's
  // trigrams found in a word-aligned part of the username, at least 0.5), not by `%` (the share of both
  // texts' trigrams, at least 0.3): the index then offers only usernames sharing half the typed trigrams,
  // where `%` offered every username sharing three ("475", "75 " and one more: thousands of rechecks).
  const usernameNear = sql`${handle} <<% lower(u.username)`;
  // Wrapped in a CASE so the planner does not estimate each way of matching for the viewer's few follows
  // (it would run the trigram operators over the column statistics: ~2 ms of planning for ~20 rows).
  const matches = sql`(case when lower(u.username) like ${handlePrefix} or lower(u.name) like ${prefix}
    ${fuzzy ? sql`or ${usernameNear} or lower(u.name) % ${text} or ${text} <% lower(u.name)` : sql``}
    or ${lexemes} then true else false end)`;
  // The trigram scans are the last resort, run only when nobody has the text as their username (a text
  // that is someone's exact username names who the member wants) and the words found fewer than
  // PEOPLE_EACH members: a misspelt name word is corrected before this (spelling.ts), so "tamng" already
  // finds the Tamangs through the lexemes, where a trigram scan would read every name near "tamng". What
  // is left to them: usernames (with digits or '_', never in the vocabulary), names joined in the last
  // minute, names written run together. Both conditions are one-time filters: the planner skips the scans.
  // Each is a materialized CTE, planned to read all its matches through the trigram index: under a LIMIT
  // the planner would bet on a sequential scan stopping early, and read most members when matches are few.
  // A query of several words that the lexemes read (members found by every word) is left to them: the
  // scans would only add names sharing letters with the whole phrase.
  const fewFound =
    q.words.length > 1 ? sql`not exists (select 1 from lexical)` : sql`(select count(*) from lexical) < ${PEOPLE_EACH}`;
  const fallback = sql`not exists (select 1 from exact) and ${fewFound}`;
  const trigramCtes = fuzzy
    ? sql`, fuzzy_username as materialized (
          select u.id from users u where ${usernameNear} and ${fallback}),
        fuzzy_name as materialized (
          select u.id from users u where ${text} <% lower(u.name) and ${fallback})`
    : sql``;
  const trigrams = fuzzy
    ? sql`union (select id from fuzzy_username limit ${PEOPLE_EACH})
        union (select id from fuzzy_name limit ${PEOPLE_EACH})`
    : sql``;
  return rowsOf<PersonRow>(
    await db.execute(sql`
      with exact as materialized (select u.id from users u where lower(u.username) = ${handle}),
      lexical as materialized (select u.id from users u where ${lexemes} limit ${PEOPLE_EACH})
      ${trigramCtes},
      cand as (
        (select id from exact)
        -- In the prefix indexes' own order: the planner then reads them whatever it guesses of the count.
        union (select u.id from users u where lower(u.username) like ${handlePrefix}
          order by lower(u.username) using ~<~ limit ${PEOPLE_EACH})
        union (select u.id from users u where lower(u.name) like ${prefix}
          order by lower(u.name) using ~<~ limit ${PEOPLE_EACH})
        union (select id from lexical)
        ${trigrams}
        union (select u.id from follows f join users u on u.id = f.followee_id
          where f.follower_id = ${viewerId} and ${matches})
      )
      select u.id, u.name, u.username, u.avatar, u.bio,
        exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id) as following
      -- Each candidate by its primary key (the LIMIT keeps the planner from hashing every member instead).
      from cand cross join lateral (select * from users x where x.id = cand.id limit 1) u
      where u.email_verified_at is not null
        and ${rowInGoodStanding(sql`u`)}
        and ${notBlockedWith(viewerId, sql`u.id`)}
      order by
        (case when lower(u.username) = ${handle} then 2 else 0 end)
        + (case when lower(u.username) like ${handlePrefix} or lower(u.name) like ${prefix} then 1 else 0 end)
        + greatest(similarity(lower(u.username), ${handle}), similarity(lower(u.name), ${text}),
            word_similarity(${text}, lower(u.name)), case when ${lexemes} then 0.6 else 0 end)
        + (case when exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)
            then 0.5 else 0 end) desc,
        u.username
      limit ${limit} offset ${offset}`),
  );
}

export interface TagRow {
  name: string;
  uses: number | string;
  followed: unknown;
}

/** Tags matching `q` ('#' or not, misspelt, or in another script), exact and busy ones first. */
export async function searchTags(
  db: Db,
  viewerId: string,
  q: SearchQuery,
  offset: number,
  limit: number,
): Promise<TagRow[]> {
  const text = q.words.join('');
  if (!text) return [];
  const prefix = likePattern(text);
  const lexemes: SQL = q.tsquery ? sql`h.search_terms @@ ${q.tsquery}::tsquery` : sql`false`;
  return rowsOf<TagRow>(
    await db.execute(sql`
      select h.name, h.uses,
        exists (select 1 from tag_follows tf where tf.user_id = ${viewerId} and tf.tag = h.name) as followed
      from hashtags h
      where h.uses > 0 and (h.name like ${prefix} or h.name % ${text} or ${lexemes})
      order by (case when h.name = ${text} then 2 else 0 end)
        + (case when h.name like ${prefix} then 1 else 0 end)
        + greatest(similarity(h.name, ${text}), case when ${lexemes} then 0.6 else 0 end)
        + ln(1 + h.uses) / 10 desc,
        h.name
      limit ${limit} offset ${offset}`),
  );
}

export interface MessageRow {
  id: string;
  chat_id: string;
  chat_kind: 'direct' | 'group';
  chat_name: string | null;
  content: string;
  at: string;
  sender_name: string;
  sender_username: string;
  sender_avatar: string | null;
}

/**
 * The viewer's own messages matching `q`: chats they are in (one chat when `chatId`), never a message of
 * a member blocked either way, nor a direct chat whose other member blocked them, nor group notices.
 */
export async function searchMessages(
  db: Db,
  viewerId: string,
  q: SearchQuery,
  chatId: string | undefined,
  offset: number,
  limit: number,
): Promise<MessageRow[]> {
  if (!q.tsquery) return [];
  return rowsOf<MessageRow>(
    await db.execute(sql`
      select m.id, m.chat_id, c.kind as chat_kind,
        case when c.kind = 'group' then c.name else (
          select o.name from chat_members om join users o on o.id = om.user_id
          where om.chat_id = c.id and om.user_id <> ${viewerId} limit 1) end as chat_name,
        m.content, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        s.name as sender_name, s.username as sender_username, s.avatar as sender_avatar
      from chat_members cm
      join chats c on c.id = cm.chat_id
      -- Each of the viewer's chats newest first through (chat_id, created_at), the words checked on each
      -- row ("is true" keeps the word index out: a common word's GIN lists span most messages of all
      -- chats, while a member's own chats hold a few hundred).
      cross join lateral (
        select * from messages m
        where m.chat_id = cm.chat_id and (m.search_terms @@ ${q.tsquery}::tsquery) is true
          and m.notice = false and m.removed_at is null
          and (m.sender_id = ${viewerId} or ${notBlockedWith(viewerId, sql`m.sender_id`)})
          and ${notHiddenFrom(viewerId, sql`m.id`)}
        order by m.created_at desc
        limit ${offset + limit}
      ) m
      join users s on s.id = m.sender_id
      where cm.user_id = ${viewerId}
        ${chatId ? sql`and cm.chat_id = ${chatId}` : sql``}
        and not (c.kind = 'direct' and exists (
          select 1 from chat_members om join blocks b on b.blocker_id = om.user_id and b.blocked_id = ${viewerId}
          where om.chat_id = c.id and om.user_id <> ${viewerId}))
      order by m.created_at desc
      limit ${limit} offset ${offset}`),
  );
}

/** Members of a chat (for the policy: searching inside one chat is for its members). */
export async function chatMemberIds(db: Db, chatId: string): Promise<string[] | undefined> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`select user_id from chat_members where chat_id = ${chatId}`),
  );
  return rows.length > 0 ? rows.map((r) => r.user_id) : undefined;
}

/** A tag page: ids of the posts (or clips) carrying `tag` that the viewer may see, newest or top. */
export async function taggedIds(
  db: Db,
  viewerId: string,
  kind: 'post' | 'clip',
  tag: string,
  sort: 'new' | 'top',
  offset: number,
  limit: number,
): Promise<string[]> {
  const t = kind === 'post' ? sql`posts` : sql`reels`;
  const ready = kind === 'clip' ? sql`and x.status = 'ready'` : sql``;
  const order =
    sort === 'top'
      ? sql`x.like_count + x.comment_count + x.share_count desc, x.created_at desc`
      : sql`x.created_at desc`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select x.id from ${t} x
      where x.tags @> array[${tag}]::text[] and x.removed_at is null ${ready}
        and ${seesPost(viewerId, sql`x.author_id`, sql`x.audience`)} and ${inGoodStanding(sql`x.author_id`)}
      order by ${order}, x.id desc
      limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => r.id);
}

export async function tagRow(db: Db, viewerId: string, tag: string): Promise<TagRow> {
  const [row] = rowsOf<TagRow>(
    await db.execute(sql`
      select ${tag}::text as name, coalesce((select uses from hashtags where name = ${tag}), 0) as uses,
        exists (select 1 from tag_follows where user_id = ${viewerId} and tag = ${tag}) as followed`),
  );
  return row!;
}

export async function followedTags(db: Db, viewerId: string): Promise<TagRow[]> {
  return rowsOf<TagRow>(
    await db.execute(sql`
      select tf.tag as name, coalesce(h.uses, 0) as uses, true as followed
      from tag_follows tf left join hashtags h on h.name = tf.tag
      where tf.user_id = ${viewerId}
      order by tf.created_at desc`),
  );
}

export async function setTagFollow(db: Db, viewerId: string, tag: string, follow: boolean): Promise<void> {
  await db.execute(
    follow
      ? sql`insert into tag_follows (user_id, tag) values (${viewerId}, ${tag}) on conflict do nothing`
      : sql`delete from tag_follows where user_id = ${viewerId} and tag = ${tag}`,
  );
}

/**
 * Tags rising over the last `hours`: counted by distinct members who used them (on posts and clips), so
 * one member posting a tag a hundred times counts once.
 */
export async function trendingTags(
  db: Db,
  viewerId: string,
  hours: number,
  limit: number,
): Promise<(TagRow & { members: number | string })[]> {
  return rowsOf<TagRow & { members: number | string }>(
    await db.execute(sql`
      with used as (
        select unnest(p.tags) as tag, p.author_id from posts p
        where p.created_at > now() - make_interval(hours => ${hours}) and cardinality(p.tags) > 0
          and p.removed_at is null and ${inGoodStanding(sql`p.author_id`)}
          and ${notBlockedWith(viewerId, sql`p.author_id`)}
          and ${seesPost(viewerId, sql`p.author_id`, sql`p.audience`)}
        union all
        select unnest(r.tags), r.author_id from reels r
        where r.created_at > now() - make_interval(hours => ${hours}) and cardinality(r.tags) > 0
          and r.status = 'ready' and r.removed_at is null and ${inGoodStanding(sql`r.author_id`)}
          and ${notBlockedWith(viewerId, sql`r.author_id`)}
          and ${seesPost(viewerId, sql`r.author_id`, sql`r.audience`)}
      )
      select u.tag as name, count(distinct u.author_id) as members, coalesce(max(h.uses), 0) as uses,
        exists (select 1 from tag_follows tf where tf.user_id = ${viewerId} and tf.tag = u.tag) as followed
      from used u left join hashtags h on h.name = u.tag
      group by u.tag
      order by count(distinct u.author_id) desc, count(*) desc, u.tag
      limit ${limit}`),
  );
}

/**
 * Posts rising over the last `hours`: of recent posts that have any engagement, those the most distinct
 * members liked or commented on within the window (likes are one per member; comments counted by author).
 */
export async function trendingPostIds(db: Db, viewerId: string, hours: number, limit: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with recent as (
        select p.id from posts p
        where p.created_at > now() - make_interval(hours => ${hours * 2})
          and p.like_count + p.comment_count > 0 and p.removed_at is null
          and ${seesPost(viewerId, sql`p.author_id`, sql`p.audience`)} and ${inGoodStanding(sql`p.author_id`)}
        order by p.like_count + p.comment_count desc
        limit 200
      )
      select r.id from recent r
      cross join lateral (
        select count(distinct e.user_id) as n from (
          select l.user_id from likes l
          where l.kind = 'post' and l.subject_id = r.id and l.created_at > now() - make_interval(hours => ${hours})
          union all
          select c.author_id from comments c
          where c.kind = 'post' and c.subject_id = r.id and c.created_at > now() - make_interval(hours => ${hours})
        ) e
      ) m
      where m.n > 0
      order by m.n desc, r.id
      limit ${limit}`),
  );
  return rows.map((r) => r.id);
}

export async function recentSearches(db: Db, viewerId: string, kept: number): Promise<string[]> {
  const rows = rowsOf<{ query: string }>(
    await db.execute(sql`
      select query from recent_searches where user_id = ${viewerId} order by searched_at desc limit ${kept}`),
  );
  return rows.map((r) => r.query);
}

/** Remembers a search (the newest first), keeping the last `kept`: one statement. */
export async function rememberSearch(db: Db, viewerId: string, query: string, kept: number): Promise<void> {
  await db.execute(sql`
    with ins as (
      insert into recent_searches (user_id, query) values (${viewerId}, ${query})
      on conflict (user_id, query) do update set searched_at = now()
      returning query
    )
    delete from recent_searches where user_id = ${viewerId} and query <> ${query} and query not in (
      select query from recent_searches where user_id = ${viewerId} and query <> ${query}
      order by searched_at desc limit ${kept - 1})`);
}

export async function clearSearches(db: Db, viewerId: string): Promise<void> {
  await db.execute(sql`delete from recent_searches where user_id = ${viewerId}`);
}
