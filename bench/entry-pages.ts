/**
 * Entry pages on a phone (issue 39, goal 3): Lighthouse's mobile preset (a mid-range phone on slow 4G,
 * simulated) in Debian's Chromium against the built server on the embedded database, for the pages people
 * enter through besides the landing page (first-load.mjs measures that one):
 * - `/p/{id}` as a visitor: the page a shared link opens (a post with a photo);
 * - `/home`, `/message` and `/clips` as a member who signed in through `POST /api/auth/login` first, with a
 *   feed of people they follow, a chat with messages both ways, and a clip to watch.
 * Goals, in every run: performance >= 90, LCP <= 2.5 s, accessibility 100, best practices 100. The baseline
 * is the landing page, measured in the same run by the same Chromium (its scores printed beside them).
 *
 *   npm run bench -- entry           # builds, then runs this twice
 *   npx tsx bench/entry-pages.ts     # after `npm run build`; ENTRY_PAGES_SAVE=/tmp/lh keeps the reports
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Events, type ChatDto } from '@sajha/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import { follows } from '../apps/server/src/db/schema.js';
import { ask, connectSocket, createUser, ok, type TestUser } from '../apps/server/test/harness.js';
import { makeClip } from '../e2e/clips.js';
import { CATEGORIES, launchChrome, lighthouseRun, startServer } from './lighthouse.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const GOALS: Record<string, number> = { performance: 90, accessibility: 100, 'best-practices': 100 };
const GOAL_LCP_MS = 2500;
/** A folder to write each run's whole Lighthouse report into (ENTRY_PAGES_SAVE=/tmp/lh). */
const SAVE = process.env.ENTRY_PAGES_SAVE;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sajha-entry-pages-'));

/** Members straight into the database the server will open (a verified member signs in with a password). */
async function seedMembers(): Promise<TestUser[]> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const people = [
      ['Asha Gurung', 'asha_gurung'],
      ['Bikash Thapa', 'bikash_thapa'],
      ['Sita Rai', 'sita_rai'],
    ] as const;
    const members: TestUser[] = [];
    for (const [name, username] of people) members.push(await createUser(database.db, { name, username }));
    const [a, ...others] = members;
    await database.db.insert(follows).values(others.map((o) => ({ followerId: a!.id, followeeId: o.id })));
    return members;
  } finally {
    await database.close();
  }
}

async function signIn(base: string, user: TestUser): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${user.username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sajha_sid='));
  if (!cookie) throw new Error(`sign-in of ${user.username}: no session cookie`);
  return cookie;
}

const POSTS = [
  'Phewa lake at dawn, the boats still tied up and the Annapurnas pink for five minutes',
  'आज काठमाडौंमा धेरै पानी पर्यो, तर चिया र पकौडा ले दिन बचायो',
  'k cha sathi haru? Dashain ko tayari kasto chha? #dashain',
  'Momo in Asan: twelve for 150 rupees and the achar is the best in town #momo',
  'Ilam tea gardens in the mist; the pickers sing while they work',
  'Bus from Pokhara to Kathmandu took nine hours today. Bring snacks.',
];

async function postBy(base: string, cookie: string, content: string, photo?: Buffer): Promise<string> {
  const form = new FormData();
  form.set('content', content);
  if (photo) form.append('mediaFiles', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/createPost`, { method: 'POST', body: form, headers: { cookie } });
  if (!res.ok) throw new Error(`post: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { post: { post_id: string } }).post.post_id;
}

/** A portrait clip made by ffmpeg, uploaded and waited for until the server's transcoder has made it ready. */
async function clipBy(base: string, cookie: string, title: string): Promise<void> {
  const clip = makeClip(dataDir, 'clip.mp4', { picture: 'testsrc2=size=360x640:rate=24:duration=4', seconds: 4 });
  const form = new FormData();
  form.set('title', title);
  form.set('description', `About ${title}`);
  form.set('category', 'travel');
  form.set('video', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${base}/api/reels`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 202) throw new Error(`clip: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (let waited = 0; ; waited += 250) {
    const status = (await (await fetch(`${base}/api/reels/${id}/status`, { headers: { cookie } })).json()) as {
      status: string;
    };
    if (status.status === 'ready') return;
    if (status.status === 'failed' || waited > 60_000) throw new Error(`clip: ${status.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function chatBetween(base: string, a: string, b: string, bUser: TestUser): Promise<void> {
  const sa = await connectSocket(base, a);
  const sb = await connectSocket(base, b);
  try {
    const chat = await ok<ChatDto>(ask(sa, Events.startChat, { to_uid: bUser.id }));
    const lines = [
      [sa, 'Namaste! Are you coming to Pokhara this weekend?'],
      [sb, 'Hajur, Saturday morning bus. k cha plan?'],
      [sa, 'Boating on Phewa, then momo at Lakeside'],
      [sb, 'Ramro! I will bring the camera'],
      [sa, 'See you there 🙏'],
    ] as const;
    for (const [socket, message] of lines) await ok(ask(socket, Events.sendMessage, { message, to_cid: chat.id }));
  } finally {
    sa.close();
    sb.close();
  }
}

interface PageResult {
  name: string;
  met: boolean;
}

async function main(): Promise<void> {
  const [a, b, c] = await seedMembers();
  const server = await startServer(dataDir);
  const chrome = await launchChrome();
  const results: PageResult[] = [];
  try {
    const cookieA = await signIn(server.base, a!);
    const cookieB = await signIn(server.base, b!);
    const cookieC = await signIn(server.base, c!);
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#1565c0' },
    })
      .composite([
        {
          input: Buffer.from('<svg width="1200" height="800"><circle cx="600" cy="400" r="300" fill="#ffb300"/></svg>'),
        },
      ])
      .jpeg()
      .toBuffer();
    const shared = await postBy(server.base, cookieB, 'Rara lake from the ridge: worth the three-day walk', photo);
    for (const [i, content] of POSTS.entries())
      await postBy(server.base, i % 2 ? cookieB : cookieC, content, i % 3 === 0 ? photo : undefined);
    await clipBy(server.base, cookieB, 'Rara lake in one breath');
    await chatBetween(server.base, cookieA, cookieB, b!);

    const pages: [string, string, Record<string, string> | undefined][] = [
      ['landing (baseline)', '/', undefined],
      ['post, visitor', `/p/${shared}`, undefined],
      ['home, member', '/home', { Cookie: cookieA }],
      ['message, member', '/message', { Cookie: cookieA }],
      ['clips, member', '/clips', { Cookie: cookieA }],
    ];
    console.log(
      `Lighthouse ${RUNS}x per page, mobile preset, ${server.base}; goals: ${Object.entries(GOALS)
        .map(([id, g]) => `${id} >= ${g}`)
        .join(', ')}, LCP <= ${GOAL_LCP_MS / 1000} s\n`,
    );
    for (const [name, route, headers] of pages) {
      let met = true;
      for (let run = 1; run <= RUNS; run++) {
        const r = await lighthouseRun(`${server.base}${route}`, chrome.port, headers);
        if (SAVE)
          writeFileSync(path.join(SAVE, `${name.split(',')[0]!.split(' ')[0]}-${run}.json`), JSON.stringify(r.lhr));
        const landed = new URL(r.finalUrl).pathname;
        // A member's page that lands elsewhere (the landing page: the cookie did not count) measures nothing.
        const wrong = landed !== route;
        const pageMet = CATEGORIES.every((id) => r.scores[id]! >= GOALS[id]!) && r.lcpMs <= GOAL_LCP_MS && !wrong;
        if (name !== 'landing (baseline)') met &&= pageMet;
        console.log(
          `${name.padEnd(20)} ${route.padEnd(44)} ${CATEGORIES.map((id) => `${id} ${r.scores[id]}`).join(' / ')}  (${r.metrics})` +
            (wrong ? `  LANDED ON ${landed}` : ''),
        );
        for (const [id, losing] of Object.entries(r.losing))
          console.log(`${''.padEnd(22)}${id}: ${losing.slice(0, 8).join(', ')}`);
      }
      if (name !== 'landing (baseline)') results.push({ name, met });
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const missed = results.filter((r) => !r.met).map((r) => r.name);
  console.log(`\nentry pages: ${missed.length === 0 ? 'every goal met' : `goals NOT met on: ${missed.join(', ')}`}`);
}

await main();
