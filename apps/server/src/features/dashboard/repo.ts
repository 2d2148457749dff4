/**
 * The dashboard's figures, read in a few statements. Days are calendar days in the server's time zone
 * (TIME_ZONE), computed by the database from its own clock. What each statement reads, and why it is cheap:
 * - per day: posts (posts_created_idx), messages (messages_created_idx), clips and new members (small
 *   tables: reels, users), counted in the database and grouped per day, never loaded;
 * - members and activity: one pass over users and one over sessions (a member's `last_seen_at` is set at
 *   sign-in and whenever a socket of theirs connects, at most every 5 minutes: realtime/handshake.ts);
 * - totals: the post counter kept by a trigger (post_counts), ready clips by their status index;
 * - reports: open ones by reports_status_created_idx; storage: one sum over files.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardDay } from '@sajha/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** The start of the calendar day `back` days before today, in `tz`, as a timestamptz. */
const dayStart = (tz: string, back: number): SQL =>
  sql`((((now() at time zone ${tz})::date - ${back}::int)::timestamp) at time zone ${tz})`;

/** The local calendar day of a timestamptz column. */
const localDay = (tz: string, column: SQL): SQL => sql`(${column} at time zone ${tz})::date`;

/** Made per day over the last `days` days, today last; a day with nothing made is there with zeros. */
export async function madePerDay(db: Db, tz: string, days: number): Promise<DashboardDay[]> {
  const since = dayStart(tz, days - 1);
  const day = (column: string) => localDay(tz, sql.raw(column));
  return rowsOf<DashboardDay>(
    await db.execute(sql`
      with made as (
        select 'member' as kind, ${day('created_at')} as day, count(*)::int as n from users
          where created_at >= ${since} and deleted_at is null and email_verified_at is not null group by 2
        union all
        select 'post', ${day('created_at')}, count(*)::int from posts where created_at >= ${since} group by 2
        union all
        select 'clip', ${day('created_at')}, count(*)::int from reels
          where created_at >= ${since} and status <> 'failed' group by 2
        union all
        select 'message', ${day('created_at')}, count(*)::int from messages
          where created_at >= ${since} and not notice group by 2
      ), calendar as (
        select generate_series(
          (now() at time zone ${tz})::date - ${days - 1}::int,
          (now() at time zone ${tz})::date,
          interval '1 day'
        )::date as day
      )
      select to_char(c.day, 'YYYY-MM-DD') as day,
        coalesce(sum(m.n) filter (where m.kind = 'member'), 0)::int as "newMembers",
        coalesce(sum(m.n) filter (where m.kind = 'post'), 0)::int as posts,
        coalesce(sum(m.n) filter (where m.kind = 'clip'), 0)::int as clips,
        coalesce(sum(m.n) filter (where m.kind = 'message'), 0)::int as messages
      from calendar c left join made m on m.day = c.day
      group by c.day
      order by c.day`),
  );
}

export interface MemberCounts {
  total: number;
  newToday: number;
  new7Days: number;
  activeToday: number;
  active7Days: number;
  active30Days: number;
}

/** Verified accounts not deleted, the new ones, and those whose session was used today, this week, this month. */
export async function memberCounts(db: Db, tz: string): Promise<MemberCounts> {
  const [today, week, month] = [dayStart(tz, 0), dayStart(tz, 6), dayStart(tz, 29)];
  const [row] = rowsOf<MemberCounts>(
    await db.execute(sql`
      select m.*, a.* from (
        select count(*)::int as total,
          count(*) filter (where created_at >= ${today})::int as "newToday",
          count(*) filter (where created_at >= ${week})::int as "new7Days"
        from users where deleted_at is null and email_verified_at is not null
      ) m, (
        select count(distinct user_id) filter (where last_seen_at >= ${today})::int as "activeToday",
          count(distinct user_id) filter (where last_seen_at >= ${week})::int as "active7Days",
          count(distinct user_id)::int as "active30Days"
        from sessions where last_seen_at >= ${month}
      ) a`),
  );
  return row!;
}

/** Posts there are (removed ones included: the trigger-kept counter) and ready clips. */
export async function contentTotals(db: Db): Promise<{ posts: number; clips: number }> {
  const [row] = rowsOf<{ posts: number; clips: number }>(
    await db.execute(sql`
      select coalesce((select n from post_counts where category = 'all'), 0)::int as posts,
        (select count(*) from reels where status = 'ready')::int as clips`),
  );
  return row!;
}

export interface OpenReports {
  open: number;
  openItems: number;
  oldestOpenAt: Date | string | null;
  oldestOpenAgeSeconds: number | null;
}

export async function openReports(db: Db): Promise<OpenReports> {
  const [row] = rowsOf<OpenReports>(
    await db.execute(sql`
      select count(*)::int as open, count(distinct target_key)::int as "openItems",
        min(created_at) as "oldestOpenAt",
        floor(extract(epoch from now() - min(created_at)))::float8 as "oldestOpenAgeSeconds"
      from reports where status = 'open'`),
  );
  return row!;
}

/** Bytes of stored uploads, as recorded when each was stored (a video's poster frame is not counted). */
export async function storedFiles(db: Db): Promise<{ bytes: number; files: number }> {
  const [row] = rowsOf<{ bytes: number; files: number }>(
    await db.execute(sql`select coalesce(sum(bytes), 0)::float8 as bytes, count(*)::int as files from files`),
  );
  return row!;
}
