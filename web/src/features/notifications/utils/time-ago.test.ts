import { describe, expect, it } from 'vitest';
import { pageOf, timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it('says how long ago, in words', () => {
    expect(timeAgo('2026-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2026-03-10T11:50:00.000Z', now)).toBe('10 minutes ago');
    expect(timeAgo('2026-03-10T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-03-09T10:00:00.000Z', now)).toBe('yesterday');
    expect(timeAgo('2026-03-06T10:00:00.000Z', now)).toBe('4 days ago');
    expect(timeAgo('2026-01-02T10:00:00.000Z', now)).toBe('2 Jan 2026');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  it('slices pages and clamps the page number', () => {
    expect(pageOf(items, 1, 10)).toEqual({ items: items.slice(0, 10), page: 1, lastPage: 3 });
    expect(pageOf(items, 3, 10).items).toEqual([21, 22, 23]);
    expect(pageOf(items, 9, 10).page).toBe(3);
    expect(pageOf(items, -2, 10).page).toBe(1);
    expect(pageOf(items, Number.NaN, 10).page).toBe(1);
    expect(pageOf([], 1, 10)).toEqual({ items: [], page: 1, lastPage: 1 });
  });
});
