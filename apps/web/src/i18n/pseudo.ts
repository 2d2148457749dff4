/**
 * A pseudo-locale for checking layouts: every interface text becomes 40% longer, its letters accented
 * and bracketed ("[Šéñð ~~~]"), so a clipped or overlapping text shows on any screen before a
 * translation does it for real. On when this browser has `localStorage['sajha.pseudo'] = '1'`
 * (e2e/nepali.test.ts sets it); never for members otherwise.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Y: 'Ý',
  Z: 'Ž',
};

export function pseudoEnabled(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem('sajha.pseudo') === '1';
  } catch {
    return false;
  }
}

/** `text` accented and 40% longer; markup tags (`<hidden>`) are kept as they are. */
export function pseudo(text: string): string {
  if (!text) return text;
  const parts = text.split(/(<[^>]+>)/);
  const letters = parts.filter((p) => !p.startsWith('<')).join('').length;
  const body = parts.map((p) => (p.startsWith('<') ? p : p.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch))).join('');
  return `[${body} ${'~'.repeat(Math.max(1, Math.ceil(letters * 0.4) - 3))}]`;
}
