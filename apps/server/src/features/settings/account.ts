/**
 * The member's own account: a data export streamed as a zip (JSON files, their uploaded media, and a
 * manifest), and deletion. Deletion removes their content, files and sessions; the user row stays,
 * emptied and renamed "Deleted user", so messages in other members' chats keep a sender to show.
 */
import { Readable } from 'node:stream';
import { and, asc, count, eq, gt, inArray, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import yazl from 'yazl';
import { APP_NAME, SettingsText } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import {
  blocks,
  chatMembers,
  comments,
  emailCodes,
  files,
  follows,
  knownDevices,
  messageAttachments,
  messageReactions,
  messages,
  notificationPrefs,
  notifications,
  passwordResets,
  postLikes,
  posts,
  postShares,
  pushSubscriptions,
  recoveryCodes,
  sessions,
  socials,
  twoFactorChallenges,
  usernameHistory,
  users,
} from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { getProfileForm, loadUser } from './service.js';

const PAGE = 500;

/** Rows of one query, page by page (keyset on created_at, id), as a lazily pulled JSON array. */
function jsonArray<T>(
  fetchPage: (after: { at: Date; id: string } | null) => Promise<(T & { _at: Date; _id: string })[]>,
) {
  return Readable.from(
    (async function* () {
      yield '[';
      let after: { at: Date; id: string } | null = null;
      let first = true;
      for (;;) {
        const rows = await fetchPage(after);
        for (const { _at, _id, ...row } of rows) {
          yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
          first = false;
          void _at;
          void _id;
        }
        if (rows.length < PAGE) break;
        const last = rows[rows.length - 1]!;
        after = { at: last._at, id: last._id };
      }
      yield '\n]\n';
    })(),
  );
}

const fileName = (key: string) => `media/${key.replace('/', '-')}`;

/** Builds the zip as a stream: nothing is held in memory beyond one page of rows or one file chunk. */
export async function exportAccount(deps: AppDeps, userId: string): Promise<NodeJS.ReadableStream> {
  const { db, storage } = deps;
  const profile = await getProfileForm(deps, userId);
  const [postCount] = await db.select({ n: count() }).from(posts).where(eq(posts.authorId, userId));
  const [commentCount] = await db.select({ n: count() }).from(comments).where(eq(comments.authorId, userId));
  const [messageCount] = await db.select({ n: count() }).from(messages).where(eq(messages.senderId, userId));
  const media = await db
    .select({
      key: files.storageKey,
      name: files.originalName,
      mime: files.mime,
      bytes: files.bytes,
      purpose: files.purpose,
    })
    .from(files)
    .where(eq(files.ownerId, userId))
    .orderBy(asc(files.createdAt));

  const zip = new yazl.ZipFile();
  const manifest = {
    app: APP_NAME,
    format: 1,
    exportedAt: new Date().toISOString(),
    member: { uid: userId, username: profile.username },
    entries: [
      { path: 'profile.json', kind: 'profile' },
      { path: 'posts.json', kind: 'posts', count: postCount?.n ?? 0 },
      { path: 'comments.json', kind: 'comments', count: commentCount?.n ?? 0 },
      { path: 'messages.json', kind: 'messages', count: messageCount?.n ?? 0 },
      ...media.map((m) => ({
        path: fileName(m.key),
        kind: m.purpose,
        originalName: m.name,
        mime: m.mime,
        bytes: m.bytes,
      })),
    ],
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  zip.addBuffer(Buffer.from(JSON.stringify(profile, null, 2)), 'profile.json');

  const afterCond = (t: { createdAt: AnyPgColumn; id: AnyPgColumn }, after: { at: Date; id: string } | null) =>
    after ? or(gt(t.createdAt, after.at), and(eq(t.createdAt, after.at), gt(t.id, after.id))) : undefined;

  zip.addReadStream(
    jsonArray((after) =>
      db
        .select({
          id: posts.id,
          content: posts.content,
          category: posts.category,
          createdAt: posts.createdAt,
          _at: posts.createdAt,
          _id: posts.id,
        })
        .from(posts)
        .where(and(eq(posts.authorId, userId), afterCond(posts, after)))
        .orderBy(asc(posts.createdAt), asc(posts.id))
        .limit(PAGE),
    ),
    'posts.json',
  );
  zip.addReadStream(
    jsonArray((after) =>
      db
        .select({
          id: comments.id,
          postId: comments.postId,
          parentId: comments.parentId,
          content: comments.content,
          createdAt: comments.createdAt,
          _at: comments.createdAt,
          _id: comments.id,
        })
        .from(comments)
        .where(and(eq(comments.authorId, userId), afterCond(comments, after)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(PAGE),
    ),
    'comments.json',
  );
  zip.addReadStream(
    jsonArray((after) =>
      db
        .select({
          id: messages.id,
          chatId: messages.chatId,
          content: messages.content,
          createdAt: messages.createdAt,
          _at: messages.createdAt,
          _id: messages.id,
        })
        .from(messages)
        .where(and(eq(messages.senderId, userId), afterCond(messages, after)))
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(PAGE),
    ),
    'messages.json',
  );
  for (const m of media) {
    // Opened only when the zip reaches this entry, so a member with many files holds one open at a time.
    zip.addReadStreamLazy(fileName(m.key), (cb) => {
      storage.get(m.key).then(
        (got) => cb(null, got ? got.stream : Readable.from([])),
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}

export async function deleteAccount(deps: AppDeps, userId: string, password: string): Promise<void> {
  const user = await loadUser(deps, userId);
  if (!user.passwordHash) throw new AppError(SettingsText.passwordNeeded, 400);
  await deps.limiters.consume('loginPerAccount', user.email);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(SettingsText.passwordWrong, 400);
  await deps.limiters.reset('loginPerAccount', user.email);

  const owned = await deps.db
    .select({ id: files.id, key: files.storageKey, poster: files.posterKey })
    .from(files)
    .where(eq(files.ownerId, userId));
  const tag = userId.replace(/-/g, '').slice(0, 12);
  // Every session goes with the account; their ids close the open sockets once the rows are gone.
  const sessionIds = (await deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(
    (r) => r.id,
  );
  await deps.db.transaction(async (tx) => {
    const byUser = [
      [sessions, sessions.userId],
      [emailCodes, emailCodes.userId],
      [passwordResets, passwordResets.userId],
      [notifications, notifications.userId],
      [notificationPrefs, notificationPrefs.userId],
      [pushSubscriptions, pushSubscriptions.userId],
      [knownDevices, knownDevices.userId],
      [socials, socials.userId],
      [usernameHistory, usernameHistory.userId],
      [recoveryCodes, recoveryCodes.userId],
      [twoFactorChallenges, twoFactorChallenges.userId],
      [postLikes, postLikes.userId],
      [messageReactions, messageReactions.userId],
      [chatMembers, chatMembers.userId],
      [comments, comments.authorId],
      [posts, posts.authorId],
    ] as const;
    for (const [table, column] of byUser) await tx.delete(table).where(eq(column, userId));
    await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
    await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
    await tx.update(postShares).set({ userId: null }).where(eq(postShares.userId, userId));
    if (owned.length) {
      const ids = owned.map((f) => f.id);
      await tx.delete(messageAttachments).where(inArray(messageAttachments.fileId, ids));
      await tx.delete(files).where(inArray(files.id, ids));
    }
    await tx
      .update(users)
      .set({
        name: SettingsText.deletedUser,
        username: `deleted_${tag}`,
        email: `deleted+${userId}@deleted.invalid`,
        passwordHash: null,
        googleSub: null,
        avatar: null,
        bio: '',
        phone: '',
        location: '',
        dob: '',
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        emailVerifiedAt: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
  for (const f of owned) {
    await deps.storage.delete(f.key);
    if (f.poster) await deps.storage.delete(f.poster);
  }
  // Every tab and device of the member closes now.
  await deps.bus.publish('session.ended', { userId, sessionIds });
}
