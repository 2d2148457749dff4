/**
 * HTTP for the help centre: the article list, one article, and search. Public (visitors read /help
 * too); search is rate-limited per address, and its query is checked by the contract's schema.
 */
import { Routes } from '@sajha/contract';
import { route } from '../../http/route.js';
import { helpArticle, helpCentreOf, helpIndex, searchHelp } from './service.js';

export const helpRoutes = [
  route(Routes.helpIndex, { action: 'help.read', auth: 'none' }, ({ deps, reply }) => {
    void reply.header('Cache-Control', 'public, max-age=300');
    return { success: true as const, articles: helpIndex(helpCentreOf(deps)) };
  }),
  route(Routes.helpArticle, { action: 'help.read', auth: 'none' }, ({ deps, params, reply }) => {
    const article = helpArticle(helpCentreOf(deps), params.slug ?? '');
    void reply.header('Cache-Control', 'public, max-age=300');
    return { success: true as const, article };
  }),
  route(
    Routes.helpSearch,
    { action: 'help.read', auth: 'none', limits: { perIp: 'helpSearchPerIp' } },
    ({ deps, query }) => searchHelp(helpCentreOf(deps), query.q ?? ''),
  ),
];
