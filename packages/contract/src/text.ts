/** Text rules both sides apply the same way (one copy, so the web and the server cannot disagree). */

/** The first https URL in a post's text, normalised; the spec previews only that one. */
export function firstHttpsUrl(text: string): string | null {
  const match = /https:\/\/[^\s<>"']+/i.exec(text);
  if (!match) return null;
  const url = match[0].replace(/[.,;:!?)\]}'"]+$/, '');
  try {
    return new URL(url).toString();
  } catch {
    return null;
  }
}
