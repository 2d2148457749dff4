/**
 * A block holds on every path. A (the blocker) has a post with comments, a reel, a suggestion, a direct
 * chat with B (history both ways, attachments), a group with B and C, a call with B and follows both
 * ways; then A blocks B through `blockUser`. The table has one row for every client event of the contract
 * (clientEventSchemas) and every HTTP route (Routes): how B, the blocked member, tries it against A's
 * things (and, where a block works both ways, A against B's), and what must happen:
 *
 *   refused                   the ack is {ok:false} / the answer a 4xx, with the message a member sees
 *   filtered                  it works, but A's things are not in what B gets (nor B's in what A gets)
 *   allowed                   it works by the product's rule (the reason says which), and A hears nothing of it
 *   not-about-another-member  it acts on the member's own account only (the reason says why)
 *
 * A new event or route fails the coverage test until someone decides its row. Absence is proven by a
 * round trip on the same connection (Socket.IO keeps order on one connection) after the server has
 * finished what it started (its bus is idle, or a bystander already received the same emit).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import yauzl from 'yauzl';
import {
  CallTexts,
  clientEventSchemas,
  Events,
  FeatureMessages,
  Messages,
  ModerationMessages,
  PeopleMessages,
  PrivacyText,
  ReelMessages,
  Routes,
  SettingsText,
  SignupMessages,
  type ChatDto,
  type ClientEventName,
  type CommentDto,
  type FeatureItem,
  type FriendRow,
  type MessageDto,
  type NotificationDto,
  type PostDto,
  type ProfileDto,
  type ReelDto,
  type SearchAnswer,
  type RouteName,
} from '@sajha/contract';
import {
  calls,
  chatMembers,
  chats,
  comments,
  featureSuggestions,
  files,
  follows,
  invites,
  likes,
  messageHides,
  messageReactions,
  messages,
  notifications,
  posts,
  reels,
  reports,
  savedItems,
  sessions,
  shares,
} from '../db/schema.js';
import { newStorageKey } from '../platform/storage.js';
import {
  ask,
  connectSocket,
  createUser,
  ok,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../test/harness.js';

// ---------------------------------------------------------------------------------------------------
// Listening: every event a socket receives is kept, so absence can be asserted after a round trip.

interface Heard {
  event: string;
  payload: unknown;
}

/** Everything one socket has received, in order; `waitFor` also finds what arrived before it was called. */
class Ear {
  readonly heard: Heard[] = [];
  private readonly waiting = new Set<(h: Heard) => void>();
  constructor(readonly socket: TestSocket) {
    socket.onAny((event: string, ...args: unknown[]) => {
      const h = { event, payload: args[0] };
      this.heard.push(h);
      for (const w of [...this.waiting]) w(h);
    });
  }
  mark(): number {
    return this.heard.length;
  }
  since<T>(mark: number, event: string, pred: (p: T) => boolean = () => true): T[] {
    return this.heard
      .slice(mark)
      .filter((h) => h.event === event && pred(h.payload as T))
      .map((h) => h.payload as T);
  }
  waitFor<T>(event: string, pred: (p: T) => boolean, mark = 0, timeoutMs = 10_000): Promise<T> {
    const found = this.since(mark, event, pred)[0];
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(check);
        reject(new Error(`no matching '${event}' within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = (h: Heard) => {
        if (h.event !== event || !pred(h.payload as T)) return;
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve(h.payload as T);
      };
      this.waiting.add(check);
    });
  }
}

interface Member extends TestUser {
  cookie: string;
  /** /real */
  main: TestSocket;
  ear: Ear;
  /** /realcall */
  call: TestSocket;
  callEar: Ear;
}

let t: TestApp;
const open: TestSocket[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sajha-blocks-'));

async function mainSocket(m: { id: string; cookie: string }): Promise<{ main: TestSocket; ear: Ear }> {
  const main = await connectSocket(t.url, m.cookie);
  open.push(main);
  return { main, ear: new Ear(main) };
}

async function member(name: string): Promise<Member> {
  const u = await createUser(t.db, { name });
  const cookie = await sessionCookie(t.db, u.id);
  const { main, ear } = await mainSocket({ id: u.id, cookie });
  const call = await connectSocket(t.url, cookie, '/realcall');
  open.push(call);
  return { ...u, cookie, main, ear, call, callEar: new Ear(call) };
}

/** The server finished what it started: every fact published so far has run its listeners. */
const settle = () => t.app.deps.bus.idle(10_000);
/** A round trip on /real: whatever the server sent this socket before has arrived. */
const sync = async (s: TestSocket) => void (await ok(ask(s, Events.getCurrentUser)));
/** The same on /realcall (leaving a call that does not exist is answered, and changes nothing). */
const syncCall = async (s: TestSocket) => void (await ask(s, Events.leaveRoom, { roomId: randomUUID() }));

const refused = (error: string) => ({ ok: false, error });
async function expectRefused(s: TestSocket, event: string, args: unknown[], error: string): Promise<void> {
  expect(await ask(s, event, ...args), `${event} ${JSON.stringify(args)}`).toEqual(refused(error));
}
/** Asks, and returns what the event the spec names for the answer carried (sent just before the ack). */
async function answerOf<T>(m: Member, answerEvent: string, event: string, ...args: unknown[]): Promise<T> {
  const mark = m.ear.mark();
  await ok(ask(m.main, event, ...args));
  const [got] = m.ear.since<T>(mark, answerEvent);
  if (got === undefined) throw new Error(`${event} acked without '${answerEvent}'`);
  return got;
}

async function http(cookie: string | null, method: string, p: string, body?: unknown) {
  const res = await fetch(t.url + p, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    // a file, not JSON
  }
  return { status: res.status, body: json, bytes };
}

async function createPostOver(cookie: string, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie } });
  const body = (await res.json()) as { post?: PostDto; message?: string };
  if (res.status !== 200 || !body.post) throw new Error(`createPost: ${res.status} ${body.message}`);
  return body.post.post_id;
}

const squarePng = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();
/** A crew's picture, set once by A (its creator) for the rows that need one. */
let groupPicture: Promise<string> | undefined;
function groupPictureOfA(): Promise<string> {
  groupPicture ??= (async () => {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(await squarePng())], { type: 'image/png' }), 'crew.png');
    const res = await fetch(`${t.url}/api/chat/${w.groupA}/picture`, {
      method: 'POST',
      body: form,
      headers: { cookie: w.a.cookie },
    });
    const body = (await res.json()) as { info?: { picture?: string } };
    if (res.status !== 200 || !body.info?.picture) throw new Error(`group picture: ${res.status}`);
    return body.info.picture;
  })();
  return groupPicture;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
async function uploadChatFile(cookie: string, name: string): Promise<{ id: string; file: string }> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const res = await fetch(`${t.url}/api/chat/attachments`, { method: 'POST', body: form, headers: { cookie } });
  const body = (await res.json()) as { files?: { id: string; file: string }[]; message?: string };
  const f = body.files?.[0];
  if (!f) throw new Error(`chat upload: ${res.status} ${body.message}`);
  return f;
}

/** A ready reel, as the transcoder leaves one: the row and its public video file (bytes in storage). */
async function seedReadyReel(authorId: string, title: string): Promise<{ id: string; key: string }> {
  const fileId = randomUUID();
  const key = newStorageKey('reel', 'mp4');
  const bytes = Buffer.from(`clip bytes of ${title}`);
  await t.app.deps.storage.put(key, bytes, { contentType: 'video/mp4' });
  await t.db.insert(files).values({
    id: fileId,
    ownerId: authorId,
    purpose: 'reel',
    storageKey: key,
    mime: 'video/mp4',
    bytes: bytes.length,
    width: 360,
    height: 640,
  });
  const id = randomUUID();
  await t.db.insert(reels).values({
    id,
    authorId,
    title,
    category: 'travel',
    status: 'ready',
    videoFileId: fileId,
    durationMs: 2000,
    readyAt: new Date(),
  });
  return { id, key };
}

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const commentId = (list: CommentDto[], text: string): string => {
  for (const c of list) {
    if (c.comment === text) return c.id;
    const r = c.replies.find((x) => x.reply === text);
    if (r) return r.id;
  }
  throw new Error(`no comment '${text}'`);
};
const texts = (list: CommentDto[]) => list.flatMap((c) => [c.comment, ...c.replies.map((r) => r.reply)]);

// ---------------------------------------------------------------------------------------------------
// The world before the block.

interface World {
  a: Member;
  b: Member;
  c: Member;
  d: TestUser;
  postA: string;
  postA2: string;
  postB: string;
  postC: string;
  /** C's comment on A's post (A replied to it). */
  cOnPostA: string;
  aOnPostC: string;
  bOnPostC: string;
  reelA: { id: string; key: string };
  reelB: { id: string; key: string };
  reelC: { id: string; key: string };
  aOnReelC: string;
  sugA: string;
  sugB: string;
  sugC: string;
  direct: string;
  msgA: string;
  msgB: string;
  /** A's last message of the direct chat, which A takes back after the block. */
  msgA3: string;
  fileA: { id: string; file: string };
  fileB: { id: string; file: string };
  /** A's group with B and C; B's group with C and D; C's group with A and B; A's group with C and D. */
  groupA: string;
  groupB: string;
  groupC: string;
  groupAC: string;
  roomId: string;
  blockedAt: Date;
  /** Where each ear stood once the block was done. */
  marks: { a: number; aCall: number; b: number; bCall: number; c: number };
}
let w: World;

beforeAll(async () => {
  // The table sends a few hundred events quickly: the flood budget is not what is tested here.
  t = await startTestApp({ SOCKET_EVENTS_PER_MEMBER_PER_SECOND: '1000' });
  const a = await member('Asha Blocker');
  const b = await member('Bikash Blocked');
  const c = await member('Chandra Bystander');
  const d = await createUser(t.db, { name: 'Dipa Bystander' });

  // Posts: A's two, B's and C's (theirs older than 30 days, so A alone is anyone's spotlight).
  const postA = await createPostOver(a.cookie, 'A-POST-1 sunrise over Phewa');
  const postA2 = await createPostOver(a.cookie, 'A-POST-2 to be deleted');
  const postB = await createPostOver(b.cookie, 'B-POST-1 momo recipe');
  const postC = await createPostOver(c.cookie, 'C-POST-1 Annapurna circuit');
  await t.db
    .update(posts)
    .set({ createdAt: sql`now() - interval '40 days'` })
    .where(inArray(posts.id, [postB, postC]));
  const onA = await ok(ask<CommentDto[]>(c.main, Events.addComment, { postId: postA, comment: 'C-ON-A nice view' }));
  const cOnPostA = commentId(onA, 'C-ON-A nice view');
  await ok(ask(a.main, Events.addCommentReply, { postId: postA, commentId: cOnPostA, reply: 'A-REPLY thanks' }));
  await ok(ask(c.main, Events.addComment, { postId: postC, comment: 'C-ON-C my own' }));
  const aOn = await ok(ask<CommentDto[]>(a.main, Events.addComment, { postId: postC, comment: 'A-ON-C lovely' }));
  const bOn = await ok(ask<CommentDto[]>(b.main, Events.addComment, { postId: postC, comment: 'B-ON-C wow' }));

  // Reels: ready ones of A, B and C; A commented on C's.
  const reelA = await seedReadyReel(a.id, 'A-REEL');
  const reelB = await seedReadyReel(b.id, 'B-REEL');
  const reelC = await seedReadyReel(c.id, 'C-REEL');
  const onReelC = await ok(
    ask<CommentDto[]>(a.main, Events.addReelComment, { reelId: reelC.id, comment: 'A-ON-REEL-C great' }),
  );

  // Suggestions.
  const suggest = async (m: Member, feature: string) =>
    (await ok(ask<FeatureItem>(m.main, Events.suggestFeature, { feature, description: `${feature} please` }))).id;
  const sugA = await suggest(a, 'A-IDEA dark mode');
  const sugB = await suggest(b, 'B-IDEA polls');
  const sugC = await suggest(c, 'C-IDEA stories');

  // The direct chat: messages both ways, a file each way, A's message pinned.
  const direct = (await ok(ask<ChatDto>(a.main, Events.startChat, { username: b.username }))).id;
  const send = async (m: Member, to_cid: string, message: string, attachments?: string[]) =>
    (await ok(ask<{ id: string }>(m.main, Events.sendMessage, { to_cid, message, attachments }))).id;
  const msgA = await send(a, direct, 'A-DIRECT-1');
  const msgB = await send(b, direct, 'B-DIRECT-1');
  const fileA = await uploadChatFile(a.cookie, 'a-itinerary.pdf');
  await send(a, direct, 'A-FILE', [fileA.id]);
  const fileB = await uploadChatFile(b.cookie, 'b-receipt.pdf');
  await send(b, direct, 'B-FILE', [fileB.id]);
  // Unread by B when the block comes.
  await send(a, direct, 'A-DIRECT-2');
  const msgA3 = await send(a, direct, 'A-DIRECT-3');
  await ok(ask(a.main, Events.pinMessage, { mid: msgA }));

  // Groups, each with a word from its members.
  const group = async (m: Member, groupName: string, userIds: string[]) =>
    (await ok(ask<{ chatId: string }>(m.main, Events.startGroupChat, { groupName, userIds }))).chatId;
  const groupA = await group(a, 'A crew', [b.id, c.id]);
  const groupB = await group(b, 'B crew', [c.id, d.id]);
  const groupC = await group(c, 'C crew', [a.id, b.id]);
  const groupAC = await group(a, 'A and C', [c.id, d.id]);
  for (const m of [a, b, c]) await send(m, groupA, `${m.name} says hi`);
  for (const m of [a, b, c]) await ok(ask(m.main, Events.joinChat, groupA));

  // Follows: A and B both ways; A and C both ways; B follows C; C follows D.
  const follow = (m: Member, u: TestUser) => ok(ask(m.main, Events.follow, { username: u.username }));
  await follow(a, b);
  await follow(b, a);
  await follow(a, c);
  await follow(c, a);
  await follow(b, c);
  await follow(c, d);

  // Screens open before the block: B and C show A's posts and watch the first one's comments; feeds open.
  for (const m of [b, c]) {
    await ok(ask(m.main, Events.fetchOnePost, { post_id: postA }));
    await ok(ask(m.main, Events.fetchOnePost, { post_id: postA2 }));
  }
  for (const m of [a, b, c]) await ok(ask(m.main, Events.watchPost, postA));
  for (const m of [a, c]) await ok(ask(m.main, Events.watchFeed));

  // A calls B and B answers: the call is on when the block comes.
  const ringing = b.ear.mark();
  const roomId = (await ok(ask<{ roomId: string }>(a.call, Events.createRoom, { userUid: b.id }))).roomId;
  await b.ear.waitFor<{ roomId: string }>(Events.incomingCall, (x) => x.roomId === roomId, ringing);
  expect(await ok(ask(b.call, Events.joinRoom, { roomId }))).toMatchObject({ state: 'active' });

  // Before the block B sees all of it (so every "filtered" and "refused" below is the block's doing).
  const bReels = await answerOf<{ reels: ReelDto[] }>(b, Events.reels, Events.getReels, 0, 5);
  expect(bReels.reels.map((r) => r.id)).toContain(reelA.id);
  const bBoard = await answerOf<{ features: FeatureItem[] }>(b, Events.features, Events.getFeatures, {});
  expect(bBoard.features.map((f) => f.id)).toContain(sugA);
  const bFeed = await answerOf<{ posts: PostDto[] }>(b, Events.posts, Events.fetchPosts, {});
  expect(bFeed.posts.map((p) => p.post_id)).toContain(postA);
  const aChats = await ok(ask<ChatDto[]>(a.main, Events.getChats));
  expect(aChats.find((x) => x.id === direct)?.sender.online).toBe(true);
  expect(texts(await ok(ask<CommentDto[]>(b.main, Events.getReelComments, { reelId: reelC.id })))).toContain(
    'A-ON-REEL-C great',
  );

  // The block, through the real event: the call ends on both sides, each shows the other offline.
  await settle();
  // B's bell holds A's follow notice from before (the block clears it: the get_notifications row).
  expect(await noticesTo(b.id, a.id)).toBeGreaterThan(0);
  const blockedAt = new Date();
  const ended = b.callEar.waitFor(Events.callEnded, () => true, b.callEar.mark());
  const aEnded = a.callEar.waitFor(Events.callEnded, () => true, a.callEar.mark());
  const offline = a.ear.waitFor<{ uid: string; online: boolean }>(
    Events.presence,
    (p) => p.uid === b.id && !p.online,
    a.ear.mark(),
  );
  expect(await ask(a.main, Events.blockUser, { username: b.username })).toEqual({
    ok: true,
    data: { success: true, message: PeopleMessages.blocked, username: b.username },
  });
  await Promise.all([ended, aEnded, offline]);
  await settle();

  w = {
    a,
    b,
    c,
    d,
    postA,
    postA2,
    postB,
    postC,
    cOnPostA,
    aOnPostC: commentId(aOn, 'A-ON-C lovely'),
    bOnPostC: commentId(bOn, 'B-ON-C wow'),
    reelA,
    reelB,
    reelC,
    aOnReelC: commentId(onReelC, 'A-ON-REEL-C great'),
    sugA,
    sugB,
    sugC,
    direct,
    msgA,
    msgB,
    msgA3,
    fileA,
    fileB,
    groupA,
    groupB,
    groupC,
    groupAC,
    roomId,
    blockedAt,
    marks: { a: a.ear.mark(), aCall: a.callEar.mark(), b: b.ear.mark(), bCall: b.callEar.mark(), c: c.ear.mark() },
  };
}, 120_000);

afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// The table.

type Probe = () => Promise<void>;
type Row =
  | { kind: 'refused' | 'filtered' | 'allowed'; how: string; probe: Probe; timeout?: number }
  | { kind: 'not-about-another-member'; how: string };

const own = (how: string): Row => ({ kind: 'not-about-another-member', how });

/** What a socket heard since `mark`, leaving out the answers to its own round trips (cU, error). */
const newsSince = (ear: Ear, mark: number): string[] =>
  ear.heard
    .slice(mark)
    .map((h) => h.event)
    .filter((e) => e !== Events.currentUser && e !== Events.error);
/** A's call page heard nothing since the block (no relay, no join, no leave reached it). */
async function aCallHeardNothing(): Promise<void> {
  await syncCall(w.a.call);
  expect(newsSince(w.a.callEar, w.marks.aCall)).toEqual([]);
}
const countOf = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
const likesBy = (userId: string, subjectId: string) =>
  countOf(
    t.db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.userId, userId), eq(likes.subjectId, subjectId))),
  );
const commentsBy = (authorId: string, subjectId: string) =>
  countOf(
    t.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.authorId, authorId), eq(comments.subjectId, subjectId))),
  );
const followRows = (followerId: string, followeeId: string) =>
  countOf(
    t.db
      .select({ n: count() })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId))),
  );
const noticesTo = (userId: string, actorId: string, since?: Date) =>
  countOf(
    t.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.actorId, actorId),
          since ? gte(notifications.createdAt, since) : undefined,
        ),
      ),
  );

const eventRows: Record<ClientEventName, Row> = {
  // Shell, notifications, push
  [Events.getCurrentUser]: own("the signed-in member's own user object"),
  [Events.unreadMessages]: badgeRow(Events.unreadMessages),
  [Events.getUnread]: badgeRow(Events.getUnread),
  [Events.getNotifications]: {
    kind: 'filtered',
    how: "B opens the bell: A's notice from before the block (A followed B) is gone (the block cleared the notices between them)",
    probe: async () => {
      const { a, b } = w;
      expect(await noticesTo(b.id, a.id)).toBe(0);
      const list = await ok(ask<NotificationDto[]>(b.main, Events.getNotifications));
      expect(list.filter((n) => n.message.includes(a.username) || n.message.includes(a.name))).toEqual([]);
    },
  },
  [Events.subscribeWebPush]: own("registers B's own browser for push"),
  [Events.rejectCall]: {
    kind: 'allowed',
    how: "B declines A's call from before the block: it ended with the block, so nothing changes and A hears nothing",
    probe: async () => {
      const { a, b, roomId } = w;
      await ask(b.main, Events.rejectCall, { roomId });
      const [room] = await t.db.select().from(calls).where(eq(calls.id, roomId));
      expect(room).toMatchObject({ state: 'ended', endReason: 'hangup' });
      await sync(a.main);
      expect(a.ear.since(w.marks.a, Events.incomingEnded)).toEqual([]);
      await aCallHeardNothing();
    },
  },
  [Events.getNotificationPreferences]: own("B's own preferences"),
  [Events.updateNotificationPreferences]: own("B's own preferences"),

  // Chat
  [Events.sendMessage]: {
    kind: 'refused',
    how: 'B writes to A (the direct chat, by id, with a file); A writes to B: refused both ways, nothing stored',
    probe: async () => {
      const { a, b, direct } = w;
      await expectRefused(
        b.main,
        Events.sendMessage,
        [{ to_cid: direct, message: 'B-LATE' }],
        PeopleMessages.cannotMessage,
      );
      await expectRefused(
        b.main,
        Events.sendMessage,
        [{ to_uid: a.id, message: 'B-LATE' }],
        Messages.chat.userNotFound,
      );
      const late = await uploadChatFile(b.cookie, 'late.pdf');
      await expectRefused(
        b.main,
        Events.sendMessage,
        [{ to_cid: direct, message: '', attachments: [late.id] }],
        PeopleMessages.cannotMessage,
      );
      await expectRefused(
        a.main,
        Events.sendMessage,
        [{ to_cid: direct, message: 'A-LATE' }],
        PeopleMessages.cannotMessage,
      );
      await expectRefused(
        a.main,
        Events.sendMessage,
        [{ to_uid: b.id, message: 'A-LATE' }],
        Messages.chat.userNotFound,
      );
      const stored = await t.db
        .select({ content: messages.content })
        .from(messages)
        .where(and(eq(messages.chatId, direct), gte(messages.createdAt, w.blockedAt)));
      expect(stored).toEqual([]);
    },
  },
  [Events.typing]: {
    kind: 'refused',
    how: "B types in the direct chat (refused, and A's typing to B too); in the group B's typing reaches C, not A, and A's reaches C, not B",
    probe: async () => {
      const { a, b, c, direct, groupA } = w;
      await expectRefused(b.main, Events.typing, [direct, b.name], PeopleMessages.cannotMessage);
      await expectRefused(a.main, Events.typing, [direct, a.name], PeopleMessages.cannotMessage);
      let mark = c.ear.mark();
      await ok(ask(b.main, Events.typing, groupA, b.name));
      expect(await c.ear.waitFor<string>(Events.typingName, (n) => n === b.name, mark)).toBe(b.name);
      await sync(a.main);
      expect(a.ear.since(w.marks.a, Events.typingName)).toEqual([]);
      mark = c.ear.mark();
      await ok(ask(a.main, Events.typing, groupA, a.name));
      await c.ear.waitFor<string>(Events.typingName, (n) => n === a.name, mark);
      await sync(b.main);
      expect(b.ear.since(w.marks.b, Events.typingName)).toEqual([]);
    },
  },
  [Events.reactMessage]: {
    kind: 'refused',
    how: "B reacts to A's message in the direct chat; A to B's: refused both ways",
    probe: async () => {
      const { a, b, msgA, msgB } = w;
      await expectRefused(b.main, Events.reactMessage, [{ id: msgA, reaction: '👍' }], PeopleMessages.cannotMessage);
      await expectRefused(a.main, Events.reactMessage, [{ id: msgB, reaction: '👍' }], PeopleMessages.cannotMessage);
      const reacted = await t.db
        .select({ id: messageReactions.messageId })
        .from(messageReactions)
        .where(inArray(messageReactions.messageId, [msgA, msgB]));
      expect(reacted).toEqual([]);
    },
  },
  [Events.deleteMessage]: {
    kind: 'refused',
    how: "B deletes A's message in the direct chat: refused, the blocker's history stays whole; A takes back its own (allowed) and deletes one of B's for itself only (allowed), and B, who no longer sees that chat, is told of neither",
    probe: async () => {
      const { a, b, direct, msgA, msgA3, msgB } = w;
      expect(await ask(b.main, Events.deleteMessage, { mid: msgA })).toMatchObject({ ok: false });
      expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.id, msgA))).toHaveLength(1);
      const mark = b.ear.mark();
      await ok(ask(a.main, Events.deleteMessage, { mid: msgA3 }));
      await ok(ask(a.main, Events.deleteMessage, { mid: msgB, scope: 'me' }));
      expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.id, msgB))).toHaveLength(1);
      // (The other probes read A's whole history: shown again.)
      await t.db.delete(messageHides).where(eq(messageHides.messageId, msgB));
      await settle();
      await sync(b.main);
      expect(b.ear.since<{ chatId: string }>(mark, Events.messageDeleted, (x) => x.chatId === direct)).toEqual([]);
    },
  },
  [Events.forwardMessage]: {
    kind: 'refused',
    how: "B forwards A's message from the direct chat it no longer sees: refused as missing; A forwards it into the direct chat with B (refused there) and into A's group with C (sent)",
    probe: async () => {
      const { a, b, direct, msgA, groupB, groupAC } = w;
      await expectRefused(b.main, Events.forwardMessage, [{ mid: msgA, chatIds: [groupB] }], Messages.chat.notMember);
      const sent = await ok<{ forwarded: { chatId: string }[]; refused: unknown[] }>(
        ask(a.main, Events.forwardMessage, { mid: msgA, chatIds: [direct, groupAC] }),
      );
      expect(sent.forwarded.map((f) => f.chatId)).toEqual([groupAC]);
      expect(sent.refused).toEqual([{ chatId: direct, error: PeopleMessages.cannotMessage }]);
      const copies = await t.db
        .select({ chatId: messages.chatId })
        .from(messages)
        .where(and(eq(messages.forwarded, true), eq(messages.senderId, a.id)));
      expect(copies).toEqual([{ chatId: groupAC }]);
    },
  },
  [Events.editMessage]: {
    kind: 'refused',
    how: 'B edits its own message in the direct chat; A edits its own there: refused both ways (an edit says something new, as a send would), and both texts stay',
    probe: async () => {
      const { a, b, msgA, msgB } = w;
      await expectRefused(
        b.main,
        Events.editMessage,
        [{ mid: msgB, message: 'B-EDITED' }],
        PeopleMessages.cannotMessage,
      );
      await expectRefused(
        a.main,
        Events.editMessage,
        [{ mid: msgA, message: 'A-EDITED' }],
        PeopleMessages.cannotMessage,
      );
      const rows = await t.db
        .select({ content: messages.content, editedAt: messages.editedAt })
        .from(messages)
        .where(inArray(messages.id, [msgA, msgB]));
      expect(rows.every((r) => r.editedAt === null && !r.content.includes('EDITED'))).toBe(true);
    },
  },
  [Events.messageHistory]: {
    kind: 'refused',
    how: "B asks for the history of A's message in the direct chat it no longer sees: refused as missing; A, who keeps that history, reads B's (allowed)",
    probe: async () => {
      const { a, b, msgA, msgB } = w;
      await expectRefused(b.main, Events.messageHistory, [{ mid: msgA }], Messages.chat.notMember);
      const mine = await ok<{ versions: unknown[] }>(ask(a.main, Events.messageHistory, { mid: msgB }));
      expect(mine.versions).toHaveLength(1);
    },
  },
  [Events.pinMessage]: {
    kind: 'refused',
    how: 'B pins a message of the direct chat; A pins one too: refused both ways',
    probe: async () => {
      const { a, b, msgB } = w;
      await expectRefused(b.main, Events.pinMessage, [{ mid: msgB }], PeopleMessages.cannotMessage);
      await expectRefused(a.main, Events.pinMessage, [{ mid: msgB }], PeopleMessages.cannotMessage);
      const [row] = await t.db.select({ pinnedAt: messages.pinnedAt }).from(messages).where(eq(messages.id, msgB));
      expect(row?.pinnedAt).toBeNull();
    },
  },
  [Events.unpinMessage]: {
    kind: 'refused',
    how: "B unpins A's pinned message of the direct chat: refused, it stays pinned",
    probe: async () => {
      const { b, msgA } = w;
      await expectRefused(b.main, Events.unpinMessage, [{ mid: msgA }], PeopleMessages.cannotMessage);
      const [row] = await t.db.select({ pinnedAt: messages.pinnedAt }).from(messages).where(eq(messages.id, msgA));
      expect(row?.pinnedAt).not.toBeNull();
    },
  },
  [Events.getChats]: {
    kind: 'filtered',
    how: 'B lists chats: the direct chat with A is gone (the group stays); A keeps it, and shows B offline though B is online',
    probe: async () => {
      const { a, b, direct, groupA } = w;
      const mine = (await ok(ask<ChatDto[]>(b.main, Events.getChats))).map((x) => x.id);
      expect(mine).not.toContain(direct);
      expect(mine).toContain(groupA);
      const kept = (await ok(ask<ChatDto[]>(a.main, Events.getChats))).find((x) => x.id === direct);
      expect(kept?.sender).toMatchObject({ uid: b.id, online: false });
    },
  },
  [Events.getMessages]: {
    kind: 'refused',
    how: "B reads the direct chat: as if it did not exist; A still reads its whole history (B's messages shown offline)",
    probe: async () => {
      const { a, b, direct } = w;
      await expectRefused(b.main, Events.getMessages, [direct], Messages.chat.notMember);
      const history = await ok(ask<MessageDto[]>(a.main, Events.getMessages, direct));
      expect(history.map((m) => m.content)).toEqual(
        expect.arrayContaining(['A-DIRECT-1', 'B-DIRECT-1', 'A-FILE', 'B-FILE']),
      );
      expect(history.filter((m) => m.sender.uid === b.id && m.sender.online)).toEqual([]);
    },
  },
  [Events.joinChat]: {
    kind: 'refused',
    how: 'B opens the direct chat: as if it did not exist; A still opens it, and B is not told A read it (chat_read)',
    probe: async () => {
      const { a, b, direct } = w;
      await expectRefused(b.main, Events.joinChat, [direct], Messages.chat.notMember);
      await ok(ask(a.main, Events.joinChat, direct));
      await settle();
      await sync(b.main);
      expect(b.ear.since<{ chatId: string }>(w.marks.b, Events.chatRead, (x) => x.chatId === direct)).toEqual([]);
    },
  },
  [Events.leaveChat]: {
    kind: 'allowed',
    how: "B closes the direct chat's view: always allowed (it only stops B hearing it); A hears nothing",
    probe: async () => {
      const { a, b, direct } = w;
      await settle();
      const mark = a.ear.mark();
      await ok(ask(b.main, Events.leaveChat, direct));
      await settle();
      await sync(a.main);
      expect(newsSince(a.ear, mark)).toEqual([]);
    },
  },
  [Events.startChat]: {
    kind: 'refused',
    how: 'B starts a chat with A (by username and by id); A with B: "could not be found" both ways',
    probe: async () => {
      const { a, b } = w;
      await expectRefused(b.main, Events.startChat, [{ username: a.username }], Messages.chat.userNotFound);
      await expectRefused(b.main, Events.startChat, [{ to_uid: a.id }], Messages.chat.userNotFound);
      await expectRefused(a.main, Events.startChat, [{ username: b.username }], Messages.chat.userNotFound);
    },
  },
  [Events.startGroupChat]: {
    kind: 'refused',
    how: 'B makes a group with A and C; A one with B and C: refused both ways, no group made',
    probe: async () => {
      const { a, b, c } = w;
      const before = await countOf(t.db.select({ n: count() }).from(chats));
      await expectRefused(
        b.main,
        Events.startGroupChat,
        [{ groupName: 'B+A', userIds: [a.id, c.id] }],
        Messages.chat.userNotFound,
      );
      await expectRefused(
        a.main,
        Events.startGroupChat,
        [{ groupName: 'A+B', userIds: [b.id, c.id] }],
        Messages.chat.userNotFound,
      );
      expect(await countOf(t.db.select({ n: count() }).from(chats))).toBe(before);
    },
  },
  [Events.searchUser]: {
    kind: 'filtered',
    how: "B searches members for A's username: nothing (C is found); A searching B: nothing",
    probe: async () => {
      const { a, b, c } = w;
      expect(await ok(ask(b.main, Events.searchUser, a.username))).toEqual([]);
      expect(await ok(ask<{ uid: string }[]>(b.main, Events.searchUser, c.username))).toEqual([
        expect.objectContaining({ uid: c.id }),
      ]);
      expect(await ok(ask(a.main, Events.searchUser, b.username))).toEqual([]);
    },
  },
  [Events.watchFeed]: {
    kind: 'filtered',
    how: "B keeps a feed open: A's new post is announced to C's open feed, not to B's",
    probe: async () => {
      const { a, b, c } = w;
      await ok(ask(b.main, Events.watchFeed));
      const bMark = b.ear.mark();
      const cMark = c.ear.mark();
      const id = await createPostOver(a.cookie, 'A-POST-3 after the block');
      await c.ear.waitFor<{ post_id: string }>(Events.newPost, (p) => p.post_id === id, cMark);
      await sync(b.main);
      expect(b.ear.since(bMark, Events.newPost)).toEqual([]);
    },
  },
  [Events.unwatchFeed]: own("closes B's own feed's live updates"),
  [Events.watchPost]: {
    kind: 'refused',
    how: "B watches the comments of A's post: the post is gone",
    probe: () => expectRefused(w.b.main, Events.watchPost, [w.postA], Messages.post.gone),
  },
  [Events.unwatchPost]: {
    kind: 'allowed',
    // Not the first post: B's tab must still sit in that one's room for the live test below.
    how: "B stops watching the comments of A's other post: always allowed (it only stops B hearing them); A hears nothing",
    probe: async () => {
      await settle();
      const mark = w.a.ear.mark();
      await ok(ask(w.b.main, Events.unwatchPost, w.postA2));
      await settle();
      await sync(w.a.main);
      expect(newsSince(w.a.ear, mark)).toEqual([]);
    },
  },

  // Posts, feed, comments
  [Events.likePost]: {
    kind: 'refused',
    how: "B likes A's post; A likes B's: the post is gone, both ways",
    probe: async () => {
      const { a, b, postA, postB } = w;
      await expectRefused(b.main, Events.likePost, [{ post_id: postA }], Messages.post.gone);
      await expectRefused(a.main, Events.likePost, [{ post_id: postB }], Messages.post.gone);
      expect(await likesBy(b.id, postA)).toBe(0);
      expect(await likesBy(a.id, postB)).toBe(0);
    },
  },
  [Events.fetchComments]: {
    kind: 'refused',
    how: "B reads the comments of A's post (gone; A of B's too); under C's post B no longer sees A's comment, nor A B's",
    probe: async () => {
      const { a, b, postA, postB, postC } = w;
      await expectRefused(b.main, Events.fetchComments, [postA], Messages.post.gone);
      await expectRefused(a.main, Events.fetchComments, [postB], Messages.post.gone);
      const bSees = texts((await ok(ask<{ comments: CommentDto[] }>(b.main, Events.fetchComments, postC))).comments);
      expect(bSees).toContain('C-ON-C my own');
      expect(bSees).not.toContain('A-ON-C lovely');
      const aSees = texts((await ok(ask<{ comments: CommentDto[] }>(a.main, Events.fetchComments, postC))).comments);
      expect(aSees).toContain('C-ON-C my own');
      expect(aSees).not.toContain('B-ON-C wow');
    },
  },
  [Events.addComment]: {
    kind: 'refused',
    how: "B comments on A's post; A on B's: refused both ways; B's comment on C's post naming @A tells A nothing (it tells @D)",
    probe: async () => {
      const { a, b, d, postA, postB, postC } = w;
      await expectRefused(
        b.main,
        Events.addComment,
        [{ postId: postA, comment: 'B-LATE' }],
        PeopleMessages.cannotComment,
      );
      await expectRefused(
        a.main,
        Events.addComment,
        [{ postId: postB, comment: 'A-LATE' }],
        PeopleMessages.cannotComment,
      );
      expect(await commentsBy(b.id, postA)).toBe(0);
      expect(await commentsBy(a.id, postB)).toBe(0);
      await ok(
        ask(b.main, Events.addComment, { postId: postC, comment: `B-MENTIONS @${a.username} and @${d.username}` }),
      );
      await settle();
      expect(await noticesTo(d.id, b.id)).toBe(1);
      expect(await noticesTo(a.id, b.id, w.blockedAt)).toBe(0);
    },
  },
  [Events.addCommentReply]: {
    kind: 'refused',
    how: "B replies under A's post (refused); B replies to A's comment under C's post, A to B's: that comment is gone",
    probe: async () => {
      const { a, b, postA, postC, cOnPostA, aOnPostC, bOnPostC } = w;
      await expectRefused(
        b.main,
        Events.addCommentReply,
        [{ postId: postA, commentId: cOnPostA, reply: 'B-LATE' }],
        PeopleMessages.cannotComment,
      );
      await expectRefused(
        b.main,
        Events.addCommentReply,
        [{ postId: postC, commentId: aOnPostC, reply: 'B-LATE' }],
        Messages.post.commentGone,
      );
      await expectRefused(
        a.main,
        Events.addCommentReply,
        [{ postId: postC, commentId: bOnPostC, reply: 'A-LATE' }],
        Messages.post.commentGone,
      );
      expect(await commentsBy(b.id, postA)).toBe(0);
    },
  },
  [Events.deletePost]: {
    kind: 'refused',
    how: "B deletes A's post: the post is gone (to B), and it stays",
    probe: async () => {
      await expectRefused(w.b.main, Events.deletePost, [w.postA], Messages.post.gone);
      expect(await t.db.select({ id: posts.id }).from(posts).where(eq(posts.id, w.postA))).toHaveLength(1);
    },
  },
  [Events.editPost]: {
    kind: 'refused',
    how: "B edits A's post: the post is gone (to B), and its text stays",
    probe: async () => {
      await expectRefused(w.b.main, Events.editPost, [{ post_id: w.postA, content: 'B-DEFACED' }], Messages.post.gone);
      const [row] = await t.db.select({ content: posts.content }).from(posts).where(eq(posts.id, w.postA));
      expect(row?.content).toBe('A-POST-1 sunrise over Phewa');
    },
  },
  [Events.postHistory]: {
    kind: 'refused',
    how: "B asks for the history of A's post; A of B's: the post is gone, both ways",
    probe: async () => {
      await expectRefused(w.b.main, Events.postHistory, [{ post_id: w.postA }], Messages.post.gone);
      await expectRefused(w.a.main, Events.postHistory, [{ post_id: w.postB }], Messages.post.gone);
    },
  },
  [Events.fetchOnePost]: {
    kind: 'refused',
    how: "B opens A's post; A opens B's: the post is gone, both ways",
    probe: async () => {
      await expectRefused(w.b.main, Events.fetchOnePost, [{ post_id: w.postA }], Messages.post.gone);
      await expectRefused(w.a.main, Events.fetchOnePost, [{ post_id: w.postB }], Messages.post.gone);
    },
  },
  [Events.fetchPosts]: {
    kind: 'filtered',
    how: "B's feed has no post of A (C's is there); A's has none of B",
    probe: async () => {
      const { a, b, postA, postB, postC } = w;
      const bFeed = (await answerOf<{ posts: PostDto[] }>(b, Events.posts, Events.fetchPosts, {})).posts;
      expect(bFeed.map((p) => p.post_id)).toContain(postC);
      expect(bFeed.filter((p) => p.username === a.username || p.post_id === postA)).toEqual([]);
      const aFeed = (await answerOf<{ posts: PostDto[] }>(a, Events.posts, Events.fetchPosts, {})).posts;
      expect(aFeed.map((p) => p.post_id)).toContain(postC);
      expect(aFeed.filter((p) => p.username === b.username || p.post_id === postB)).toEqual([]);
    },
  },
  [Events.getSpotlight]: {
    kind: 'filtered',
    how: "A is the day's spotlight for C, never for B (nor for A herself)",
    probe: async () => {
      const { a, b, c } = w;
      // Only A has written lately (B's new posts in other rows would make B a candidate too).
      await t.db
        .update(posts)
        .set({ createdAt: sql`now() - interval '40 days'` })
        .where(inArray(posts.authorId, [b.id, c.id]));
      expect((await ok(ask<{ username: string } | null>(c.main, Events.getSpotlight)))?.username).toBe(a.username);
      expect((await ok(ask<{ username: string } | null>(b.main, Events.getSpotlight)))?.username).not.toBe(a.username);
      expect((await ok(ask<{ username: string } | null>(a.main, Events.getSpotlight)))?.username).not.toBe(a.username);
    },
  },
  [Events.getProfileStatus]: own("B's own profile-completion card"),
  [Events.hideProfileStatus]: own("hides B's own profile-completion card"),
  [Events.sharePost]: {
    kind: 'refused',
    how: "B shares A's post; A shares B's: the post is gone, both ways, no share counted",
    probe: async () => {
      const { a, b, postA, postB } = w;
      await expectRefused(
        b.main,
        Events.sharePost,
        [{ post_id: postA, network: 'copy', ref: 'bshare01' }],
        Messages.post.gone,
      );
      await expectRefused(
        a.main,
        Events.sharePost,
        [{ post_id: postB, network: 'copy', ref: 'ashare01' }],
        Messages.post.gone,
      );
      expect(
        await t.db
          .select()
          .from(shares)
          .where(inArray(shares.subjectId, [postA, postB])),
      ).toEqual([]);
    },
  },

  // Reels
  [Events.getReels]: {
    kind: 'filtered',
    how: "B's page of reels has no reel of A (C's is there); A's has none of B",
    probe: async () => {
      const { a, b, reelA, reelB, reelC } = w;
      const bIds = (await answerOf<{ reels: ReelDto[] }>(b, Events.reels, Events.getReels, 0, 5)).reels.map(
        (r) => r.id,
      );
      expect(bIds).toContain(reelC.id);
      expect(bIds).not.toContain(reelA.id);
      const aIds = (await answerOf<{ reels: ReelDto[] }>(a, Events.reels, Events.getReels, 0, 5)).reels.map(
        (r) => r.id,
      );
      expect(aIds).toContain(reelC.id);
      expect(aIds).not.toContain(reelB.id);
    },
  },
  [Events.getMemberReels]: {
    kind: 'filtered',
    how: "B lists A's clips; A lists B's: none, both ways (C's own clips are there)",
    probe: async () => {
      const { a, b, c, reelA, reelB, reelC } = w;
      const idsOf = async (viewer: typeof a, author: typeof a) =>
        (
          await ok<{ reels: ReelDto[]; total: number }>(ask(viewer.main, Events.getMemberReels, { userId: author.id }))
        ).reels.map((r) => r.id);
      expect(await idsOf(b, a)).toEqual([]);
      expect(await idsOf(a, b)).toEqual([]);
      expect(await idsOf(b, c)).toContain(reelC.id);
      expect(await idsOf(a, a)).toContain(reelA.id);
      expect(await idsOf(b, b)).toContain(reelB.id);
    },
  },
  [Events.getReel]: {
    kind: 'refused',
    how: "B opens A's reel; A opens B's: not available, both ways",
    probe: async () => {
      await expectRefused(w.b.main, Events.getReel, [{ reelId: w.reelA.id }], ReelMessages.notFound);
      await expectRefused(w.a.main, Events.getReel, [{ reelId: w.reelB.id }], ReelMessages.notFound);
    },
  },
  [Events.savePost]: {
    kind: 'refused',
    how: "B saves A's post; A saves B's: the post is gone, both ways, and nothing is kept",
    probe: async () => {
      await expectRefused(w.b.main, Events.savePost, [{ post_id: w.postA, saved: true }], Messages.post.gone);
      await expectRefused(w.a.main, Events.savePost, [{ post_id: w.postB, saved: true }], Messages.post.gone);
      const kept = await t.db
        .select({ id: savedItems.subjectId })
        .from(savedItems)
        .where(inArray(savedItems.subjectId, [w.postA, w.postB]));
      expect(kept).toEqual([]);
    },
  },
  [Events.saveReel]: {
    kind: 'refused',
    how: "B saves A's clip; A saves B's: not available, both ways",
    probe: async () => {
      await expectRefused(w.b.main, Events.saveReel, [{ reelId: w.reelA.id, saved: true }], ReelMessages.notFound);
      await expectRefused(w.a.main, Events.saveReel, [{ reelId: w.reelB.id, saved: true }], ReelMessages.notFound);
    },
  },
  [Events.getSaved]: {
    kind: 'filtered',
    how: "B had saved A's post and clip before the block: B's Saved list leaves them out (C's post, saved now, is there)",
    probe: async () => {
      const { b, postA, postC, reelA } = w;
      await t.db.insert(savedItems).values([
        { userId: b.id, kind: 'post', subjectId: postA },
        { userId: b.id, kind: 'reel', subjectId: reelA.id },
      ]);
      await ok(ask(b.main, Events.savePost, { post_id: postC, saved: true }));
      const list = await ok<{ items: { kind: string; post?: PostDto }[] }>(ask(b.main, Events.getSaved, {}));
      expect(list.items.map((i) => i.post?.post_id)).toEqual([postC]);
    },
  },
  [Events.likeReel]: {
    kind: 'refused',
    how: "B likes A's reel; A likes B's: not available, both ways",
    probe: async () => {
      await expectRefused(w.b.main, Events.likeReel, [{ reelId: w.reelA.id }], ReelMessages.notFound);
      await expectRefused(w.a.main, Events.likeReel, [{ reelId: w.reelB.id }], ReelMessages.notFound);
      expect(await likesBy(w.b.id, w.reelA.id)).toBe(0);
    },
  },
  [Events.shareReel]: {
    kind: 'refused',
    how: "B shares A's reel; A shares B's: not available, both ways",
    probe: async () => {
      const share = (reelId: string) => ({ reelId, network: 'copy', ref: 'reelshare1' });
      await expectRefused(w.b.main, Events.shareReel, [share(w.reelA.id)], ReelMessages.notFound);
      await expectRefused(w.a.main, Events.shareReel, [share(w.reelB.id)], ReelMessages.notFound);
    },
  },
  [Events.deleteReel]: {
    kind: 'refused',
    how: "B deletes A's reel: not available (to B), and it stays",
    probe: async () => {
      await expectRefused(w.b.main, Events.deleteReel, [{ reelId: w.reelA.id }], ReelMessages.notFound);
      expect(await t.db.select({ id: reels.id }).from(reels).where(eq(reels.id, w.reelA.id))).toHaveLength(1);
    },
  },
  [Events.getReelComments]: {
    kind: 'refused',
    how: "B reads the comments of A's reel (not available); under C's reel B no longer sees A's comment",
    probe: async () => {
      await expectRefused(w.b.main, Events.getReelComments, [{ reelId: w.reelA.id }], ReelMessages.notFound);
      const seen = texts(await ok(ask<CommentDto[]>(w.b.main, Events.getReelComments, { reelId: w.reelC.id })));
      expect(seen).not.toContain('A-ON-REEL-C great');
    },
  },
  [Events.addReelComment]: {
    kind: 'refused',
    how: "B comments on A's reel; A on B's: not available, both ways",
    probe: async () => {
      await expectRefused(
        w.b.main,
        Events.addReelComment,
        [{ reelId: w.reelA.id, comment: 'B-LATE' }],
        ReelMessages.notFound,
      );
      await expectRefused(
        w.a.main,
        Events.addReelComment,
        [{ reelId: w.reelB.id, comment: 'A-LATE' }],
        ReelMessages.notFound,
      );
      expect(await commentsBy(w.b.id, w.reelA.id)).toBe(0);
    },
  },
  [Events.addReelCommentReply]: {
    kind: 'refused',
    how: "B replies under A's reel (not available); B replies to A's comment under C's reel: that comment is gone",
    probe: async () => {
      const { b, reelA, reelC, aOnReelC } = w;
      await expectRefused(
        b.main,
        Events.addReelCommentReply,
        [{ reelId: reelA.id, commentId: aOnReelC, reply: 'B-LATE' }],
        ReelMessages.notFound,
      );
      await expectRefused(
        b.main,
        Events.addReelCommentReply,
        [{ reelId: reelC.id, commentId: aOnReelC, reply: 'B-LATE' }],
        ReelMessages.commentGone,
      );
    },
  },

  // Features board
  [Events.suggestFeature]: {
    kind: 'filtered',
    how: "B suggests a feature: every open board hears of it (C does), A's does not",
    probe: async () => {
      const { a, b, c } = w;
      const cMark = c.ear.mark();
      const aMark = a.ear.mark();
      const item = await ok(
        ask<FeatureItem>(b.main, Events.suggestFeature, { feature: 'B-IDEA-2 after the block', description: 'so' }),
      );
      await c.ear.waitFor<{ id: string }>(Events.featureUpdated, (f) => f.id === item.id, cMark);
      await sync(a.main);
      expect(
        a.ear.since<{ id: string; username: string }>(aMark, Events.featureUpdated, (f) => f.username === b.username),
      ).toEqual([]);
    },
  },
  [Events.getFeatures]: {
    kind: 'filtered',
    how: "B's board has no suggestion of A (C's is there); A's has none of B",
    probe: async () => {
      const { a, b, sugA, sugB, sugC } = w;
      const bIds = (
        await answerOf<{ features: FeatureItem[] }>(b, Events.features, Events.getFeatures, {})
      ).features.map((f) => f.id);
      expect(bIds).toContain(sugC);
      expect(bIds).not.toContain(sugA);
      const aIds = (
        await answerOf<{ features: FeatureItem[] }>(a, Events.features, Events.getFeatures, {})
      ).features.map((f) => f.id);
      expect(aIds).toContain(sugC);
      expect(aIds).not.toContain(sugB);
    },
  },
  [Events.voteFeature]: {
    kind: 'refused',
    how: "B votes for A's suggestion; A for B's: it no longer exists, both ways, no vote counted",
    probe: async () => {
      const { a, b, sugA, sugB } = w;
      await expectRefused(b.main, Events.voteFeature, [{ id: sugA }], FeatureMessages.notFound);
      await expectRefused(a.main, Events.voteFeature, [{ id: sugB }], FeatureMessages.notFound);
      const votes = await t.db
        .select({ votes: featureSuggestions.voteCount })
        .from(featureSuggestions)
        .where(inArray(featureSuggestions.id, [sugA, sugB]));
      expect(votes).toEqual([{ votes: 0 }, { votes: 0 }]);
    },
  },
  [Events.setFeatureStatus]: {
    kind: 'refused',
    how: "B sets the status of A's suggestion: staff only (a member is refused before any block question)",
    probe: () =>
      expectRefused(
        w.b.main,
        Events.setFeatureStatus,
        [{ id: w.sugA, status: 'Implemented' }],
        FeatureMessages.adminOnly,
      ),
  },

  // Settings
  [Events.getProfile]: own("B's own settings form"),
  [Events.updateProfile]: own("changes B's own profile (the new name goes to B's own tabs only)"),

  // Profiles and friends
  [Events.fetchProfile]: {
    kind: 'refused',
    how: "B opens A's profile: no such user; A still opens B's, marked blocked (to unblock)",
    probe: async () => {
      const { a, b } = w;
      await expectRefused(b.main, Events.fetchProfile, [{ username: a.username }], PeopleMessages.notFound);
      await expectRefused(
        b.main,
        Events.fetchProfile,
        [{ username: `@${a.username.toUpperCase()}` }],
        PeopleMessages.notFound,
      );
      expect(await ok(ask<ProfileDto>(a.main, Events.fetchProfile, { username: b.username }))).toMatchObject({
        username: b.username,
        blocked: true,
        following: false,
        followsYou: false,
      });
    },
  },
  [Events.fetchProfilePosts]: {
    kind: 'refused',
    how: "B pages A's profile posts: no such user",
    probe: () =>
      expectRefused(w.b.main, Events.fetchProfilePosts, [{ username: w.a.username }], PeopleMessages.notFound),
  },
  [Events.fetchCounts]: {
    kind: 'refused',
    how: "B asks A's counts: no such user",
    probe: () => expectRefused(w.b.main, Events.fetchCounts, [{ username: w.a.username }], PeopleMessages.notFound),
  },
  [Events.fetchSocials]: {
    kind: 'refused',
    how: "B asks A's social links: no such user",
    probe: () => expectRefused(w.b.main, Events.fetchSocials, [{ username: w.a.username }], PeopleMessages.notFound),
  },
  [Events.searchFriends]: {
    kind: 'filtered',
    how: 'B searches people for A: nothing (C is found); A searching B: nothing',
    probe: async () => {
      const { a, b, c } = w;
      expect(await ok(ask(b.main, Events.searchFriends, a.username))).toEqual([]);
      expect((await ok(ask<FriendRow[]>(b.main, Events.searchFriends, c.username))).map((r) => r.id)).toEqual([c.id]);
      expect(await ok(ask(a.main, Events.searchFriends, b.username))).toEqual([]);
    },
  },
  [Events.getFriendSuggestions]: {
    kind: 'filtered',
    how: "B's suggestions leave A out (A is followed by C, whom B follows, so A would rank first)",
    probe: async () => {
      const ids = (await ok(ask<FriendRow[]>(w.b.main, Events.getFriendSuggestions))).map((r) => r.id);
      expect(ids).not.toContain(w.a.id);
      const aIds = (await ok(ask<FriendRow[]>(w.a.main, Events.getFriendSuggestions))).map((r) => r.id);
      expect(aIds).not.toContain(w.b.id);
    },
  },
  [Events.getFollowers]: {
    kind: 'filtered',
    how: "B lists A's followers (no such user); C's followers as B sees them leave A out; B's own have no A",
    probe: async () => {
      const { a, b, c } = w;
      await expectRefused(b.main, Events.getFollowers, [{ username: a.username }], PeopleMessages.notFound);
      const ofC = (await ok(ask<FriendRow[]>(b.main, Events.getFollowers, { username: c.username }))).map((r) => r.id);
      expect(ofC).toContain(b.id);
      expect(ofC).not.toContain(a.id);
      expect((await ok(ask<FriendRow[]>(b.main, Events.getFollowers, {}))).map((r) => r.id)).not.toContain(a.id);
    },
  },
  [Events.getFollowing]: {
    kind: 'filtered',
    how: 'B lists whom A follows (no such user); whom C follows, as B sees it, leaves A out',
    probe: async () => {
      const { a, b, c, d } = w;
      await expectRefused(b.main, Events.getFollowing, [{ username: a.username }], PeopleMessages.notFound);
      const ofC = (await ok(ask<FriendRow[]>(b.main, Events.getFollowing, { username: c.username }))).map((r) => r.id);
      expect(ofC).toContain(d.id);
      expect(ofC).not.toContain(a.id);
      expect((await ok(ask<FriendRow[]>(b.main, Events.getFollowing, {}))).map((r) => r.id)).toEqual([c.id]);
    },
  },
  [Events.follow]: {
    kind: 'refused',
    how: 'B follows A (no such user); A follows B (refused): the block dropped both follows and none comes back',
    probe: async () => {
      const { a, b } = w;
      await expectRefused(b.main, Events.follow, [{ username: a.username }], PeopleMessages.notFound);
      await expectRefused(a.main, Events.follow, [{ username: b.username }], PeopleMessages.followBlocked);
      expect(await followRows(a.id, b.id)).toBe(0);
      expect(await followRows(b.id, a.id)).toBe(0);
    },
  },
  [Events.unfollow]: {
    kind: 'refused',
    how: 'B unfollows A: no such user',
    probe: () => expectRefused(w.b.main, Events.unfollow, [{ username: w.a.username }], PeopleMessages.notFound),
  },
  [Events.blockUser]: {
    kind: 'refused',
    how: 'B blocks A back: no such user (the block cannot be probed); A blocking again: already blocked',
    probe: async () => {
      await expectRefused(w.b.main, Events.blockUser, [{ username: w.a.username }], PeopleMessages.notFound);
      await expectRefused(w.a.main, Events.blockUser, [{ username: w.b.username }], PeopleMessages.alreadyBlocked);
    },
  },
  [Events.unblockUser]: {
    kind: 'refused',
    how: 'B lifts the block: no such user (only the blocker unblocks)',
    probe: () => expectRefused(w.b.main, Events.unblockUser, [{ username: w.a.username }], PeopleMessages.notFound),
  },
  [Events.getBlocked]: own("B's own list of members B blocked"),

  // Calls (/realcall)
  [Events.createRoom]: {
    kind: 'refused',
    how: 'B calls A; A calls B: refused both ways, and nobody rings',
    probe: async () => {
      const { a, b } = w;
      await expectRefused(b.call, Events.createRoom, [{ userUid: a.id }], CallTexts.blocked);
      await expectRefused(a.call, Events.createRoom, [{ userUid: b.id }], CallTexts.blocked);
      await sync(a.main);
      await sync(b.main);
      expect(a.ear.since(w.marks.a, Events.incomingCall)).toEqual([]);
      expect(b.ear.since(w.marks.b, Events.incomingCall)).toEqual([]);
      const live = await t.db
        .select({ id: calls.id })
        .from(calls)
        .where(sql`${calls.state} <> 'ended'`);
      expect(live).toEqual([]);
    },
  },
  [Events.joinRoom]: {
    kind: 'refused',
    how: 'B rejoins the call the block ended: not part of it',
    probe: async () => {
      await expectRefused(w.b.call, Events.joinRoom, [{ roomId: w.roomId }], CallTexts.notMember);
      await aCallHeardNothing();
    },
  },
  [Events.offer]: relayRow(Events.offer, { offer: { type: 'offer', sdp: 'v=0 b-offer' } }),
  [Events.answer]: relayRow(Events.answer, { answer: { type: 'answer', sdp: 'v=0 b-answer' } }),
  [Events.iceCandidate]: relayRow(Events.iceCandidate, {
    candidate: { candidate: 'candidate:0 1 udp 2122260223 192.0.2.7 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
  }),
  [Events.toggleVideo]: relayRow(Events.toggleVideo, { isOn: false }),
  [Events.toggleAudio]: relayRow(Events.toggleAudio, { isOn: false }),
  [Events.toggleScreenSharing]: relayRow(Events.toggleScreenSharing, { isOn: true }),
  [Events.leaveRoom]: {
    kind: 'allowed',
    how: 'B hangs up the call the block ended: always allowed, changes nothing, A hears no user-left',
    probe: async () => {
      await ask(w.b.call, Events.leaveRoom, { roomId: w.roomId });
      await aCallHeardNothing();
    },
  },

  // Groups
  [Events.getGroup]: {
    kind: 'allowed',
    how: 'B opens the group it shares with A: groups keep both members (chat/policy.ts); the direct chat is not available',
    probe: async () => {
      const { a, b, direct, groupA } = w;
      const info = await ok(ask<{ members: { uid: string }[] }>(b.main, Events.getGroup, groupA));
      expect(info.members.map((m) => m.uid)).toContain(a.id);
      await expectRefused(b.main, Events.getGroup, [direct], Messages.chat.notMember);
    },
  },
  [Events.leaveGroup]: {
    kind: 'allowed',
    how: 'B leaves the group C made with A and B: always allowed; the group hears the notice, A gets no notification',
    probe: async () => {
      await ok(ask(w.b.main, Events.leaveGroup, w.groupC));
      await settle();
      expect(await noticesTo(w.a.id, w.b.id, w.blockedAt)).toBe(0);
    },
  },
  [Events.addGroupMembers]: {
    kind: 'refused',
    how: "B adds A to B's own group; A adds B to A's: could not be found, both ways",
    probe: async () => {
      const { a, b, groupB, groupAC } = w;
      await expectRefused(
        b.main,
        Events.addGroupMembers,
        [{ chatId: groupB, userIds: [a.id] }],
        Messages.chat.userNotFound,
      );
      await expectRefused(
        a.main,
        Events.addGroupMembers,
        [{ chatId: groupAC, userIds: [b.id] }],
        Messages.chat.userNotFound,
      );
    },
  },
  [Events.removeGroupMember]: {
    kind: 'refused',
    how: "B removes A from A's group: only its creator may",
    probe: () =>
      expectRefused(w.b.main, Events.removeGroupMember, [{ chatId: w.groupA, uid: w.a.id }], Messages.chat.creatorOnly),
  },
  [Events.renameGroup]: {
    kind: 'refused',
    how: "B renames A's group: only its creator may",
    probe: () =>
      expectRefused(w.b.main, Events.renameGroup, [{ chatId: w.groupA, name: 'B-RENAMED' }], Messages.chat.creatorOnly),
  },
};

/** B's messages badge against the chats B can open: the direct chat with A is not one of them. */
function badgeRow(event: string): Row {
  return {
    kind: 'filtered',
    how: "B's messages badge counts only the chats B can still open, not A's unread messages in the direct chat",
    probe: async () => {
      const { b, direct } = w;
      const [mine] = await t.db
        .select({ at: chatMembers.lastReadAt })
        .from(chatMembers)
        .where(and(eq(chatMembers.chatId, direct), eq(chatMembers.userId, b.id)));
      const unreadThere = await countOf(
        t.db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.chatId, direct), ne(messages.senderId, b.id), gt(messages.createdAt, mine!.at))),
      );
      expect(unreadThere).toBeGreaterThan(0);
      const visible = (await ok(ask<ChatDto[]>(b.main, Events.getChats))).reduce((n, x) => n + (x.unread ?? 0), 0);
      expect(await ok(ask<number>(b.main, event))).toBe(visible);
    },
  };
}

/** A relay from B into the call the block ended: B's page left its room with the block. */
function relayRow(event: string, payload: Record<string, unknown>): Row {
  return {
    kind: 'refused',
    how: `B sends ${event} into the call the block ended: not part of it, A's call page hears nothing`,
    probe: async () => {
      await expectRefused(w.b.call, event, [{ ...payload, roomId: w.roomId }], CallTexts.notMember);
      await aCallHeardNothing();
    },
  };
}

const routeRows: Record<RouteName, Row> = {
  health: own('public liveness'),
  ready: own('public readiness'),
  metrics: own("operators' figures (this machine or METRICS_TOKEN), no member's things"),
  config: own('public site settings'),
  register: own('signs up a new account'),
  verifyEmail: own("verifies the caller's own address"),
  resendCode: own("mails the caller's own code"),
  login: own('signs the caller in with a password'),
  checkAuth: own("the caller's own session"),
  logout: own("ends the caller's own session"),
  requestPasswordReset: own("mails the caller's own reset link"),
  resetPassword: own("resets the caller's own password"),
  googleCallback: own('signs in with Google'),
  login2fa: own("finishes the caller's own two-factor sign-in"),
  sessions: own("lists B's own sessions"),
  revokeSession: {
    kind: 'refused',
    how: "B signs out one of A's sessions by its id: no such session, and A stays signed in",
    probe: async () => {
      const [session] = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, w.a.id))
        .limit(1);
      if (!session) throw new Error('A has no session');
      const res = await http(w.b.cookie, 'DELETE', `/api/auth/sessions/${session.id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SettingsText.sessionNotFound);
      expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, session.id))).toHaveLength(1);
    },
  },
  revokeOtherSessions: own("signs out B's own other sessions"),
  setLanguage: own("B's own interface language"),
  twoFactorSetup: own("B's own two-factor sign-in"),
  twoFactorEnable: own("B's own two-factor sign-in"),
  twoFactorDisable: own("B's own two-factor sign-in"),
  avatarUpload: own("B's own picture"),
  accountExport: {
    kind: 'filtered',
    how: "B exports its account: B's own messages are in it, nothing A wrote is",
    probe: async () => {
      const res = await http(w.b.cookie, 'GET', '/api/account/export');
      expect(res.status).toBe(200);
      const all = [...(await unzip(res.bytes)).values()].map((x) => x.toString('utf8')).join('\n');
      expect(all).toContain('B-DIRECT-1');
      for (const theirs of ['A-DIRECT-1', 'A-FILE', 'A-POST-1', 'A-REPLY', 'A-ON-C', 'A-IDEA'])
        expect(all).not.toContain(theirs);
    },
  },
  accountDelete: own("closes B's own account"),
  createPost: {
    kind: 'filtered',
    how: "B posts naming @A and @D: D is told, A is not; C's open feed hears of the post, A's does not",
    probe: async () => {
      const { a, b, c, d } = w;
      const aMark = a.ear.mark();
      const cMark = c.ear.mark();
      const before = await noticesTo(d.id, b.id);
      const id = await createPostOver(b.cookie, `B-POST-2 hello @${a.username} and @${d.username}`);
      await c.ear.waitFor<{ post_id: string }>(Events.newPost, (p) => p.post_id === id, cMark);
      await settle();
      expect(await noticesTo(d.id, b.id)).toBe(before + 1);
      expect(await noticesTo(a.id, b.id, w.blockedAt)).toBe(0);
      await sync(a.main);
      expect(a.ear.since<{ post_id: string }>(aMark, Events.newPost, (p) => p.post_id === id)).toEqual([]);
      const aFeed = (await answerOf<{ posts: PostDto[] }>(a, Events.posts, Events.fetchPosts, {})).posts;
      expect(aFeed.map((p) => p.post_id)).not.toContain(id);
    },
  },
  linkMeta: own("a link preview for B's own draft"),
  publicPost: {
    kind: 'refused',
    how: "B opens the shared link of A's post; A that of B's: not found, both ways (a visitor still sees A's)",
    probe: async () => {
      const { a, b, postA, postB } = w;
      const asB = await http(b.cookie, 'GET', `/api/p/${postA}`);
      expect(asB.status).toBe(404);
      expect(asB.body).toMatchObject({ success: false, message: Messages.post.notFound, logged: true });
      expect((await http(a.cookie, 'GET', `/api/p/${postB}`)).status).toBe(404);
      const visitor = await http(null, 'GET', `/api/p/${postA}`);
      expect(visitor.status).toBe(200);
      expect(visitor.body).toMatchObject({ success: true, logged: false });
    },
  },
  chatUpload: own("stores B's own upload (sending it to A is refused: send_message)"),
  groupPicture: {
    kind: 'allowed',
    how: "A, who made A crew (B is in it), sets its picture: allowed (a group's own matters are not split by a block between two of its members); B, not its creator, may not",
    probe: async () => {
      const { b, groupA } = w;
      expect(await groupPictureOfA()).toMatch(new RegExp(`^/api/chat/${groupA}/picture/[a-f0-9]{32}-512\\.webp$`));
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(await squarePng())], { type: 'image/png' }), 'b.png');
      const res = await fetch(`${t.url}/api/chat/${groupA}/picture`, {
        method: 'POST',
        body: form,
        headers: { cookie: b.cookie },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(Messages.chat.creatorOnly);
    },
  },
  groupPictureFile: {
    kind: 'allowed',
    how: 'B, a member of A crew, fetches the picture A set: allowed (the group is theirs too); D, not in it, finds nothing',
    probe: async () => {
      const url = await groupPictureOfA();
      const asB = await http(w.b.cookie, 'GET', url);
      expect(asB.status).toBe(200);
      expect((await sharp(asB.bytes).metadata()).width).toBe(512);
      const small = await http(w.b.cookie, 'GET', url.replace(/-512\.webp$/, '-128.webp'));
      expect(small.status).toBe(200);
      const asD = await http(await sessionCookie(t.db, w.d.id), 'GET', url);
      expect(asD.status).toBe(403);
      expect(asD.body.message).toBe(Messages.chat.notMember);
    },
  },
  chatFile: {
    kind: 'refused',
    how: "B downloads A's attachment from the direct chat: not found; A, who keeps the history, still downloads B's",
    probe: async () => {
      const { a, b, fileA, fileB } = w;
      const asB = await http(b.cookie, 'GET', fileA.file);
      expect(asB.status).toBe(404);
      expect(asB.body.message).toBe(Messages.chat.attachmentNotFound);
      const asA = await http(a.cookie, 'GET', fileB.file);
      expect(asA.status).toBe(200);
      expect(asA.bytes.equals(pdf)).toBe(true);
    },
  },
  reelUpload: {
    kind: 'filtered',
    how: "B uploads a reel: once ready it is announced to C, not to A, and A's page of reels leaves it out",
    timeout: 120_000,
    probe: async () => {
      const { a, b, c } = w;
      const out = path.join(tmp, 'b-reel.mp4');
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=240x426:rate=15:duration=1'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out],
      ]);
      const aMark = a.ear.mark();
      const cMark = c.ear.mark();
      const bMark = b.ear.mark();
      const form = new FormData();
      form.set('title', 'B-REEL-2');
      form.set('category', 'travel');
      form.set('video', new Blob([new Uint8Array(readFileSync(out))], { type: 'video/mp4' }), 'clip.mp4');
      const res = await fetch(`${t.url}/api/reels`, { method: 'POST', body: form, headers: { cookie: b.cookie } });
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as { id: string };
      await b.ear.waitFor<{ id: string; status: string }>(
        Events.reelStatus,
        (s) => s.id === id && s.status === 'ready',
        bMark,
        90_000,
      );
      await c.ear.waitFor<{ reel: ReelDto }>(Events.newReel, (x) => x.reel.id === id, cMark);
      await sync(a.main);
      expect(a.ear.since<{ reel: ReelDto }>(aMark, Events.newReel, (x) => x.reel.id === id)).toEqual([]);
      const aIds = (await answerOf<{ reels: ReelDto[] }>(a, Events.reels, Events.getReels, 0, 5)).reels.map(
        (r) => r.id,
      );
      expect(aIds).not.toContain(id);
    },
  },
  reelStatus: {
    kind: 'refused',
    how: "B asks where A's reel stands; A asks B's: not available, both ways",
    probe: async () => {
      const asB = await http(w.b.cookie, 'GET', `/api/reels/${w.reelA.id}/status`);
      expect(asB.status).toBe(404);
      expect(asB.body.message).toBe(ReelMessages.notFound);
      expect((await http(w.a.cookie, 'GET', `/api/reels/${w.reelB.id}/status`)).status).toBe(404);
    },
  },
  iceServers: own("B's own TURN credentials"),
  media: {
    kind: 'allowed',
    how: 'public media are served by unguessable key to anyone, visitors included: no member is asking, so no block can apply',
    probe: async () => {
      const visitor = await http(null, 'GET', `/media/${w.reelA.key}`);
      expect(visitor.status).toBe(200);
    },
  },
  aiChat: own("B's own conversation with the assistant"),
  aiConversation: own("B's own conversation with the assistant"),
  aiNewChat: own("B's own conversation with the assistant"),
  helpIndex: own("the public help centre: no member's things"),
  helpArticle: own("the public help centre: no member's things"),
  helpSearch: own("the public help centre: no member's things"),
  report: {
    kind: 'refused',
    how: "B reports A's post or A's message: no such thing to B; A still reports B's message from the chat A keeps",
    probe: async () => {
      const { a, b, postA, msgA, msgB } = w;
      for (const [kind, id] of [
        ['post', postA],
        ['message', msgA],
        ['member', a.id],
      ] as const) {
        const res = await http(b.cookie, 'POST', '/api/reports', { kind, id, reason: 'harassment' });
        expect(res.status, kind).toBe(404);
        expect(res.body.message, kind).toBe(ModerationMessages.notFound);
      }
      expect(await countOf(t.db.select({ n: count() }).from(reports).where(eq(reports.reporterId, b.id)))).toBe(0);
      const byA = await http(a.cookie, 'POST', '/api/reports', { kind: 'message', id: msgB, reason: 'harassment' });
      expect(byA.body).toEqual({ success: true, message: ModerationMessages.reportReceived });
    },
  },
  mutes: own('lists the members B muted'),
  mute: {
    kind: 'refused',
    how: 'B mutes A: no such member to B (A may still mute B: it hides nothing more than the block does)',
    probe: async () => {
      const res = await http(w.b.cookie, 'POST', '/api/mutes', { username: w.a.username });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PeopleMessages.notFound);
      expect((await http(w.a.cookie, 'POST', '/api/mutes', { username: w.b.username })).body).toMatchObject({
        success: true,
      });
    },
  },
  unmute: {
    kind: 'refused',
    how: 'B unmutes A: no such member to B',
    probe: async () => {
      const res = await http(w.b.cookie, 'DELETE', `/api/mutes/${w.a.username}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PeopleMessages.notFound);
    },
  },
  mutedWords: own("B's own muted words"),
  addMutedWord: own("B's own muted words"),
  removeMutedWord: own("B's own muted words"),
  myActions: own("the moderation actions taken against B's own account"),
  appeal: own("appeals an action taken against B's own account (another's is refused: appealNotYours)"),
  staffMe: own("B's own role (a member is told 'member')"),
  appealSanction: own('a suspended member appeals with their own password'),
  search: {
    kind: 'filtered',
    how: "B searches posts, people and messages: nothing of A's (C finds A's post and profile); A searching finds nothing of B's",
    probe: async () => {
      const { a, b, c, postA, postB } = w;
      const find = async (m: TestUser & { cookie: string }, q: string, type: string) => {
        const res = await http(m.cookie, 'GET', `/api/search?q=${encodeURIComponent(q)}&type=${type}`);
        expect(res.status).toBe(200);
        return res.body as unknown as SearchAnswer;
      };
      expect((await find(b, 'post', 'posts')).posts.map((p) => p.post_id)).not.toContain(postA);
      expect((await find(c, 'post', 'posts')).posts.map((p) => p.post_id)).toContain(postA);
      expect((await find(a, 'post', 'posts')).posts.map((p) => p.post_id)).not.toContain(postB);
      const names = async (m: TestUser & { cookie: string }, u: TestUser) =>
        (await find(m, u.username, 'people')).people.map((p) => p.username);
      expect(await names(b, a)).not.toContain(a.username);
      expect(await names(c, a)).toContain(a.username);
      expect(await names(a, b)).not.toContain(b.username);
      const top = await find(b, 'direct', 'top');
      expect(top.messages.map((m) => m.sender.username)).not.toContain(a.username);
      expect((await find(b, 'A-DIRECT', 'messages')).messages).toEqual([]);
    },
  },
  searchSuggest: {
    kind: 'filtered',
    how: "B's as-you-type suggestions for A's username: nothing (C is suggested A)",
    probe: async () => {
      const { a, b, c } = w;
      const people = async (m: TestUser & { cookie: string }) =>
        (
          (await http(m.cookie, 'GET', `/api/search/suggest?q=${a.username}`)).body as {
            people: { username: string }[];
          }
        ).people;
      expect((await people(b)).map((p) => p.username)).not.toContain(a.username);
      expect((await people(c)).map((p) => p.username)).toContain(a.username);
    },
  },
  searchRecent: own("B's own recent searches"),
  searchRecentClear: own("clears B's own recent searches"),
  followedTags: own('the tags B follows'),
  followTag: own('B follows a tag (a tag has no owner; its posts are filtered on the tag page)'),
  unfollowTag: own('B unfollows a tag'),
  tagPage: {
    kind: 'filtered',
    how: "B opens a tag A and C both used after the block: only C's post (C and A see both)",
    probe: async () => {
      const { a, b, c } = w;
      const fromA = await createPostOver(a.cookie, 'A-TAGGED after the block #blockmatrix');
      const fromC = await createPostOver(c.cookie, 'C-TAGGED #blockmatrix');
      const ids = async (m: TestUser & { cookie: string }) =>
        ((await http(m.cookie, 'GET', '/api/tags/blockmatrix')).body as { posts: PostDto[] }).posts.map(
          (p) => p.post_id,
        );
      expect(await ids(b)).toEqual([fromC]);
      expect(await ids(c)).toEqual([fromC, fromA]);
      expect(await ids(a)).toEqual([fromC, fromA]);
    },
  },
  trending: {
    kind: 'filtered',
    how: "B's trending counts the members B may see: a tag A and C used counts 1 for B and 2 for C",
    probe: async () => {
      const { a, b, c } = w;
      await createPostOver(a.cookie, 'A-TREND #blocktrend');
      await createPostOver(c.cookie, 'C-TREND #blocktrend');
      const members = async (m: TestUser & { cookie: string }) =>
        (
          (await http(m.cookie, 'GET', '/api/trending')).body as { tags: { name: string; members: number }[] }
        ).tags.find((x) => x.name === 'blocktrend')?.members;
      expect(await members(b)).toBe(1);
      expect(await members(c)).toBe(2);
    },
  },
  privacySettings: own("B's own privacy settings"),
  updatePrivacy: own("changes B's own privacy settings"),
  followRequests: own('the requests to follow B (a block removes requests either way, so none names A)'),
  answerFollowRequest: {
    kind: 'refused',
    how: "B approves a request named by A's username, and A one named by B's: no such request, nobody follows",
    probe: async () => {
      const { a, b } = w;
      const asB = await http(b.cookie, 'POST', `/api/follow-requests/${a.username}`, { approve: true });
      expect(asB.status).toBe(404);
      expect(asB.body.message).toBe(PrivacyText.noRequest);
      const asA = await http(a.cookie, 'POST', `/api/follow-requests/${b.username}`, { approve: true });
      expect(asA.status).toBe(404);
      const between = await t.db
        .select({ n: count() })
        .from(follows)
        .where(
          sql`(follower_id = ${a.id} and followee_id = ${b.id}) or (follower_id = ${b.id} and followee_id = ${a.id})`,
        );
      expect(Number(between[0]?.n)).toBe(0);
    },
  },
  ...staffRows(),
  ...signupRows(),
};

/** Staff screens: B, a member, is refused every one of them (the block changes nothing for staff). */
function staffRows(): Record<
  | 'staffQueue'
  | 'staffReport'
  | 'staffAssign'
  | 'staffNote'
  | 'staffAction'
  | 'staffAudit'
  | 'staffAppeals'
  | 'staffDecideAppeal'
  | 'staffMembers'
  | 'staffDashboard',
  Row
> {
  const refusedToMembers = (
    method: string,
    p: () => string,
    body?: () => unknown,
    message: string = ModerationMessages.staffOnly,
  ): Row => ({
    kind: 'refused',
    how: `B, a member, opens a staff screen (${method}) about A's things: only staff may (403)`,
    probe: async () => {
      const res = await http(w.b.cookie, method, p(), body?.());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(message);
    },
  });
  const postPath = () => `/api/admin/reports/post/${w.postA}`;
  return {
    staffQueue: refusedToMembers('GET', () => '/api/admin/reports'),
    staffReport: refusedToMembers('GET', postPath),
    staffAssign: refusedToMembers(
      'POST',
      () => `${postPath()}/assign`,
      () => ({}),
    ),
    staffNote: refusedToMembers(
      'POST',
      () => `${postPath()}/notes`,
      () => ({ text: 'note' }),
    ),
    staffAction: refusedToMembers(
      'POST',
      () => '/api/admin/actions',
      () => ({
        action: 'remove',
        kind: 'post',
        id: w.postA,
        reason: 'x',
      }),
    ),
    staffAudit: refusedToMembers('GET', () => '/api/admin/audit', undefined, ModerationMessages.adminOnly),
    staffAppeals: refusedToMembers('GET', () => '/api/admin/appeals'),
    staffDecideAppeal: refusedToMembers(
      'POST',
      () => `/api/admin/appeals/${randomUUID()}`,
      () => ({ reverse: true }),
    ),
    staffMembers: refusedToMembers('GET', () => '/api/admin/members'),
    staffDashboard: refusedToMembers('GET', () => '/api/admin/dashboard'),
  };
}

/** Sign-up controls: B's own invites; A's invite is no such invite to B; the admins' screens refuse B. */
function signupRows(): Record<
  | 'botChallenge'
  | 'myInvites'
  | 'createInvite'
  | 'revokeInvite'
  | 'signupSettings'
  | 'saveSignupSettings'
  | 'signupRequests'
  | 'decideSignup'
  | 'allInvites',
  Row
> {
  const adminOnly = (method: string, p: () => string, body?: () => unknown): Row => ({
    kind: 'refused',
    how: `B, a member, opens an admin's sign-up screen (${method}), about A too: only admins may (403)`,
    probe: async () => {
      const res = await http(w.b.cookie, method, p(), body?.());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ModerationMessages.adminOnly);
    },
  });
  return {
    botChallenge: own('a public proof-of-work challenge, about nobody'),
    myInvites: own("lists B's own invites"),
    createInvite: own('B invites someone new (only while joining is by invitation)'),
    revokeInvite: {
      kind: 'refused',
      how: "B revokes A's invite by its code: no such invite, and it still works",
      probe: async () => {
        const code = `blocks-${randomUUID()}`;
        await t.db.insert(invites).values({ code, createdBy: w.a.id, expiresAt: new Date(Date.now() + 86_400_000) });
        const res = await http(w.b.cookie, 'DELETE', `/api/invites/${code}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(SignupMessages.inviteNotFound);
        expect(await t.db.select().from(invites).where(eq(invites.code, code))).toHaveLength(1);
      },
    },
    signupSettings: adminOnly('GET', () => '/api/admin/signups/settings'),
    saveSignupSettings: adminOnly(
      'PUT',
      () => '/api/admin/signups/settings',
      () => ({ mode: 'closed', blockedDomains: [] }),
    ),
    signupRequests: adminOnly('GET', () => '/api/admin/signups/requests'),
    decideSignup: adminOnly(
      'POST',
      () => `/api/admin/signups/requests/${w.a.id}`,
      () => ({ approve: true }),
    ),
    allInvites: adminOnly('GET', () => '/api/admin/invites'),
  };
}

// ---------------------------------------------------------------------------------------------------

describe('a block holds on every path', () => {
  it('requires sign-in', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
    expect((await http(null, 'GET', '/api/chat/files/' + randomUUID())).status).toBe(401);
  });

  it('has a row for every client event and every HTTP route of the contract', () => {
    const events = Object.keys(clientEventSchemas);
    const routes = Object.keys(Routes);
    expect({
      eventsWithoutRow: events.filter((e) => !(e in eventRows)),
      rowsWithoutEvent: Object.keys(eventRows).filter((e) => !events.includes(e)),
      routesWithoutRow: routes.filter((r) => !(r in routeRows)),
      rowsWithoutRoute: Object.keys(routeRows).filter((r) => !routes.includes(r)),
    }).toEqual({ eventsWithoutRow: [], rowsWithoutEvent: [], routesWithoutRow: [], rowsWithoutRoute: [] });
    for (const row of [...Object.values(eventRows), ...Object.values(routeRows)])
      expect(row.how.length).toBeGreaterThan(5);
  });

  const table: [string, Row][] = [
    ...Object.entries(eventRows).map(([e, r]) => [`event ${e}`, r] as [string, Row]),
    ...Object.entries(routeRows).map(([name, r]) => {
      const def = Routes[name as RouteName];
      return [`${def.method} ${def.path}`, r] as [string, Row];
    }),
  ];
  for (const [what, row] of table) {
    if (row.kind === 'not-about-another-member') continue;
    it(`${row.kind}: ${what} — ${row.how}`, row.probe, row.timeout);
  }

  // Live events about A's things that B's screens had open before the block.
  it("B no longer hears A's post being edited or deleted (pMR), though its screen showed them", async () => {
    const { a, b, c, postA, postA2 } = w;
    const cMark = c.ear.mark();
    const bMark = b.ear.mark();
    await ok(ask(a.main, Events.editPost, { post_id: postA, content: 'A-POST-1 edited after the block' }));
    await c.ear.waitFor<{ post_id: string; type: string }>(
      Events.postMutationResult,
      (r) => r.post_id === postA,
      cMark,
    );
    await ok(ask(a.main, Events.deletePost, postA2));
    await c.ear.waitFor<{ post_id: string; type: string }>(
      Events.postMutationResult,
      (r) => r.post_id === postA2,
      cMark,
    );
    await sync(b.main);
    expect(b.ear.since(bMark, Events.postMutationResult)).toEqual([]);
  });

  it("B no longer hears new comments on A's post whose comments it had open", async () => {
    const { a, b, c, postA } = w;
    const aMark = a.ear.mark();
    const bMark = b.ear.mark();
    await ok(ask(c.main, Events.addComment, { postId: postA, comment: 'C-AFTER-BLOCK' }));
    await a.ear.waitFor<{ post_id: string; comments: CommentDto[] }>(
      Events.comments,
      (x) => x.post_id === postA && texts(x.comments).includes('C-AFTER-BLOCK'),
      aMark,
    );
    await settle();
    await sync(b.main);
    expect(b.ear.since<{ post_id: string }>(bMark, Events.comments, (x) => x.post_id === postA)).toEqual([]);
  });

  it("B no longer hears A's suggestion change (featureUpdated)", async () => {
    const { b, c, sugA } = w;
    const cMark = c.ear.mark();
    const bMark = b.ear.mark();
    await ok(ask(c.main, Events.voteFeature, { id: sugA }));
    await c.ear.waitFor<{ id: string }>(Events.featureUpdated, (f) => f.id === sugA, cMark);
    await sync(b.main);
    expect(b.ear.since<{ id: string }>(bMark, Events.featureUpdated, (f) => f.id === sugA)).toEqual([]);
  });

  it("B no longer hears A's reel change or go (reelStats, reelDeleted)", async () => {
    const { a, b, c, reelA } = w;
    const cMark = c.ear.mark();
    const bMark = b.ear.mark();
    await ok(ask(c.main, Events.likeReel, { reelId: reelA.id }));
    await c.ear.waitFor<{ id: string }>(Events.reelStats, (s) => s.id === reelA.id, cMark);
    await ok(ask(a.main, Events.deleteReel, { reelId: reelA.id }));
    await c.ear.waitFor<{ id: string }>(Events.reelDeleted, (s) => s.id === reelA.id, cMark);
    await sync(b.main);
    const about = (x: { id: string }) => x.id === reelA.id;
    expect([...b.ear.since(bMark, Events.reelStats, about), ...b.ear.since(bMark, Events.reelDeleted, about)]).toEqual(
      [],
    );
  });

  it('A got no notification of anything B tried since the block, nor B of what A tried', async () => {
    const { a, b, c, postA } = w;
    // The same path is open to C: C's like of A's post reaches A at once.
    const mark = a.ear.mark();
    await ok(ask(c.main, Events.likePost, { post_id: postA }));
    await a.ear.waitFor<NotificationDto>(Events.notification, (n) => n.message.includes(c.username), mark);
    await settle();
    await sync(a.main);
    await sync(b.main);
    expect(await noticesTo(a.id, b.id, w.blockedAt)).toBe(0);
    expect(await noticesTo(b.id, a.id, w.blockedAt)).toBe(0);
    const byOther = (other: TestUser) => (n: NotificationDto) =>
      n.message.includes(other.username) || n.message.includes(other.name);
    expect(a.ear.since(w.marks.a, Events.notification, byOther(b))).toEqual([]);
    expect(b.ear.since(w.marks.b, Events.notification, byOther(a))).toEqual([]);
    // Nothing rang either side since the block.
    expect(a.ear.since(w.marks.a, Events.incomingCall)).toEqual([]);
    expect(b.ear.since(w.marks.b, Events.incomingCall)).toEqual([]);
    const told = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, a.id),
          isNotNull(notifications.actorId),
          gte(notifications.createdAt, w.blockedAt),
        ),
      );
    expect(told.length).toBeGreaterThan(0);
  });

  // Last: it closes and reopens A's and B's tabs.
  it('presence does not cross the block: B coming and going is not shown to A, nor A to B (C sees both)', async () => {
    const { a, b, c } = w;
    const offOn = async (who: Member, other: Member) => {
      const online = (v: boolean) => (p: { uid: string; online: boolean }) => p.uid === who.id && p.online === v;
      let cMark = c.ear.mark();
      let oMark = other.ear.mark();
      who.main.close();
      await c.ear.waitFor(Events.presence, online(false), cMark);
      await sync(other.main);
      expect(other.ear.since<{ uid: string }>(oMark, Events.presence, (p) => p.uid === who.id)).toEqual([]);
      cMark = c.ear.mark();
      oMark = other.ear.mark();
      Object.assign(who, await mainSocket(who));
      await c.ear.waitFor(Events.presence, online(true), cMark);
      await sync(other.main);
      expect(other.ear.since<{ uid: string }>(oMark, Events.presence, (p) => p.uid === who.id)).toEqual([]);
    };
    await offOn(b, a);
    await offOn(a, b);
  });
});
