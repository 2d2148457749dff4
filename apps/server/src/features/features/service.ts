/**
 * The features page: suggestions (one title per member), votes (one each, toggled) and statuses set by
 * admins, with the suggester notified. Changes are told to every open list as featureUpdated.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  FEATURE_LIMITS,
  FeatureMessages,
  isId,
  type FEATURE_SORTS,
  type FeatureItem,
  type FeatureStatus,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { featureSuggestions, featureVotes, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../policy/authorize.js';
import { notBlockedWith } from '../../policy/relations.js';
import type { SuggestionResource } from './policy.js';

type Sort = (typeof FEATURE_SORTS)[number];

/** What the policy needs of a suggestion, or undefined (a malformed id is a missing one). */
export async function loadSuggestion(deps: AppDeps, id: string): Promise<SuggestionResource | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await deps.db
    .select({
      id: featureSuggestions.id,
      authorId: featureSuggestions.authorId,
      status: featureSuggestions.status,
      title: featureSuggestions.title,
    })
    .from(featureSuggestions)
    .where(and(eq(featureSuggestions.id, id), isNull(featureSuggestions.removedAt)))
    .limit(1);
  return row;
}

function selectItems(deps: AppDeps, viewerId: string) {
  return deps.db
    .select({
      id: featureSuggestions.id,
      createdAt: featureSuggestions.createdAt,
      title: featureSuggestions.title,
      description: featureSuggestions.description,
      status: featureSuggestions.status,
      votes: featureSuggestions.voteCount,
      name: users.name,
      username: users.username,
      voted: sql<boolean>`exists (select 1 from ${featureVotes} where ${featureVotes.featureId} = ${featureSuggestions.id} and ${featureVotes.userId} = ${viewerId})`,
    })
    .from(featureSuggestions)
    .innerJoin(users, eq(users.id, featureSuggestions.authorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

function present(r: Row): FeatureItem {
  return {
    id: r.id,
    date: r.createdAt.toISOString(),
    feature: r.title,
    description: r.description,
    user: r.name,
    username: r.username,
    status: r.status === 'Implemented' ? 'Implemented' : 'Pending',
    votes: r.votes,
    voted: Boolean(r.voted),
  };
}

async function itemFor(deps: AppDeps, viewerId: string, id: string): Promise<FeatureItem> {
  const [row] = await selectItems(deps, viewerId).where(eq(featureSuggestions.id, id)).limit(1);
  if (!row) throw new AppError(FeatureMessages.notFound, 404);
  return present(row);
}

/** Every open board hears of the change but those across a block with the suggestion's author (read first, so facts keep their order). */
async function broadcast(deps: AppDeps, item: FeatureItem, authorId: string, by: string): Promise<void> {
  const { voted: _voted, ...rest } = item;
  const hiddenFrom = await deps.policy.relations.blockedWith(authorId);
  void deps.bus.publish('feature.updated', { item: rest, hiddenFrom }, { by });
}

export async function listFeatures(
  deps: AppDeps,
  viewer: Actor,
  opts: { offset: number; sort: Sort },
): Promise<{ features: FeatureItem[]; hasMore: boolean; canModerate: boolean }> {
  const limit = FEATURE_LIMITS.pageSize;
  const order =
    opts.sort === 'votes'
      ? [desc(featureSuggestions.voteCount), desc(featureSuggestions.createdAt), desc(featureSuggestions.id)]
      : [desc(featureSuggestions.createdAt), desc(featureSuggestions.id)];
  // Suggestions of members on either side of a block with the viewer are left out.
  const rows = await selectItems(deps, viewer.id)
    .where(and(isNull(featureSuggestions.removedAt), notBlockedWith(viewer.id, featureSuggestions.authorId)))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(opts.offset);
  return {
    features: rows.slice(0, limit).map(present),
    hasMore: rows.length > limit,
    canModerate: viewer.role === 'admin',
  };
}

export async function suggestFeature(
  deps: AppDeps,
  userId: string,
  input: { feature: string; description: string },
): Promise<FeatureItem> {
  await deps.limiters.consume('featureSuggestPerUser', userId);
  const id = randomUUID();
  // The unique index on (author, lower(title)) is the real check; this only gives the clear message.
  const inserted = await deps.db
    .insert(featureSuggestions)
    .values({ id, authorId: userId, title: input.feature, description: input.description })
    .onConflictDoNothing()
    .returning({ id: featureSuggestions.id });
  if (inserted.length === 0) throw new AppError(FeatureMessages.duplicate, 409);
  const item = await itemFor(deps, userId, id);
  await broadcast(deps, item, userId, userId);
  return item;
}

export async function voteFeature(deps: AppDeps, userId: string, suggestion: SuggestionResource): Promise<FeatureItem> {
  const id = suggestion.id;
  await deps.db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: featureSuggestions.id })
      .from(featureSuggestions)
      .where(eq(featureSuggestions.id, id))
      .for('update');
    if (!exists) throw new AppError(FeatureMessages.notFound, 404);
    const removed = await tx
      .delete(featureVotes)
      .where(and(eq(featureVotes.featureId, id), eq(featureVotes.userId, userId)))
      .returning({ userId: featureVotes.userId });
    const added =
      removed.length === 0
        ? await tx.insert(featureVotes).values({ featureId: id, userId }).onConflictDoNothing().returning()
        : [];
    const delta = added.length - removed.length;
    if (delta !== 0) {
      await tx
        .update(featureSuggestions)
        .set({ voteCount: sql`greatest(0, ${featureSuggestions.voteCount} + ${delta})` })
        .where(eq(featureSuggestions.id, id));
    }
  });
  const item = await itemFor(deps, userId, id);
  await broadcast(deps, item, suggestion.authorId, userId);
  return item;
}

export async function setFeatureStatus(
  deps: AppDeps,
  userId: string,
  before: SuggestionResource,
  status: FeatureStatus,
): Promise<FeatureItem> {
  if (before.status !== status) {
    await deps.db
      .update(featureSuggestions)
      .set({ status, updatedAt: new Date() })
      .where(eq(featureSuggestions.id, before.id));
    // Its author hears of it (notifications listens).
    void deps.bus.publish(
      'feature.statusChanged',
      { featureId: before.id, authorId: before.authorId, title: before.title, status },
      { by: userId },
    );
  }
  const item = await itemFor(deps, userId, before.id);
  await broadcast(deps, item, before.authorId, userId);
  return item;
}
