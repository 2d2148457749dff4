/**
 * Rows written before search existed (or restored from an older backup) have no lexemes: a pass after
 * start fills them in batches, newest first, off the request path. Each batch is one read and one update
 * by primary key; it stops when nothing is left. Rows written since have their lexemes from the write.
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { rowsOf, textArray } from '../../db/rows.js';
import { searchLexemes, tagsOf } from '../../platform/search-index.js';

const BATCH = 500;

interface Source {
  table: 'posts' | 'reels' | 'messages' | 'users';
  /** The texts of a row, as selected. */
  select: string;
  texts: (row: Record<string, string>) => string[];
  tags: boolean;
}

const SOURCES: Source[] = [
  { table: 'posts', select: 'content', texts: (r) => [r.content!], tags: true },
  { table: 'reels', select: "title || ' ' || description as content", texts: (r) => [r.content!], tags: true },
  { table: 'messages', select: 'content', texts: (r) => [r.content!], tags: false },
  { table: 'users', select: "name || ' ' || username as content", texts: (r) => [r.content!], tags: false },
];

async function fillOne(deps: AppDeps, src: Source): Promise<number> {
  const rows = rowsOf<Record<string, string>>(
    await deps.db.execute(
      sql.raw(`select id, ${src.select} from ${src.table} where search_terms is null order by id limit ${BATCH}`),
    ),
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id!);
  const terms = rows.map((r) => searchLexemes(...src.texts(r)).join(' '));
  const tagLists = rows.map((r) => (src.tags ? tagsOf(r.content!) : []));
  const allTags = [...new Set(tagLists.flat())];
  if (allTags.length > 0) {
    await deps.db.execute(sql`
      insert into hashtags (name, search_terms)
      select t, array_to_tsvector(string_to_array(k, ' '))
      from unnest(${textArray(allTags)}, ${textArray(allTags.map((t) => searchLexemes(t).join(' ')))}) as x(t, k)
      on conflict do nothing`);
  }
  const table = sql.raw(src.table);
  const setTags = src.tags ? sql`, tags = string_to_array(v.tags, ' ')` : sql``;
  await deps.db.execute(sql`
    update ${table} x set search_terms = array_to_tsvector(string_to_array(v.terms, ' '))${setTags}
    from unnest(${textArray(ids)}::uuid[], ${textArray(terms)}, ${textArray(tagLists.map((t) => t.join(' ')))})
      as v(id, terms, tags)
    where x.id = v.id`);
  return rows.length;
}

/** Fills every table's missing lexemes; answers how many rows it indexed. */
export async function backfillSearch(deps: AppDeps, stopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  for (const src of SOURCES) {
    for (;;) {
      if (stopped()) return total;
      const n = await fillOne(deps, src);
      total += n;
      if (n < BATCH) break;
    }
  }
  return total;
}
