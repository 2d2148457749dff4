import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, FEATURE_LIMITS, FeatureMessages, type FeatureItem, type NotificationDto } from '@sajha/contract';
import { featureSuggestions, featureVotes } from '../../db/schema.js';
import {
  connectSocket,
  createUser,
  nextEvent,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';

let t: TestApp;
const sockets: TestSocket[] = [];
const ADMIN = 'boss@example.test';

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} , other@example.test` });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

interface Member extends TestUser {
  socket: TestSocket;
}
async function member(over: Partial<TestUser> = {}): Promise<Member> {
  const u = await createUser(t.db, over);
  const socket = await connectSocket(t.url, await sessionCookie(t.db, u.id));
  sockets.push(socket);
  return { ...u, socket };
}

type Response = { status: 'success' | 'error'; message: string; feature?: FeatureItem };
async function suggest(who: Member, feature: unknown, description: unknown): Promise<Response> {
  const answer = nextEvent<Response>(who.socket, Events.suggestionResponse);
  rawEmit(who.socket, Events.suggestFeature, { feature, description });
  return answer;
}
function ask<T>(socket: TestSocket, event: string, ...args: unknown[]) {
  return new Promise<{ ok: true; data: T } | { ok: false; error: string }>((resolve) =>
    rawEmit(socket, event, ...args, resolve),
  );
}
const rows = async () => (await t.db.select({ n: count() }).from(featureSuggestions))[0]!.n;

describe('suggesting a feature', () => {
  it('refuses blank, too long and repeated suggestions with a clear message, storing nothing', async () => {
    const a = await member();
    const before = await rows();
    expect(await suggest(a, '   ', 'Something')).toEqual({ status: 'error', message: FeatureMessages.featureRequired });
    expect(await suggest(a, 'Dark mode', '  ')).toEqual({
      status: 'error',
      message: FeatureMessages.descriptionRequired,
    });
    expect(await suggest(a, 'x'.repeat(FEATURE_LIMITS.titleMax + 1), 'ok')).toEqual({
      status: 'error',
      message: FeatureMessages.featureTooLong,
    });
    expect(await suggest(a, 'Dark mode', 'y'.repeat(FEATURE_LIMITS.descriptionMax + 1))).toEqual({
      status: 'error',
      message: FeatureMessages.descriptionTooLong,
    });
    expect(await rows()).toBe(before);

    const ok = await suggest(a, 'Dark mode', 'Easier on the eyes at night');
    expect(ok).toMatchObject({
      status: 'success',
      message: FeatureMessages.submitted,
      feature: { status: 'Pending', votes: 0 },
    });
    expect(await suggest(a, 'dark MODE', 'again')).toEqual({ status: 'error', message: FeatureMessages.duplicate });
    expect(await rows()).toBe(before + 1);
    // Someone else may suggest the same title.
    expect((await suggest(await member(), 'Dark mode', 'Me too')).status).toBe('success');
  });

  it('limits how often one member can suggest', async () => {
    const a = await member();
    const answers: Response[] = [];
    for (let i = 0; i < 7; i++) answers.push(await suggest(a, `Idea ${i}`, 'Details'));
    expect(answers.filter((r) => r.status === 'success')).toHaveLength(5);
    expect(answers.at(-1)).toMatchObject({ status: 'error' });
  });
});

describe('the list, votes and statuses', () => {
  let author: Member;
  let voter: Member;
  let admin: Member;
  let item: FeatureItem;
  beforeAll(async () => {
    author = await member();
    voter = await member();
    admin = await member({ email: ADMIN });
    item = (await suggest(author, 'Offline reels', 'Watch reels on the bus')).feature!;
  });

  it('lists newest first with hasMore, and sorts by votes', async () => {
    const page = nextEvent<{ features: FeatureItem[]; hasMore: boolean; canModerate: boolean }>(
      voter.socket,
      Events.features,
    );
    rawEmit(voter.socket, Events.getFeatures, { offset: 0, sort: 'newest' });
    const p = await page;
    expect(p.features[0]).toMatchObject({
      id: item.id,
      feature: 'Offline reels',
      status: 'Pending',
      user: author.name,
    });
    const total = await rows();
    expect(p.features).toHaveLength(Math.min(total, FEATURE_LIMITS.pageSize));
    expect(p.hasMore).toBe(total > FEATURE_LIMITS.pageSize);
    expect(p.canModerate).toBe(false);
  });

  it('one vote per member, toggled; a repeated vote never counts twice', async () => {
    const first = await ask<FeatureItem>(voter.socket, Events.voteFeature, { id: item.id });
    expect(first).toMatchObject({ ok: true, data: { votes: 1, voted: true } });
    // Voting again takes the vote back; a third time gives it again.
    const undone = await ask<FeatureItem>(voter.socket, Events.voteFeature, { id: item.id });
    expect(undone).toMatchObject({ ok: true, data: { votes: 0, voted: false } });
    const redone = await ask<FeatureItem>(voter.socket, Events.voteFeature, { id: item.id });
    expect(redone).toMatchObject({ ok: true, data: { votes: 1, voted: true } });
    // Two toggles at once from the same member run one after the other (off, then on again): the count
    // ends at exactly 1, with one vote row, never 0 with a row left or 2 from a doubled insert.
    const [x, y] = await Promise.all([
      ask<FeatureItem>(voter.socket, Events.voteFeature, { id: item.id }),
      ask<FeatureItem>(voter.socket, Events.voteFeature, { id: item.id }),
    ]);
    expect(x.ok && y.ok).toBe(true);
    const [row] = await t.db.select().from(featureSuggestions).where(eq(featureSuggestions.id, item.id));
    expect(row!.voteCount).toBe(1);
    const votes = await t.db.select().from(featureVotes).where(eq(featureVotes.featureId, item.id));
    expect(votes.map((v) => v.userId)).toEqual([voter.id]);

    const byVotes = nextEvent<{ features: FeatureItem[] }>(voter.socket, Events.features);
    rawEmit(voter.socket, Events.getFeatures, { offset: 0, sort: 'votes' });
    const listed = (await byVotes).features;
    // The only suggestion with a vote comes first, as the voter's own vote.
    expect(listed[0]).toMatchObject({ id: item.id, votes: 1, voted: true });
    const sorted = listed.map((f) => f.votes);
    expect([...sorted].sort((a, b) => b - a)).toEqual(sorted);
  });

  it('refuses a status change from a member who is not an admin, changing nothing', async () => {
    const refused = await ask(voter.socket, Events.setFeatureStatus, { id: item.id, status: 'Implemented' });
    expect(refused).toEqual({ ok: false, error: FeatureMessages.adminOnly });
    const self = await ask(author.socket, Events.setFeatureStatus, { id: item.id, status: 'Implemented' });
    expect(self).toEqual({ ok: false, error: FeatureMessages.adminOnly });
    const [row] = await t.db.select().from(featureSuggestions).where(eq(featureSuggestions.id, item.id));
    expect(row!.status).toBe('Pending');
  });

  it('an admin marks it Implemented and the suggester is notified', async () => {
    const told = nextEvent<NotificationDto>(author.socket, Events.notification);
    const updated = nextEvent<FeatureItem>(voter.socket, Events.featureUpdated);
    const done = await ask<FeatureItem>(admin.socket, Events.setFeatureStatus, { id: item.id, status: 'Implemented' });
    expect(done).toMatchObject({ ok: true, data: { status: 'Implemented' } });
    expect((await told).message).toBe(FeatureMessages.notifyImplemented('Offline reels'));
    expect(await updated).toMatchObject({ id: item.id, status: 'Implemented' });
    const page = nextEvent<{ canModerate: boolean }>(admin.socket, Events.features);
    rawEmit(admin.socket, Events.getFeatures, { offset: 0 });
    expect((await page).canModerate).toBe(true);
  });
});
