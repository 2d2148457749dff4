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
import { HelpText } from '../help.js';
import { SearchText } from '../search.js';
import { PrivacyText } from '../privacy.js';
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
  HelpText,
  SearchText,
  PrivacyText,
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

type Entry = {
  exact: Map<string, string>;
  templates: { re: RegExp; to: (...a: string[]) => string | undefined }[];
};

const MARK = (i: number) => `\u0000${i}\u0000`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A template needs this much text of its own: "{a} on {b}" would read any English sentence with "on" in it. */
const MIN_LITERAL = 6;
/** A text built with an argument still waiting to be put in (the other language used one this branch drops). */
const unfilled = (text: string) => text.includes('\u0000');

/**
 * The calls a function's texts are read from: every argument a mark (its template); then, one argument
 * at a time, an empty text and the number 1, for the branches a function takes on them ("banned." with no
 * reason, "1 new post", an outcome's `false`). Such a call is kept only when it gives another text than
 * the template with that value put in.
 */
function callsOf(arity: number): unknown[][] {
  const marks = Array.from({ length: arity }, (_, i) => MARK(i));
  const calls: unknown[][] = [marks];
  for (let i = 0; i < arity; i++) {
    for (const fixed of ['', 1]) calls.push(marks.map((m, j) => (j === i ? fixed : m)));
  }
  return calls;
}

/** English text -> the same entry's text in `target`, for every entry of the two catalogues. */
function indexOf(target: Catalogue): Entry {
  const entry: Entry = { exact: new Map(), templates: [] };
  const walk = (from: unknown, to: unknown) => {
    if (typeof from === 'string' && typeof to === 'string') {
      if (!entry.exact.has(from)) entry.exact.set(from, to);
    } else if (typeof from === 'function' && typeof to === 'function') {
      const f = from as (...a: unknown[]) => unknown;
      const g = to as (...a: unknown[]) => unknown;
      const [marks, ...variants] = callsOf(Math.max(from.length, 1)) as [unknown[], ...unknown[][]];
      let full: string;
      try {
        full = String(f(...marks));
      } catch {
        return;
      }
      addText(full, marks, g);
      for (const args of variants) {
        let text: string;
        try {
          text = String(f(...args));
        } catch {
          continue;
        }
        // The same text as the template with this value put in: nothing new to read.
        const at = args.findIndex((a) => typeof a !== 'string' || !a.startsWith('\u0000'));
        if (text !== full.split(MARK(at)).join(String(args[at]))) addText(text, args, g);
      }
    } else if (Array.isArray(from) && Array.isArray(to)) {
      from.forEach((f, i) => walk(f, to[i]));
    } else if (from && to && typeof from === 'object' && typeof to === 'object') {
      for (const key of Object.keys(from))
        walk((from as Record<string, unknown>)[key], (to as Record<string, unknown>)[key]);
    }
  };
  /** One text of a function, called with `args`: an exact entry, or a template over the marks it holds. */
  const addText = (text: string, args: unknown[], to: (...a: unknown[]) => unknown) => {
    if (!unfilled(text)) {
      let other: string;
      try {
        other = String(to(...args));
      } catch {
        return;
      }
      if (!unfilled(other) && !entry.exact.has(text)) entry.exact.set(text, other);
      return;
    }
    let source = '';
    let literal = 0;
    const order: number[] = [];
    let rest = text;
    for (;;) {
      const at = rest.indexOf('\u0000');
      if (at < 0) break;
      source += escapeRe(rest.slice(0, at));
      literal += at;
      const end = rest.indexOf('\u0000', at + 1);
      order.push(Number(rest.slice(at + 1, end)));
      source += '([\\s\\S]*?)';
      rest = rest.slice(end + 1);
    }
    source += escapeRe(rest);
    literal += rest.length;
    if (literal < MIN_LITERAL) return;
    entry.templates.push({
      re: new RegExp(`^${source}$`),
      to: (...captured: string[]) => {
        const filled = [...args];
        order.forEach((argIndex, i) => (filled[argIndex] = captured[i] ?? ''));
        let other: string;
        try {
          other = String(to(...filled));
        } catch {
          return undefined;
        }
        return unfilled(other) ? undefined : other;
      },
    });
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
    if (!m) continue;
    const other = t.to(...m.slice(1));
    if (other !== undefined) return other;
  }
  return text;
}
