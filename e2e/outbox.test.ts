/** The outbox reader against the server's own mailer, so mail-driven browser tests can trust it. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createMailer, type Mailer } from '../apps/server/src/platform/mail.js';
import { readOutbox, waitForMail } from './outbox.js';

let dataDir: string;
let mailer: Mailer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sajha-outbox-'));
  mailer = createMailer({
    from: 'Sajha <no-reply@sajha.local>',
    outboxDir: path.join(dataDir, 'outbox'),
    log: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  mailer?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('outbox', () => {
  it('is empty before any mail is sent', async () => {
    expect(await readOutbox(path.join(dataDir, 'nothing-here'))).toEqual([]);
  });

  it('reads back subject and text exactly, through quoted-printable and encoded headers', async () => {
    const link = `https://sajha.example/reset-password/${'a1='.repeat(40)}?next=%2Fhome&x=1`;
    const text = `नमस्ते Ram,\nYour code is 482913.\n\n${link}\nTrailing = sign and 100% done.\n`;
    const subject = 'Your Sajha code — नमस्ते, a subject long enough that the mailer has to fold it';
    await mailer.send({ kind: 'test', to: 'Ram.Thapa@Example.test', subject, text, html: `<p>${text}</p>` });

    const mail = await waitForMail(dataDir, 'ram.thapa@example.test', 5000);
    expect(mail.to).toBe('ram.thapa@example.test');
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(text);
    expect(mail.html).toContain('482913');
  });

  it('returns the newest mail to an address, and waits only for mail sent after `since`', async () => {
    await mailer.send({ kind: 'test', to: 'sita@example.test', subject: 'first', text: 'one', html: '<p>one</p>' });
    await mailer.send({ kind: 'test', to: 'sita@example.test', subject: 'second', text: 'two', html: '<p>two</p>' });
    expect((await waitForMail(dataDir, 'sita@example.test', 2000)).subject).toBe('second');

    const since = Date.now();
    await expect(waitForMail(dataDir, 'sita@example.test', 300, { since })).rejects.toThrow(/no mail to sita/);
    setTimeout(
      () => void mailer.send({ kind: 'test', to: 'sita@example.test', subject: 'third', text: '3', html: '3' }),
      100,
    );
    expect((await waitForMail(dataDir, 'sita@example.test', 5000, { since })).text).toBe('3');
  });
});
