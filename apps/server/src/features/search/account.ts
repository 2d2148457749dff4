/**
 * Search's part of a member's account: the tags they follow and their recent searches. Both are exported
 * and deleted with the account (the posts, clips and messages that carry lexemes go with their own areas).
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { recentSearches, tagFollows } from '../../db/schema.js';
import type { AccountExport } from '../../feature.js';

export async function exportSearch(deps: AppDeps, userId: string, out: AccountExport): Promise<void> {
  const tags = await deps.db
    .select({ tag: tagFollows.tag, followedAt: tagFollows.createdAt })
    .from(tagFollows)
    .where(eq(tagFollows.userId, userId));
  const searches = await deps.db
    .select({ query: recentSearches.query, searchedAt: recentSearches.searchedAt })
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId));
  out.json('search.json', 'search', { followedTags: tags, recentSearches: searches });
}

export async function deleteSearch(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.delete(tagFollows).where(eq(tagFollows.userId, userId));
  await deps.db.delete(recentSearches).where(eq(recentSearches.userId, userId));
}
