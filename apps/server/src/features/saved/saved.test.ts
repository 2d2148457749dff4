/** Saved (issue 37): bookmark posts and clips into a private list that follows what the member may see. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, Messages, type PostDto, type SavedItem } from '@sajha/contract';
import { reels } from '../../db/schema.js';
import {
  ask,
  connectSocket,
  createUser,
  nextEvent,
  ok,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';

let t: TestApp;
let a: TestUser, b: TestUser, c: TestUser;
let sa: TestSocket, sb: TestSocket, sc: TestSocket;
beforeAll(async () => {
  t = await startTestApp();
  [a, b, c] = (await Promise.all(
    ['Asha Gurung', 'Bikash Thapa', 'Chandra Rai'].map((name) => createUser(t.db, { name })),
  )) as [TestUser, TestUser, TestUser];
  [sa, sb, sc] = (await Promise.all(
    [a, b, c].map(async (u) => connectSocket(t.url, await sessionCookie(t.db, u.id))),
  )) as [TestSocket, TestSocket, TestSocket];
});
afterAll(async () => {
  for (const s of [sa, sb, sc]) s?.close();
  await t?.close();
});

async function post(who: TestUser, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  const res = await fetch(`${t.url}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: { cookie: await sessionCookie(t.db, who.id) },
  });
  return ((await res.json()) as { post: PostDto }).post.post_id;
}

const list = async (s: TestSocket) =>
  (await ok<{ items: SavedItem[]; more: boolean }>(ask(s, Events.getSaved, {}))).items;
const ids = (items: SavedItem[]) => items.map((i) => (i.kind === 'post' ? i.post.post_id : i.reel.id));

describe('saved', () => {
  it('keeps a private list of saved posts and clips, newest first, that follows what the member may still see', async () => {
    const p1 = await post(b, 'Momo recipe from my grandmother');
    const p2 = await post(b, 'Best time to visit Rara');
    const clip = randomUUID();
    await t.db.insert(reels).values({
      id: clip,
      authorId: b.id,
      title: 'Rara lake at dawn',
      category: 'travel',
      status: 'ready',
      readyAt: new Date(),
    });

    expect(await list(sa)).toEqual([]);
    await ok(ask(sa, Events.savePost, { post_id: p1, saved: true }));
    await ok(ask(sa, Events.saveReel, { reelId: clip, saved: true }));
    expect(await ok(ask(sa, Events.savePost, { post_id: p2, saved: true }))).toEqual({ saved: true });
    // Saving twice is fine; the list is newest first, with each post as the feed shows it (saved: true).
    await ok(ask(sa, Events.savePost, { post_id: p2, saved: true }));
    const mine = await list(sa);
    expect(ids(mine)).toEqual([p2, clip, p1]);
    expect(mine[0]).toMatchObject({ kind: 'post', post: { content: 'Best time to visit Rara', saved: true } });
    expect(mine[1]).toMatchObject({ kind: 'reel', reel: { title: 'Rara lake at dawn', saved: true } });
    const one = nextEvent<PostDto>(sa, Events.fetchOnePost);
    sa.emit(Events.fetchOnePost, { post_id: p1 });
    expect((await one).saved).toBe(true);
    // Private: C's list is C's own, and B's post says nothing to B about who saved it.
    expect(await list(sc)).toEqual([]);
    const asB = nextEvent<PostDto>(sb, Events.fetchOnePost);
    sb.emit(Events.fetchOnePost, { post_id: p1 });
    expect((await asB).saved).toBe(false);

    // Unsaved: gone. Deleted by its author: gone. Narrowed to "only me": left out while it is.
    await ok(ask(sa, Events.savePost, { post_id: p2, saved: false }));
    const gone = nextEvent(sb, Events.postMutationResult);
    sb.emit(Events.deletePost, p1);
    await gone;
    expect(ids(await list(sa))).toEqual([clip]);
    await t.db.update(reels).set({ audience: 'only_me' }).where(eq(reels.id, clip));
    expect(await list(sa)).toEqual([]);

    // One cannot save what one cannot see.
    expect(await ask(sa, Events.savePost, { post_id: p1, saved: true })).toEqual({
      ok: false,
      error: Messages.post.gone,
    });
  });
});
