/**
 * Posts: create (with media and a link preview), the feed, one post, edit, delete, like and share.
 * Transport-free: routes and socket handlers parse input and call these; edits and deletes are
 * published as facts, and publish.ts shows them to the post's viewers.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type Events,
  Messages,
  type PostCategory,
  type PostDto,
  type ServerEventPayload,
  type SharedPostPreview,
} from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { files, postLikes, postMedia, posts, postShares } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { firstHttpsUrl, isId } from '@sajha/contract';
import { previewNow, queuePreview } from './link-jobs.js';
import { tell, tellMentioned, type Actor } from './notices.js';
import { authorize } from './policy.js';
import { presentPost, presentPreview } from './presenters.js';
import { fileKeysOf, findPostRecord, findUser, mediaFor } from './repo.js';
import { removeAll, storeAll, type PreparedFile } from './uploads.js';

async function actorOf(deps: AppDeps, userId: string): Promise<Actor> {
  const u = await findUser(deps.db, userId);
  if (!u) throw new AppError(Messages.server.unauthorized, 401);
  return { id: u.id, username: u.username, avatar: u.avatar };
}

async function postRow(deps: AppDeps, postId: string) {
  if (!isId(postId)) return undefined;
  const [row] = await deps.db
    .select({ id: posts.id, authorId: posts.authorId, linkUrl: posts.linkUrl })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

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
  authorId: string,
  input: { content: string; category?: PostCategory | undefined },
  prepared: PreparedFile[],
): Promise<PostDto> {
  const actor = await actorOf(deps, authorId);
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
      await tx.insert(posts).values({
        id: postId,
        authorId,
        content: input.content,
        category: input.category ?? null,
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
  await tellMentioned(deps, input.content, actor, 'post', postId);
  return getPost(deps, postId, authorId);
}

type Mutation = ServerEventPayload<typeof Events.postMutationResult>;

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A post was edited or deleted by its author. */
    'post.mutated': { actorId: string; result: Mutation };
  }
}

export async function editPost(deps: AppDeps, userId: string, postId: string, content: string): Promise<Mutation> {
  const post = await postRow(deps, postId);
  authorize(userId, 'edit', post);
  const linkUrl = firstHttpsUrl(content);
  const set: Partial<typeof posts.$inferInsert> = { content, updatedAt: new Date() };
  const relinked = linkUrl !== post.linkUrl;
  const preview = relinked ? await previewNow(deps, linkUrl) : undefined;
  if (preview) Object.assign(set, { linkUrl, linkMeta: preview.meta });
  await deps.db.update(posts).set(set).where(eq(posts.id, postId));
  if (linkUrl && preview?.queue) await queuePreview(deps, { postId, url: linkUrl, userId });
  const result: Mutation = { success: true, type: 'edit', post_id: postId, content, message: Messages.post.edited };
  if (preview) result.link = preview.meta;
  // Every open feed shows the new text in place (part 2 §4).
  void deps.bus.publish('post.mutated', { actorId: userId, result }, { by: userId });
  return result;
}

export async function deletePost(deps: AppDeps, userId: string, postId: string): Promise<Mutation> {
  const post = await postRow(deps, postId);
  authorize(userId, 'delete', post);
  const { ids, keys } = await fileKeysOf(deps.db, postId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(posts).where(eq(posts.id, postId));
    if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
  });
  // Bytes go after the rows: a crash in between leaves orphan bytes, never a post with missing media.
  await removeAll(deps.storage, keys);
  const result: Mutation = { success: true, type: 'delete', post_id: postId, message: Messages.post.deleted };
  void deps.bus.publish('post.mutated', { actorId: userId, result }, { by: userId });
  return result;
}

/** Toggles the viewer's like; answers the new state so the client can confirm or roll back. */
export async function toggleLike(
  deps: AppDeps,
  userId: string,
  postId: string,
): Promise<{ post_id: string; liked: boolean; likes: number }> {
  const post = await postRow(deps, postId);
  if (!post) throw new AppError(Messages.post.gone, 404);
  const outcome = await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
      .returning({ userId: postLikes.userId });
    const liked = removed.length === 0;
    if (liked) await tx.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`greatest(0, ${posts.likeCount} + ${liked ? 1 : -1})` })
      .where(eq(posts.id, postId))
      .returning({ likes: posts.likeCount });
    return { liked, likes: row?.likes ?? 0 };
  });
  if (outcome.liked) await tell(deps, post.authorId, await actorOf(deps, userId), 'like', postId);
  return { post_id: postId, ...outcome };
}

export async function recordShare(
  deps: AppDeps,
  userId: string,
  input: { post_id: string; network: string; ref: string },
): Promise<{ post_id: string; shares: number }> {
  const post = await postRow(deps, input.post_id);
  if (!post) throw new AppError(Messages.post.gone, 404);
  const shares = await deps.db.transaction(async (tx) => {
    await tx
      .insert(postShares)
      .values({ id: randomUUID(), postId: post.id, userId, ref: input.ref, network: input.network });
    const [row] = await tx
      .update(posts)
      .set({ shareCount: sql`${posts.shareCount} + 1` })
      .where(eq(posts.id, post.id))
      .returning({ shares: posts.shareCount });
    return row?.shares ?? 0;
  });
  await tell(deps, post.authorId, await actorOf(deps, userId), 'share', post.id);
  return { post_id: post.id, shares };
}

export { actorOf, postRow };
