/**
 * What posts tell members, all through notify(): likes, comments, replies, shares and @mentions (in a
 * post or a comment). Messages start with the actor's @handle, which the panel links to /u/@{handle}.
 * Nobody is told about their own actions. Failures are logged, never surfaced to the actor.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { users } from '../../db/schema.js';
import { notify } from '../notifications/index.js';
import { notBlockedWith } from '../people/index.js';

export interface Actor {
  id: string;
  username: string;
  avatar: string | null;
}

type Kind = 'like' | 'comment' | 'reply' | 'share' | 'mention-post' | 'mention-comment';

const TEXT: Record<Kind, (handle: string) => string> = {
  like: (h) => `@${h} liked your post`,
  comment: (h) => `@${h} commented on your post`,
  reply: (h) => `@${h} replied to your comment`,
  share: (h) => `@${h} shared your post`,
  'mention-post': (h) => `@${h} mentioned you in a post`,
  'mention-comment': (h) => `@${h} mentioned you in a comment`,
};
const TYPE: Record<Kind, string> = {
  like: 'like',
  comment: 'comment',
  reply: 'comment',
  share: 'share',
  'mention-post': 'mention',
  'mention-comment': 'mention',
};

export async function tell(deps: AppDeps, to: string, actor: Actor, kind: Kind, postId: string): Promise<void> {
  if (to === actor.id) return;
  try {
    await notify(deps, to, {
      type: TYPE[kind],
      message: TEXT[kind](actor.username),
      actorId: actor.id,
      profileImage: actor.avatar,
      actions: [{ label: 'View Details', type: 'link', url: `/view/${postId}` }],
      tag: `${TYPE[kind]}:${postId}`,
    });
  } catch (err) {
    deps.log.error({ err, kind }, 'post notification failed');
  }
}

const MENTION = /(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{1,30})/g;

/** The distinct @handles in a text (at most 10, so one post cannot page the whole site). */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const handle = m[2]!.replace(/\.+$/, '').toLowerCase();
    if (handle) found.add(handle);
    if (found.size >= 10) break;
  }
  return [...found];
}

/** Tells each member named with @handle (except those in `skip`, who already heard about it). */
export async function tellMentioned(
  deps: AppDeps,
  text: string,
  actor: Actor,
  where: 'post' | 'comment',
  postId: string,
  skip: string[] = [],
): Promise<void> {
  const handles = mentionedHandles(text);
  if (handles.length === 0) return;
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, handles), notBlockedWith(actor.id, users.id)));
  for (const r of rows) {
    if (skip.includes(r.id)) continue;
    await tell(deps, r.id, actor, where === 'post' ? 'mention-post' : 'mention-comment', postId);
  }
}
