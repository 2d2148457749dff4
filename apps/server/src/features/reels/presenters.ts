/** Rows never leave the server: a reel row with its author and files becomes the contract's ReelDto. */
import type { Audience, ReelDto } from '@sajha/contract';
import { mediaUrl } from '../posts/index.js';

export interface ReelRecord {
  id: string;
  authorId: string;
  title: string;
  description: string;
  category: string;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  durationMs: number | null;
  sensitive: boolean;
  audience: Audience;
  readyAt: Date | null;
  createdAt: Date;
  videoKey: string | null;
  posterKey: string | null;
  width: number | null;
  height: number | null;
  authorName: string;
  authorUsername: string;
  authorAvatar: string | null;
  liked: boolean;
  /** In the viewer's Saved list. */
  saved: boolean;
}

export function presentReel(r: ReelRecord, viewerId: string): ReelDto {
  return {
    id: r.id,
    thumb: r.posterKey ? mediaUrl(r.posterKey) : '',
    title: r.title,
    description: r.description,
    category: r.category,
    sources: r.videoKey ? [mediaUrl(r.videoKey)] : [],
    stats: { likes: r.likeCount, comments: r.commentCount, shares: r.shareCount },
    user: { username: r.authorUsername, name: r.authorName, profile_image: r.authorAvatar },
    liked: r.liked,
    owner: r.authorId === viewerId,
    timestamp: (r.readyAt ?? r.createdAt).toISOString(),
    width: r.width,
    height: r.height,
    durationMs: r.durationMs,
    sensitive: r.sensitive,
    audience: r.audience,
    saved: r.saved === true || String(r.saved) === 't',
  };
}
