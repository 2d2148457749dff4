import { describe, expect, it } from 'vitest';
import { formatter } from './format';

const at = new Date(2026, 10, 26, 18, 5); // 26 Nov 2026, 6:05 pm, local time

describe('dates and numbers in the member’s settings', () => {
  it('English with Latin digits is what Intl writes', () => {
    const f = formatter({ locale: 'en', calendar: 'gregorian', digits: 'latn' });
    expect(f.number(1234567)).toBe('1,234,567');
    expect(f.date(at)).toBe('Nov 26, 2026');
    expect(f.relative(at.getTime() - 3 * 60_000, at.getTime())).toBe('3 minutes ago');
  });

  it('Nepali: Nepali words, Devanagari digits and Indian grouping, the same in every browser', () => {
    const f = formatter({ locale: 'ne', calendar: 'gregorian', digits: 'deva' });
    expect(f.number(1234567)).toBe('१२,३४,५६७');
    expect(f.date(at)).toBe('२६ नोभेम्बर २०२६');
    expect(f.date(at, 'long')).toBe('बिहिबार, २६ नोभेम्बर २०२६');
    expect(f.time(at)).toBe('६:०५ अपराह्न');
    expect(f.relative(at.getTime() - 3 * 60_000, at.getTime())).toBe('३ मिनेट अघि');
    expect(f.relative(at.getTime() - 86_400_000, at.getTime())).toBe('हिजो');
    expect(f.relative(at.getTime() - 10_000, at.getTime())).toBe('भर्खरै');
  });

  it('Nepali with Latin digits keeps the words and writes 0-9', () => {
    const f = formatter({ locale: 'ne', calendar: 'gregorian', digits: 'latn' });
    expect(f.date(at)).toBe('26 नोभेम्बर 2026');
    expect(f.number(1500)).toBe('1,500');
  });

  it('Bikram Sambat: 26 Nov 2026 is 10 Mangsir 2083, in Nepali or English month names', () => {
    expect(formatter({ locale: 'ne', calendar: 'bs', digits: 'deva' }).date(at)).toBe('१० मंसिर २०८३');
    expect(formatter({ locale: 'en', calendar: 'bs', digits: 'latn' }).date(at)).toBe('10 Mangsir 2083');
    expect(formatter({ locale: 'ne', calendar: 'bs', digits: 'latn' }).date(at, 'short')).toBe('2083/08/10');
  });
});
