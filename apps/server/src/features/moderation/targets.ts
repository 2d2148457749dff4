/**
 * What a report or a staff action is about: a post, a comment (or reply, on a post or a clip), a clip, a
 * chat message, a member or a feature suggestion, with the member it belongs to and a snapshot of it as
 * it is now (for a chat message, the few messages around it: staff see those for this report only; they
 * never browse chats otherwise).
 */
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { isId, type ReportKind, type ReportSnapshot } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import {
  chatMembers,
  comments,
  featureSuggestions,
  files,
  messages,
  postMedia,
  posts,
  reels,
  users,
} from '../../db/schema.js';

export interface ReportTarget {
  kind: ReportKind;
  id: string;
  /** Whose it is (the reported member): null when nobody's (a deleted account's leftovers). */
  memberId: string | null;
  snapshot: ReportSnapshot;
  /** Already removed by moderators: nobody sees it to report it. */
  removed: boolean;
  /** A post or clip of a limited member: only their followers see it (and so may report it). */
  followersOnly: boolean;
}

/** Around a reported chat message: this many messages before and after it. */
const CONTEXT = 3;

const mediaUrl = (key: string) => `/media/${key}`;

async function memberOf(deps: AppDeps, id: string | null) {
  if (!id) return null;
  const [u] = await deps.db
    .select({
      uid: users.id,
      name: users.name,
      username: users.username,
      bio: users.bio,
      avatar: users.avatar,
      limited: sql<boolean>`${users.limitedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
}

function snapshot(
  kind: ReportKind,
  member: { uid: string; name: string; username: string } | null,
  text: string,
  at: Date,
  extra: Partial<Pick<ReportSnapshot, 'media' | 'context' | 'link'>> = {},
): ReportSnapshot {
  return {
    kind,
    member: member && { uid: member.uid, name: member.name, username: member.username },
    text,
    media: extra.media ?? [],
    context: extra.context ?? [],
    link: extra.link ?? null,
    at: at.toISOString(),
  };
}

/**
 * The target as `viewerId` may report it (a message only from a chat they are in), or as staff see it
 * (`viewerId` null). Undefined when it does not exist or is not theirs to see.
 */
export async function loadTarget(
  deps: AppDeps,
  kind: ReportKind,
  id: string,
  viewerId: string | null,
): Promise<ReportTarget | undefined> {
  if (!isId(id)) return undefined;
  const { db } = deps;
  switch (kind) {
    case 'post': {
      const [p] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
      if (!p) return undefined;
      const media = await db
        .select({ key: files.storageKey })
        .from(postMedia)
        .innerJoin(files, eq(files.id, postMedia.fileId))
        .where(eq(postMedia.postId, id))
        .orderBy(asc(postMedia.position));
      const author = await memberOf(deps, p.authorId);
      return {
        kind,
        id,
        memberId: p.authorId,
        removed: p.removedAt !== null,
        followersOnly: author?.limited ?? false,
        snapshot: snapshot(kind, author, p.content, p.createdAt, {
          media: media.map((m) => mediaUrl(m.key)),
          link: `/view/${id}`,
        }),
      };
    }
    case 'comment': {
      const [c] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
      if (!c) return undefined;
      const author = await memberOf(deps, c.authorId);
      const link = c.kind === 'reel' ? `/clips/${c.subjectId}` : `/view/${c.subjectId}`;
      return {
        kind,
        id,
        memberId: c.authorId,
        removed: c.removedAt !== null,
        followersOnly: false,
        snapshot: snapshot(kind, author, c.content, c.createdAt, { link }),
      };
    }
    case 'reel': {
      const [r] = await db.select().from(reels).where(eq(reels.id, id)).limit(1);
      if (!r) return undefined;
      const [video] = r.videoFileId
        ? await db
            .select({ key: files.storageKey, poster: files.posterKey })
            .from(files)
            .where(eq(files.id, r.videoFileId))
            .limit(1)
        : [];
      const author = await memberOf(deps, r.authorId);
      const text = r.description ? `${r.title}\n${r.description}` : r.title;
      return {
        kind,
        id,
        memberId: r.authorId,
        removed: r.removedAt !== null,
        followersOnly: author?.limited ?? false,
        snapshot: snapshot(kind, author, text, r.createdAt, {
          media: video ? [mediaUrl(video.key), ...(video.poster ? [mediaUrl(video.poster)] : [])] : [],
          link: `/clips/${id}`,
        }),
      };
    }
    case 'message':
      return messageTarget(deps, id, viewerId);
    case 'member': {
      const m = await memberOf(deps, id);
      if (!m) return undefined;
      const [u] = await db
        .select({ createdAt: users.createdAt, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, id));
      if (!u || u.deletedAt) return undefined;
      return {
        kind,
        id,
        memberId: id,
        removed: false,
        followersOnly: false,
        snapshot: snapshot(kind, m, m.bio, u.createdAt, {
          media: m.avatar ? [m.avatar] : [],
          link: `/u/${m.username}`,
        }),
      };
    }
    case 'suggestion': {
      const [f] = await db.select().from(featureSuggestions).where(eq(featureSuggestions.id, id)).limit(1);
      if (!f) return undefined;
      const author = await memberOf(deps, f.authorId);
      return {
        kind,
        id,
        memberId: f.authorId,
        removed: f.removedAt !== null,
        followersOnly: false,
        snapshot: snapshot(kind, author, `${f.title}\n${f.description}`, f.createdAt, { link: '/features' }),
      };
    }
  }
}

/** A chat message, only from a chat the reporter is in; with the messages around it. */
async function messageTarget(deps: AppDeps, id: string, viewerId: string | null): Promise<ReportTarget | undefined> {
  const { db } = deps;
  const [m] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  if (!m || m.notice) return undefined;
  if (viewerId) {
    const [member] = await db
      .select({ one: chatMembers.userId })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, m.chatId), eq(chatMembers.userId, viewerId)))
      .limit(1);
    if (!member) return undefined;
  }
  // Compared in SQL against the row itself: a JS Date drops the microseconds PostgreSQL keeps.
  const at = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${id})`;
  const around = (before: boolean) =>
    db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.chatId, m.chatId),
          eq(messages.notice, false),
          before ? lt(messages.createdAt, at) : gt(messages.createdAt, at),
        ),
      )
      .orderBy(before ? desc(messages.createdAt) : asc(messages.createdAt))
      .limit(CONTEXT);
  const rows = [...(await around(true)).reverse(), m, ...(await around(false))];
  const names = new Map<string, string>();
  for (const r of rows) {
    if (!names.has(r.senderId)) names.set(r.senderId, (await memberOf(deps, r.senderId))?.username ?? 'deleted');
  }
  const author = await memberOf(deps, m.senderId);
  return {
    kind: 'message',
    id,
    memberId: m.senderId,
    removed: m.removedAt !== null,
    followersOnly: false,
    snapshot: snapshot('message', author, m.content, m.createdAt, {
      context: rows.map((r) => ({
        sender: names.get(r.senderId) ?? 'deleted',
        text: r.content,
        at: r.createdAt.toISOString(),
        reported: r.id === id,
      })),
    }),
  };
}
