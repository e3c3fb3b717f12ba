import { describe, expect, it } from 'vitest';
import { formatClock, spokenTimeLeft, timeLeft } from './countdown';

describe('timeLeft', () => {
  const now = Date.parse('2025-03-10T12:00:00Z');
  it('counts down to the deadline and stops at zero', () => {
    expect(timeLeft('2025-03-10T12:30:00Z', now)).toBe(30 * 60_000);
    expect(timeLeft('2025-03-10T11:59:00Z', now)).toBe(0);
  });
  it('is null without a deadline', () => {
    expect(timeLeft(null, now)).toBe(null);
    expect(timeLeft('not a date', now)).toBe(null);
  });
});

describe('formatClock', () => {
  it('reads as minutes and seconds, rounding up', () => {
    expect(formatClock(1_799_000)).toBe('29:59');
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(400)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
  });
});

describe('spokenTimeLeft', () => {
  it('says minutes', () => {
    expect(spokenTimeLeft(29 * 60_000 + 1)).toBe('about 30 minutes');
    expect(spokenTimeLeft(60_000)).toBe('about 1 minute');
    expect(spokenTimeLeft(59_000)).toBe('less than a minute');
  });
});
