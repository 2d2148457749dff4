/** Saved's part of a member's account: exported as (kind, id, when); deleted with the member. */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { savedItems } from '../../db/schema.js';
import { after, byKeyset, EXPORT_PAGE, type AccountExport } from '../../account.js';

export function exportSaved(deps: AppDeps, userId: string, out: AccountExport): void {
  const keys = { createdAt: savedItems.createdAt, id: savedItems.subjectId };
  out.rows('saved.json', 'saved', (cursor) =>
    deps.db
      .select({
        kind: savedItems.kind,
        id: savedItems.subjectId,
        savedAt: savedItems.createdAt,
        _at: savedItems.createdAt,
        _id: savedItems.subjectId,
      })
      .from(savedItems)
      .where(and(eq(savedItems.userId, userId), after(keys, cursor)))
      .orderBy(...byKeyset(keys))
      .limit(EXPORT_PAGE),
  );
}

export async function deleteSaved(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(savedItems).where(eq(savedItems.userId, userId));
}
