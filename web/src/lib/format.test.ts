import { describe, expect, it } from 'vitest';
import { badgeText, countPhrase, plural } from './format';

describe('plural', () => {
  it('counts in words, with thousands grouped', () => {
    expect(plural(1, 'gig')).toBe('1 gig');
    expect(plural(0, 'gig')).toBe('0 gigs');
    expect(plural(1234, 'view')).toBe('1,234 views');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('countPhrase', () => {
  it('opens a sentence with the count, in words up to twelve', () => {
    expect(countPhrase(8, 'kind')).toBe('Eight kinds');
    expect(countPhrase(9, 'kind')).toBe('Nine kinds');
    expect(countPhrase(1, 'kind')).toBe('One kind');
    expect(countPhrase(0, 'kind')).toBe('No kinds');
    expect(countPhrase(13, 'category', 'categories')).toBe('13 categories');
    expect(countPhrase(1500, 'kind')).toBe('1,500 kinds');
  });
});

describe('badgeText', () => {
  it('caps the count at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
