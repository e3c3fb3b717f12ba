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

describe('ViewCounter.flush', () => {
  it('keeps the counts of a failed write and writes them at the next flush', async () => {
    const written: { _id: string; views: number }[] = [];
    let failNext = true;
    const catalog = {
      get: async () => {
        throw Object.assign(new Error('missing'), { statusCode: 404 });
      },
      insert: async (doc: { _id: string; views: number }) => {
        if (failNext) {
          failNext = false;
          throw new Error('database unreachable');
        }
        written.push(doc);
        return { ok: true };
      },
    };
    const counter = new ViewCounter({
      couch: { db: () => catalog } as never,
      logger: { warn: () => undefined } as never,
    });
    const now = Date.UTC(2026, 2, 7, 10, 0);
    counter.record('g1', 'u:a', now);
    counter.record('g1', 'u:b', now);
    await expect(counter.flush()).rejects.toThrow('database unreachable');
    await counter.flush();
    expect(written).toEqual([
      expect.objectContaining({ _id: statId('g1', '2026-03-07'), views: 2 }),
    ]);
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
