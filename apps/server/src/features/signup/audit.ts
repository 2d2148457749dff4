/**
 * The admins' sign-up decisions go into the one append-only audit log (moderation_log) like every staff
 * action: approving or rejecting a request to join, changing the sign-up settings, revoking another's invite.
 */
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { moderationLog } from '../../db/schema.js';

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];
type Writer = Pick<Tx, 'insert'>;

/** The site itself, as the target of a settings change (the log names a target id). */
export const SITE_ID = '00000000-0000-0000-0000-000000000000';

export async function logStaffAction(
  db: Writer,
  actorId: string,
  action: 'approve-signup' | 'reject-signup' | 'signup-settings' | 'revoke-invite',
  target: { kind: string; id: string; member?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(moderationLog).values({
    id: randomUUID(),
    actorId,
    action,
    targetKind: target.kind,
    targetId: target.id,
    targetMemberId: target.member ?? null,
    details: target.details ?? {},
  });
}
