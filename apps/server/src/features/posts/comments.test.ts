import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, Messages, PeopleMessages, type CommentDto } from '@sajha/contract';
import { blocks, posts } from '../../db/schema.js';
import {
  ask,
  collect,
  connectSocket,
  createUser,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';

type List = { post_id: string; comments: CommentDto[] };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
const sockets: TestSocket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

interface Member extends TestUser {
  socket: TestSocket;
}
async function member(): Promise<Member> {
  const u = await createUser(t.db);
  const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
  sockets.push(socket);
  return { ...u, socket };
}
async function postBy(m: Member, content = 'A post'): Promise<string> {
  const id = randomUUID();
  await t.db.insert(posts).values({ id, authorId: m.id, content });
  return id;
}

describe('comments', () => {
  it('reach the sockets watching the post, and stop when they unwatch', async () => {
    const author = await member();
    const watcher = await member();
    const id = await postBy(author);
    expect(await ask(watcher.socket, Events.watchPost, id)).toEqual({ ok: true });
    const heard = nextEvent<List>(watcher.socket, Events.comments);
    expect(await ask(author.socket, Events.addComment, { postId: id, comment: 'First!' })).toMatchObject({ ok: true });
    expect((await heard).comments.map((c) => c.comment)).toEqual(['First!']);

    expect(await ask(watcher.socket, Events.unwatchPost, id)).toEqual({ ok: true });
    const after = collect<List>(watcher.socket, Events.comments);
    await ask(author.socket, Events.addComment, { postId: id, comment: 'Second' });
    // Anything sent to the watcher before this answer would have arrived before it.
    await ask(watcher.socket, Events.unwatchPost, id);
    expect(after).toHaveLength(0);
  });

  it('a blocked member can neither watch, read nor add to the blocker’s comments, and hears none of them', async () => {
    const blocker = await member();
    const blocked = await member();
    const friend = await member();
    const theirs = await postBy(blocker, 'Blocker’s post');
    const open = await postBy(friend, 'Anyone’s post');
    await t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: blocked.id });

    expect(await ask(blocked.socket, Events.watchPost, theirs)).toEqual({ ok: false, error: Messages.post.gone });
    expect(await ask(blocked.socket, Events.fetchComments, theirs)).toEqual({ ok: false, error: Messages.post.gone });
    expect(await ask(blocked.socket, Events.addComment, { postId: theirs, comment: 'hi' })).toEqual({
      ok: false,
      error: PeopleMessages.cannotComment,
    });
    // The blocker is kept out of the blocked member's threads the same way.
    const own = await postBy(blocked);
    expect(await ask(blocker.socket, Events.watchPost, own)).toEqual({ ok: false, error: Messages.post.gone });

    // A comment on the blocker's post, then one on a post the blocked member may watch: the second
    // arrives, and the first, sent before it over the same connection, must not have.
    expect(await ask(blocked.socket, Events.watchPost, open)).toEqual({ ok: true });
    const heard = collect<List>(blocked.socket, Events.comments);
    const control = nextEvent<List>(blocked.socket, Events.comments);
    await ask(friend.socket, Events.addComment, { postId: theirs, comment: 'Secret to the blocked one' });
    await ask(friend.socket, Events.addComment, { postId: open, comment: 'Public' });
    expect((await control).post_id).toBe(open);
    expect(heard.map((l) => l.post_id)).toEqual([open]);
  });

  it('replies nest one level and answer a gone comment or post plainly', async () => {
    const a = await member();
    const b = await member();
    const id = await postBy(a);
    const first = await ask<CommentDto[]>(b.socket, Events.addComment, { postId: id, comment: 'Top' });
    const top = first.ok ? first.data[0]! : undefined;
    const replied = await ask<CommentDto[]>(a.socket, Events.addCommentReply, {
      postId: id,
      commentId: top!.id,
      reply: 'Reply',
    });
    expect(replied.ok && replied.data[0]!.replies.map((r) => r.reply)).toEqual(['Reply']);
    expect(await ask(a.socket, Events.addCommentReply, { postId: id, commentId: randomUUID(), reply: 'x' })).toEqual({
      ok: false,
      error: Messages.post.commentGone,
    });
    expect(await ask(a.socket, Events.fetchComments, randomUUID())).toEqual({ ok: false, error: Messages.post.gone });
  });
});
