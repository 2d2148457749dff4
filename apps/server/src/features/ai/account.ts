/** The assistant's part of a member's account: their kept conversation (exported, then deleted). */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { aiMessages } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';
import { conversation } from './repo.js';

export async function exportAi(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const rows = await conversation(deps.db, userId);
  out.json(
    'assistant.json',
    'assistant',
    rows.map((r) => ({ role: r.role, content: r.content, createdAt: r.createdAt })),
  );
}

export async function deleteAi(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(aiMessages).where(eq(aiMessages.userId, userId));
}
