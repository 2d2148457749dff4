/**
 * The board's part of a member's account. Exported: their suggestions and votes. Deleted: their votes
 * (each suggestion's count moved back) and their suggestions (with the votes others gave them).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { featureSuggestions, featureVotes } from '../../db/schema.js';
import type { AccountExport } from '../../account.js';

export async function exportBoard(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  out.json(
    'feature-suggestions.json',
    'suggestions',
    await deps.db
      .select({
        id: featureSuggestions.id,
        title: featureSuggestions.title,
        description: featureSuggestions.description,
        status: featureSuggestions.status,
        createdAt: featureSuggestions.createdAt,
      })
      .from(featureSuggestions)
      .where(eq(featureSuggestions.authorId, userId)),
  );
  out.json(
    'feature-votes.json',
    'votes',
    await deps.db
      .select({ featureId: featureVotes.featureId, title: featureSuggestions.title })
      .from(featureVotes)
      .innerJoin(featureSuggestions, eq(featureSuggestions.id, featureVotes.featureId))
      .where(eq(featureVotes.userId, userId)),
  );
}

export async function deleteBoard(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gone = await tx.delete(featureVotes).where(eq(featureVotes.userId, userId)).returning();
    for (const v of gone) {
      await tx
        .update(featureSuggestions)
        .set({ voteCount: sql`greatest(0, ${featureSuggestions.voteCount} - 1)` })
        .where(eq(featureSuggestions.id, v.featureId));
    }
    await tx.delete(featureSuggestions).where(eq(featureSuggestions.authorId, userId));
  });
}
