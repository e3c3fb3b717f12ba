// The agent dashboard's earnings over time: each completed order's earnings (after the fee and
// any refund) in the UTC month it completed, over the last `months` months, oldest first.
import type { Order } from '@wayfarer/api/schemas/orders';

export interface MonthEarnings {
  /** "2025-03" */
  month: string;
  /** Minor units. */
  amount: number;
  orders: number;
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The first instant of the UTC month `back` months before `now`'s. */
export function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

export function earningsByMonth(
  orders: readonly Pick<Order, 'status' | 'completed_at' | 'agent_earnings'>[],
  now: Date,
  months = 12,
): { currency: string; months: MonthEarnings[] } {
  const series: MonthEarnings[] = [];
  for (let back = months - 1; back >= 0; back--)
    series.push({ month: monthOf(monthStart(now, back)), amount: 0, orders: 0 });
  const index = new Map(series.map((entry, i) => [entry.month, i]));
  const completed = orders.filter((o) => o.status === 'completed' && o.completed_at);
  // One currency per chart: the platform prices in USD; another currency is left out, not added.
  const currency = completed[0]?.agent_earnings.currency ?? 'USD';
  for (const order of completed) {
    if (order.agent_earnings.currency !== currency) continue;
    const at = new Date(order.completed_at!);
    const i = index.get(monthOf(at));
    if (i === undefined) continue;
    series[i]!.amount += order.agent_earnings.amount;
    series[i]!.orders += 1;
  }
  return { currency, months: series };
}

/** "2025-03" → "Mar 2025" (UTC: the months are UTC months). */
export function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
