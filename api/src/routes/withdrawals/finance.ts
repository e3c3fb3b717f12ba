/**
 * The admin's finance page (`GET /api/admin/finance`): every figure derived from the ledger's
 * views, never stored: gross order volume, fees earned, escrow held, money still clearing,
 * payouts pending and paid, per month over time, and the reconciliation's verdict.
 */
import type { AppDeps } from '../../context';
import { checkLedger } from '../orders/ledger';

type Deps = Pick<AppDeps, 'couch' | 'clock' | 'env'>;

interface Row {
  key: [string, string, string];
  value: number;
}

export async function finance(deps: Deps, currency = 'USD') {
  const db = deps.couch.db('market');
  const now = deps.clock.now().toISOString();
  const [byKind, byMonth, clearing, check] = await Promise.all([
    db.view('ledger', 'by_kind_month', { reduce: true, group_level: 2 } as never),
    db.view('ledger', 'by_kind_month', { reduce: true, group_level: 3 } as never),
    db.view('ledger', 'clearing', {
      startkey: [currency, `${now}\u0000`],
      endkey: [currency, {}],
      reduce: true,
    } as never),
    checkLedger(deps.couch, deps.env.CLEARANCE_DAYS),
  ]);
  const total = (kind: string) =>
    (byKind.rows as unknown as Row[]).find((r) => r.key[0] === kind && r.key[1] === currency)
      ?.value ?? 0;
  const money = (amount: number) => ({ amount, currency });
  const months = new Map<string, Record<string, number>>();
  for (const row of byMonth.rows as unknown as Row[]) {
    if (row.key[1] !== currency) continue;
    const month = months.get(row.key[2]) ?? {};
    month[row.key[0]] = row.value;
    months.set(row.key[2], month);
  }
  const payments = total('payment');
  return {
    currency,
    gross_volume: money(payments),
    fees_earned: money(total('fee')),
    refunded: money(total('refund')),
    escrow_held: money(payments - total('refund') - total('release') - total('fee')),
    pending_clearance: money(
      Number((clearing.rows[0] as unknown as { value: number } | undefined)?.value ?? 0),
    ),
    pending_payouts: money(total('withdrawal') - total('payout') - total('withdrawal_return')),
    paid_out: money(total('payout')),
    over_time: [...months]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, kinds]) => ({
        month,
        gross_volume: kinds.payment ?? 0,
        fees_earned: kinds.fee ?? 0,
        refunded: kinds.refund ?? 0,
        released: kinds.release ?? 0,
        paid_out: kinds.payout ?? 0,
      })),
    ledger: {
      ok: check.ok,
      checked_orders: check.checked_orders,
      checked_entries: check.checked_entries,
      differences: check.differences.length,
      negative_balances: check.negative_balances.length,
    },
  };
}
