import { describe, expect, it } from 'vitest';
import { draftTime } from './draft-notice';

describe('draftTime', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  it('says today, yesterday or the date, with the time', () => {
    expect(draftTime(new Date(2026, 2, 10, 9, 5).toISOString(), now)).toBe('today at 09:05');
    expect(draftTime(new Date(2026, 2, 9, 18, 30).toISOString(), now)).toBe('yesterday at 18:30');
    expect(draftTime(new Date(2026, 1, 2, 7, 0).toISOString(), now)).toBe('2 Feb at 07:00');
    expect(draftTime(new Date(2025, 11, 24, 7, 0).toISOString(), now)).toBe('24 Dec 2025 at 07:00');
    expect(draftTime('nonsense', now)).toBe('earlier');
  });
});
