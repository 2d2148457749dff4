/**
 * A shared post's link preview: the <head> of /p/{id} (and the older /post/{id}) names the post's author,
 * its words and its first photo, so that a link pasted into Viber, WhatsApp, Facebook or a search engine
 * shows the post instead of the app's generic title.
 *
 * Judged as a signed-out visitor, whoever asks: link previews are fetched by other companies' robots and
 * cached, so only what anyone on the internet may see goes into them (a follower-only post, a private
 * account's post, a removed post or a suspended author's post gives the plain page). Media marked sensitive
 * is left out of the preview, which no one can blur.
 */
import { APP_NAME, catalogueFor, routePath, Routes, type Locale, type RouteAnswer } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { describe, type PageHead } from '../../web/page-head.js';
import { getPreview, loadPost } from './service.js';
import { sharedPostPrepaint } from './share-prepaint.js';

type Preview = NonNullable<Awaited<ReturnType<typeof getPreview>>>;

/** The post's first photo (or a video's poster), else its link's picture, else the author's avatar. */
function previewImage(post: Preview, absolute: (url: string) => string): PageHead['image'] {
  if (!post.sensitive) {
    const shown = post.mediaDetails.find((m) => m.kind === 'image' || m.poster);
    if (shown) {
      const url = shown.kind === 'image' ? shown.url : shown.poster!;
      return { url: absolute(url), width: shown.width, height: shown.height };
    }
    if (post.link?.image) return { url: absolute(post.link.image) };
  }
  return post.image ? { url: absolute(post.image), alt: post.author } : undefined;
}

const SHARED_POST_PATH = /^\/(?:p|post)\/([^/]+)\/?$/;

export async function sharedPostHead(
  deps: AppDeps,
  page: { pathname: string; locale: Locale },
): Promise<PageHead | null> {
  const postId = SHARED_POST_PATH.exec(page.pathname)?.[1];
  if (!postId) return null;
  const resource = await loadPost(deps, postId);
  try {
    await deps.policy.authorize(null, 'post.view', resource);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  const post = await getPreview(deps, postId);
  if (!post) return null;

  const texts = catalogueFor(page.locale).ServerTexts.share;
  const absolute = (url: string) => new URL(url, `${deps.config.publicUrl}/`).href;
  const words = post.content.trim() || post.link?.title || '';
  const image = previewImage(post, absolute);
  // What the page shows first, large (PublicPostPage): its first photo, or a video's poster.
  const first = post.mediaDetails[0];
  return {
    title: texts.postTitle(post.author),
    description: words ? describe(words) : texts.postWithoutText,
    url: absolute(`/p/${post.post_id}`),
    image,
    preloadImage: first?.kind === 'image' ? first.url : (first?.poster ?? undefined),
    // GET /api/p/{id} as a visitor would get it: the page paints the post without asking again.
    answers: {
      [routePath(Routes.publicPost, { postId })]: {
        success: true,
        logged: false,
        post,
      } satisfies RouteAnswer<typeof Routes.publicPost>,
    },
    prepaint: sharedPostPrepaint(post, { appName: APP_NAME, signIn: texts.signIn }),
    type: 'article',
    locale: page.locale,
  };
}
