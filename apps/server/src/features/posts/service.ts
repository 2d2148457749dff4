/**
 * Posts: create (with media and a link preview), the feed, one post, edit, delete, like and share.
 * Transport-free: routes and socket handlers parse input and call these; edits and deletes are
 * published as facts, and publish.ts shows them to the post's viewers.
 */
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { noteTags, searchVector, tagRows, tagsOf } from '../../platform/search-index.js';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  Messages,
  type Audience,
  type EditHistory,
  type PostCategory,
  type PostDto,
  type ReplyPolicy,
  type SharedPostPreview,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { files, moderationLog, postEdits, postMedia, posts, users } from '../../db/schema.js';
import { historyOf } from '../../platform/edit-history.js';
import type { ActorInfo, PostMutation } from '../../events/map.js';
import { AppError } from '../../platform/errors.js';
import { firstHttpsUrl, isId } from '@sajha/contract';
import { announceMentions, recordShare, toggleLike } from '../engagement/index.js';
import { announceMutation } from './facts.js';
import { previewNow, queuePreview } from './link-jobs.js';
import type { PostResource } from './policy.js';
import { presentPost, presentPreview } from './presenters.js';
import { fileKeysOf, findPostRecord, mediaFor } from './repo.js';
import { removeAll, storeAll, type PreparedFile } from './uploads.js';

/** What the policy needs of a post, or undefined (a malformed id is a missing post). */
export async function loadPost(deps: AppDeps, postId: string): Promise<PostResource | undefined> {
  if (!isId(postId)) return undefined;
  const [row] = await deps.db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      linkUrl: posts.linkUrl,
      removed: sql<boolean>`${posts.removedAt} is not null`,
      authorLimited: sql<boolean>`${users.limitedAt} is not null`,
      audience: posts.audience,
      authorPrivate: users.privateAccount,
      replyPolicy: posts.replyPolicy,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row && { ...row, removed: yes(row.removed), authorLimited: yes(row.authorLimited) };
}

const yes = (v: unknown) => v === true || v === 't';

export async function getPost(deps: AppDeps, postId: string, viewerId: string): Promise<PostDto> {
  const record = isId(postId) ? await findPostRecord(deps.db, postId, viewerId) : undefined;
  if (!record) throw new AppError(Messages.post.notFound, 404);
  const media = await mediaFor(deps.db, [postId]);
  return presentPost(record, media.get(postId) ?? [], viewerId);
}

/** The public preview of /p/{id}: no viewer state, no comments. */
export async function getPreview(deps: AppDeps, postId: string): Promise<SharedPostPreview | null> {
  const record = isId(postId) ? await findPostRecord(deps.db, postId) : undefined;
  if (!record) return null;
  const media = await mediaFor(deps.db, [postId]);
  return presentPreview(record, media.get(postId) ?? []);
}

export async function createPost(
  deps: AppDeps,
  actor: ActorInfo,
  input: {
    content: string;
    category?: PostCategory | undefined;
    audience?: Audience | undefined;
    replies?: ReplyPolicy | undefined;
    sensitive?: boolean | undefined;
  },
  prepared: PreparedFile[],
): Promise<PostDto> {
  const authorId = actor.id;
  // Unset in the form: the member's defaults (Settings > Privacy).
  const defaults =
    input.audience && input.replies
      ? undefined
      : (
          await deps.db
            .select({ audience: users.defaultAudience, replies: users.defaultReplies })
            .from(users)
            .where(eq(users.id, authorId))
        )[0];
  const linkUrl = firstHttpsUrl(input.content);
  // Never waits on the linked site: a missing preview is fetched by a job once the post is stored.
  const preview = await previewNow(deps, linkUrl);
  const written = await storeAll(deps.storage, prepared);
  const postId = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      if (prepared.length > 0) {
        await tx.insert(files).values(
          prepared.map((f) => ({
            id: f.id,
            ownerId: authorId,
            purpose: 'post',
            storageKey: f.storageKey,
            posterKey: f.posterKey,
            originalName: f.originalName,
            mime: f.mime,
            bytes: f.bytes,
            width: f.width,
            height: f.height,
          })),
        );
      }
      const tags = tagsOf(input.content);
      await (tags.length > 0 ? tx.with(tagRows(tx, tags)).insert(posts) : tx.insert(posts)).values({
        id: postId,
        authorId,
        content: input.content,
        searchTerms: searchVector(input.content),
        tags,
        category: input.category ?? null,
        audience: input.audience ?? defaults?.audience ?? 'public',
        replyPolicy: input.replies ?? defaults?.replies ?? 'everyone',
        // Marking sensitive is about media: a post without any has nothing to blur.
        sensitive: Boolean(input.sensitive) && prepared.length > 0,
        linkUrl,
        linkMeta: preview.meta,
      });
      if (prepared.length > 0) {
        await tx.insert(postMedia).values(prepared.map((f, position) => ({ postId, fileId: f.id, position })));
      }
    });
  } catch (err) {
    await removeAll(deps.storage, written);
    throw err;
  }
  if (linkUrl && preview.queue) await queuePreview(deps, { postId, url: linkUrl, userId: authorId });
  await announceMentions(deps, input.content, actor, 'post', { kind: 'post', id: postId, ownerId: authorId });
  return getPost(deps, postId, authorId);
}

export async function editPost(
  deps: AppDeps,
  userId: string,
  post: PostResource,
  content: string,
  privacy: { audience?: Audience | undefined; replies?: ReplyPolicy | undefined; sensitive?: boolean | undefined } = {},
): Promise<PostMutation> {
  const postId = post.id;
  const linkUrl = firstHttpsUrl(content);
  const tags = tagsOf(content);
  const set: PgUpdateSetSource<typeof posts> = {
    content,
    updatedAt: new Date(),
    searchTerms: searchVector(content),
    tags,
  };
  if (privacy.audience) set.audience = privacy.audience;
  if (privacy.replies) set.replyPolicy = privacy.replies;
  // The author marks their media sensitive, and unmarks it unless moderators marked it (theirs to lift).
  if (privacy.sensitive === true || (privacy.sensitive === false && !(await markedByModerators(deps, postId)))) {
    set.sensitive = privacy.sensitive;
  }
  const result: PostMutation = { success: true, type: 'edit', post_id: postId, content, message: Messages.post.edited };
  const relinked = linkUrl !== post.linkUrl;
  const preview = relinked ? await previewNow(deps, linkUrl) : undefined;
  if (preview) Object.assign(set, { linkUrl, linkMeta: preview.meta });
  await deps.db.transaction(async (tx) => {
    await noteTags(tx, tags);
    // The text it replaces is kept with when it was written (history); locked, so quick edits keep each.
    const [was] = await tx
      .select({ content: posts.content, createdAt: posts.createdAt, editedAt: posts.editedAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    if (was && was.content !== content) {
      await tx
        .insert(postEdits)
        .values({ id: randomUUID(), postId, content: was.content, writtenAt: was.editedAt ?? was.createdAt });
      set.editedAt = new Date();
    }
    const [now] = await tx.update(posts).set(set).where(eq(posts.id, postId)).returning({
      audience: posts.audience,
      replies: posts.replyPolicy,
      sensitive: posts.sensitive,
      editedAt: posts.editedAt,
    });
    if (now) {
      const { editedAt, ...rest } = now;
      Object.assign(result, rest, editedAt ? { editedAt: editedAt.toISOString() } : {});
    }
  });
  if (linkUrl && preview?.queue) await queuePreview(deps, { postId, url: linkUrl, userId });
  if (preview) result.link = preview.meta;
  // Every open feed shows the new text in place (part 2 §4); but an edit that changed who sees the post
  // reaches only the author's tabs live (screens shown it before may no longer be in its audience).
  // Awaited: one member's changes reach the screens in the order they were made.
  await announceMutation(deps, userId, result, privacy.audience !== undefined && privacy.audience !== post.audience);
  return result;
}

/** Whether moderators' last word on a post's media was "sensitive". */
async function markedByModerators(deps: AppDeps, postId: string): Promise<boolean> {
  const [last] = await deps.db
    .select({ action: moderationLog.action })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.targetKind, 'post'),
        eq(moderationLog.targetId, postId),
        inArray(moderationLog.action, ['sensitive', 'not-sensitive']),
      ),
    )
    .orderBy(desc(moderationLog.createdAt))
    .limit(1);
  return last?.action === 'sensitive';
}

export async function deletePost(deps: AppDeps, userId: string, post: PostResource): Promise<PostMutation> {
  const postId = post.id;
  const { ids, keys } = await fileKeysOf(deps.db, postId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(posts).where(eq(posts.id, postId));
    if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
  });
  // Bytes go after the rows: a crash in between leaves orphan bytes, never a post with missing media.
  await removeAll(deps.storage, keys);
  const result: PostMutation = { success: true, type: 'delete', post_id: postId, message: Messages.post.deleted };
  // Awaited: one member's changes reach the screens in the order they were made.
  await announceMutation(deps, userId, result);
  return result;
}

/** Toggles the viewer's like; answers the new state so the client can confirm or roll back. */
export async function likePost(
  deps: AppDeps,
  actor: ActorInfo,
  post: PostResource,
): Promise<{ post_id: string; liked: boolean; likes: number }> {
  const { liked, counts } = await toggleLike(deps, { kind: 'post', id: post.id, ownerId: post.authorId }, actor);
  return { post_id: post.id, liked, likes: counts.likes };
}

export async function sharePost(
  deps: AppDeps,
  actor: ActorInfo,
  post: PostResource,
  link: { network: string; ref: string },
): Promise<{ post_id: string; shares: number }> {
  const counts = await recordShare(deps, { kind: 'post', id: post.id, ownerId: post.authorId }, actor, link);
  return { post_id: post.id, shares: counts.shares };
}

/** What an edited post said before, newest first (one version when it was never edited). */
export async function postHistory(deps: AppDeps, post: PostResource): Promise<EditHistory> {
  const [now] = await deps.db
    .select({
      content: posts.content,
      at: sql<Date>`coalesce(${posts.editedAt}, ${posts.createdAt})`.mapWith(posts.createdAt),
    })
    .from(posts)
    .where(eq(posts.id, post.id));
  if (!now) throw new AppError(Messages.post.notFound, 404);
  const earlier = await deps.db
    .select({ content: postEdits.content, at: postEdits.writtenAt })
    .from(postEdits)
    .where(eq(postEdits.postId, post.id))
    .orderBy(desc(postEdits.writtenAt));
  return historyOf(now, earlier);
}
