// The page's CSV exports: the withdrawal history and the earnings per completed order.
import { toCsv } from '@/lib/csv';
import { minorUnitsPerUnit, type Money } from '@/lib/money';
import type { EarningOrder, Withdrawal } from '../types';

/** An amount as a spreadsheet reads it: "1250.50", with every decimal of the currency. */
export function decimalAmount({ amount, currency }: Money): string {
  const per = minorUnitsPerUnit(currency);
  const decimals = Math.round(Math.log10(per));
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / per);
  const fraction = String(abs % per).padStart(decimals, '0');
  return decimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

export function withdrawalsCsv(withdrawals: readonly Withdrawal[]): string {
  return toCsv(
    [
      'withdrawal_id',
      'requested_at',
      'amount',
      'currency',
      'payout_method',
      'status',
      'reference',
      'reason',
      'decided_at',
    ],
    withdrawals.map((w) => [
      w.id,
      w.requested_at,
      decimalAmount(w.amount),
      w.amount.currency,
      w.method.masked,
      w.status,
      w.reference,
      w.reason,
      w.decided_at,
    ]),
  );
}

export function earningsCsv(orders: readonly EarningOrder[]): string {
  return toCsv(
    ['order_id', 'gig', 'completed_at', 'currency', 'total', 'refunded', 'fee', 'agent_earnings'],
    orders.map((order) => [
      order.id,
      order.gig.title,
      order.completed_at,
      order.total.currency,
      decimalAmount(order.total),
      decimalAmount(order.refunded),
      decimalAmount(order.fee),
      decimalAmount(order.agent_earnings),
    ]),
  );
}

/** "wayfarer-withdrawals-2026-06-03.csv" (the day in UTC, like the dates inside). */
export const csvFilename = (what: string, now: Date) =>
  `wayfarer-${what}-${now.toISOString().slice(0, 10)}.csv`;
