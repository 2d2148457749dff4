/**
 * Privacy's part of a member's account: follow requests they made or received. Exported (who they asked,
 * who asked them) and deleted with the account. The settings themselves are columns of `users` (auth's).
 */
import { eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { followRequests } from '../../db/schema.js';
import type { AccountExport } from '../../feature.js';

export async function exportPrivacy(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const made = await deps.db
    .select({ to: followRequests.targetId, at: followRequests.createdAt })
    .from(followRequests)
    .where(eq(followRequests.requesterId, userId));
  const received = await deps.db
    .select({ from: followRequests.requesterId, at: followRequests.createdAt })
    .from(followRequests)
    .where(eq(followRequests.targetId, userId));
  out.json('follow-requests.json', 'followRequests', { made, received });
}

export async function deletePrivacy(deps: AppDeps, userId: string): Promise<void> {
  await deps.db
    .delete(followRequests)
    .where(or(eq(followRequests.requesterId, userId), eq(followRequests.targetId, userId)));
}
