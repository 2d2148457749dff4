/**
 * A post's link preview without making the post wait on a foreign site: the post is stored at once with
 * the cached preview when fresh (the composer usually fetched it through the link-meta route), else with
 * the empty one, and this job fetches it afterwards. The finished preview reaches viewers as an edit does.
 */
import { and, eq } from 'drizzle-orm';
import { type LinkMeta, Messages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { posts } from '../../db/schema.js';
import type { JobMap } from '../../platform/jobs.js';
import { announceMutation } from './facts.js';
import { emptyPreview, linkPreviewsFor } from './link-preview.js';

type PreviewJob = JobMap['post.link-preview'];

/** The preview to store now; queues the fetch when the cache has none fresh. Call after the row exists. */
export async function previewNow(
  deps: AppDeps,
  url: string | null,
): Promise<{ meta: LinkMeta | null; queue: boolean }> {
  if (!url) return { meta: null, queue: false };
  const fresh = await linkPreviewsFor(deps).fresh(url);
  return fresh ? { meta: fresh, queue: false } : { meta: emptyPreview(url), queue: true };
}

export async function queuePreview(deps: AppDeps, job: PreviewJob): Promise<void> {
  // One queued fetch per post and url: a quick second edit back to the same link adds nothing.
  await deps.jobs.send('post.link-preview', job, { singletonKey: `${job.postId}:${job.url}`, retryLimit: 2 });
}

export async function fillPreview(deps: AppDeps, { postId, url, userId }: PreviewJob): Promise<void> {
  // get() never throws: a failed fetch is the empty preview, already stored, so nothing changes.
  const meta = await linkPreviewsFor(deps).get(url, userId);
  if (!meta.title && !meta.description && !meta.image) return;
  // Only while the post still links there: an edit to another link meanwhile queued its own fetch.
  const [row] = await deps.db
    .update(posts)
    .set({ linkMeta: meta })
    .where(and(eq(posts.id, postId), eq(posts.linkUrl, url)))
    .returning({ content: posts.content });
  if (!row) return;
  await announceMutation(deps, userId, {
    success: true,
    type: 'edit',
    post_id: postId,
    content: row.content,
    link: meta,
    message: Messages.post.edited,
  });
}
