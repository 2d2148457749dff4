/** Rows of a raw `db.execute` from PGlite and node-postgres alike (`{ rows }`, or an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
