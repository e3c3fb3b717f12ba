import { describe, expect, it } from 'vitest';
import { earningsByMonth, monthLabel, monthStart } from './earnings';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const done = (completed_at: string, amount: number) => ({
  status: 'completed' as const,
  completed_at,
  agent_earnings: usd(amount),
});

describe('earningsByMonth', () => {
  const now = new Date('2025-03-15T12:00:00Z');

  it('has one entry per month, oldest first, ending with this month', () => {
    const { months } = earningsByMonth([], now, 3);
    expect(months).toEqual([
      { month: '2025-01', amount: 0, orders: 0 },
      { month: '2025-02', amount: 0, orders: 0 },
      { month: '2025-03', amount: 0, orders: 0 },
    ]);
  });

  it('adds each completed order to the UTC month it completed in', () => {
    const { currency, months } = earningsByMonth(
      [
        done('2025-03-01T00:30:00Z', 6750),
        done('2025-03-14T23:59:00Z', 1000),
        // The last instant of February in UTC (already March in some zones).
        done('2025-02-28T23:59:59Z', 4500),
        // Older than the window.
        done('2024-12-31T10:00:00Z', 9999),
        { status: 'cancelled' as const, completed_at: null, agent_earnings: usd(0) },
      ],
      now,
      3,
    );
    expect(currency).toBe('USD');
    expect(months).toEqual([
      { month: '2025-01', amount: 0, orders: 0 },
      { month: '2025-02', amount: 4500, orders: 1 },
      { month: '2025-03', amount: 7750, orders: 2 },
    ]);
  });

  it('crosses a year', () => {
    expect(monthStart(new Date('2025-01-10T00:00:00Z'), 1).toISOString()).toBe(
      '2024-12-01T00:00:00.000Z',
    );
  });
});

describe('monthLabel', () => {
  it('reads as a month and a year', () => {
    expect(monthLabel('2025-03')).toBe('Mar 2025');
    expect(monthLabel('2024-12')).toBe('Dec 2024');
  });
});
