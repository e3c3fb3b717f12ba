import { describe, expect, it } from 'vitest';
import { lastDays, statId, utcDay, VIEW_WINDOW_MS, ViewCounter } from './gig-stats.service';

const deps = {
  couch: {} as never,
  logger: { warn: () => undefined } as never,
};

describe('ViewCounter', () => {
  it('counts a viewer once per gig per hour, and each gig and viewer apart', () => {
    const counter = new ViewCounter(deps);
    const t0 = Date.UTC(2026, 2, 7, 10, 0);
    expect(counter.record('g1', 'u:a', t0)).toBe(true);
    expect(counter.record('g1', 'u:a', t0 + 1000)).toBe(false);
    expect(counter.record('g1', 'u:a', t0 + VIEW_WINDOW_MS - 1)).toBe(false);
    expect(counter.record('g2', 'u:a', t0 + 1000)).toBe(true);
    expect(counter.record('g1', 'a:127.0.0.1', t0 + 1000)).toBe(true);
    expect(counter.record('g1', 'u:a', t0 + VIEW_WINDOW_MS)).toBe(true);
  });
});

describe('days', () => {
  it('lists the last 30 UTC days, oldest first, ending today, across a month end', () => {
    const days = lastDays(30, new Date(Date.UTC(2026, 2, 3, 23, 30)));
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-03-03');
    expect(days[0]).toBe('2026-02-02');
    expect(new Set(days).size).toBe(30);
  });

  it('names a day document by gig and UTC day', () => {
    expect(statId('abc', utcDay(new Date(Date.UTC(2026, 0, 31, 23, 59))))).toBe(
      'gigstat:abc:2026-01-31',
    );
  });
});
