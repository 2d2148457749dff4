/**
 * Saved on /real: save_post and save_reel (as viewing the post or clip allows; the author hears nothing),
 * and get_saved, one's own list a page at a time.
 */
import { Events } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import { loadPost } from '../posts/index.js';
import { loadReel } from '../reels/index.js';
import { listSaved, save } from './service.js';

export const savedSocket = [
  on(Events.savePost, { action: 'post.view', load: ([a], ctx) => loadPost(ctx.deps, a.post_id) }, ([a], ctx) =>
    save(ctx.deps, ctx.actor.id, 'post', ctx.resource.id, a.saved),
  ),
  on(Events.saveReel, { action: 'reel.view', load: ([a], ctx) => loadReel(ctx.deps, a.reelId) }, ([a], ctx) =>
    save(ctx.deps, ctx.actor.id, 'reel', a.reelId, a.saved),
  ),
  on(Events.getSaved, { action: 'saved.read' }, ([a], ctx) => listSaved(ctx.deps, ctx.actor.id, a.offset)),
];
