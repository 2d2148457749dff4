/**
 * The member's language on the server's edges: refusals over HTTP and over a socket are in the member's
 * language (a visitor's: their Accept-Language); PUT /api/me/language changes it for the next request and
 * for the sockets already open; check-auth answers it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFor, Events, Messages, PeopleMessages, SettingsText } from '@sajha/contract';
import { users } from '../../db/schema.js';
import {
  ask,
  connectSocket,
  createUser,
  HttpClient,
  nextEvent,
  sessionCookie,
  startTestApp,
  type TestApp,
  type TestSocket,
} from '../../../test/harness.js';

const ne = catalogueFor('ne');

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

/** A signed-in member in `locale`, with an HTTP client and an open socket. */
async function member(locale: 'en' | 'ne') {
  const u = await createUser(t.db);
  await t.db.update(users).set({ locale }).where(eq(users.id, u.id));
  const cookie = await sessionCookie(t.db, u.id, true);
  const http = new HttpClient(t.url);
  const [name, ...value] = cookie.split('=');
  http.cookies.set(name!, value.join('='));
  const socket = await connectSocket(t.url, cookie);
  sockets.push(socket);
  return { ...u, http, socket };
}

/** A refusal of an HTTP route the member may call: revoking a session that is not there. */
const revokeMissing = (http: HttpClient) => http.request('DELETE', `/api/auth/sessions/${randomUUID()}`);

describe('refusals in the member’s language', () => {
  it('a Nepali member is refused in Nepali over HTTP and over a socket; an English member in the exact English', async () => {
    const nepali = await member('ne');
    const english = await member('en');

    // HTTP: an area's refusal and a body the contract refuses.
    const missing = await revokeMissing(nepali.http);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: ne.SettingsText.sessionNotFound });
    expect(ne.SettingsText.sessionNotFound).not.toBe(SettingsText.sessionNotFound);
    expect((await nepali.http.request('PUT', '/api/me/language', {})).body).toEqual({
      success: false,
      message: ne.Messages.settings.languageRequired,
    });
    expect((await revokeMissing(english.http)).body).toEqual({
      success: false,
      message: 'This session no longer exists.',
    });
    expect((await english.http.request('PUT', '/api/me/language', {})).body).toEqual({
      success: false,
      message: 'Choose a language, a calendar or digits.',
    });

    // A socket: the ack, and the `error` event, of an area's refusal and of a payload the contract refuses.
    const error = nextEvent<{ message: string; event: string }>(nepali.socket, Events.error);
    expect(await ask(nepali.socket, Events.follow, { username: nepali.username })).toEqual({
      ok: false,
      error: ne.PeopleMessages.followSelf,
    });
    expect(await error).toEqual({ message: ne.PeopleMessages.followSelf, event: Events.follow });
    expect(await ask(nepali.socket, Events.fetchOnePost, { post_id: 'not-an-id' })).toEqual({
      ok: false,
      error: ne.Messages.server.itemUnavailable,
    });
    expect(await ask(english.socket, Events.follow, { username: english.username })).toEqual({
      ok: false,
      error: 'You cannot follow yourself.',
    });
    expect(PeopleMessages.followSelf).toBe('You cannot follow yourself.');
    expect(await ask(english.socket, Events.fetchOnePost, { post_id: 'not-an-id' })).toEqual({
      ok: false,
      error: 'This item is not available.',
    });
  });

  it('a visitor is refused in the language of their Accept-Language', async () => {
    const visitor = new HttpClient(t.url);
    const nepali = await visitor.request('GET', '/api/auth/check-auth', undefined, {
      'accept-language': 'ne-NP,ne;q=0.9,en;q=0.5',
    });
    expect(nepali.status).toBe(401);
    expect(nepali.body.message).toBe(ne.Messages.server.unauthorized);
    const english = await visitor.request('GET', '/api/auth/check-auth', undefined, { 'accept-language': 'en-GB' });
    expect(english.body.message).toBe(Messages.server.unauthorized);
  });
});

describe('PUT /api/me/language', () => {
  it('stores the choice; the next refusal, on HTTP and on the open socket, follows it; check-auth answers it', async () => {
    const m = await member('en');
    expect((await m.http.get('/api/auth/check-auth')).body.user).toMatchObject({
      uid: m.id,
      language: { locale: 'en', calendar: 'gregorian', digits: 'latn' },
    });
    expect((await revokeMissing(m.http)).body.message).toBe(SettingsText.sessionNotFound);

    const chose = await m.http.request('PUT', '/api/me/language', { locale: 'ne' });
    expect(chose.status).toBe(200);
    // Nepali reads Devanagari digits unless the member chose otherwise.
    expect(chose.body).toEqual({ success: true, language: { locale: 'ne', calendar: 'gregorian', digits: 'deva' } });
    const [row] = await t.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({ locale: 'ne', calendar: 'gregorian', digits: null });

    expect((await revokeMissing(m.http)).body.message).toBe(ne.SettingsText.sessionNotFound);
    expect(await ask(m.socket, Events.follow, { username: m.username })).toEqual({
      ok: false,
      error: ne.PeopleMessages.followSelf,
    });
    expect((await m.http.get('/api/auth/check-auth')).body.user).toMatchObject({
      language: { locale: 'ne', calendar: 'gregorian', digits: 'deva' },
    });

    // What is left out stays as it is.
    const calendar = await m.http.request('PUT', '/api/me/language', { calendar: 'bs', digits: 'latn' });
    expect(calendar.body).toEqual({ success: true, language: { locale: 'ne', calendar: 'bs', digits: 'latn' } });
    expect((await m.http.get('/api/auth/check-auth')).body.user).toMatchObject({
      language: { locale: 'ne', calendar: 'bs', digits: 'latn' },
    });
    // Not a language we have: refused (in the member's language), and nothing changes.
    expect((await m.http.request('PUT', '/api/me/language', { locale: 'fr' })).body).toEqual({
      success: false,
      message: ne.Messages.server.invalidPayload,
    });

    expect((await m.http.request('PUT', '/api/me/language', { locale: 'en' })).body.language).toEqual({
      locale: 'en',
      calendar: 'bs',
      digits: 'latn',
    });
    expect((await revokeMissing(m.http)).body.message).toBe('This session no longer exists.');
    expect(await ask(m.socket, Events.follow, { username: m.username })).toEqual({
      ok: false,
      error: 'You cannot follow yourself.',
    });
  });

  it('needs a session', async () => {
    expect((await new HttpClient(t.url).request('PUT', '/api/me/language', { locale: 'ne' })).status).toBe(401);
  });
});
