/**
 * Mutes: a member hides another's posts, clips and comments from themselves, without a block (the other
 * is not told and may still message them). Muted words: posts, clips and comments containing one are
 * collapsed behind "Hidden: contains a muted word" on the member's screens (the web matches them).
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { ModerationMessages, ServerTexts } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { mutedWords, mutes, users } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

/** At most this many muted words per member. */
const WORDS_MAX = 100;

/** The verified member a mute names, for the policy ('member.mute'). */
export async function loadMutee(deps: AppDeps, username: string): Promise<{ id: string } | undefined> {
  const [u] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username.replace(/^@/, '')})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return u;
}

export async function mute(deps: AppDeps, me: string, other: { id: string }): Promise<string> {
  await deps.db.insert(mutes).values({ muterId: me, mutedId: other.id }).onConflictDoNothing();
  return ModerationMessages.muted;
}

export async function unmute(deps: AppDeps, me: string, other: { id: string }): Promise<string> {
  await deps.db.delete(mutes).where(and(eq(mutes.muterId, me), eq(mutes.mutedId, other.id)));
  return ModerationMessages.unmuted;
}

export async function mutedMembers(deps: AppDeps, me: string) {
  const rows = await deps.db
    .select({ uid: users.id, name: users.name, username: users.username, avatar: users.avatar })
    .from(mutes)
    .innerJoin(users, eq(users.id, mutes.mutedId))
    .where(eq(mutes.muterId, me))
    .orderBy(asc(users.username));
  return rows;
}

export async function words(deps: AppDeps, me: string): Promise<string[]> {
  const rows = await deps.db
    .select({ word: mutedWords.word })
    .from(mutedWords)
    .where(eq(mutedWords.userId, me))
    .orderBy(asc(mutedWords.word));
  return rows.map((r) => r.word);
}

export async function addWord(deps: AppDeps, me: string, word: string): Promise<string> {
  if ((await words(deps, me)).length >= WORDS_MAX) {
    throw new AppError(ServerTexts.moderation.tooManyMutedWords(WORDS_MAX), 400);
  }
  await deps.db.insert(mutedWords).values({ userId: me, word }).onConflictDoNothing();
  return ModerationMessages.wordAdded;
}

export async function removeWord(deps: AppDeps, me: string, word: string): Promise<string> {
  await deps.db.delete(mutedWords).where(and(eq(mutedWords.userId, me), eq(mutedWords.word, word.toLowerCase())));
  return ModerationMessages.wordRemoved;
}
