/**
 * Trust and safety's server state on the member's side: the members they muted, their muted words (one
 * cached list every screen matches against), their record of moderators' actions, and the calls that
 * change them (report, mute, muted words, appeal). Answers are the server's own messages, shown as they are.
 */
import { useMemo } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { appealBodySchema, Routes, type ReportBody, type RouteAnswer, type RouteDef } from '@sajha/contract';
import { messages } from '../../i18n/prefs';
import { useAuth } from '../../lib/auth';
import { call, type CallResult } from '../../lib/http';
import { mutedWordMatcher, type MutedWordMatcher } from './mutedWords';

/** The longest appeal (the contract's appealBodySchema). */
export const APPEAL_MAX = appealBodySchema.shape.text.maxLength ?? 2000;

export const moderationKeys = {
  all: ['moderation'] as const,
  mutedWords: ['moderation', 'mutedWords'] as const,
  mutes: ['moderation', 'mutes'] as const,
  mine: ['moderation', 'mine'] as const,
};

/** The answer of a route that worked, or an error carrying the server's message. */
async function answered<R extends RouteDef>(pending: Promise<CallResult<R>>): Promise<RouteAnswer<R>> {
  const res = await pending;
  if (!res.ok) throw new Error(res.data.message ?? messages().Messages.server.internal);
  return res.data;
}

/** Sends a report; resolves with the server's thanks. */
export const sendReport = async (body: ReportBody): Promise<string> =>
  (await answered(call(Routes.report, { body }))).message;

export const sendMute = async (username: string, mute: boolean): Promise<string> =>
  (await answered(mute ? call(Routes.mute, { body: { username } }) : call(Routes.unmute, { params: { username } })))
    .message;

export const addMutedWord = async (word: string): Promise<string> =>
  (await answered(call(Routes.addMutedWord, { body: { word } }))).message;

export const removeMutedWord = async (word: string): Promise<string> =>
  (await answered(call(Routes.removeMutedWord, { params: { word } }))).message;

export const sendAppeal = async (actionId: string, text: string): Promise<string> =>
  (await answered(call(Routes.appeal, { body: { actionId, text } }))).message;

/** The member's muted words: asked once per session (and after a change), shared by every screen. */
export function useMutedWords(): string[] | undefined {
  const { isAuthenticated } = useAuth();
  const { data } = useQuery({
    queryKey: moderationKeys.mutedWords,
    queryFn: isAuthenticated ? async () => (await answered(call(Routes.mutedWords))).words : skipToken,
    staleTime: Infinity,
  });
  return data;
}

const NO_WORDS: MutedWordMatcher = () => null;

/** The matcher for the member's muted words (nothing is hidden until the list arrives). */
export function useMutedWordMatcher(): MutedWordMatcher {
  const words = useMutedWords();
  return useMemo(() => (words ? mutedWordMatcher(words) : NO_WORDS), [words]);
}

export function useMutedMembers() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: moderationKeys.mutes,
    queryFn: isAuthenticated ? async () => (await answered(call(Routes.mutes))).members : skipToken,
    staleTime: Infinity,
  });
}

export function useMyActions() {
  return useQuery({
    queryKey: moderationKeys.mine,
    queryFn: async () => (await answered(call(Routes.myActions))).actions,
  });
}
