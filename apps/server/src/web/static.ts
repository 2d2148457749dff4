/**
 * Serves the built web app: hashed assets cached for a year (immutable), index.html never cached,
 * and every client route (any GET that is not /api or a file) answered with index.html. Assets go out
 * as the brotli or gzip copy the build wrote beside them (`x.js.br`, `x.js.gz`) when the browser
 * accepts it, so no CPU is spent compressing on each request; JSON answers are compressed on the fly.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANDING_LINK_STANDINS, LANDING_LINKS_META, ServerTexts, localizeText } from '@sajha/contract';
import { requestLocale } from '../platform/locale.js';
import { escapeHtml } from '../platform/html.js';
import { SESSION_COOKIE } from '../platform/sessions.js';
import { withPageHead, type PageHead } from './page-head.js';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/web -> ../../../web/dist ; dist -> ../../web/dist
  return here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '../../web/dist')
    : path.resolve(here, '../../../web/dist');
}

/**
 * JSON (and the app page) compressed for browsers that accept it. Only these types: media answers
 * serve byte ranges, and the AI answer streams as text/event-stream, which must not be buffered.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^(application\/json|text\/html)\b/,
  });
}

/**
 * The app page. Without a session cookie the visitor is certainly signed out: a marker tells the app
 * so, and it skips the auth check whose 401 every browser prints as a console error. With a cookie
 * (valid or not) the app asks the server as before.
 */
const SIGNED_OUT_MARKER = '<meta name="sajha-session" content="none" />';
function withSignedOutMarker(html: string): string {
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${SIGNED_OUT_MARKER}`);
  return html.replace(/^(<!doctype[^>]*>)?/i, (doctype) => `${doctype}${SIGNED_OUT_MARKER}`);
}
/** The landing page's external links, from the server's settings. */
export interface LandingLinks {
  contestUrl: string;
  sisterSiteUrl: string;
}

/**
 * The landing page was pre-rendered with stand-in links (the build cannot know this server's settings):
 * put the real ones in, and in a meta tag for the app, whose first render must match this HTML.
 */
function withLandingLinks(html: string, links: LandingLinks): string {
  const meta = `<meta name="${LANDING_LINKS_META}" content="${escapeHtml(JSON.stringify(links))}" />`;
  return html
    .replaceAll(LANDING_LINK_STANDINS.contestUrl, escapeHtml(links.contestUrl))
    .replaceAll(LANDING_LINK_STANDINS.sisterSiteUrl, escapeHtml(links.sisterSiteUrl))
    .replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`);
}

/**
 * The build also writes landing.html: index.html with the visitor's landing page pre-rendered into it
 * (apps/web/prerender.ts), which paints before any script runs. It is sent only for '/' without a
 * session cookie, the one case where the app's first render is certainly that page; a member (cookie)
 * and every other route get the plain index.html, so no one sees the landing page flash by.
 */
const LANDING_FILE = 'landing.html';
/** index.html whose app starts after the first paint (apps/web/prerender.ts), for pages with a prepaint. */
const PAINTED_FILE = 'painted.html';

/** A page's own head (a shared post's preview), from the area that owns the path; null for the app's own. */
export type PageHeads = (req: FastifyRequest, pathname: string) => Promise<PageHead | null>;

async function sendPage(
  webDist: string,
  links: LandingLinks,
  heads: PageHeads | undefined,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const visitor = !req.cookies[SESSION_COOKIE];
  const pathname = req.url.split('?')[0] ?? '/';
  const landing = visitor && pathname === '/' && existsSync(path.join(webDist, LANDING_FILE));
  // A preview that cannot be made (the database busy, say) leaves the plain page: the app works without it.
  const head = landing
    ? null
    : await heads?.(req, pathname).catch((err: unknown) => {
        req.log.warn({ err, pathname }, 'page head failed; serving the plain page');
        return null;
      });
  // A page the server paints for a visitor starts the app after that paint, as the landing page does.
  const painted = visitor && head?.prepaint && existsSync(path.join(webDist, PAINTED_FILE));
  const file = landing ? LANDING_FILE : painted ? PAINTED_FILE : 'index.html';
  const html = await readFile(path.join(webDist, file), 'utf8');
  let page = visitor ? withSignedOutMarker(landing ? withLandingLinks(html, links) : html) : html;
  if (head) page = withPageHead(page, head, visitor);
  return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(page);
}

export async function webRoutes(
  app: FastifyInstance,
  webDist: string,
  links: LandingLinks,
  heads?: PageHeads,
): Promise<boolean> {
  const built = existsSync(path.join(webDist, 'index.html'));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = built && req.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (isPage) return sendPage(webDist, links, heads, req, reply);
    return reply.code(404).send({ success: false, message: localizeText(requestLocale(req), ServerTexts.notFound) });
  });
  if (!built) {
    app.log.warn({ webDist }, 'web app not built; serving the API only (run `npm run build`)');
    return false;
  }
  app.get('/', (req, reply) => sendPage(webDist, links, heads, req, reply));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    // '/' is the app page like every other route (see sendPage), not a plain file.
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const rel = path.relative(webDist, filePath).replace(/\.(br|gz)$/, '');
      if (rel.startsWith(`assets${path.sep}`))
        void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (rel === 'sw.js' || rel.endsWith('.html')) void reply.header('Cache-Control', 'no-cache');
      else void reply.header('Cache-Control', 'public, max-age=3600');
    },
  });
  return true;
}
