/**
 * getMemberReels (issue 37): a profile's Clips tab lists one member's ready clips, newest first, with how
 * many there are, filtered as the clips feed is: nothing across a block either way, no removed clip, none
 * outside its audience (a private account's only to followers), none of a suspended member.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type Audience, type MemberReelsPage } from '@sajha/contract';
import { blocks, follows, reels, users } from '../../db/schema.js';
import {
  ask,
  connectSocket,
  connectedUser,
  ok,
  startTestApp,
  type ConnectedUser,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const member = () => connectedUser(t, sockets);

/** A clip row as the transcoder leaves it (no file: the list does not need one). */
async function clip(
  authorId: string,
  title: string,
  over: { status?: string; audience?: Audience; removedAt?: Date; readyAt?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(reels).values({
    id,
    authorId,
    title,
    category: 'travel',
    status: over.status ?? 'ready',
    audience: over.audience ?? 'public',
    removedAt: over.removedAt ?? null,
    readyAt: over.readyAt ?? new Date(),
  });
  return id;
}

const clipsOf = (viewer: ConnectedUser, author: { id: string }, offset = 0, limit?: number) =>
  ok<MemberReelsPage>(
    ask(viewer.socket, Events.getMemberReels, { userId: author.id, offset, ...(limit ? { limit } : {}) }),
  );
const titles = (page: MemberReelsPage) => page.reels.map((r) => r.title);

describe('a member’s clips (getMemberReels)', () => {
  it('requires sign-in', async () => {
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
  });

  it('lists only their ready clips, newest first, in pages, with the total', async () => {
    const [asha, bikash, other] = [await member(), await member(), await member()];
    const base = Date.now() - 60_000;
    for (let i = 1; i <= 3; i++) await clip(asha.id, `Asha ${i}`, { readyAt: new Date(base + i * 1000) });
    await clip(asha.id, 'Still processing', { status: 'processing' });
    await clip(asha.id, 'Removed by moderators', { removedAt: new Date() });
    await clip(other.id, 'Someone else');

    const first = await clipsOf(bikash, asha, 0, 2);
    expect(titles(first)).toEqual(['Asha 3', 'Asha 2']);
    expect(first).toMatchObject({ hasMore: true, total: 3 });
    expect(first.reels[0]).toMatchObject({ owner: false, user: { username: asha.username } });
    const rest = await clipsOf(bikash, asha, 2, 2);
    expect(titles(rest)).toEqual(['Asha 1']);
    expect(rest).toMatchObject({ hasMore: false, total: 3 });
    // The owner sees the same list, marked as theirs.
    expect((await clipsOf(asha, asha)).reels.every((r) => r.owner)).toBe(true);
    // Someone without clips: an empty page.
    expect(await clipsOf(asha, bikash)).toEqual({ reels: [], hasMore: false, total: 0 });
  });

  it('shows nothing across a block, either way', async () => {
    const [asha, bikash, chandra] = [await member(), await member(), await member()];
    await clip(asha.id, 'Asha on the hill');
    await clip(bikash.id, 'Bikash at the lake');
    expect(titles(await clipsOf(bikash, asha))).toEqual(['Asha on the hill']);

    await t.db.insert(blocks).values({ blockerId: asha.id, blockedId: bikash.id });
    expect(await clipsOf(bikash, asha)).toEqual({ reels: [], hasMore: false, total: 0 });
    expect(await clipsOf(asha, bikash)).toEqual({ reels: [], hasMore: false, total: 0 });
    // Others still see both.
    expect(titles(await clipsOf(chandra, asha))).toEqual(['Asha on the hill']);
    expect(titles(await clipsOf(chandra, bikash))).toEqual(['Bikash at the lake']);
  });

  it("keeps to each clip's audience: a private account's are for its followers, only-me for the owner", async () => {
    const [asha, follower, stranger] = [await member(), await member(), await member()];
    await clip(asha.id, 'For everyone');
    await clip(asha.id, 'Just mine', { audience: 'only_me' });
    await t.db.insert(follows).values({ followerId: follower.id, followeeId: asha.id });
    expect(titles(await clipsOf(stranger, asha))).toEqual(['For everyone']);
    expect((await clipsOf(asha, asha)).total).toBe(2);

    await t.db.update(users).set({ privateAccount: true }).where(eq(users.id, asha.id));
    expect(await clipsOf(stranger, asha)).toEqual({ reels: [], hasMore: false, total: 0 });
    expect(titles(await clipsOf(follower, asha))).toEqual(['For everyone']);
  });

  it('leaves out a suspended member’s clips until the suspension ends', async () => {
    const [asha, viewer] = [await member(), await member()];
    await clip(asha.id, 'Before the suspension');
    expect((await clipsOf(viewer, asha)).total).toBe(1);
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, asha.id));
    expect(await clipsOf(viewer, asha)).toEqual({ reels: [], hasMore: false, total: 0 });
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, asha.id));
    expect((await clipsOf(viewer, asha)).total).toBe(1);
  });

  it('refuses a malformed member id with the form error, not a crash', async () => {
    const viewer = await member();
    const answer = await ask(viewer.socket, Events.getMemberReels, { userId: 'not-an-id' });
    expect(answer.ok).toBe(false);
  });
});
