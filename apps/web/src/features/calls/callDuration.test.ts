import { describe, expect, it } from 'vitest';
import { callDuration } from './QualityBadge';

describe('callDuration', () => {
  it('shows minutes and seconds, and hours once a call passes one', () => {
    expect(callDuration(0)).toBe('0:00');
    expect(callDuration(7_900)).toBe('0:07');
    expect(callDuration(754_000)).toBe('12:34');
    expect(callDuration(3_723_000)).toBe('1:02:03');
    expect(callDuration(-5)).toBe('0:00');
  });
});
