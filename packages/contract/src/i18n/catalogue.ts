/**
 * The contract's user-facing texts in every language. The English catalogue is the spec's own text
 * (the objects each area exports: `Messages`, `SettingsText`, ...); each other language gives the same
 * keys, which the `Catalogue` type enforces: a key missing in Nepali fails the typecheck.
 *
 * The server writes English catalogue texts where it refuses or answers (`new AppError(Messages.x)`), and
 * `localizeText` turns such a text into the reader's language at the edge (the HTTP error handler, a
 * socket's refusal, the web app showing a server's message): a text is found by its English words, and a
 * text built by a function (`memberLeft(name)`) by the English template, whose parts are put into the
 * other language's template. A text that is in no catalogue (a member's own words) is left as it is.
 */
import { Messages } from '../messages.js';
import { AiText } from '../ai.js';
import { CallTexts } from '../calls.js';
import { FeatureMessages } from '../features.js';
import { UploadMessages } from '../files.js';
import { ModerationMessages } from '../moderation.js';
import { PeopleMessages } from '../people.js';
import { ReelMessages } from '../reels.js';
import { SettingsText } from '../settings.js';
import { SignupMessages } from '../signup.js';
import { UxMessages } from '../ux.js';
import { ServerTexts } from './server-texts.js';
import { ne } from './ne.js';
import type { Locale } from './locale.js';

export const en = {
  Messages,
  AiText,
  CallTexts,
  FeatureMessages,
  UploadMessages,
  ModerationMessages,
  PeopleMessages,
  ReelMessages,
  SettingsText,
  SignupMessages,
  UxMessages,
  ServerTexts,
};

/** The shape every language gives: the English keys, with any text in place of the English literal. */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly string[]
      ? readonly string[]
      : { readonly [K in keyof T]: Widen<T[K]> };
export type Catalogue = Widen<typeof en>;

const catalogues: Record<Locale, Catalogue> = { en, ne };

/** The contract's texts in `locale`. */
export const catalogueFor = (locale: Locale): Catalogue => catalogues[locale];

type Entry = { exact: Map<string, string>; templates: { re: RegExp; to: (...a: string[]) => string }[] };

const MARK = (i: number) => `\u0000${i}\u0000`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English text -> the same entry's text in `target`, for every entry of the two catalogues. */
function indexOf(target: Catalogue): Entry {
  const entry: Entry = { exact: new Map(), templates: [] };
  const walk = (from: unknown, to: unknown) => {
    if (typeof from === 'string' && typeof to === 'string') {
      if (!entry.exact.has(from)) entry.exact.set(from, to);
    } else if (typeof from === 'function' && typeof to === 'function') {
      const arity = Math.max(from.length, 1);
      const marks = Array.from({ length: arity }, (_, i) => MARK(i));
      let template: string;
      try {
        template = String((from as (...a: unknown[]) => unknown)(...marks));
      } catch {
        return;
      }
      // A function that does more than put its arguments in (a plural, a number's format) has no template.
      if (!marks.every((m) => template.includes(m))) return;
      let source = '';
      const order: number[] = [];
      let rest = template;
      for (;;) {
        const at = rest.indexOf('\u0000');
        if (at < 0) break;
        source += escapeRe(rest.slice(0, at));
        const end = rest.indexOf('\u0000', at + 1);
        order.push(Number(rest.slice(at + 1, end)));
        source += '([\\s\\S]*?)';
        rest = rest.slice(end + 1);
      }
      source += escapeRe(rest);
      const re = new RegExp(`^${source}$`);
      entry.templates.push({
        re,
        to: (...captured: string[]) => {
          const args: string[] = [];
          order.forEach((argIndex, i) => (args[argIndex] = captured[i] ?? ''));
          return String((to as (...a: string[]) => string)(...args));
        },
      });
    } else if (Array.isArray(from) && Array.isArray(to)) {
      from.forEach((f, i) => walk(f, to[i]));
    } else if (from && to && typeof from === 'object' && typeof to === 'object') {
      for (const key of Object.keys(from))
        walk((from as Record<string, unknown>)[key], (to as Record<string, unknown>)[key]);
    }
  };
  walk(en, target);
  // Longer templates first: "A added B" must not be read by a shorter template that also matches.
  entry.templates.sort((a, b) => b.re.source.length - a.re.source.length);
  return entry;
}

const indexes = new Map<Locale, Entry>();

/**
 * `text` (an English catalogue text, as the server writes it) in `locale`; any other text unchanged.
 * Numbers inside a template's arguments stay as they were written.
 */
export function localizeText(locale: Locale, text: string): string {
  if (locale === 'en' || !text) return text;
  let index = indexes.get(locale);
  if (!index) {
    index = indexOf(catalogues[locale]);
    indexes.set(locale, index);
  }
  const exact = index.exact.get(text);
  if (exact !== undefined) return exact;
  if (text.length > 2000) return text;
  for (const t of index.templates) {
    const m = t.re.exec(text);
    if (m) return t.to(...m.slice(1));
  }
  return text;
}
