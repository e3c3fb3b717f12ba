import { describe, expect, it } from 'vitest';
import type { EarningOrder } from '../types';
import { clearanceParts, partsTotal } from './clearance';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const order = (id: string, completedAt: string | null, earnings: number): EarningOrder => ({
  id,
  gig: { id: 'g', title: 'Gig' },
  completed_at: completedAt,
  total: usd(earnings),
  refunded: usd(0),
  fee: usd(0),
  agent_earnings: usd(earnings),
});

describe('clearanceParts', () => {
  const now = new Date('2026-06-10T12:00:00Z');

  it('lists the earnings still clearing, one part per day, soonest first', () => {
    const parts = clearanceParts(
      [
        order('late', '2026-06-09T20:00:00Z', 3000),
        order('cleared', '2026-06-01T12:00:00Z', 9900),
        order('soon', '2026-06-04T13:00:00Z', 1000),
        order('same-day', '2026-06-04T14:00:00Z', 500),
        order('not-completed', null, 700),
        order('refunded', '2026-06-09T10:00:00Z', 0),
      ],
      now,
    );
    expect(parts).toEqual([
      { clears_at: '2026-06-11T13:00:00.000Z', amount: 1500, orders: 2 },
      { clears_at: '2026-06-16T20:00:00.000Z', amount: 3000, orders: 1 },
    ]);
    expect(partsTotal(parts)).toBe(4500);
  });

  it('counts an order cleared at the very moment as available', () => {
    expect(clearanceParts([order('o', '2026-06-03T12:00:00Z', 100)], now)).toEqual([]);
    expect(clearanceParts([order('o', '2026-06-10T11:00:00Z', 100)], now, 0)).toEqual([]);
  });
});
