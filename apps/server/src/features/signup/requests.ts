/**
 * The approval queue: requests to join, oldest first, with why each person wants to join. Approving lets
 * the member sign in and mails them so; rejecting keeps the account shut (sign-in says so). A rejected
 * request may still be approved later. Each decision is a row of the audit log.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { SignupMessages, type SignupRequestDto } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { signupRequests, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { logStaffAction } from './audit.js';
import { approvedMail } from './mails.js';
import { languageOf } from '../../platform/locale.js';

export type RequestStatus = 'pending' | 'rejected';

export async function listRequests(deps: AppDeps, status: RequestStatus): Promise<SignupRequestDto[]> {
  const rows = await deps.db
    .select({ request: signupRequests, user: users })
    .from(signupRequests)
    .innerJoin(users, eq(users.id, signupRequests.userId))
    .where(eq(signupRequests.status, status))
    .orderBy(status === 'pending' ? asc(signupRequests.createdAt) : desc(signupRequests.decidedAt))
    .limit(200);
  return rows.map(({ request, user }) => ({
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    why: request.why,
    emailVerified: Boolean(user.emailVerifiedAt),
    status: request.status,
    at: request.createdAt.toISOString(),
  }));
}

export async function decideRequest(deps: AppDeps, adminId: string, userId: string, approve: boolean): Promise<string> {
  const decided = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(signupRequests)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: adminId, decidedAt: new Date() })
      .where(
        and(
          eq(signupRequests.userId, userId),
          inArray(signupRequests.status, approve ? ['pending', 'rejected'] : ['pending']),
        ),
      )
      .returning({ userId: signupRequests.userId });
    if (!row) return false;
    await logStaffAction(tx, adminId, approve ? 'approve-signup' : 'reject-signup', {
      kind: 'member',
      id: userId,
      member: userId,
    });
    return true;
  });
  if (!decided) throw new AppError(SignupMessages.requestGone, 404);
  if (approve) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (user && !user.deletedAt) {
      await deps.jobs.send(
        'mail.send',
        approvedMail(user.email, user.name, `${deps.config.publicUrl}/signin`, languageOf(user).locale),
      );
    }
  }
  return approve ? SignupMessages.approved : SignupMessages.rejectedDone;
}
