import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Events,
  Messages,
  type CommentDto,
  type EditHistory,
  type NotificationDto,
  type PostDto,
} from '@sajha/contract';
import { files, posts, users } from '../../db/schema.js';
import {
  ask,
  connectSocket,
  createUser,
  HttpClient,
  nextEvent,
  ok,
  rawEmit,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from '../../../test/harness.js';
import { html, startTestSite, type TestSite } from '../../../test/test-site.js';

type Page = { posts: PostDto[]; totalCount: number };
type Mutation = {
  success: boolean;
  type: string;
  post_id: string;
  content?: string;
  link?: PostDto['link'];
  message: string;
};

let t: TestApp;
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  site.route('/article', html('<title>Momo recipe</title><meta name="description" content="Steamed dumplings.">'));
  t = await startTestApp(site.env);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

interface Member extends TestUser {
  cookie: string;
  socket: TestSocket;
}
const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function member(over: Partial<TestUser> = {}): Promise<Member> {
  const u = await createUser(t.db, over);
  const cookie = await sessionCookie(t.db, u.id);
  const socket = await connectSocket(t.url, cookie);
  sockets.push(socket);
  return { ...u, cookie, socket };
}

/** A JPEG carrying GPS coordinates in its EXIF, as phones write them. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '27/1 42/1 0/1' } })
    .toBuffer();
}

async function createPost(
  who: { cookie: string } | null,
  content: string,
  opts: { category?: string; media?: { name: string; type: string; bytes: Buffer }[] } = {},
) {
  const form = new FormData();
  form.set('content', content);
  if (opts.category !== undefined) form.set('category', opts.category);
  for (const m of opts.media ?? [])
    form.append('mediaFiles', new Blob([new Uint8Array(m.bytes)], { type: m.type }), m.name);
  const res = await fetch(`${t.url}/api/createPost`, {
    method: 'POST',
    body: form,
    headers: who ? { cookie: who.cookie } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; message: string; error?: string; post?: PostDto },
  };
}

async function feed(m: Member, category = 'all', offset = 0, more = false): Promise<Page> {
  const got = nextEvent<Page>(m.socket, more ? Events.morePosts : Events.posts);
  m.socket.emit(Events.fetchPosts, { offset, more, category: category as 'all' });
  return got;
}

const mediaFileCount = async () => Number((await t.db.select({ n: count() }).from(files))[0]?.n ?? 0);
const storedFiles = async () => {
  const found: string[] = [];
  for (const dir of ['post', 'poster']) {
    const names = await readdir(path.join(t.dataDir, 'media', dir)).catch(() => [] as string[]);
    found.push(...names.map((n) => `${dir}/${n}`));
  }
  return found;
};

describe('posts', () => {
  it('requires sign-in: createPost, link-meta and the socket refuse visitors', async () => {
    const res = await createPost(null, 'hello');
    expect(res.status).toBe(401);
    const meta = await new HttpClient(t.url).post('/api/f/link-meta', { url: 'https://example.com' });
    expect(meta.status).toBe(401);
    await expect(connectSocket(t.url)).rejects.toThrow(/unauthorized/);
  });

  it('creates a post with an image whose GPS EXIF is gone, and serves it safely', async () => {
    const a = await member();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    const res = await createPost(a, 'Evening in Pokhara', {
      category: 'travel',
      media: [{ name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: original }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: Messages.post.created });
    const post = res.body.post!;
    expect(post).toMatchObject({
      content: 'Evening in Pokhara',
      category: 'travel',
      owner: true,
      liked: false,
      likes: 0,
    });
    expect(post.media).toHaveLength(1);

    const served = await fetch(`${t.url}${post.media[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-disposition')).toBe('inline');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([64, 48]);

    const part = await fetch(`${t.url}${post.media[0]}`, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
  });

  it('refuses a .jpg that is really HTML, and saves nothing', async () => {
    const a = await member();
    const filesBefore = await mediaFileCount();
    const storedBefore = await storedFiles();
    const res = await createPost(a, 'Look at this', {
      media: [
        { name: 'ok.jpg', type: 'image/jpeg', bytes: await jpegWithGps() },
        { name: 'cat.jpg', type: 'image/jpeg', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/"cat\.jpg" is not an image/);
    expect(await mediaFileCount()).toBe(filesBefore);
    expect(await storedFiles()).toEqual(storedBefore);
    const mine = await t.db.select({ n: count() }).from(posts).where(eq(posts.authorId, a.id));
    expect(Number(mine[0]?.n)).toBe(0);
  });

  it('answers size and count limits clearly, and saves nothing', async () => {
    const a = await member();
    const cfg = t.app.deps.config.posts;
    const saved = { ...cfg };
    try {
      cfg.maxFileBytes = 2000;
      const big = await createPost(a, 'big', {
        media: [{ name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.alloc(5000, 1) }],
      });
      expect(big.status).toBe(400);
      expect(big.body.error).toMatch(/at most/);
      cfg.maxFileBytes = saved.maxFileBytes;
      cfg.maxFiles = 2;
      const img = await jpegWithGps();
      const many = await createPost(a, 'many', {
        media: [1, 2, 3].map((i) => ({ name: `${i}.jpg`, type: 'image/jpeg', bytes: img })),
      });
      expect(many.status).toBe(400);
      expect(many.body.error).toBe('A post can have at most 2 files.');
      cfg.maxFiles = saved.maxFiles;
      cfg.maxTotalBytes = img.length + 10;
      const total = await createPost(a, 'total', {
        media: [1, 2].map((i) => ({ name: `${i}.jpg`, type: 'image/jpeg', bytes: img })),
      });
      expect(total.status).toBe(400);
      expect(total.body.error).toMatch(/together/);
    } finally {
      Object.assign(cfg, saved);
    }
    const mine = await t.db.select({ n: count() }).from(posts).where(eq(posts.authorId, a.id));
    expect(Number(mine[0]?.n)).toBe(0);
    const blank = await createPost(a, '   ');
    expect(blank.body.error).toBe(Messages.post.contentEmpty);
    const long = await createPost(a, 'x'.repeat(501));
    expect(long.status).toBe(400);
  });

  it('keeps a video as uploaded, with a poster frame', async () => {
    const a = await member();
    // ffmpeg is a dependency of the server (poster frames, reels): .ci/run installs it, so no skipping here.
    const video = execFileSync(
      'ffmpeg',
      [
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=1:size=64x48:rate=5',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        'frag_keyframe+empty_moov',
        '-f',
        'mp4',
        'pipe:1',
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const res = await createPost(a, 'A short clip', { media: [{ name: 'clip.mp4', type: 'video/mp4', bytes: video }] });
    expect(res.status).toBe(200);
    const m = res.body.post!.mediaDetails![0]!;
    expect(m).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 64, height: 48 });
    const served = await fetch(`${t.url}${m.url}`);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);
    const poster = await fetch(`${t.url}${m.poster}`);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
  });

  it('shows the feed newest first with category filter, paging and per-viewer state', async () => {
    const a = await member();
    const b = await member();
    const food = await createPost(a, 'Dal bhat power', { category: 'food' });
    const tech = await createPost(a, 'New laptop', { category: 'tech' });
    const all = await feed(b);
    expect(all.posts[0]!.post_id).toBe(tech.body.post!.post_id);
    expect(all.posts[1]!.post_id).toBe(food.body.post!.post_id);
    expect(all.posts[0]).toMatchObject({ owner: false, liked: false, author: a.name, username: a.username });
    expect(all.posts.length).toBeLessThanOrEqual(10);
    const foodOnly = await feed(b, 'food');
    expect(foodOnly.posts.every((p) => p.category === 'food')).toBe(true);
    expect(foodOnly.posts.map((p) => p.post_id)).toContain(food.body.post!.post_id);
    expect(foodOnly.totalCount).toBeLessThan(all.totalCount);
    const mine = await feed(a);
    expect(mine.posts[0]!.owner).toBe(true);
    const later = await feed(b, 'all', 1, true);
    expect(later.posts[0]!.post_id).toBe(food.body.post!.post_id);
    const bad = nextEvent<{ message: string }>(b.socket, Events.error);
    rawEmit(b.socket, Events.fetchPosts, { offset: 0, category: 'weapons' });
    expect((await bad).message).toMatch(/^Invalid/);
  });

  it('likes and comments reach the author live; replies nest; mentions notify', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const { post } = (await createPost(a, 'Trek photos soon')).body;
    const id = post!.post_id;

    const likeNote = nextEvent<NotificationDto>(a.socket, Events.notification);
    const liked: unknown = await b.socket.emitWithAck(Events.likePost, { post_id: id });
    expect(liked).toEqual({ ok: true, data: { post_id: id, liked: true, likes: 1 } });
    expect((await likeNote).message).toBe(`@${b.username} liked your post`);
    expect((await feed(b)).posts.find((p) => p.post_id === id)).toMatchObject({ liked: true, likes: 1 });
    const unliked: unknown = await b.socket.emitWithAck(Events.likePost, { post_id: id });
    expect(unliked).toEqual({ ok: true, data: { post_id: id, liked: false, likes: 0 } });

    const commentNote = nextEvent<NotificationDto>(a.socket, Events.notification);
    const list = nextEvent<{ post_id: string; comments: CommentDto[] }>(b.socket, Events.comments);
    b.socket.emit(Events.addComment, { postId: id, comment: `Can't wait! @${c.username} look` });
    const got = await list;
    expect(got.comments).toHaveLength(1);
    expect(got.comments[0]).toMatchObject({ author: b.name, replies: [] });
    const n = await commentNote;
    expect(n).toMatchObject({ type: 'comment', message: `@${b.username} commented on your post` });
    expect(n.actions[0]!.url).toBe(`/view/${id}`);

    const replyNote = nextEvent<NotificationDto>(b.socket, Events.notification);
    const withReply = nextEvent<{ comments: CommentDto[] }>(a.socket, Events.comments);
    a.socket.emit(Events.addCommentReply, { postId: id, commentId: got.comments[0]!.id, reply: 'Thanks!' });
    expect((await withReply).comments[0]!.replies[0]).toMatchObject({ author: a.name, reply: 'Thanks!' });
    expect((await replyNote).message).toBe(`@${a.username} replied to your comment`);

    // c was mentioned in b's comment earlier; the notice is stored for c.
    const cList = nextEvent<NotificationDto[]>(c.socket, Events.notifications);
    c.socket.emit(Events.getNotifications);
    expect((await cList).map((x) => x.message)).toContain(`@${b.username} mentioned you in a comment`);

    const fetched = nextEvent<{ comments: CommentDto[] }>(c.socket, Events.comments);
    c.socket.emit(Events.fetchComments, id);
    expect((await fetched).comments[0]!.replies).toHaveLength(1);
    expect((await feed(c)).posts.find((p) => p.post_id === id)!.comments).toBe(2);
  });

  it('lets only the owner edit or delete: B is refused over the socket, and the post stays', async () => {
    const a = await member();
    const b = await member();
    const { post } = (
      await createPost(a, 'Original words', {
        media: [{ name: 'x.jpg', type: 'image/jpeg', bytes: await jpegWithGps() }],
      })
    ).body;
    const id = post!.post_id;

    const editRefused = nextEvent<Mutation>(b.socket, Events.postMutationResult);
    b.socket.emit(Events.editPost, { post_id: id, content: 'Hijacked' });
    expect(await editRefused).toMatchObject({
      success: false,
      type: 'edit',
      post_id: id,
      message: Messages.post.ownerOnly,
    });
    const delRefused = nextEvent<Mutation>(b.socket, Events.postMutationResult);
    b.socket.emit(Events.deletePost, id);
    expect(await delRefused).toMatchObject({ success: false, type: 'delete', message: Messages.post.ownerOnly });
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row?.content).toBe('Original words');

    // The owner's edit reaches every screen showing the post: B opens the feed first.
    expect((await feed(b)).posts.map((p) => p.post_id)).toContain(id);
    const bSeesEdit = nextEvent<Mutation>(b.socket, Events.postMutationResult);
    a.socket.emit(Events.editPost, { post_id: id, content: 'Better words' });
    expect(await bSeesEdit).toMatchObject({ success: true, type: 'edit', post_id: id, content: 'Better words' });
    const one = nextEvent<PostDto>(b.socket, Events.fetchOnePost);
    b.socket.emit(Events.fetchOnePost, { post_id: id });
    expect((await one).content).toBe('Better words');

    const keys = await storedFiles();
    const bSeesDelete = nextEvent<Mutation>(b.socket, Events.postMutationResult);
    a.socket.emit(Events.deletePost, id);
    expect(await bSeesDelete).toMatchObject({ success: true, type: 'delete', post_id: id });
    expect((await feed(b)).posts.map((p) => p.post_id)).not.toContain(id);
    const mediaName = post!.media[0]!.replace('/media/', '');
    expect(keys).toContain(mediaName);
    expect(await storedFiles()).not.toContain(mediaName);
    expect((await fetch(`${t.url}${post!.media[0]}`)).status).toBe(404);
  });

  it('keeps an edited post\'s earlier texts: "edited" reaches every viewer, and the history is for whoever sees the post', async () => {
    const a = await member();
    const b = await member();
    const { post } = (await createPost(a, 'Trek to Poon Hill on Friday')).body;
    const id = post!.post_id;
    expect(post!.editedAt).toBeUndefined();
    expect((await feed(b)).posts.map((p) => p.post_id)).toContain(id);

    const bSees = nextEvent<Mutation & { editedAt?: string }>(b.socket, Events.postMutationResult);
    // Each edit's result reaches A too; every one is awaited, so a late one is never taken for the next.
    const aSees = nextEvent(a.socket, Events.postMutationResult);
    a.socket.emit(Events.editPost, { post_id: id, content: 'Trek to Poon Hill on Saturday' });
    const edited = await bSees;
    await aSees;
    expect(edited).toMatchObject({ success: true, content: 'Trek to Poon Hill on Saturday' });
    expect(Date.parse(edited.editedAt ?? '')).toBeGreaterThan(0);
    // Changing only who may reply is no new version.
    const again = nextEvent<Mutation & { editedAt?: string }>(a.socket, Events.postMutationResult);
    a.socket.emit(Events.editPost, { post_id: id, content: 'Trek to Poon Hill on Saturday', replies: 'following' });
    expect((await again).editedAt).toBe(edited.editedAt);

    const one = nextEvent<PostDto>(b.socket, Events.fetchOnePost);
    b.socket.emit(Events.fetchOnePost, { post_id: id });
    expect((await one).editedAt).toBe(edited.editedAt);
    expect(await ok<EditHistory>(ask(b.socket, Events.postHistory, { post_id: id }))).toEqual({
      versions: [
        { content: 'Trek to Poon Hill on Saturday', at: edited.editedAt },
        { content: 'Trek to Poon Hill on Friday', at: post!.timestamp },
      ],
    });
    // Once only the author may see it, nobody else reads what it said either.
    const narrowed = nextEvent<Mutation & { audience?: string }>(a.socket, Events.postMutationResult);
    a.socket.emit(Events.editPost, { post_id: id, content: 'Trek to Poon Hill on Saturday', audience: 'only_me' });
    expect(await narrowed).toMatchObject({ audience: 'only_me' });
    expect(await ask(b.socket, Events.postHistory, { post_id: id })).toMatchObject({ ok: false });
    expect((await ok<EditHistory>(ask(a.socket, Events.postHistory, { post_id: id }))).versions).toHaveLength(2);
  });

  it('counts shares and tells the author', async () => {
    const a = await member();
    const b = await member();
    const id = (await createPost(a, 'Share me')).body.post!.post_id;
    const note = nextEvent<NotificationDto>(a.socket, Events.notification);
    const ack: unknown = await b.socket.emitWithAck(Events.sharePost, {
      post_id: id,
      network: 'whatsapp',
      ref: 'abc123xyz',
    });
    expect(ack).toEqual({ ok: true, data: { post_id: id, shares: 1 } });
    expect(await note).toMatchObject({ type: 'share', message: `@${b.username} shared your post` });
  });

  it('previews the first https link from the cache the composer filled; refuses internal addresses quietly', async () => {
    const a = await member();
    const url = `https://preview.test:${site.port}/article`;
    const c = new HttpClient(t.url);
    c.cookies.set(...(a.cookie.split('=') as [string, string]));
    // The composer shows the preview first (the route fetches it), then the post is stored with it.
    const shown = await c.post('/api/f/link-meta', { url });
    expect(shown.body).toMatchObject({ title: 'Momo recipe' });
    const hits = site.hits.filter((h) => h === '/article').length;
    const res = await createPost(a, `Try this http://plain.example then ${url} and https://second.example`);
    expect(res.body.post!.link).toEqual({ title: 'Momo recipe', description: 'Steamed dumplings.', image: '', url });
    expect(site.hits.filter((h) => h === '/article').length).toBe(hits);
    const internal = await c.post('/api/f/link-meta', { url: 'https://127.0.0.1/admin' });
    expect(internal.body).toEqual({ title: '', description: '', image: '', url: 'https://127.0.0.1/admin' });
  });

  it('answers a post at once while its linked site stalls; viewers get the preview when the site answers', async () => {
    const a = await member();
    const b = await member();
    let answer = () => {};
    const siteMayAnswer = new Promise<void>((resolve) => (answer = resolve));
    site.route('/slow', (_req, res) => {
      void siteMayAnswer.then(() => html('<title>Slow news</title>')(_req, res));
    });
    const url = `https://preview.test:${site.port}/slow`;
    // The site has not answered (it cannot until `answer()`), yet the post is stored and answered.
    const res = await createPost(a, `Read ${url}`);
    expect(res.status).toBe(200);
    expect(res.body.post!.link).toEqual({ title: '', description: '', image: '', url });
    const id = res.body.post!.post_id;

    const shown = (await feed(b)).posts.find((p) => p.post_id === id);
    expect(shown?.link).toEqual({ title: '', description: '', image: '', url });
    const bSeesPreview = nextEvent<Mutation>(b.socket, Events.postMutationResult);
    answer();
    expect(await bSeesPreview).toMatchObject({
      success: true,
      type: 'edit',
      post_id: id,
      content: `Read ${url}`,
      link: { title: 'Slow news', description: '', image: '', url },
    });
    const one = nextEvent<PostDto>(b.socket, Events.fetchOnePost);
    b.socket.emit(Events.fetchOnePost, { post_id: id });
    expect((await one).link).toMatchObject({ title: 'Slow news', url });
  });

  it('answers an edit to a new link at once; the preview follows when the site answers', async () => {
    const a = await member();
    let answer = () => {};
    const siteMayAnswer = new Promise<void>((resolve) => (answer = resolve));
    site.route('/slow-edit', (req, res) => void siteMayAnswer.then(() => html('<title>Late page</title>')(req, res)));
    const id = (await createPost(a, 'No link yet')).body.post!.post_id;
    const url = `https://preview.test:${site.port}/slow-edit`;
    const edited = nextEvent<Mutation>(a.socket, Events.postMutationResult);
    a.socket.emit(Events.editPost, { post_id: id, content: `Now see ${url}` });
    // The site cannot have answered yet: the edit is stored and told with the empty preview.
    expect(await edited).toMatchObject({ success: true, link: { title: '', description: '', image: '', url } });
    const preview = nextEvent<Mutation>(a.socket, Events.postMutationResult);
    answer();
    expect(await preview).toMatchObject({ type: 'edit', post_id: id, link: { title: 'Late page', url } });
  });

  it('shows a public preview at /api/p/{id} with a logged flag, and "Post not found."', async () => {
    const a = await member();
    const id = (await createPost(a, 'Public words')).body.post!.post_id;
    const visitor = await new HttpClient(t.url).get(`/api/p/${id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({
      success: true,
      logged: false,
      post: { content: 'Public words', author: a.name },
    });
    const c = new HttpClient(t.url);
    c.cookies.set(...(a.cookie.split('=') as [string, string]));
    expect((await c.get(`/api/p/${id}`)).body.logged).toBe(true);
    const missing = await new HttpClient(t.url).get('/api/p/00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, body: { message: Messages.post.notFound } });
    expect((await new HttpClient(t.url).get('/api/p/not-an-id')).status).toBe(404);
  });

  it('picks one spotlight member for the whole day, and reports and hides profile status', async () => {
    const a = await member();
    await t.db.update(users).set({ bio: 'Photographer from Bhaktapur' }).where(eq(users.id, a.id));
    const b = await member();
    const first = nextEvent<{ username: string } | null>(a.socket, Events.spotlightUser);
    a.socket.emit(Events.getSpotlight);
    const second = nextEvent<{ username: string } | null>(b.socket, Events.spotlightUser);
    b.socket.emit(Events.getSpotlight);
    const [s1, s2] = await Promise.all([first, second]);
    expect(s1).not.toBeNull();
    // Never oneself; otherwise the same member for both (unless the day's member is one of the two).
    expect(s1?.username).not.toBe(a.username);
    expect(s2?.username).not.toBe(b.username);
    if (s1?.username !== b.username && s2?.username !== a.username) expect(s2).toEqual(s1);

    const status = nextEvent<Record<string, boolean>>(a.socket, Events.profileStatus);
    a.socket.emit(Events.getProfileStatus);
    expect(await status).toEqual({
      setprofilepic: false,
      completedPersonalInformation: false,
      setsocials: false,
      setname: true,
      hide_profile_status: false,
    });
    const hidden = nextEvent<{ success: boolean }>(a.socket, Events.hideProfileStatusResult);
    a.socket.emit(Events.hideProfileStatus);
    expect(await hidden).toEqual({ success: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row?.hideProfileStatus).toBe(true);
  });
});
