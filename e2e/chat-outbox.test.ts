/**
 * A send whose ack never came (here: the tab's socket swallowed it on the way out) waits in the outbox
 * in localStorage; the next tab of the same member sends it again on connecting, the server stores it
 * once, and both members see it once. The new tab has no local copy of it: it is built from the outbox
 * entry and the server's short ack (id, time), so this is also the test of that ack end to end. The
 * message is a reply: the quote it shows comes from the outbox entry too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Events } from '@sajha/contract';
import { ask, createUser } from '../apps/server/test/harness.js';
import { bubble, messageOption, signIn, storedCount, type } from './chatPages.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const options = (page: Page, text: string) => bubble(page, text).getByRole('button', { name: 'Message options' });

describe('chat: the outbox', () => {
  it('sends an unacknowledged message again from the next tab, stored and shown once on both sides', async () => {
    const tag = Date.now().toString(36);
    const a = await createUser(e2e.db, { name: 'Asha Gurung', username: `asha_o${tag}` });
    const b = await createUser(e2e.db, { name: 'Bikash Thapa', username: `bikash_o${tag}` });
    const pa = await e2e.newPage({ width: 390, height: 844 });
    await signIn(e2e, pa, a);
    // Everything passes both ways, except send_message on its way to the server.
    let swallowed = 0;
    await pa.routeWebSocket(/\/real\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        if (typeof frame === 'string' && frame.includes('"send_message"')) swallowed += 1;
        else server.send(frame);
      });
    });
    // B asked something first; A's unacknowledged message is a reply to it.
    expect(
      await ask(await e2e.socketOf(b), Events.sendMessage, { message: 'Momo at six?', to_uid: a.id }),
    ).toMatchObject({
      ok: true,
    });
    await pa.goto(`/message/@${b.username}`);
    await pa.getByRole('link', { name: 'Bikash Thapa', exact: true }).waitFor();
    await messageOption(pa, 'Momo at six?', 'Reply');
    await pa.getByRole('group', { name: 'Replying to Bikash Thapa' }).waitFor();
    await type(pa, 'Sent while the line was down');
    await bubble(pa, 'Sent while the line was down').waitFor();
    await expect.poll(() => swallowed).toBe(1);
    expect(await options(pa, 'Sent while the line was down').count()).toBe(0); // pending: not stored yet
    expect(await storedCount(e2e, a.id, 'Sent while the line was down')).toBe(0);
    const outbox = await pa.evaluate((uid) => localStorage.getItem(`sajha.chat.outbox.${uid}`), a.id);
    expect(JSON.parse(outbox ?? '[]')).toMatchObject([{ message: 'Sent while the line was down' }]);
    await pa.close();

    const pb = await e2e.newPage({ width: 1440, height: 900 });
    await signIn(e2e, pb, b);
    await pb.goto(`/message/@${a.username}`);
    await pb.getByRole('link', { name: 'Asha Gurung', exact: true }).waitFor();

    // The same member's next tab (same storage). Its history is held back until the resend's ack is in,
    // so what it shows first is the message as built from the outbox entry and the short ack.
    const again = await pa.context().newPage();
    const asked = new Map<string, string>();
    let hold = true;
    const held: (() => void)[] = [];
    await again.routeWebSocket(/\/real\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        const call = typeof frame === 'string' ? /^42(\d+)\["([^"]+)"/.exec(frame) : null;
        if (call) asked.set(call[1]!, call[2]!);
        server.send(frame);
      });
      server.onMessage((frame) => {
        const ack = typeof frame === 'string' ? /^43(\d+)/.exec(frame) : null;
        if (hold && ack && asked.get(ack[1]!) === 'get_messages') held.push(() => ws.send(frame));
        else ws.send(frame);
      });
    });
    await again.goto(`/message/@${b.username}`);
    await options(again, 'Sent while the line was down').waitFor();
    // The page asks for the history when the chat opens, which may come after the resend's ack.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await bubble(again, 'Sent while the line was down').getByRole('article', { name: 'Message from you' }).waitFor();
    // Still the reply it was: the quote comes from the outbox entry (the history is held back).
    const quote = (page: Page) =>
      bubble(page, 'Sent while the line was down').getByRole('button', { name: 'Go to the message from Bikash Thapa' });
    expect(await quote(again).textContent()).toContain('Momo at six?');
    expect(await storedCount(e2e, a.id, 'Sent while the line was down')).toBe(1);
    hold = false;
    for (const send of held) send();
    await options(pb, 'Sent while the line was down').waitFor();
    expect(await quote(pb).textContent()).toContain('Momo at six?');
    await expect.poll(() => again.evaluate((uid) => localStorage.getItem(`sajha.chat.outbox.${uid}`), a.id)).toBeNull();
    // Once in the database and once on each screen, also after the page reads its history again.
    expect(await storedCount(e2e, a.id, 'Sent while the line was down')).toBe(1);
    await again.reload();
    await options(again, 'Sent while the line was down').waitFor();
    expect(await bubble(again, 'Sent while the line was down').count()).toBe(1);
    expect(await bubble(pb, 'Sent while the line was down').count()).toBe(1);
    await again.screenshot({ path: 'e2e/artifacts/chat-outbox-390.png' });
  });
});
