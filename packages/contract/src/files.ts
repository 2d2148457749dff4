/** File names and upload answers both sides share (one copy, so the web and the server cannot disagree). */

/**
 * Characters that must never be part of a shown file name: controls (C0, C1), format characters (the
 * bidi overrides and isolates U+202A-U+202E and U+2066-U+2069, the marks U+200E/U+200F, zero-width
 * joiners, the BOM, soft hyphens, tag characters), line and paragraph separators, private-use and
 * unassigned code points, and the Hangul fillers that render as blanks. "invoice\u202Efdp.exe" would
 * otherwise show as "invoiceexe.pdf".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0]/gu;

/** A display name only: the last path segment, no invisible or control characters, at most 120 characters. */
export function cleanFileName(name: string | null | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(INVISIBLE, '')
    // Other spaces (no-break, ideographic, ...) become plain ones; runs collapse.
    .replace(/\p{Zs}+/gu, ' ')
    .trim();
  // Counted in code points, so an emoji is never cut in half.
  const bounded = Array.from(clean).slice(0, 120).join('').trim();
  return bounded === '' || bounded === '.' || bounded === '..' ? fallback : bounded;
}

/** Answers of every upload (chat attachments, post media, avatars, reels) beyond their own limits. */
export const UploadMessages = {
  quotaExceeded: (mb: number) =>
    `Your files would use more than your ${mb} MB of storage. Delete some posts, messages or reels with files and try again.`,
  tooManyUploads: 'Too many uploads. Please wait a few minutes and try again.',
  attachmentInUse: 'This attachment was already sent in another message. Upload it again to send it here.',
} as const;
