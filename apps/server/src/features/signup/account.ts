/**
 * Sign-up's part of a member's account. Exported: the invites they made and their request to join.
 * Deleted: the same; an invite they used stays used but no longer names them, and requests they decided
 * as an admin no longer name them either.
 */
import { eq } from 'drizzle-orm';
import type { AccountExport } from '../../account.js';
import type { AppDeps } from '../../deps.js';
import { invites, signupRequests } from '../../db/schema.js';

export async function exportSignup(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const { db } = deps;
  out.json(
    'invites.json',
    'invites',
    await db
      .select({
        code: invites.code,
        createdAt: invites.createdAt,
        expiresAt: invites.expiresAt,
        usedAt: invites.usedAt,
      })
      .from(invites)
      .where(eq(invites.createdBy, userId)),
  );
  const [request] = await db
    .select({ why: signupRequests.why, status: signupRequests.status, at: signupRequests.createdAt })
    .from(signupRequests)
    .where(eq(signupRequests.userId, userId));
  if (request) out.json('signup-request.json', 'signup request', request);
}

export async function deleteSignup(deps: AppDeps, userId: string): Promise<void> {
  const { db } = deps;
  await db.delete(invites).where(eq(invites.createdBy, userId));
  await db.update(invites).set({ usedBy: null }).where(eq(invites.usedBy, userId));
  await db.delete(signupRequests).where(eq(signupRequests.userId, userId));
  await db.update(signupRequests).set({ decidedBy: null }).where(eq(signupRequests.decidedBy, userId));
}
