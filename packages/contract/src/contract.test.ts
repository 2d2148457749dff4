import { describe, expect, it } from 'vitest';
import {
  clientEventSchemas,
  Events,
  isId,
  loginBodySchema,
  Messages,
  PeopleMessages,
  registerBodySchema,
  safeNextUrl,
  sendMessagePayloadSchema,
  serverEventSchemas,
} from './index.js';
import { ne } from './i18n/ne.js';

const CHAT = '6f1c2a4e-3b5d-4c7e-9f10-2a3b4c5d6e7f';
const FILE = '0b9d8c7a-6e5f-4a3b-8c2d-1e0f9a8b7c6d';

describe('safeNextUrl (the /signin?next= redirect)', () => {
  const host = 'sajha.example';
  it.each([
    ['/home', '/home'],
    ['/message/@asha?x=1', '/message/@asha?x=1'],
    ['https://sajha.example/view/1', 'https://sajha.example/view/1'],
    ['https://contest.sajha.example/', 'https://contest.sajha.example/'],
  ])('allows %s', (next, expected) => expect(safeNextUrl(next, host)).toBe(expected));
  it.each([
    'https://evil-sajha.example/',
    'https://sajha.example.evil.com/',
    'https://evilsajha.example',
    '//evil.com/x',
    '/\\evil.com',
    'javascript:alert(1)',
    'https://user:pw@sajha.example.evil.com',
    'ftp://sajha.example/x',
    'not a url',
    '',
  ])('refuses %s', (next) => expect(safeNextUrl(next, host)).toBe('/'));
});

describe('sign-up and sign-in schemas carry the spec messages', () => {
  const ok = { fullname: 'Asha', username: 'asha_g', email: 'Asha@Example.com', password: 'secret1' };
  it('normalises email to lower case', () => {
    expect(registerBodySchema.parse(ok).email).toBe('asha@example.com');
  });
  it.each([
    [{ ...ok, email: 'asha' }, Messages.signup.invalidEmail],
    [{ ...ok, password: 'short' }, Messages.signup.passwordTooShort],
    [{ ...ok, username: '2024' }, Messages.signup.usernameDigitsOnly],
    [{ ...ok, username: ' ' }, Messages.signup.usernameRequired],
    [{ ...ok, fullname: '' }, Messages.signup.nameRequired],
  ])('rejects %o', (body, message) => {
    const r = registerBodySchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
  it('defaults rememberMe to false', () => {
    expect(loginBodySchema.parse({ email: 'a@b.co', password: 'secret1' }).rememberMe).toBe(false);
  });
});

describe('socket event table', () => {
  it('keeps the short wire names of the spec', () => {
    expect(Events.deletePost).toBe('dPst');
    expect(Events.editPost).toBe('ePst');
    expect(Events.fetchOnePost).toBe('fOp');
    expect(Events.unreadMessageCount).toBe('unm');
    expect(Events.follow).toBe('aF');
  });
  it('has a schema for every client event and every server event it names', () => {
    for (const name of Object.keys(clientEventSchemas)) expect(Object.values(Events)).toContain(name);
    for (const name of Object.keys(serverEventSchemas)) expect(Object.values(Events)).toContain(name);
  });
  it('has a schema for every event of the table, in one direction or both', () => {
    const known = new Set([...Object.keys(clientEventSchemas), ...Object.keys(serverEventSchemas)]);
    expect(Object.values(Events).filter((name) => !known.has(name))).toEqual([]);
  });
  it('parses argument tuples: extra or missing arguments are refused', () => {
    expect(clientEventSchemas[Events.typing].safeParse([CHAT, 'Asha']).success).toBe(true);
    expect(clientEventSchemas[Events.getChats].safeParse([{ x: 1 }]).success).toBe(false);
    expect(clientEventSchemas[Events.fetchPosts].parse([{}])).toEqual([{ offset: 0, more: false, category: 'all' }]);
    expect(clientEventSchemas[Events.fetchPosts].safeParse([{ category: 'Travel' }]).success).toBe(false);
  });
  it('refuses a blank message with no attachments', () => {
    expect(sendMessagePayloadSchema.safeParse({ message: '   ', to_cid: CHAT }).success).toBe(false);
    expect(sendMessagePayloadSchema.safeParse({ message: '', to_cid: CHAT, attachments: [FILE] }).success).toBe(true);
    expect(sendMessagePayloadSchema.safeParse({ message: 'hi' }).success).toBe(false);
  });
  it('takes row ids as UUIDs only, and client-made message ids as free strings', () => {
    expect(clientEventSchemas[Events.joinChat].safeParse(['chat-1']).success).toBe(false);
    expect(clientEventSchemas[Events.deleteMessage].safeParse([{ mid: `${CHAT}x` }]).success).toBe(false);
    expect(sendMessagePayloadSchema.safeParse({ message: 'hi', to_cid: 'c1' }).success).toBe(false);
    expect(sendMessagePayloadSchema.safeParse({ message: 'hi', to_cid: CHAT, attachments: ['f1'] }).success).toBe(
      false,
    );
    expect(sendMessagePayloadSchema.safeParse({ id: 'c-1', message: 'hi', to_cid: CHAT }).success).toBe(true);
    expect(isId(CHAT)).toBe(true);
    expect(isId('not-a-uuid')).toBe(false);
  });
});

describe('counted texts', () => {
  it('says one mutual friend in the singular, in both languages', () => {
    expect(PeopleMessages.mutual(1)).toBe('1 mutual friend');
    expect(PeopleMessages.mutual(3)).toBe('3 mutual friends');
    expect(ne.PeopleMessages.mutual(1)).toBe('1 साझा साथी');
    expect(ne.PeopleMessages.mutual(2)).toBe('2 साझा साथीहरू');
  });
});
