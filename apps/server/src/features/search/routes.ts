/**
 * HTTP for search and discovery (contract: packages/contract/src/search.ts). Queries are checked by the
 * contract's schemas (empty, too long, control characters, unknown type or page refused with a clear
 * message); a tag in the path by `tagNameSchema`. Searching is rate-limited per member.
 */
import { Routes, tagNameSchema } from '@sajha/contract';
import { route } from '../../http/route.js';
import { AppError } from '../../platform/errors.js';
import { clearRecent, followTag, followed, loadScope, recent, search, suggest, tagPage, trending } from './service.js';

/** The tag a path names, as stored (lower-case, without '#'), or a clear refusal. */
function tagOf(params: Record<string, string>): string {
  const parsed = tagNameSchema.safeParse(params.name ?? '');
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message ?? 'Bad tag', 400);
  return parsed.data;
}

const limits = { perUser: 'searchPerUser' } as const;

export const searchRoutes = [
  route(
    Routes.search,
    { action: 'search.read', auth: 'required', limits, load: ({ deps, query }) => loadScope(deps, query.chatId) },
    ({ deps, auth, query, resource }) => search(deps, auth.user.id, query, resource),
  ),
  route(Routes.searchSuggest, { action: 'search.suggest', auth: 'required', limits }, ({ deps, auth, query }) =>
    suggest(deps, auth.user.id, query.q),
  ),
  route(Routes.searchRecent, { action: 'search.history', auth: 'required' }, ({ deps, auth }) =>
    recent(deps, auth.user.id),
  ),
  route(Routes.searchRecentClear, { action: 'search.history', auth: 'required' }, ({ deps, auth }) =>
    clearRecent(deps, auth.user.id),
  ),
  route(Routes.followedTags, { action: 'tags.read', auth: 'required' }, ({ deps, auth }) =>
    followed(deps, auth.user.id),
  ),
  route(Routes.tagPage, { action: 'tags.read', auth: 'required' }, ({ deps, auth, params, query }) =>
    tagPage(deps, auth.user.id, tagOf(params), query),
  ),
  route(
    Routes.followTag,
    { action: 'tags.follow', auth: 'required', limits: { perUser: 'followPerUser' } },
    ({ deps, auth, params }) => followTag(deps, auth.user.id, tagOf(params), true),
  ),
  route(
    Routes.unfollowTag,
    { action: 'tags.follow', auth: 'required', limits: { perUser: 'followPerUser' } },
    ({ deps, auth, params }) => followTag(deps, auth.user.id, tagOf(params), false),
  ),
  route(Routes.trending, { action: 'tags.read', auth: 'required' }, ({ deps, auth }) => trending(deps, auth.user.id)),
];
