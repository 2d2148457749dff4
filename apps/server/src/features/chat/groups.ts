/**
 * Groups after creation: any member may leave; the creator adds and removes members and renames
 * ("Edit Group"). Each change and its notice message ("Asha left the group") are stored in one
 * transaction; then the cache drops the chat and the facts go out: the notice to the members, the new
 * member list to everyone's open dialog, `chat_removed` to whoever is no longer in it, the chat itself
 * to whoever was added. When the creator leaves, the longest-standing member takes the role over.
 * The creator also sets the group's picture (issue 37): rendered as avatars are, kept under `group/`
 * (which /media does not serve) and fetched by members from /api/chat/:chatId/picture/:name.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNotNull } from 'drizzle-orm';
import { GROUP_MAX_MEMBERS, Messages, type GroupInfo } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { chatMembers, chats, files, messages, users } from '../../db/schema.js';
import type { ReceivedFile } from '../../platform/uploads.js';
import { renderAvatar, storeAvatar } from '../settings/index.js';
import { AppError } from '../../platform/errors.js';
import { notBlockedWith } from '../../policy/relations.js';
import { chatFor } from './chats.js';
import { messageDto } from './messages.js';
import type { ChatMeta } from './cache.js';
import { nextInChat, storedAtText } from './writer.js';
import type { MessageRow } from './presenters.js';
import { userColumns } from './repo.js';
import { chatState } from './state.js';

/** The group's name, creator and members as the Edit Group dialog shows them (members only). */
export async function groupInfo(deps: AppDeps, chat: ChatMeta): Promise<GroupInfo> {
  return loadInfo(deps, chat.id);
}

async function loadInfo(deps: AppDeps, chatId: string): Promise<GroupInfo> {
  const [chat] = await deps.db.select().from(chats).where(eq(chats.id, chatId));
  const members = await deps.db
    .select(userColumns)
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.chatId, chatId))
    .orderBy(asc(chatMembers.joinedAt), asc(users.username));
  return {
    chatId,
    name: chat?.name ?? 'Group',
    creatorId: chat?.createdBy ?? null,
    picture: chat?.picture ?? null,
    members: members.map((m) => ({ uid: m.id, name: m.name, username: m.username, avatar: m.avatar })),
  };
}

export async function leaveGroup(deps: AppDeps, me: string, chat: ChatMeta): Promise<void> {
  const chatId = chat.id;
  const name = await nameOf(deps, me);
  const notice = await change(deps, chatId, me, Messages.chat.memberLeft(name), async (tx) => {
    await tx.delete(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, me)));
    if (chat.createdBy === me) {
      const [next] = await tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .where(eq(chatMembers.chatId, chatId))
        .orderBy(asc(chatMembers.joinedAt))
        .limit(1);
      await tx
        .update(chats)
        .set({ createdBy: next?.userId ?? null })
        .where(eq(chats.id, chatId));
    }
  });
  await announce(deps, notice, [me], []);
}

export async function removeMember(deps: AppDeps, me: string, chat: ChatMeta, uid: string): Promise<GroupInfo> {
  const chatId = chat.id;
  if (uid === me || !chat.memberIds.includes(uid)) throw new AppError(Messages.chat.notInGroup, 400);
  const [by, name] = await Promise.all([nameOf(deps, me), nameOf(deps, uid)]);
  const notice = await change(deps, chatId, me, Messages.chat.memberRemoved(name, by), (tx) =>
    tx.delete(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, uid))),
  );
  return announce(deps, notice, [uid], []);
}

export async function addMembers(deps: AppDeps, me: string, chat: ChatMeta, userIds: string[]): Promise<GroupInfo> {
  const chatId = chat.id;
  const wanted = [...new Set(userIds)];
  if (wanted.some((id) => chat.memberIds.includes(id))) throw new AppError(Messages.chat.alreadyMember, 400);
  if (chat.memberIds.length + wanted.length > GROUP_MAX_MEMBERS) {
    throw new AppError(Messages.chat.groupFull, 400);
  }
  // Only verified members with no block either way with the creator, as at creation.
  const found = await deps.db
    .select(userColumns)
    .from(users)
    .where(and(inArray(users.id, wanted), isNotNull(users.emailVerifiedAt), notBlockedWith(me, users.id)));
  if (found.length !== wanted.length) throw new AppError(Messages.chat.userNotFound, 404);
  const by = await nameOf(deps, me);
  const names = found.map((u) => u.name).join(', ');
  const notice = await change(deps, chatId, me, Messages.chat.membersAdded(names, by), (tx) =>
    tx.insert(chatMembers).values(wanted.map((userId) => ({ chatId, userId }))),
  );
  return announce(deps, notice, [], wanted);
}

export async function renameGroup(deps: AppDeps, me: string, chat: ChatMeta, name: string): Promise<GroupInfo> {
  const chatId = chat.id;
  const by = await nameOf(deps, me);
  const notice = await change(deps, chatId, me, Messages.chat.groupRenamed(name, by), (tx) =>
    tx.update(chats).set({ name }).where(eq(chats.id, chatId)),
  );
  return announce(deps, notice, [], []);
}

/** The files of a group picture: `{stem}-512.webp` and `{stem}-128.webp` under `group/`. */
export const GROUP_PICTURE_NAME = /^[a-f0-9]{32}-(512|128)\.webp$/;
const pictureUrl = (chatId: string, key: string) => `/api/chat/${chatId}/picture/${key.slice('group/'.length)}`;
const pictureKeys = (url: string | null) => {
  const name = url?.split('/').pop() ?? '';
  return GROUP_PICTURE_NAME.test(name) ? [`group/${name}`, `group/${name.replace(/-512\.webp$/, '-128.webp')}`] : [];
};

/** The storage key behind a group picture file name, when it is the group's picture now (else undefined). */
export async function currentPictureKey(deps: AppDeps, chatId: string, name: string): Promise<string | undefined> {
  if (!GROUP_PICTURE_NAME.test(name)) return undefined;
  const [row] = await deps.db.select({ picture: chats.picture }).from(chats).where(eq(chats.id, chatId));
  return pictureKeys(row?.picture ?? null).find((k) => k === `group/${name}`);
}

/** The creator's new picture replaces the old one (whose files go), with a notice to every member. */
export async function setGroupPicture(deps: AppDeps, me: string, chat: ChatMeta, upload: ReceivedFile) {
  const chatId = chat.id;
  const rendered = await renderAvatar(upload.path, upload.type, 'group');
  await storeAvatar(deps, me, rendered, 'group');
  const url = pictureUrl(chatId, rendered[0]!.key);
  const [was] = await deps.db.select({ picture: chats.picture }).from(chats).where(eq(chats.id, chatId));
  const by = await nameOf(deps, me);
  const notice = await change(deps, chatId, me, Messages.chat.groupPictureChanged(by), (tx) =>
    tx.update(chats).set({ picture: url }).where(eq(chats.id, chatId)),
  );
  const stale = pictureKeys(was?.picture ?? null);
  if (stale.length > 0) {
    await deps.db.delete(files).where(inArray(files.storageKey, stale));
    for (const key of stale) await deps.storage.delete(key).catch(() => undefined);
  }
  return announce(deps, notice, [], []);
}

type Notice = MessageRow & { at: string };
type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/** The change and its notice, together or not at all; then the cache forgets the chat. */
async function change(
  deps: AppDeps,
  chatId: string,
  actorId: string,
  notice: string,
  apply: (tx: Tx) => Promise<unknown>,
): Promise<Notice> {
  const row = await deps.db.transaction(async (tx) => {
    await apply(tx);
    const [stored] = await tx
      .insert(messages)
      .values({
        id: randomUUID(),
        chatId,
        senderId: actorId,
        content: notice,
        notice: true,
        createdAt: nextInChat(chatId),
      })
      .returning({ ...getTableColumns(messages), at: storedAtText });
    await tx.update(chats).set({ lastMessageAt: stored!.createdAt }).where(eq(chats.id, chatId));
    return stored!;
  });
  await deps.bus.publish('chat.members.changed', { chatId }, { by: actorId });
  return row;
}

/** Tells everyone concerned, once the change is stored: the notice, the member list, added and removed. */
async function announce(deps: AppDeps, { at, ...notice }: Notice, removedIds: string[], addedIds: string[]) {
  const chatId = notice.chatId;
  const info = await loadInfo(deps, chatId);
  const memberIds = info.members.map((m) => m.uid);
  if (addedIds.length > 0) {
    const views = new Map(
      await Promise.all(addedIds.map(async (uid) => [uid, await chatFor(deps, uid, chatId)] as const)),
    );
    await deps.bus.publish('chat.added', { memberIds: addedIds, chats: views }, { by: notice.senderId });
  }
  const message = await messageDto(deps, notice);
  void deps.bus.publish(
    'chat.message.sent',
    {
      chatId,
      memberIds,
      message,
      storedAt: at,
      sender: { ...message.sender, uid: notice.senderId },
    },
    { by: notice.senderId },
  );
  void deps.bus.publish('chat.group.changed', { info, removedIds }, { by: notice.senderId });
  return info;
}

async function nameOf(deps: AppDeps, userId: string): Promise<string> {
  return (await chatState(deps).cache.profile(userId))?.name ?? 'A member';
}
