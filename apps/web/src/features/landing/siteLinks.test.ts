import { describe, expect, it } from 'vitest';
import { formatNrs } from './siteLinks';

describe('formatNrs', () => {
  it('groups rupees as Nepal writes them, the same as the en-IN locale', () => {
    for (const amount of [0, 7, 999, 1000, 2000, 5000, 12345, 99999, 100000, 1234567, 123456789, -45000]) {
      expect(formatNrs(amount)).toBe(`NRS ${amount.toLocaleString('en-IN')}`);
    }
    expect(formatNrs(1234567)).toBe('NRS 12,34,567');
    expect(formatNrs(5000)).toBe('NRS 5,000');
  });
});
