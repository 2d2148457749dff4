/**
 * A shared post's link preview (share-head.ts): the page /p/{id} names the post, its author and its photo in
 * Open Graph tags, and only for a post anyone on the internet may see.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type PostDto } from '@sajha/contract';
import {
  connectSocket,
  createUser,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';

/** The head the build writes (apps/web/index.html), cut to what the preview replaces. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Sajha — share posts, photos and clips."
    />
    <title>Sajha — connecting people</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  const dir = path.join(os.tmpdir(), `sajha-share-head-${process.pid}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  t = await startTestApp({ WEB_DIST: dir });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

async function member(name: string) {
  const u = await createUser(t.db, { name });
  const cookie = await sessionCookie(t.db, u.id);
  return { ...u, cookie };
}

async function post(
  who: { cookie: string },
  content: string,
  opts: { audience?: string; sensitive?: boolean; photo?: boolean } = {},
): Promise<PostDto> {
  const form = new FormData();
  form.set('content', content);
  if (opts.audience) form.set('audience', opts.audience);
  if (opts.sensitive) form.set('sensitive', 'true');
  if (opts.photo) {
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    form.append('mediaFiles', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'trek.jpg');
  }
  const res = await fetch(`${t.url}/api/createPost`, { method: 'POST', body: form, headers: { cookie: who.cookie } });
  const body = (await res.json()) as { success: boolean; post?: PostDto };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.post!;
}

/** The page a link opens, as a link-preview robot fetches it (no cookie), and its tags. */
async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${pathname}`, { headers });
  expect(res.status).toBe(200);
  const html = await res.text();
  const meta = (key: string) =>
    html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1] ?? null;
  return { html, meta, title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? null };
}

/** The answers the page came with (`<script id="sajha-answers">`), or null. */
function answersIn(html: string): unknown {
  const json = html.match(/<script type="application\/json" id="sajha-answers">([\s\S]*?)<\/script>/)?.[1];
  return json === undefined ? null : (JSON.parse(json) as unknown);
}

describe("a shared post's link preview", () => {
  it('names the author, the words and the photo, with absolute addresses, on /p/{id} and /post/{id}', async () => {
    const asha = await member('Asha Gurung');
    const p = await post(asha, 'Sunrise from   Poon Hill\nworth the 4 am start', { photo: true });
    const shared = await page(`/p/${p.post_id}`);
    expect(shared.title).toBe('Asha Gurung on Sajha');
    expect(shared.meta('og:title')).toBe('Asha Gurung on Sajha');
    expect(shared.meta('og:description')).toBe('Sunrise from Poon Hill worth the 4 am start');
    expect(shared.meta('description')).toBe('Sunrise from Poon Hill worth the 4 am start');
    expect(shared.meta('og:type')).toBe('article');
    expect(shared.meta('og:url')).toBe(`${t.config.publicUrl}/p/${p.post_id}`);
    expect(shared.meta('og:image')).toBe(`${t.config.publicUrl}${p.media[0]}`);
    expect([shared.meta('og:image:width'), shared.meta('og:image:height')]).toEqual(['120', '80']);
    expect(shared.meta('twitter:card')).toBe('summary_large_image');
    expect(shared.html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/p/${p.post_id}" />`);
    // One description only: the app's own was replaced, not added to.
    expect(shared.html.match(/name="description"/g)).toHaveLength(1);
    // The photo the preview names is served to a robot without a cookie.
    expect((await fetch(`${t.url}${p.media[0]}`)).status).toBe(200);

    // The page comes with what the app would ask first, exactly as the API answers a visitor, and fetches
    // the photo at once.
    const api = await (await fetch(`${t.url}/api/p/${p.post_id}`)).json();
    expect(answersIn(shared.html)).toEqual({ [`/api/p/${p.post_id}`]: api });
    expect(shared.html).toContain(`<link rel="preload" as="image" href="${p.media[0]}" fetchpriority="high" />`);
    // And painted before the app runs: the post's words and photo in plain HTML, the app started after it.
    const prepaint = shared.html.match(/<div id="prepaint">[\s\S]*?<\/article>/)?.[0] ?? '';
    expect(prepaint).toContain(`<p>${p.content}</p>`);
    expect(prepaint).toContain(`<img src="${p.media[0]}" alt="" width="120" height="80" fetchpriority="high" />`);
    expect(prepaint).toContain(`href="/signin?next=${encodeURIComponent(`/view/${p.post_id}`)}"`);
    // A member's page (a cookie) is served without the visitor's answer: theirs may differ (a redirect).
    const asMember = await page(`/p/${p.post_id}`, { cookie: asha.cookie });
    expect(asMember.meta('og:title')).toBe('Asha Gurung on Sajha');
    expect(answersIn(asMember.html)).toBeNull();
    expect(asMember.html).not.toContain('id="prepaint"');

    const older = await page(`/post/${p.post_id}`);
    expect(older.meta('og:url')).toBe(`${t.config.publicUrl}/p/${p.post_id}`);
  });

  it("speaks the reader's language, and escapes what the member wrote", async () => {
    const bikash = await member('Bikash "Bk" <Thapa>');
    const p = await post(bikash, 'के छ? <script>alert(1)</script> & "quotes" <!-- </SCRIPT>');
    const ne = await page(`/p/${p.post_id}`, { 'accept-language': 'ne-NP,ne;q=0.9' });
    expect(ne.title).toBe('Bikash &quot;Bk&quot; &lt;Thapa&gt; साझामा');
    expect(ne.meta('og:locale')).toBe('ne_NP');
    expect(ne.meta('og:description')).toBe(
      'के छ? &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;!-- &lt;/SCRIPT&gt;',
    );
    expect(ne.html).not.toContain('<script>alert(1)');
    expect(ne.html).toContain('<p>के छ? &lt;script&gt;alert(1)&lt;/script&gt;');
    // Inside the served answer too: the post's words cannot close the script they travel in.
    const served = answersIn(ne.html) as Record<string, { post: { content: string } }>;
    expect(served[`/api/p/${p.post_id}`]?.post.content).toBe(p.content);
    // No photo: a small card, with the author's picture when they have one (here none).
    expect(ne.meta('twitter:card')).toBe('summary');
    expect(ne.meta('og:image')).toBeNull();
  });

  it('cuts long words near 200 characters at a space', async () => {
    const sita = await member('Sita Rai');
    const long = `${'Namaste '.repeat(40)}end`;
    const p = await post(sita, long);
    const description = (await page(`/p/${p.post_id}`)).meta('og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/Namaste…$/);
  });

  it('leaves a sensitive photo out of the preview, which no one could blur', async () => {
    const maya = await member('Maya Shrestha');
    const p = await post(maya, 'Hospital, after the accident', { photo: true, sensitive: true });
    const shared = await page(`/p/${p.post_id}`);
    expect(shared.meta('og:description')).toBe('Hospital, after the accident');
    expect(shared.meta('og:image')).toBeNull();
  });

  it("says nothing of a post a visitor may not see: followers only, only me, a private account's, deleted, unknown", async () => {
    const ram = await member('Ram Karki');
    const forFollowers = await post(ram, 'For my followers only', { audience: 'followers' });
    const forMe = await post(ram, 'A note to myself', { audience: 'only_me' });
    const kiran = await member('Kiran Private');
    const before = await post(kiran, 'Posted while my account was public');
    const patched = await fetch(`${t.url}/api/settings/privacy`, {
      method: 'PATCH',
      headers: { cookie: kiran.cookie, 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ privateAccount: true }),
    });
    expect(patched.status).toBe(200);
    const gone = await post(ram, 'About to be deleted');
    const socket = await connectSocket(t.url, ram.cookie);
    sockets.push(socket);
    const deleted = nextEvent(socket, Events.postMutationResult);
    socket.emit(Events.deletePost, gone.post_id);
    await deleted;

    for (const [why, id] of [
      ['followers', forFollowers.post_id],
      ['only me', forMe.post_id],
      ['private account', before.post_id],
      ['deleted', gone.post_id],
      ['unknown', '00000000-0000-4000-8000-000000000000'],
      ['not an id', 'nonsense'],
    ]) {
      const plain = await page(`/p/${id}`);
      expect(plain.title, why).toBe('Sajha — connecting people');
      expect(plain.meta('og:title'), why).toBeNull();
      expect(plain.html, why).not.toMatch(/followers only|myself|account was public|deleted/i);
    }
  });
});
