import { describe, expect, it } from 'vitest';
import { formatPublished, formatReadingTime, hueFor } from './format';

describe('blog formatting', () => {
  it('formats dates and reading times', () => {
    expect(formatPublished('2026-10-02T08:00:00.000Z')).toBe('2 October 2026');
    // The UTC day whatever the machine's zone (`npm run test:unit` runs these in Honolulu).
    expect(formatPublished('2026-10-02T00:00:00.000Z')).toBe('2 October 2026');
    expect(formatPublished('2026-10-02T23:59:59.000Z')).toBe('2 October 2026');
    expect(formatPublished('not a date')).toBe('');
    expect(formatReadingTime(0)).toBe('1 min read');
    expect(formatReadingTime(4)).toBe('4 min read');
  });

  it('gives each slug a stable hue', () => {
    expect(hueFor('a')).toBe(hueFor('a'));
    expect(hueFor('a')).not.toBe(hueFor('b'));
    expect(hueFor('some-long-slug')).toBeGreaterThanOrEqual(0);
    expect(hueFor('some-long-slug')).toBeLessThan(360);
  });
});
