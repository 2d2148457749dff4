/**
 * The posts area's server state. Every cached copy of a post lives under one root key, whichever
 * screen loaded it (the home feed, a profile, the post screen), so a like, an edit, a delete or a new
 * comment count is written once and every list shows it:
 *
 *   ['posts', 'one', postId]           a PostDto (the post screen)
 *   ['posts', <area>, ...]             pages of posts, { pages: [{ posts: PostDto[] }, ...] }
 *
 * Other areas key their lists under postKeys.all (feed/queries.ts, people/queries.ts).
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  Events,
  type Audience,
  type CommentDto,
  type EditHistory,
  type PostDto,
  type ReplyPolicy,
  type ServerEventPayload,
} from '@sajha/contract';
import { ask, askFor } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';

export const postKeys = {
  all: ['posts'] as const,
  one: (postId: string) => ['posts', 'one', postId] as const,
  comments: (postId: string) => ['comments', 'post', postId] as const,
  /** The public preview of a shared post (GET, also for visitors). */
  preview: (postId: string) => ['postPreview', postId] as const,
  linkPreview: (url: string) => ['linkPreview', url] as const,
};

export interface PostPage {
  posts: PostDto[];
}
export type PostPages<P extends PostPage = PostPage, Param = unknown> = InfiniteData<P, Param>;
type CachedPosts = PostPages | PostDto;
export type MutationResult = ServerEventPayload<typeof Events.postMutationResult>;

const isPages = (data: CachedPosts): data is PostPages => 'pages' in data;

/** Rewrites every cached copy of every post through `fn` (which returns the post itself to leave it). */
export function mapCachedPosts(client: QueryClient, fn: (post: PostDto) => PostDto): void {
  client.setQueriesData<CachedPosts>({ queryKey: postKeys.all }, (data) => {
    if (!data || !('post_id' in data || isPages(data))) return data;
    if (!isPages(data)) return fn(data);
    return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(fn) })) };
  });
}

/** Changes one post wherever it is cached. */
export function updateCachedPost(client: QueryClient, postId: string, fn: (post: PostDto) => PostDto): void {
  mapCachedPosts(client, (post) => (post.post_id === postId ? fn(post) : post));
}

/** Takes a deleted post out of every cached list. */
export function removeCachedPost(client: QueryClient, postId: string): void {
  client.setQueriesData<CachedPosts>({ queryKey: postKeys.all }, (data) =>
    data && isPages(data)
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.post_id !== postId) })),
        }
      : data,
  );
}

/** Applies an edit or delete the server announced (pMR reaches every screen showing the post). */
export function applyMutationResult(client: QueryClient, result: MutationResult): void {
  if (!result.success) return;
  if (result.type === 'delete') return removeCachedPost(client, result.post_id);
  // `link` comes when the preview changed, also later on its own once the server fetched it.
  const link = result.link !== undefined ? { link: result.link } : {};
  // An edit's audience, reply setting and sensitive mark as they now are (issue 38).
  const privacy = {
    ...(result.audience !== undefined && { audience: result.audience }),
    ...(result.replies !== undefined && { replies: result.replies }),
    ...(result.sensitive !== undefined && { sensitive: result.sensitive }),
    // Its text changed: "edited" shows at once (issue 37).
    ...(result.editedAt !== undefined && { editedAt: result.editedAt }),
  };
  if (result.content === undefined && Object.keys(privacy).length === 0) return;
  const content = result.content;
  updateCachedPost(client, result.post_id, (post) => ({
    ...post,
    ...(content !== undefined && { content, ...link }),
    ...privacy,
  }));
}

export const fetchPost = (socket: MainSocket, postId: string): Promise<PostDto> =>
  askFor(socket, { event: Events.fetchOnePost, match: (post) => post.post_id === postId }, Events.fetchOnePost, {
    post_id: postId,
  });

/** What likePost acknowledges: the post's state after the toggle. */
export interface LikeAnswer {
  liked: boolean;
  likes: number;
}
export const sendLike = async (socket: MainSocket, postId: string): Promise<LikeAnswer> =>
  ask(socket, Events.likePost, { post_id: postId });

/** What an edit changes: the text, and (issue 38) who sees the post, who may reply, the sensitive mark. */
export interface PostEdit {
  content: string;
  audience?: Audience;
  replies?: ReplyPolicy;
  sensitive?: boolean;
}

/** Edit and delete answer as pMR, to the author alone when refused (then the ack says so as well). */
export const sendPostMutation = (
  socket: MainSocket,
  change: ({ type: 'edit' } & PostEdit & { postId: string }) | { type: 'delete'; postId: string },
): Promise<MutationResult> => {
  const answer = {
    event: Events.postMutationResult,
    match: (r: MutationResult) => r.type === change.type && r.post_id === change.postId,
  };
  if (change.type === 'delete') return askFor(socket, answer, Events.deletePost, change.postId);
  const { postId, type: _type, ...edit } = change;
  return askFor(socket, answer, Events.editPost, { post_id: postId, ...edit });
};

const forPost = (postId: string) => ({
  event: Events.comments,
  match: (p: { post_id: string }) => p.post_id === postId,
});
export const fetchPostComments = async (socket: MainSocket, postId: string): Promise<CommentDto[]> =>
  (await askFor(socket, forPost(postId), Events.fetchComments, postId)).comments;
export const addPostComment = async (socket: MainSocket, postId: string, comment: string): Promise<CommentDto[]> =>
  (await askFor(socket, forPost(postId), Events.addComment, { postId, comment })).comments;
export const addPostReply = async (
  socket: MainSocket,
  postId: string,
  commentId: string,
  reply: string,
): Promise<CommentDto[]> =>
  (await askFor(socket, forPost(postId), Events.addCommentReply, { postId, commentId, reply })).comments;

/** Every version of an edited post, newest first (post_history). */
export const fetchPostHistory = async (socket: MainSocket | null, postId: string): Promise<EditHistory> => {
  if (!socket) throw new Error('offline');
  return ask(socket, Events.postHistory, { post_id: postId });
};
