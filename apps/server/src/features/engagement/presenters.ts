/** Comment rows -> the contract's one-level tree. Reels' comments share it. */
import { ModerationMessages, type CommentDto } from '@sajha/contract';

export interface CommentRecord {
  id: string;
  parentId: string | null;
  content: string;
  createdAt: Date;
  authorName: string;
  authorUsername: string;
  authorAvatar: string | null;
  /** Removed by moderators: it keeps its place, as "Removed by moderators". */
  removedAt: Date | null;
}

const textOf = (r: CommentRecord) => (r.removedAt ? ModerationMessages.removed : r.content);

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
      comment: textOf(r),
      date_commented: r.createdAt.toISOString(),
      replies: [],
      username: r.authorUsername,
      ...(r.removedAt ? { removed: true } : {}),
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
      reply: textOf(r),
      date_commented: r.createdAt.toISOString(),
      username: r.authorUsername,
      ...(r.removedAt ? { removed: true } : {}),
    });
  }
  return top;
}
