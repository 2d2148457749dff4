/** A post's age: the spec's English ("Just now", "5m", "3h", "2d", then a date) and its Nepali equivalents. */
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, loadLocale } from '../../i18n';
import { formatter } from '../../i18n/format';
import { timeAgo } from './postsApi';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

afterAll(async () => {
  await loadLocale('en');
});

describe('timeAgo', () => {
  it('reads as the spec says in English', () => {
    const t = i18n.getFixedT('en', 'posts');
    const f = formatter({ locale: 'en', calendar: 'gregorian', digits: 'latn' });
    expect([ago(20), ago(5 * 60), ago(3 * 3600), ago(2 * 86_400)].map((iso) => timeAgo(iso, t, f, now))).toEqual([
      'Just now',
      '5m',
      '3h',
      '2d',
    ]);
    expect(timeAgo(ago(30 * 86_400), t, f, now)).toBe(f.date(ago(30 * 86_400), 'medium'));
  });

  it('reads in Nepali, in the chosen digits', async () => {
    await loadLocale('ne');
    const t = i18n.getFixedT('ne', 'posts');
    const deva = formatter({ locale: 'ne', calendar: 'bs', digits: 'deva' });
    expect([ago(20), ago(5 * 60), ago(3 * 3600), ago(2 * 86_400)].map((iso) => timeAgo(iso, t, deva, now))).toEqual([
      'भर्खरै',
      '५ मिनेट',
      '३ घण्टा',
      '२ दिन',
    ]);
    const latn = formatter({ locale: 'ne', calendar: 'gregorian', digits: 'latn' });
    expect(timeAgo(ago(5 * 60), t, latn, now)).toBe('5 मिनेट');
  });
});
