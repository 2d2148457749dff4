/** Digits in the chosen script, without the date libraries (the landing page's first bundle uses it). */
import type { LanguagePrefs } from '@sajha/contract';

const DEVANAGARI = '०१२३४५६७८९';

/** Writes a text's digits in the chosen script (leaves everything else). */
export function withDigits(text: string, digits: LanguagePrefs['digits']): string {
  return digits === 'deva'
    ? text.replace(/[0-9]/g, (d) => DEVANAGARI[Number(d)]!)
    : text.replace(/[०-९]/g, (d) => String(DEVANAGARI.indexOf(d)));
}
