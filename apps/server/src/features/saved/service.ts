/**
 * Saved: bookmark and list. The list is a page of the member's rows, each hydrated as its area shows it
 * to this viewer (posts: hydratePosts, clips: reelsByIds); what they may no longer see is left out of
 * the page rather than shown as a hole, so a page may hold fewer than its size while `more` is true.
 */
import { SAVED_PAGE_SIZE, type SavedItem } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { hydratePosts, presentVisible } from '../posts/index.js';
import { reelsByIds } from '../reels/index.js';
import { savedPage, setSaved, type SavedKind } from './repo.js';

export async function save(deps: AppDeps, userId: string, kind: SavedKind, id: string, saved: boolean) {
  await setSaved(deps.db, userId, kind, id, saved);
  return { saved };
}

export async function listSaved(deps: AppDeps, userId: string, offset: number) {
  const rows = await savedPage(deps.db, userId, offset, SAVED_PAGE_SIZE + 1);
  const page = rows.slice(0, SAVED_PAGE_SIZE);
  const postIds = page.filter((r) => r.kind === 'post').map((r) => r.id);
  const reelIds = page.filter((r) => r.kind === 'reel').map((r) => r.id);
  const [posts, reels] = await Promise.all([
    hydratePosts(deps.db, userId, postIds).then((h) => presentVisible(postIds, h, userId)),
    reelsByIds(deps, userId, reelIds),
  ]);
  const postById = new Map(posts.map((p) => [p.post_id, p]));
  const reelById = new Map(reels.map((r) => [r.id, r]));
  const items = page.flatMap((r): SavedItem[] => {
    const savedAt = r.at.toISOString();
    const post = r.kind === 'post' ? postById.get(r.id) : undefined;
    if (post) return [{ kind: 'post', savedAt, post }];
    const reel = r.kind === 'reel' ? reelById.get(r.id) : undefined;
    return reel ? [{ kind: 'reel', savedAt, reel }] : [];
  });
  return { items, more: rows.length > SAVED_PAGE_SIZE };
}
