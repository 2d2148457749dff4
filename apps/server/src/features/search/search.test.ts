/**
 * Search over HTTP with real posts, chats and blocks: the same Nepali words in either script find each
 * other, a misspelt username finds its member, a block hides a member's posts, profile and messages both
 * ways, another chat's messages never show, an edit or a delete changes the results at once, hashtags get
 * their page, follow and trending (by distinct members), and bad queries are refused clearly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Events,
  SEARCH_LIMITS,
  SearchText,
  catalogueFor,
  recentSearchesAnswerSchema,
  searchAnswerSchema,
  suggestAnswerSchema,
  tagPageAnswerSchema,
  trendingAnswerSchema,
  type ChatDto,
  type PostDto,
  type SearchAnswer,
} from '@sajha/contract';
import { eq } from 'drizzle-orm';
import {
  ask,
  connectedUser,
  ok,
  startTestApp,
  type ConnectedUser,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';
import { posts, users } from '../../db/schema.js';
import { searchLexemes, searchQuery } from '../../platform/search-index.js';
import { backfillSearch } from './backfill.js';
import { refreshVocabulary } from './vocabulary.js';

let t: TestApp;
type Member = ConnectedUser;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

const member = (over: Partial<TestUser> = {}): Promise<Member> => connectedUser(t, sockets, over);

async function post(who: Member, content: string): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie: who.cookie } });
  const body = (await res.json()) as { post: PostDto };
  expect(res.status).toBe(200);
  return body.post.post_id;
}

async function get(who: Member | null, path: string) {
  const res = await fetch(t.url + path, { headers: who ? { cookie: who.cookie } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function search(who: Member, q: string, type = 'posts', extra = ''): Promise<SearchAnswer> {
  const res = await get(who, `/api/search?q=${encodeURIComponent(q)}&type=${type}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchAnswerSchema.parse(res.body);
}
const postIds = async (who: Member, q: string) => (await search(who, q)).posts.map((p) => p.post_id);

describe('lexemes', () => {
  it('give the same keys to one Nepali word in Devanagari and in its romanized spellings', () => {
    const keys = (s: string) => searchLexemes(s).filter((l) => l.startsWith('~'));
    expect(keys('छ')).toEqual(keys('cha'));
    expect(keys('chha')).toEqual(keys('xa'));
    expect(keys('के')).toEqual(keys('k'));
    expect(keys('दशैं')).toEqual(keys('dashain'));
    expect(keys('राम्रो')).toEqual(keys('raamro'));
    // A postposition written onto the word still leaves the word's own key.
    expect(keys('दशैंको')).toEqual(expect.arrayContaining(keys('dashain')));
  });

  it('read a query: every word must match, the last as a prefix, filler dropped unless it is all there is', () => {
    expect(searchQuery('momo in pokhara').tsquery).not.toContain("'in'");
    expect(searchQuery('k cha').tsquery).toContain(' & ');
    expect(searchQuery('trek').tsquery).toContain(':*');
    expect(searchQuery('!!!').tsquery).toBeNull();
  });
});

describe('search', () => {
  let a: Member, b: Member, c: Member, d: Member;
  beforeAll(async () => {
    a = await member({ name: 'Asha Gurung', username: 'asha_gurung' });
    b = await member({ name: 'Bikash Thapa', username: 'bikash_t' });
    c = await member({ name: 'सीता श्रेष्ठ', username: 'sita_shrestha' });
    d = await member({ name: 'Dipak Rai', username: 'dipak_rai' });
  });

  it('"k cha" finds "के छ" and the reverse', async () => {
    const deva = await post(a, 'के छ साथी हो? आज दशैंको टीका #Dashain');
    const roman = await post(b, 'k cha dai, sanchai hunuhuncha?');
    expect(await postIds(d, 'k cha')).toEqual(expect.arrayContaining([deva, roman]));
    expect(await postIds(d, 'के छ')).toEqual(expect.arrayContaining([deva, roman]));
    expect(await postIds(d, 'dashain ko tika')).toContain(deva);
    expect(await postIds(d, 'सन्चै')).toContain(roman);
    // A word that is in neither finds neither.
    expect(await postIds(d, 'kathmandu')).not.toContain(deva);
  });

  it('finds a member by a misspelt username, by part of the name, and a Devanagari name in Latin letters', async () => {
    const people = async (q: string) => (await search(d, q, 'people')).people.map((p) => p.username);
    expect(await people('asha_gurug')).toContain('asha_gurung');
    // A username unlike the name: only the username's own trigrams can find it (two digits swapped).
    const h = await member({ name: 'Hari Bahadur Khadka', username: 'hbk_7621' });
    expect(await people('hbk_7612')).toContain(h.username);
    expect(await people('bikas')).toContain('bikash_t');
    expect(await people('thapa')).toContain('bikash_t');
    expect(await people('sita')).toContain('sita_shrestha');
    expect(await people('श्रेष्ठ')).toContain('sita_shrestha');
  });

  it('ranks people the searcher follows first among equals, and says so', async () => {
    const twin1 = await member({ name: 'Kiran Lama', username: 'kiran_lama_1' });
    const twin2 = await member({ name: 'Kiran Lama', username: 'kiran_lama_2' });
    await ok(ask(d.socket, Events.follow, { username: twin2.username }));
    const found = (await search(d, 'kiran lama', 'people')).people;
    expect(found.map((p) => p.username).slice(0, 2)).toEqual([twin2.username, twin1.username]);
    expect(found[0]?.following).toBe(true);
  });

  it('corrects a misspelt word once the vocabulary job has seen the word, and never a word that is known', async () => {
    const id = await post(a, 'Walking the Langtang valley this spring');
    // (The job runs every minute; here it is run at once rather than waited for.)
    await refreshVocabulary(t.app.deps);
    expect(await postIds(b, 'lantgang valley')).toContain(id);
    expect(await postIds(b, 'valey')).toContain(id);
    // A known word is read as typed: "walking" does not also find "talking".
    const other = await post(b, 'Talking about the weather');
    await refreshVocabulary(t.app.deps);
    expect(await postIds(a, 'walking')).not.toContain(other);
  });

  it('shows an edit and a delete at once', async () => {
    const id = await post(a, 'Sel roti for breakfast');
    expect(await postIds(b, 'sel roti')).toContain(id);
    await ok(ask(a.socket, Events.editPost, { post_id: id, content: 'Momo for breakfast' }));
    expect(await postIds(b, 'sel roti')).not.toContain(id);
    expect(await postIds(b, 'momo breakfast')).toContain(id);
    await ok(ask(a.socket, Events.deletePost, id));
    expect(await postIds(b, 'momo breakfast')).not.toContain(id);
  });

  it("never shows a blocked member's posts, profile or messages, either way", async () => {
    const x = await member({ name: 'Xenia Blocker', username: 'xenia_blocker' });
    const y = await member({ name: 'Yubaraj Blocked', username: 'yubaraj_blocked' });
    const xPost = await post(x, 'Himalayan sunrise from Sarangkot');
    const yPost = await post(y, 'Himalayan sunrise from Nagarkot');
    const chat = await ok<ChatDto>(ask(x.socket, Events.startChat, { to_uid: y.id }));
    await ok(ask(y.socket, Events.sendMessage, { id: 'blk-1', message: 'sunrise photos tomorrow?', to_cid: chat.id }));
    const group = await ok<{ chatId: string }>(
      ask(x.socket, Events.startGroupChat, { groupName: 'Sunrise club', userIds: [y.id, d.id] }),
    );
    await ok(
      ask(y.socket, Events.sendMessage, { id: 'blk-2', message: 'sunrise meetup at six', to_cid: group.chatId }),
    );
    expect((await search(x, 'sunrise', 'messages')).messages.length).toBe(2);

    expect(await ask(x.socket, Events.blockUser, { username: y.username })).toMatchObject({ ok: true });
    for (const [viewer, other, otherPost] of [
      [x, y, yPost],
      [y, x, xPost],
    ] as const) {
      expect(await postIds(viewer, 'himalayan sunrise')).not.toContain(otherPost);
      const people = (await search(viewer, other.username, 'people')).people.map((p) => p.username);
      expect(people).not.toContain(other.username);
      const top = await search(viewer, 'sunrise', 'top');
      expect(top.posts.map((p) => p.post_id)).not.toContain(otherPost);
      expect(top.messages.map((m) => m.sender.username)).not.toContain(other.username);
    }
    expect((await search(x, 'sunrise', 'messages')).messages).toEqual([]);
    // A member outside the block still sees both and the group's message.
    expect(await postIds(d, 'himalayan sunrise')).toEqual(expect.arrayContaining([xPost, yPost]));
    expect((await search(d, 'sunrise meetup', 'messages')).messages.map((m) => m.chatId)).toEqual([group.chatId]);
  });

  it("never shows another chat's messages, and searches inside one chat only for its members", async () => {
    const ab = await ok<ChatDto>(ask(a.socket, Events.startChat, { to_uid: b.id }));
    const sent = await ok<{ id: string }>(
      ask(a.socket, Events.sendMessage, { id: 'secret-1', message: 'the wifi password is gorkha123', to_cid: ab.id }),
    );
    // The words that matched are named, in whichever script the message wrote them.
    await ok(ask(a.socket, Events.sendMessage, { id: 'secret-0', message: 'के छ खबर?', to_cid: ab.id }));
    expect((await search(b, 'k cha', 'messages')).messages[0]?.matched).toEqual(['के', 'छ']);
    const mine = await search(b, 'wifi password', 'messages');
    expect(mine.messages).toMatchObject([{ id: sent.id, chatId: ab.id, chatName: a.name, chatKind: 'direct' }]);
    // The same word in B's chat with D: across chats both, inside one chat only that chat's.
    const bd = await ok<ChatDto>(ask(b.socket, Events.startChat, { to_uid: d.id }));
    const other = await ok<{ id: string }>(
      ask(d.socket, Events.sendMessage, { id: 'secret-2', message: 'gorkha123 is not my password', to_cid: bd.id }),
    );
    const across = await search(b, 'gorkha123', 'messages');
    expect(across.messages.map((m) => m.id).sort()).toEqual([sent.id, other.id].sort());
    const inChat = await search(b, 'gorkha123', 'messages', `&chatId=${ab.id}`);
    expect(inChat.messages.map((m) => m.id)).toEqual([sent.id]);
    // C is in no chat with that message: nothing, and the chat itself answers like a missing one.
    expect((await search(c, 'wifi password', 'messages')).messages).toEqual([]);
    const probe = await get(c, `/api/search?q=wifi&type=messages&chatId=${ab.id}`);
    expect(probe).toMatchObject({ status: 404, body: { message: SearchText.chatNotFound } });
    const missing = await get(c, `/api/search?q=wifi&type=messages&chatId=${crypto.randomUUID()}`);
    expect(missing).toMatchObject({ status: 404, body: { message: SearchText.chatNotFound } });
  });

  it("leaves out a suspended member's posts and profile", async () => {
    const s = await member({ name: 'Suman Suspended', username: 'suman_suspended' });
    const id = await post(s, 'Rhododendron forest in bloom');
    expect(await postIds(d, 'rhododendron')).toContain(id);
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, s.id));
    expect(await postIds(d, 'rhododendron')).not.toContain(id);
    expect((await search(d, 'suman_suspended', 'people')).people).toEqual([]);
  });

  it('gives hashtags a page, a follow and trending counted by distinct members', async () => {
    const p1 = await post(a, 'Tika today #Tihar2083 #नेपाल');
    const p2 = await post(b, 'Deusi re! #tihar2083');
    // One member posting a tag many times counts once in trending.
    for (let i = 0; i < 4; i += 1) await post(c, `spam ${i} #OneMemberTag`);
    const page = tagPageAnswerSchema.parse((await get(d, '/api/tags/Tihar2083')).body);
    expect(page.tag).toMatchObject({ name: 'tihar2083', uses: 2, followed: false });
    expect(page.posts.map((p) => p.post_id)).toEqual([p2, p1]);
    expect(
      tagPageAnswerSchema.parse((await get(d, `/api/tags/${encodeURIComponent('#नेपाल')}`)).body).posts,
    ).toHaveLength(1);

    const followed = await fetch(`${t.url}/api/tags/tihar2083/follow`, {
      method: 'POST',
      headers: { cookie: d.cookie, origin: t.url },
    });
    expect(await followed.json()).toMatchObject({ success: true, tag: { name: 'tihar2083', followed: true } });
    expect((await get(d, '/api/tags/followed')).body).toMatchObject({ tags: [{ name: 'tihar2083', followed: true }] });

    const trending = trendingAnswerSchema.parse((await get(d, '/api/trending')).body);
    const tihar = trending.tags.find((x) => x.name === 'tihar2083');
    const spam = trending.tags.find((x) => x.name === 'onemembertag');
    expect(tihar?.members).toBe(2);
    expect(spam?.members).toBe(1);
    expect(trending.tags.indexOf(tihar!)).toBeLessThan(trending.tags.indexOf(spam!));

    // Tags search with or without '#', and in the other script.
    const tags = async (q: string) => (await search(d, q, 'tags')).tags.map((x) => x.name);
    expect(await tags('#tihar')).toContain('tihar2083');
    expect(await tags('nepal')).toContain('नेपाल');

    // Deleting a post counts at once.
    await ok(ask(b.socket, Events.deletePost, p2));
    expect(tagPageAnswerSchema.parse((await get(d, '/api/tags/tihar2083')).body).tag.uses).toBe(1);
  });

  it('suggests people and tags as one types, and keeps recent searches per member until cleared', async () => {
    const s = suggestAnswerSchema.parse((await get(d, '/api/search/suggest?q=bik')).body);
    expect(s.people.map((p) => p.username)).toContain('bikash_t');
    const before = recentSearchesAnswerSchema.parse((await get(b, '/api/search/recent')).body).recent;
    await search(b, 'first search');
    await search(b, 'second search');
    await search(b, 'second search', 'posts', '&page=1');
    const recent = recentSearchesAnswerSchema.parse((await get(b, '/api/search/recent')).body).recent;
    expect(recent.slice(0, 2)).toEqual(['second search', 'first search']);
    expect(recent.length).toBeLessThanOrEqual(SEARCH_LIMITS.recentKept);
    expect(before).not.toContain('first search');
    // Another member's list is their own.
    expect(recentSearchesAnswerSchema.parse((await get(c, '/api/search/recent')).body).recent).not.toContain(
      'first search',
    );
    const cleared = await fetch(`${t.url}/api/search/recent`, {
      method: 'DELETE',
      headers: { cookie: b.cookie, origin: t.url },
    });
    expect(cleared.status).toBe(200);
    expect(recentSearchesAnswerSchema.parse((await get(b, '/api/search/recent')).body).recent).toEqual([]);
  });

  it('refuses bad queries with a clear message, in the reader’s language, and visitors', async () => {
    expect(await get(d, '/api/search?q=')).toMatchObject({ status: 400, body: { message: SearchText.queryRequired } });
    expect(await get(d, `/api/search?q=${'x'.repeat(SEARCH_LIMITS.queryMax + 1)}`)).toMatchObject({
      status: 400,
      body: { message: SearchText.queryTooLong },
    });
    expect(await get(d, '/api/search?q=a%00b')).toMatchObject({
      status: 400,
      body: { message: SearchText.queryInvalid },
    });
    expect(await get(d, '/api/search?q=a&type=everything')).toMatchObject({
      status: 400,
      body: { message: SearchText.badType },
    });
    expect(await get(d, '/api/search?q=a&page=99')).toMatchObject({
      status: 400,
      body: { message: SearchText.badPage },
    });
    expect(await get(d, '/api/tags/bad%20tag!')).toMatchObject({ status: 400, body: { message: SearchText.badTag } });
    const n = await member();
    await t.db.update(users).set({ locale: 'ne' }).where(eq(users.id, n.id));
    expect(await get(n, '/api/search?q=')).toMatchObject({
      status: 400,
      body: { message: catalogueFor('ne').SearchText.queryRequired },
    });
    expect((await get(null, '/api/search?q=momo')).status).toBe(401);
  });

  it('indexes posts written before search existed, in the background pass', async () => {
    const id = await post(a, 'Old post about Rara lake #rara');
    await t.db.update(posts).set({ searchTerms: null, tags: [] }).where(eq(posts.id, id));
    expect(await postIds(b, 'rara lake')).not.toContain(id);
    expect(await backfillSearch(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await postIds(b, 'rara lake')).toContain(id);
    expect(tagPageAnswerSchema.parse((await get(b, '/api/tags/rara')).body).posts.map((p) => p.post_id)).toEqual([id]);
  });
});
