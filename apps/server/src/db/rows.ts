import { sql, type SQL } from 'drizzle-orm';

/** Rows of a raw `db.execute` from PGlite and node-postgres alike (`{ rows }`, or an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * A `text[]` parameter, bound whole: an array written straight into `sql` would be spread into a row of
 * parameters. Cast it for other element types (`${textArray(ids)}::uuid[]`).
 */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param(values)}::text[]`;
