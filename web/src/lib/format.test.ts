import { describe, expect, it } from 'vitest';
import { badgeText, plural } from './format';

describe('plural', () => {
  it('counts in words, with thousands grouped', () => {
    expect(plural(1, 'gig')).toBe('1 gig');
    expect(plural(0, 'gig')).toBe('0 gigs');
    expect(plural(1234, 'view')).toBe('1,234 views');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('badgeText', () => {
  it('caps the count at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
