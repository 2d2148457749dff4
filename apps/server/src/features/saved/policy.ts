/**
 * Who may do what with Saved lists: each member reads only their own (the list is read by their id; no
 * event names another member's). Saving a post or clip asks what viewing it asks ('post.view',
 * 'reel.view', decided by posts and reels): one cannot keep what one may not see, and a block, a removal
 * or a narrowed audience drops it from the list as it is read.
 *
 *   saved.read   one's own list   any signed-in member (self)
 */
import { Messages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    'saved.read': undefined;
  }
}

export const savedPolicy = definePolicy({
  notFound: () => new AppError(Messages.post.notFound, 404),
  actions: { 'saved.read': { self: true } },
});
