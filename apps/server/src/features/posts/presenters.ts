/** Rows never leave the server: these map post, media and comment rows to the contract's DTOs. */
import type { CommentDto, LinkMeta, PostDto, PostMediaDto, SharedPostPreview } from '@sajha/contract';
import type { files } from '../../db/schema.js';
import { POST_CATEGORY_SET } from './policy.js';

export const mediaUrl = (storageKey: string): string => `/media/${storageKey}`;

/** One post as the feed query returns it: the post, its author and the viewer's like. */
export interface PostRecord {
  id: string;
  authorId: string;
  content: string;
  category: string | null;
  linkMeta: LinkMeta | null;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  createdAt: Date;
  authorName: string;
  authorUsername: string;
  authorAvatar: string | null;
  liked: boolean;
}

export function presentMedia(file: typeof files.$inferSelect): PostMediaDto {
  return {
    url: mediaUrl(file.storageKey),
    kind: file.mime.startsWith('video/') ? 'video' : 'image',
    mime: file.mime,
    poster: file.posterKey ? mediaUrl(file.posterKey) : null,
    width: file.width,
    height: file.height,
  };
}

export function presentPost(row: PostRecord, media: PostMediaDto[], viewerId: string): PostDto {
  return {
    post_id: row.id,
    content: row.content,
    category: row.category && POST_CATEGORY_SET.has(row.category) ? (row.category as PostDto['category']) : null,
    media: media.map((m) => m.url),
    mediaDetails: media,
    author: row.authorName,
    username: row.authorUsername,
    image: row.authorAvatar,
    timestamp: row.createdAt.toISOString(),
    owner: row.authorId === viewerId,
    liked: row.liked,
    likes: row.likeCount,
    comments: row.commentCount,
    shares: row.shareCount,
    link: row.linkMeta,
  };
}

export function presentPreview(row: PostRecord, media: PostMediaDto[]): SharedPostPreview {
  return {
    post_id: row.id,
    author: row.authorName,
    username: row.authorUsername,
    image: row.authorAvatar,
    timestamp: row.createdAt.toISOString(),
    content: row.content,
    media: media.map((m) => m.url),
    mediaDetails: media,
    link: row.linkMeta,
    likes: row.likeCount,
    shares: row.shareCount,
  };
}

export interface CommentRecord {
  id: string;
  parentId: string | null;
  content: string;
  createdAt: Date;
  authorName: string;
  authorAvatar: string | null;
}

/** Builds the one-level tree the spec shows: comments, each with its replies, oldest first. */
export function presentComments(rows: CommentRecord[]): CommentDto[] {
  const top: CommentDto[] = [];
  const byId = new Map<string, CommentDto>();
  for (const r of rows) {
    if (r.parentId) continue;
    const c: CommentDto = {
      id: r.id,
      author: r.authorName,
      author_image: r.authorAvatar,
      comment: r.content,
      date_commented: r.createdAt.toISOString(),
      replies: [],
    };
    byId.set(r.id, c);
    top.push(c);
  }
  for (const r of rows) {
    if (!r.parentId) continue;
    byId.get(r.parentId)?.replies.push({
      id: r.id,
      author: r.authorName,
      author_image: r.authorAvatar,
      reply: r.content,
      date_commented: r.createdAt.toISOString(),
    });
  }
  return top;
}
