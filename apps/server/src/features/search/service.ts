/**
 * Search and discovery: one search over people, posts, clips, tags and the member's own messages; tag
 * pages, followed tags and trending. The queries are in repo.ts; how a text and a query become lexemes is
 * platform/search-index.ts (shared with every area that writes searchable text).
 */
import {
  SEARCH_LIMITS,
  SearchText,
  type MessageResult,
  type PersonResult,
  type PostDto,
  type ReelDto,
  type SearchAnswer,
  type SearchType,
  type TagResult,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { matchedWords, searchQuery, type SearchQuery } from '../../platform/search-index.js';
import { hydratePosts, presentVisible } from '../posts/index.js';
import { reelsByIds } from '../reels/index.js';
import * as repo from './repo.js';
import { correctedQuery } from './spelling.js';
import type { SearchScope } from './policy.js';

const yes = (v: unknown): boolean => v === true || v === 't';

const person = (r: repo.PersonRow): PersonResult => ({
  uid: r.id,
  name: r.name,
  username: r.username,
  avatar: r.avatar,
  bio: r.bio,
  following: yes(r.following),
});
const tag = (r: repo.TagRow): TagResult => ({ name: r.name, uses: Number(r.uses), followed: yes(r.followed) });
const message = (r: repo.MessageRow, q: SearchQuery): MessageResult => ({
  id: r.id,
  chatId: r.chat_id,
  chatName: r.chat_name ?? '',
  chatKind: r.chat_kind,
  content: r.content,
  matched: matchedWords(r.content, q),
  timestamp: r.at,
  sender: { name: r.sender_name, username: r.sender_username, avatar: r.sender_avatar },
});

/** Posts by id as the viewer sees them, in the order given (ones they may not see are left out). */
export async function postsByIds(deps: AppDeps, viewerId: string, ids: string[]): Promise<PostDto[]> {
  if (ids.length === 0) return [];
  // One statement, as the feed hydrates its page (posts: hydratePosts).
  return presentVisible(ids, await hydratePosts(deps.db, viewerId, ids), viewerId);
}

const empty = { people: [], posts: [], clips: [], tags: [], messages: [] };

export async function search(
  deps: AppDeps,
  viewerId: string,
  params: { q: string; type: SearchType; page: number; chatId?: string | undefined },
  scope: SearchScope,
): Promise<SearchAnswer> {
  const { db } = deps;
  // Remembering the search runs beside it (its own connection on PostgreSQL), not before it.
  const remembered =
    params.page === 0 && !scope.chat
      ? repo.rememberSearch(db, viewerId, params.q, SEARCH_LIMITS.recentKept)
      : Promise.resolve();
  const [q] = await Promise.all([correctedQuery(db, params.q), remembered]);
  const size = SEARCH_LIMITS.pageSize;
  const offset = params.page * size;
  const base = { success: true as const, q: params.q, type: params.type, page: params.page, ...empty };
  if (params.type === 'top') {
    const each = SEARCH_LIMITS.topEach;
    const [people, postIds, clipIds, tags, messages] = await Promise.all([
      repo.searchPeople(db, viewerId, q, 0, each),
      repo.searchPostIds(db, viewerId, q, 0, each),
      repo.searchClipIds(db, viewerId, q, 0, each),
      repo.searchTags(db, viewerId, q, 0, each),
      repo.searchMessages(db, viewerId, q, undefined, 0, each),
    ]);
    return {
      ...base,
      people: people.map(person),
      posts: await postsByIds(deps, viewerId, postIds),
      clips: await reelsByIds(deps, viewerId, clipIds),
      tags: tags.map(tag),
      messages: messages.map((m) => message(m, q)),
      hasMore: false,
    };
  }
  // One more than a page tells whether another page exists.
  const take = size + 1;
  const page = <T>(rows: T[]) => ({ rows: rows.slice(0, size), hasMore: rows.length > size });
  switch (params.type) {
    case 'people': {
      const r = page(await repo.searchPeople(db, viewerId, q, offset, take));
      return { ...base, people: r.rows.map(person), hasMore: r.hasMore };
    }
    case 'posts': {
      const r = page(await repo.searchPostIds(db, viewerId, q, offset, take));
      return { ...base, posts: await postsByIds(deps, viewerId, r.rows), hasMore: r.hasMore };
    }
    case 'clips': {
      const r = page(await repo.searchClipIds(db, viewerId, q, offset, take));
      return { ...base, clips: await reelsByIds(deps, viewerId, r.rows), hasMore: r.hasMore };
    }
    case 'tags': {
      const r = page(await repo.searchTags(db, viewerId, q, offset, take));
      return { ...base, tags: r.rows.map(tag), hasMore: r.hasMore };
    }
    case 'messages': {
      const r = page(await repo.searchMessages(db, viewerId, q, scope.chat?.id, offset, take));
      return { ...base, messages: r.rows.map((m) => message(m, q)), hasMore: r.hasMore };
    }
  }
}

/** As-you-type: a few people and tags; nothing is remembered. */
export async function suggest(deps: AppDeps, viewerId: string, text: string) {
  const q = searchQuery(text);
  const each = SEARCH_LIMITS.suggestEach;
  const [people, tags] = await Promise.all([
    repo.searchPeople(deps.db, viewerId, q, 0, each),
    repo.searchTags(deps.db, viewerId, q, 0, each),
  ]);
  return { success: true as const, people: people.map(person), tags: tags.map(tag) };
}

/** The scope of a search: one chat's members when it names a chat (undefined: no such chat). */
export async function loadScope(deps: AppDeps, chatId: string | undefined): Promise<SearchScope | undefined> {
  if (!chatId) return { chat: null };
  const memberIds = await repo.chatMemberIds(deps.db, chatId);
  return memberIds ? { chat: { id: chatId, memberIds } } : undefined;
}

export async function recent(deps: AppDeps, viewerId: string) {
  return { success: true as const, recent: await repo.recentSearches(deps.db, viewerId, SEARCH_LIMITS.recentKept) };
}

export async function clearRecent(deps: AppDeps, viewerId: string) {
  await repo.clearSearches(deps.db, viewerId);
  return { success: true, message: SearchText.recentCleared };
}

export async function tagPage(
  deps: AppDeps,
  viewerId: string,
  name: string,
  params: { sort: 'new' | 'top'; page: number },
) {
  const size = SEARCH_LIMITS.pageSize;
  const offset = params.page * size;
  const [info, postIds, clipIds] = await Promise.all([
    repo.tagRow(deps.db, viewerId, name),
    repo.taggedIds(deps.db, viewerId, 'post', name, params.sort, offset, size + 1),
    repo.taggedIds(deps.db, viewerId, 'clip', name, params.sort, offset, size + 1),
  ]);
  return {
    success: true as const,
    tag: tag(info),
    sort: params.sort,
    page: params.page,
    posts: await postsByIds(deps, viewerId, postIds.slice(0, size)),
    clips: await reelsByIds(deps, viewerId, clipIds.slice(0, size)),
    hasMore: postIds.length > size || clipIds.length > size,
  };
}

export async function followTag(deps: AppDeps, viewerId: string, name: string, follow: boolean) {
  await repo.setTagFollow(deps.db, viewerId, name, follow);
  return {
    success: true as const,
    message: follow ? SearchText.tagFollowed : SearchText.tagUnfollowed,
    tag: tag(await repo.tagRow(deps.db, viewerId, name)),
  };
}

export async function followed(deps: AppDeps, viewerId: string) {
  return { success: true as const, tags: (await repo.followedTags(deps.db, viewerId)).map(tag) };
}

export async function trending(deps: AppDeps, viewerId: string) {
  const { trendingHours, trendingTags, trendingPosts } = SEARCH_LIMITS;
  const [tags, postIds] = await Promise.all([
    repo.trendingTags(deps.db, viewerId, trendingHours, trendingTags),
    repo.trendingPostIds(deps.db, viewerId, trendingHours, trendingPosts),
  ]);
  return {
    success: true as const,
    tags: tags.map((t) => ({ ...tag(t), members: Number(t.members) })),
    posts: await postsByIds(deps, viewerId, postIds),
  };
}

/** What a searched text or the reels' order means for the web: nothing else is exported. */
export type { ReelDto };
