import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger, HttpClient, startTestApp, type TestApp } from '../../../test/harness.js';

interface Received {
  to: string[];
  raw: string;
}

describe('account mail through a real SMTP server', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const inbox: Received[] = [];
  /** Emits 'mail' each time the SMTP server has taken a whole message. */
  const arrivals = new EventEmitter();
  const log = capturingLogger();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, ''),
          });
          arrivals.emit('mail');
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'trace' }, undefined, log.logger);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The `count`-th mail to `to`, once the SMTP server has received it. */
  const waitForMail = async (to: string, count: number): Promise<Received> => {
    const signal = AbortSignal.timeout(10_000);
    for (;;) {
      const mine = inbox.filter((m) => m.to.includes(to));
      if (mine.length >= count) return mine[count - 1]!;
      await once(arrivals, 'mail', { signal }).catch(() => {
        throw new Error(`no mail #${count} for ${to}`);
      });
    }
  };

  it('delivers the verification code and the reset link, and logs neither them nor the password', async () => {
    const c = new HttpClient(t.url);
    const who = {
      fullname: 'Bishnu Thapa',
      username: 'bishnu',
      email: 'bishnu@example.test',
      password: 'pokhara-lake-9',
    };
    expect((await c.post('/api/auth/register', who)).status).toBe(200);
    const mail = await waitForMail(who.email, 1);
    expect(mail.raw).toMatch(/^Subject: \d{6} is your Sajha verification code/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const code = /Subject: (\d{6})/.exec(mail.raw)![1]!;
    expect((await c.post('/api/auth/verify_email', { email: who.email, otp: code })).status).toBe(200);

    await c.post('/api/auth/request_password_reset', { email: who.email });
    const reset = await waitForMail(who.email, 2);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(reset.raw)![1]!;
    expect(
      (await c.post('/api/auth/reset_password', { token, email: who.email, newPassword: 'new-secret-22' })).status,
    ).toBe(200);
    expect(
      (await c.post('/api/auth/login', { email: who.email, password: 'new-secret-22', rememberMe: true })).status,
    ).toBe(200);

    // Log lines minus their numeric time field (a 6-digit code can appear inside a timestamp by chance).
    const logs = log.lines.map((l) => l.replace(/"time":\d+/, '')).join('\n');
    expect(logs).toContain('mail sent'); // the log really was captured
    for (const secret of [who.password, 'new-secret-22', token]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('answers sign-up at once while the SMTP server stalls, and the mail goes out when it recovers', async () => {
    // A second SMTP server that holds every connection before its greeting until the gate opens.
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const stalled: Received[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        void gate.then(() => callback());
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          stalled.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const port = (slow.server.address() as AddressInfo).port;
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const c = new HttpClient(app.url);
      const who = { fullname: 'Sunita Rai', username: 'sunita', email: 'sunita@example.test', password: 'Ilam-tea-42' };
      // The answer arrives while the gate is still shut: the request never waited on SMTP.
      expect((await c.post('/api/auth/register', who)).status).toBe(200);
      expect(stalled).toHaveLength(0);
      openGate();
      await app.app.deps.jobs.idle('mail.send', 60_000);
      expect(stalled.map((m) => m.to)).toEqual([[who.email]]);
      expect(stalled[0]!.raw).toMatch(/\d{6} is your Sajha verification code/);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  }, 90_000);
});
