import { describe, expect, it } from 'vitest';
import { catalogueFor, en, localizeText } from './catalogue.js';
import { pickLocale } from './locale.js';
import { LOCALES } from './locale.js';

/** Every key path of a catalogue, with what kind of text it holds. */
function shapeOf(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [`${path}:string`];
  if (typeof value === 'function') return [`${path}:function/${value.length}`];
  if (Array.isArray(value)) return [`${path}:array/${value.length}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => shapeOf(v, path ? `${path}.${k}` : k));
}

describe('the contract catalogue in every language', () => {
  for (const locale of LOCALES) {
    it(`${locale} has exactly the English keys, each of the same kind`, () => {
      expect(shapeOf(catalogueFor(locale)).sort()).toEqual(shapeOf(en).sort());
    });
  }

  it('the Nepali catalogue is Nepali: most of its texts are written in Devanagari', () => {
    const texts: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') texts.push(v);
      else if (typeof v === 'function') texts.push(String((v as (...a: string[]) => string)('x', 'y', 'z')));
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(catalogueFor('ne'));
    const devanagari = texts.filter((t) => /[\u0900-\u097F]/.test(t));
    expect(devanagari.length / texts.length).toBeGreaterThan(0.9);
  });
});

describe('localizeText', () => {
  it('keeps English as it is, and any text that is in no catalogue', () => {
    expect(localizeText('en', en.Messages.post.notFound)).toBe(en.Messages.post.notFound);
    expect(localizeText('ne', 'hello from a member')).toBe('hello from a member');
  });

  it('finds a fixed text by its English words', () => {
    const ne = catalogueFor('ne');
    expect(localizeText('ne', en.Messages.server.rateLimited)).toBe(ne.Messages.server.rateLimited);
    expect(localizeText('ne', en.Messages.server.rateLimited)).not.toBe(en.Messages.server.rateLimited);
  });

  it('puts the parts of a built text into the other language’s template', () => {
    const ne = catalogueFor('ne');
    const english = en.Messages.chat.memberRemoved('Sita', 'Ram');
    expect(localizeText('ne', english)).toBe(ne.Messages.chat.memberRemoved('Sita', 'Ram'));
    expect(localizeText('ne', en.Messages.chat.groupRenamed('Ghar', 'Hari'))).toBe(
      ne.Messages.chat.groupRenamed('Ghar', 'Hari'),
    );
  });

  it('reads every branch of a built text: an empty argument, the number 1, a false outcome', () => {
    const ne = catalogueFor('ne');
    const cases: [string, string][] = [
      [en.ModerationMessages.banned(''), ne.ModerationMessages.banned('')],
      [en.ModerationMessages.banned('spam'), ne.ModerationMessages.banned('spam')],
      [en.ModerationMessages.suspended('5 May', ''), ne.ModerationMessages.suspended('5 May', '')],
      [
        en.ModerationMessages.suspended('5 May', 'spam: links'),
        ne.ModerationMessages.suspended('5 May', 'spam: links'),
      ],
      [en.ModerationMessages.appealOutcome(true), ne.ModerationMessages.appealOutcome(true)],
      [en.ModerationMessages.appealOutcome(false), ne.ModerationMessages.appealOutcome(false)],
      [en.ModerationMessages.reportOutcome('post', false), ne.ModerationMessages.reportOutcome('post', false)],
      [en.UxMessages.newPosts(1), ne.UxMessages.newPosts(1)],
      [en.UxMessages.newPosts(7), ne.UxMessages.newPosts(7)],
      [en.ServerTexts.moderation.done.suspend(1), ne.ServerTexts.moderation.done.suspend(1)],
    ];
    for (const [english, nepali] of cases) {
      expect(nepali).toMatch(/[\u0900-\u097F]/);
      expect(localizeText('ne', english)).toBe(nepali);
    }
  });

  it('the server’s own texts (mails, notices) keep the English as it was', () => {
    expect(en.ServerTexts.mail.verification.subject('123456')).toBe('123456 is your Sajha verification code');
    expect(en.ServerTexts.notices.newSignIn('Firefox', 'Linux')).toBe(
      'New sign-in to your account from Firefox on Linux. If this was not you, reset your password.',
    );
    expect(en.ServerTexts.moderation.done.suspend(3)).toBe('Suspended for 3 days; their sessions have ended.');
    expect(localizeText('ne', en.ServerTexts.auth.badCredentials)).toBe(
      catalogueFor('ne').ServerTexts.auth.badCredentials,
    );
  });
});

describe('pickLocale', () => {
  it('reads Accept-Language by its q-values, and falls back to English', () => {
    expect(pickLocale('ne-NP,ne;q=0.9,en;q=0.8')).toBe('ne');
    expect(pickLocale('en-US,en;q=0.9,ne;q=0.5')).toBe('en');
    expect(pickLocale('fr-FR,ne;q=0.4')).toBe('ne');
    expect(pickLocale('fr-FR')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
    expect(pickLocale('ne;q=0')).toBe('en');
  });
});
