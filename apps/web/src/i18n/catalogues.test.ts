/**
 * The web app's catalogues: every language has every area's file, with exactly the English keys and
 * the same {{placeholders}} in each text. A key added in one language only fails here (and in CI).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@sajha/contract';

const root = path.join(import.meta.dirname, 'locales');
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(root, locale, file), 'utf8')) as Record<string, unknown>;

/** "a.b.c" -> text, for every text of a catalogue. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else throw new Error(`${key} is neither a text nor a group`);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const files = readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

describe('the web catalogues', () => {
  it('have areas', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every area's file, and no file English lacks`, () => {
      const theirs = readdirSync(path.join(root, locale)).filter((f) => f.endsWith('.json'));
      expect(theirs.sort()).toEqual([...files].sort());
    });
    for (const file of files) {
      it(`${locale}/${file}: the English keys, each text non-empty with the English placeholders`, () => {
        const en = flatten(read('en', file));
        const other = flatten(read(locale, file));
        expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
        for (const [key, text] of other) {
          expect(text.trim(), `${locale}/${file} ${key}`).not.toBe('');
          expect(placeholders(text), `${locale}/${file} ${key}`).toEqual(placeholders(en.get(key)!));
        }
      });
    }
  }
});
