/**
 * Link previews for posts: cached in link_previews (a day when the page gave a title, an hour when it
 * gave nothing), fetched through the SSRF-safe fetcher, at most 20 network fetches a minute per member.
 * Never throws: on any failure the preview is empty but for the url, as the spec asks.
 */
import { eq } from 'drizzle-orm';
import type { LinkMeta } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { linkPreviews } from '../../db/schema.js';
import { fetchLinkMeta } from '../../platform/link-fetcher.js';

const HOUR = 60 * 60 * 1000;
export const emptyPreview = (url: string): LinkMeta => ({ title: '', description: '', image: '', url });

export interface LinkPreviews {
  /** The cached preview, fetching it (rate-limited per member) when missing or stale. */
  get(url: string, userId: string): Promise<LinkMeta>;
  /** The cached preview only when still fresh: never touches the network. */
  fresh(url: string): Promise<LinkMeta | undefined>;
}

const made = new WeakMap<AppDeps, LinkPreviews>();

/** One per app. */
export function linkPreviewsFor(deps: AppDeps): LinkPreviews {
  let lp = made.get(deps);
  if (!lp) {
    lp = createLinkPreviews(deps);
    made.set(deps, lp);
  }
  return lp;
}

function createLinkPreviews(deps: AppDeps): LinkPreviews {
  const lookup = async (url: string) => {
    const [cached] = await deps.db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1);
    const ttl = cached?.meta.title ? 24 * HOUR : HOUR;
    return { cached, fresh: cached && Date.now() - cached.fetchedAt.getTime() < ttl };
  };
  return {
    async fresh(url) {
      const { cached, fresh } = await lookup(url);
      return fresh ? cached?.meta : undefined;
    },
    async get(url, userId) {
      const { cached, fresh } = await lookup(url);
      if (cached && fresh) return cached.meta;
      try {
        await deps.limiters.consume('linkFetchPerUser', userId);
      } catch {
        return cached?.meta ?? emptyPreview(url);
      }
      let meta: LinkMeta;
      try {
        meta = await fetchLinkMeta(url, {
          testHosts: deps.config.posts.linkTestHosts,
          testCa: deps.config.posts.linkTestCa,
        });
      } catch (err) {
        deps.log.debug({ url, reason: (err as Error).message }, 'link preview failed');
        meta = emptyPreview(url);
      }
      const now = new Date();
      await deps.db
        .insert(linkPreviews)
        .values({ url, meta, fetchedAt: now })
        .onConflictDoUpdate({ target: linkPreviews.url, set: { meta, fetchedAt: now } });
      return meta;
    },
  };
}
