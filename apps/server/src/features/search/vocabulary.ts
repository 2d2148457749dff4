/**
 * The spelling vocabulary (`search_words`): the words and sound keys of public rows (posts, clips, names,
 * tags; never messages), added by a job every minute from the rows written or edited since its last run,
 * so writing a post never waits on it. A misspelling of a word first written in the last minute is not
 * corrected yet. Posts and clips are read by their creation time (indexed): words an edit brings in are
 * not added (the next post that uses them adds them). Words stay when their post goes: a word is not tied
 * to anyone.
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { rowsOf } from '../../db/rows.js';

const MARK = 'search.vocabulary';

/** Adds the words of rows changed since the last run (all rows with `all`); answers how many were new. */
export async function refreshVocabulary(deps: AppDeps, all = false): Promise<number> {
  const [mark] = rowsOf<{ at: string }>(
    await deps.db.execute(sql`select value->>'at' as at from server_settings where key = ${MARK}`),
  );
  const since = all || !mark ? '-infinity' : mark.at;
  const [now] = rowsOf<{ at: string }>(await deps.db.execute(sql`select now()::text as at`));
  const [added] = rowsOf<{ n: number | string }>(
    await deps.db.execute(sql`
      with changed as (
        select search_terms from posts where created_at >= ${since}::timestamptz and search_terms is not null
        union all select search_terms from reels where created_at >= ${since}::timestamptz and search_terms is not null
        union all select search_terms from users where updated_at >= ${since}::timestamptz and search_terms is not null
        union all select search_terms from hashtags where created_at >= ${since}::timestamptz
      ), ins as (
        insert into search_words (word)
        select distinct l.lexeme from changed c, unnest(c.search_terms) as l
        where char_length(l.lexeme) >= 4 and l.lexeme !~ '[0-9]'
        on conflict do nothing
        returning 1
      )
      select count(*) as n from ins`),
  );
  await deps.db.execute(sql`
    insert into server_settings (key, value) values (${MARK}, ${JSON.stringify({ at: now!.at })}::jsonb)
    on conflict (key) do update set value = excluded.value`);
  return Number(added?.n ?? 0);
}
