/**
 * A served page's own <head>: its title, description and Open Graph / Twitter card tags, so that a link
 * pasted into a chat app or a social network shows a preview (the post's words and photo) instead of the
 * app's generic title. An area says what its pages are (Feature.pageHead); this file only writes the tags.
 */
import { APP_NAME, type Locale } from '@sajha/contract';
import { escapeHtml } from '../platform/html.js';

export interface PageHead {
  title: string;
  description: string;
  /** The page's address (absolute), given as og:url and the canonical link. */
  url: string;
  /** A picture for the preview (absolute URL), with its size when known. */
  image?: { url: string; width?: number | null; height?: number | null; alt?: string } | undefined;
  /** The page's main picture (same origin), fetched at once beside the scripts: it paints as soon as they run. */
  preloadImage?: string | undefined;
  /**
   * Answers the app's first requests would get, by GET path (web lib/pageAnswers.ts), so it need not ask
   * again. Only answers a signed-out visitor gets that do not depend on the app's chosen language: they go
   * into pages served without a session cookie only.
   */
  answers?: Record<string, unknown> | undefined;
  /**
   * The page's content as plain HTML, painted before the app's scripts have run and hidden once the app
   * renders (it styles itself; see features/posts/share-prepaint.ts). Visitors' pages only, like `answers`.
   */
  prepaint?: string | undefined;
  /** Open Graph's type: a post is an article. */
  type: 'article' | 'website';
  locale: Locale;
}

const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ne: 'ne_NP' };

/** The longest description a preview shows whole (Open Graph readers cut at about 200 characters). */
export const DESCRIPTION_MAX = 200;

/** Words for a description: whitespace folded to single spaces, cut at a word near the limit with "…". */
export function describe(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function tags(head: PageHead): string[] {
  const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const out = [
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', OG_LOCALES[head.locale]),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ];
  if (head.image) {
    out.push(meta('property', 'og:image', head.image.url));
    if (head.image.width) out.push(meta('property', 'og:image:width', head.image.width));
    if (head.image.height) out.push(meta('property', 'og:image:height', head.image.height));
    if (head.image.alt) out.push(meta('property', 'og:image:alt', head.image.alt));
  }
  return out;
}

/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The id of the script the app reads its served answers from (apps/web/src/lib/pageAnswers.ts). */
export const PAGE_ANSWERS_ID = 'sajha-answers';

/**
 * The app page with this head: its title and description replaced, the preview tags added, the main picture
 * preloaded, and (for a visitor's page only: `forVisitor`) the answers the app would ask for first and the
 * content painted before the app runs.
 */
export function withPageHead(html: string, head: PageHead, forVisitor: boolean): string {
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const extra = [...tags(head)];
  if (head.preloadImage)
    extra.push(`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`);
  if (forVisitor && head.answers)
    extra.push(`<script type="application/json" id="${PAGE_ANSWERS_ID}">${scriptJson(head.answers)}</script>`);
  const prepaint = forVisitor && head.prepaint ? head.prepaint : '';
  return html
    .replace(/<div id="root"><\/div>/, (root) => `${root}${prepaint}`)
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/i, description)
    .replace(/<head[^>]*>/i, (open) => `${open}\n    ${extra.join('\n    ')}`);
}
