/**
 * Every fact any area states on the bus, in one map: what happened, with what the listeners need. Services
 * publish these and never touch sockets; each area's publish.ts turns the ones it cares about into emits to
 * rooms, and notifications turns the ones a member should hear about into notices (features/notifications).
 * Payloads use the contract's types and plain values only, so this file depends on no area.
 */
import type {
  ChatDto,
  CurrentUser,
  FeatureItem,
  GroupInfo,
  IncomingCall,
  MessageDto,
  NotificationDto,
  PostCategory,
  ReelDto,
  ServerEventPayload,
  Events,
} from '@sajha/contract';

/** Who did it, as a notice shows them. */
export interface ActorInfo {
  id: string;
  username: string;
  name: string;
  avatar: string | null;
}

/** A chat message's sender, as the fan-out and the away notice show them. */
export interface ChatSender {
  uid: string;
  name: string;
  username: string;
  avatar: string | null;
}

/** Content members engage with (likes, comments, replies, shares): a post or a clip. */
export type ContentKind = 'post' | 'reel';
export interface ContentRef {
  kind: ContentKind;
  id: string;
  /** Its author. */
  ownerId: string;
}

export type PostMutation = ServerEventPayload<typeof Events.postMutationResult>;

export interface DomainEvents {
  // Sessions and presence
  /** Sessions that no longer exist: their open sockets close on every node. */
  'session.ended': { userId: string; sessionIds: string[] };
  /** A member's first tab connected (online) or last tab closed (offline), across every node. */
  'presence.changed': { userId: string; online: boolean };
  /** A sign-in from a browser the member had not used before. */
  /** The browser and system as its user agent names them (null: not one we name); the notice words them. */
  'account.newDevice': { userId: string; browser: string | null; os: string | null };
  /** A changed name, username or avatar. */
  'profile.updated': { user: CurrentUser };

  // People
  /** `blockerId` blocked `blockedId`: what each was showing of the other stops at once. */
  'member.blocked': { blockerId: string; blockedId: string };
  /** A new follow; `notice` is false when the pair was noticed within the day (no second notice). */
  'member.followed': { follower: ActorInfo; followeeId: string; notice: boolean };
  /** Issue 38: a member asked to follow a private account; the account approved a request. */
  'member.requested': { requester: ActorInfo; targetId: string };
  'member.approved': { approver: ActorInfo; requesterId: string };
  /** A member changed their privacy settings (caches of them drop it). */
  'privacy.updated': { userId: string };

  // Posts, clips and what members do with them
  /** `hiddenFrom`: members on either side of a block with the author; their feeds never show the post. */
  'post.created': { authorId: string; post_id: string; category: PostCategory | null; hiddenFrom: string[] };
  /** A post was edited or deleted by its author; `hiddenFrom` as above. */
  /** `authorOnly`: the edit changed who sees the post, so only the author's own tabs hear it live. */
  'post.mutated': { actorId: string; result: PostMutation; hiddenFrom: string[]; authorOnly?: boolean };
  'content.liked': { content: ContentRef; actor: ActorInfo };
  'content.commented': { content: ContentRef; actor: ActorInfo };
  /** A reply to `toId`'s comment. */
  'content.replied': { content: ContentRef; toId: string; actor: ActorInfo };
  'content.shared': { content: ContentRef; actor: ActorInfo };
  /** A comment or reply was added: screens showing the thread get it anew, each as its viewer sees it. */
  'comments.changed': { content: ContentRef };
  /** Members named with @handle in a post or a comment on `content` (blocks already left out). */
  'member.mentioned': { where: 'post' | 'comment'; content: ContentRef; memberIds: string[]; actor: ActorInfo };
  /** `everyone`: a public clip of a public account, shown to every open page (else only its author's). */
  'reel.ready': { authorId: string; reel: ReelDto; hiddenFrom: string[]; everyone: boolean };
  'reel.failed': { authorId: string; id: string; message: string };
  /** Counts moved; `hiddenFrom`: members across a block with the clip's author, who do not hear it. */
  'reel.stats': { id: string; stats: { likes: number; comments: number; shares: number }; hiddenFrom: string[] };
  'reel.deleted': { id: string; hiddenFrom: string[] };

  // Features board
  /** A suggestion changed (new, votes, status); `hiddenFrom`: members across a block with its author. */
  'feature.updated': { item: Omit<FeatureItem, 'voted'>; hiddenFrom: string[] };
  /** A moderator set a suggestion's status: its author hears of it. */
  'feature.statusChanged': { featureId: string; authorId: string; title: string; status: 'Pending' | 'Implemented' };

  // Trust and safety
  /** Moderators acted on reports: each reporter hears the outcome (never who else reported). */
  'report.resolved': { reporterIds: string[]; what: string; acted: boolean };
  /** An action against a member: they hear what and why, and that they may appeal (`appealable`). */
  'moderation.acted': { memberId: string; actionId: string; action: string; reason: string; days?: number | undefined };
  /** An appeal was decided: the member hears the outcome. */
  'appeal.decided': { memberId: string; reversed: boolean };
  /** A member's staff role changed: their open sockets act with the new one. */
  'member.roleChanged': { userId: string; role: 'member' | 'moderator' | 'admin' };
  /** The member chose another interface language: their open sockets answer in it from now on. */
  'member.languageChanged': { userId: string; locale: 'en' | 'ne' };

  // Notifications
  'notification.created': { userId: string; notification: NotificationDto; unread: number };
  'notification.unread': { userId: string; unread: number };

  // Chat
  /** `origin` is the connection that sent it: it already has the message in its ack. */
  'chat.message.sent': {
    chatId: string;
    memberIds: string[];
    message: MessageDto;
    sender: ChatSender;
    origin?: string | undefined;
    /** The stored time at full precision (read marks compare with it); the DTO has milliseconds. */
    storedAt: string;
  };
  /** A new message these members have not seen and were not told of in this unread run. */
  'chat.message.unseen': { chatId: string; direct: boolean; toIds: string[]; sender: ChatSender; preview: string };
  'chat.message.updated': { chatId: string; memberIds: string[]; messages: MessageDto[] };
  'chat.message.deleted': { chatId: string; memberIds: string[]; mid: string; by: string };
  /** Deleted for one member only: their tabs drop it. */
  'chat.message.hidden': { chatId: string; userId: string; mid: string };
  /** A message changed outside its chat (moderators removed or restored it): shown anew to the chat. */
  'chat.message.refresh': { messageId: string };
  /** A chat appeared in these members' lists (a new group); each gets its own view of it. */
  'chat.added': { memberIds: string[]; chats: Map<string, ChatDto> };
  /** The member's unread total may have changed (read, or a message vanished). */
  'chat.unread': { userIds: string[] };
  /** `marks`: every member's read mark after the change, when the writer already has them. */
  'chat.read': { chatId: string; readerIds: string[]; marks?: { userId: string; lastReadAt: Date }[] };
  /** A member is typing in a chat (`origin`: their socket, which does not hear its own typing). */
  'chat.typing': { chatId: string; userId: string; name: string; group: boolean; origin: string };
  /** Someone joined or left the chat, or it was renamed: cached views of it are stale. */
  'chat.members.changed': { chatId: string };
  /** The group's members or name changed: `info` for everyone in it, `removedIds` are out of it now. */
  'chat.group.changed': { info: GroupInfo; removedIds: string[] };

  // Calls
  'call.ringing': { calleeId: string; incoming: IncomingCall };
  /** Stop ringing on every tab of the callee (answered elsewhere, cancelled, declined, timed out). */
  'call.ringingEnded': { calleeId: string; roomId: string };
  /** Both call pages of the room learn that it ended (and why, when there is a title). */
  'call.ended': { roomId: string; title?: string | undefined; exceptSocketId?: string | undefined };
  /** A ring nobody answered: the callee hears of it. */
  'call.missed': { roomId: string; calleeId: string; caller: ActorInfo };
}

export type DomainEventName = keyof DomainEvents;
