/** Links shared by the visitor-facing pages (landing, terms, privacy). */

export const CONTACT_EMAIL = 'hello@sajha.example';

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'X', href: 'https://x.com/' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['label'];

/** The public config falls back to '#' when the server has no URL; such links are not worth showing. */
export const isRealUrl = (url: string | null | undefined): url is string => !!url && url !== '#';

/**
 * 'NRS 5,000', 'NRS 12,34,567': grouping as Nepal writes it (the last three digits, then pairs). Written
 * out rather than toLocaleString('en-IN'): every such call builds a number formatter from the browser's
 * locale data, which cost the landing page's first render tens of milliseconds on a phone.
 */
export function formatNrs(amount: number): string {
  return `NRS ${groupNrs(amount)}`;
}

/** The amount alone, grouped as Nepal writes it ('12,34,567'); the screens' words go round it (useNrs). */
export function groupNrs(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount)));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return `${amount < 0 ? '-' : ''}${grouped}`;
}

/**
 * Writes a text's Latin digits in the reader's script ('248' -> '२४८' for Devanagari digits). The same as
 * i18n/format's withDigits, kept here so the landing page's first script does not bring the date library
 * that module imports.
 */
export function localDigits(text: string, digits: 'latn' | 'deva'): string {
  return digits === 'deva' ? text.replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]!) : text;
}

/** Hides text visually while keeping it for screen readers (e.g. "opens in a new tab"). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
