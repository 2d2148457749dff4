/** Rows never leave the server: these map post and media rows to the contract's DTOs. */
import type { Audience, LinkMeta, PostDto, ReplyPolicy, PostMediaDto, SharedPostPreview } from '@sajha/contract';
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
  /** When the author last changed the text (null: never). */
  editedAt: Date | null;
  sensitive: boolean;
  audience: Audience;
  replyPolicy: ReplyPolicy;
  /** The viewer may comment (the author's reply setting as it applies to them). */
  canReply: boolean;
  authorName: string;
  authorUsername: string;
  authorAvatar: string | null;
  liked: boolean;
  /** In the viewer's Saved list. */
  saved: boolean;
}

export function presentMedia(
  file: Pick<typeof files.$inferSelect, 'storageKey' | 'posterKey' | 'mime' | 'width' | 'height'>,
): PostMediaDto {
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
    sensitive: row.sensitive,
    audience: row.audience,
    replies: row.replyPolicy,
    canReply: row.canReply,
    saved: row.saved,
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
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
    sensitive: row.sensitive,
  };
}
