import { describe, expect, it } from 'vitest';
import { cleanFileName } from './files.js';

describe('cleanFileName', () => {
  it('drops bidi overrides, isolates and marks, so a name shows as it is', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200Fa.txt')).toBe('a.txt');
  });
  it('drops controls, zero-width characters and blank fillers; keeps letters of every script', () => {
    expect(cleanFileName('a\u0000b\u0007\u200B\u200D\uFEFF\u3164c\u2028.pdf')).toBe('abc.pdf');
    expect(cleanFileName('नेपाल फोटो.jpg')).toBe('नेपाल फोटो.jpg');
  });
  it('keeps only the last path segment, folds odd spaces, bounds the length, falls back to "file"', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('a\u00A0\u3000 b.txt')).toBe('a b.txt');
    expect(Array.from(cleanFileName('😀'.repeat(200)))).toHaveLength(120);
    expect(cleanFileName('\u202E')).toBe('file');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
  });
});
