/**
 * What other areas use of posts: the post card and its actions (the feed, profiles), the comments and
 * share dialogs (reels reuse them), the composer (the shell opens it) and the cache of posts, under
 * whose root other areas key their own lists of posts.
 */
import { lazy } from 'react';

export { PostCard } from './PostCard';
export { SAVED_LIST, usePostActions, type PostCardActions } from './usePostActions';
export { CommentsDialog } from './CommentsDialog';
export type { CommentsChannel } from './CommentsPanel';
export { ShareDialog } from './ShareDialog';
export { postKeys, type PostPage, type PostPages } from './queries';
export type { CreatePostDialogProps } from './CreatePostDialog';

/** The composer, loaded when first opened (it brings the upload and link-preview code). */
export const CreatePostDialog = /* @__PURE__ */ lazy(() =>
  import('./CreatePostDialog').then((m) => ({ default: m.CreatePostDialog })),
);
