/**
 * Account mails in the recipient's language: a new account's code mail in the language the visitor
 * signed up in (kept on the account), a reset link and the "someone used your address" notice in the
 * account's own language, whoever asked; English members still get the exact English.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFor } from '@sajha/contract';
import { users } from '../../db/schema.js';
import { createUser, HttpClient, readOutbox, startTestApp, type TestApp } from '../../../test/harness.js';
import { CODE_TTL_MIN, RESET_TTL_MIN } from './service.js';

const ne = catalogueFor('ne').ServerTexts.mail;
const NEPALI = { 'accept-language': 'ne-NP,ne;q=0.9,en;q=0.8' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };

describe('account mails in the member’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });
  let n = 0;
  const visitor = () => new HttpClient(t.url, `203.0.113.${++n}`);
  const fresh = (name: string) => ({
    fullname: name,
    username: `lang_${n}_${Date.now() % 100000}`,
    email: `lang${n}.${Date.now()}@example.test`,
    password: 'pokhara77',
  });
  const mailsTo = async (email: string) => (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email));

  it('a visitor signing up in Nepali gets the code mail in Nepali, and the code works', async () => {
    const c = visitor();
    const who = fresh('Sita <Sharma>');
    expect((await c.post('/api/auth/register', who, NEPALI)).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(row?.locale).toBe('ne');

    const [mail, ...more] = await mailsTo(who.email);
    expect(more).toHaveLength(0);
    const code = /^(\d{6}) /.exec(mail!.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail!.subject).toBe(ne.verification.subject(code!));
    expect(mail!.text).toBe(
      `${ne.greeting(who.fullname)}\n\n${ne.verification.enterCode}\n\n    ${code}\n\n${ne.verification.validFor(CODE_TTL_MIN)}\n\n${ne.signOff}\n${ne.team}\n`,
    );
    expect(mail!.html).toContain(ne.verification.enterCodeHtml('Sita &lt;Sharma&gt;'));
    expect(mail!.html).toContain(ne.accountFooter);
    expect(mail!.html).toContain('<html lang="ne">');
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toMatch(/Welcome|verification code|Namaste/);

    const verified = await c.post('/api/auth/verify_email', { email: who.email, otp: code });
    expect(verified.status).toBe(200);
  });

  it('a visitor signing up in English gets the exact English code mail', async () => {
    const who = fresh('Ram Thapa');
    expect((await visitor().post('/api/auth/register', who, ENGLISH)).status).toBe(200);
    const [mail] = await mailsTo(who.email);
    const code = /^(\d{6}) is your Sajha verification code$/.exec(mail!.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail!.text).toBe(
      `Namaste Ram Thapa,\n\nWelcome to Sajha! Enter this code to verify your email address:\n\n    ${code}\n\nThe code works for 15 minutes.\n\nSee you inside,\nThe Sajha team\n`,
    );
    expect(mail!.html).toContain('Namaste Ram Thapa, welcome to Sajha! Enter this code to verify your email address:');
  });

  it('a reset link and the "someone used your address" notice go in the account’s language, whoever asks', async () => {
    const nepali = await createUser(t.db, { name: 'Gita' });
    await t.db.update(users).set({ locale: 'ne' }).where(eq(users.id, nepali.id));
    const english = await createUser(t.db, { name: 'Hari' });

    // Asked in English, for a Nepali account: the mail is the account's.
    await visitor().post('/api/auth/request_password_reset', { email: nepali.email }, ENGLISH);
    const [reset] = await mailsTo(nepali.email);
    expect(reset!.subject).toBe(ne.reset.subject);
    const link = new RegExp(`${t.url}/reset-password/[A-Za-z0-9_-]+`).exec(reset!.text)?.[0];
    expect(link).toBeDefined();
    expect(reset!.text).toBe(
      `${ne.greeting('Gita')}\n\n${ne.reset.intro}\n\n${link}\n\n${ne.reset.validFor(RESET_TTL_MIN)}\n\n${ne.team}\n`,
    );
    expect(reset!.html).toContain(ne.reset.button);

    await visitor().post(
      '/api/auth/register',
      { ...fresh('Someone'), email: nepali.email, username: `other_${Date.now() % 100000}` },
      ENGLISH,
    );
    const exists = (await mailsTo(nepali.email)).at(-1)!;
    expect(exists.subject).toBe(ne.accountExists.subject);
    expect(exists.text).toContain(ne.accountExists.signInAt(`${t.url}/signin`));

    await visitor().post('/api/auth/request_password_reset', { email: english.email }, NEPALI);
    const [englishReset] = await mailsTo(english.email);
    expect(englishReset!.subject).toBe('Reset your Sajha password');
    expect(englishReset!.text).toMatch(
      /^Namaste Hari,\n\nSomeone asked to reset the password of your Sajha account\. If it was you, open this link to choose a new one:\n\n/,
    );
    expect(englishReset!.text).toContain(
      'The link works once, for 30 minutes. If you did not ask, ignore this mail: your password stays as it is.',
    );
  });
});
