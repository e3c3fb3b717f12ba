/** Ledger entries as documents, and the ones an order's state requires (ledger.ts). */
import { feeOf, type OrderDoc } from './order-machine';

type EntryKind =
  'payment' | 'refund' | 'release' | 'fee' | 'withdrawal' | 'payout' | 'withdrawal_return';

export interface EntryDoc {
  _id: string;
  _rev?: string;
  type: 'entry';
  kind: EntryKind;
  /** The order (or withdrawal) the entry belongs to. */
  ref: string;
  currency: string;
  amount: number;
  from: string;
  to: string;
  at: string;
  /** A release: when it becomes available to the agent. */
  clears_at: string | null;
}

const entryId = (ref: string, kind: EntryKind) => `entry:${ref}:${kind}`;

/** Accounts that stand for the outside world: they may hold a negative balance. */
export const isOutside = (account: string) =>
  account.startsWith('card:') || account.startsWith('payout:');

/**
 * The entries an order in its current state must have, without `_id`/`at` differences: what was
 * paid in, refunded, released and kept as the fee. `at` is when the state was reached.
 */
export function expectedEntries(order: OrderDoc, clearanceDays: number): EntryDoc[] {
  if (!order.paid_at) return [];
  const currency = order.total.currency;
  const escrow = `escrow:${order.customer_id}`;
  const entry = (
    kind: EntryKind,
    amount: number,
    from: string,
    to: string,
    at: string,
    clears_at: string | null = null,
  ): EntryDoc => ({
    _id: entryId(order.id, kind),
    type: 'entry',
    kind,
    ref: order.id,
    currency,
    amount,
    from,
    to,
    at,
    clears_at,
  });
  const entries = [
    entry('payment', order.total.amount, `card:${order.customer_id}`, escrow, order.paid_at),
  ];
  const settledAt =
    order.status === 'completed'
      ? order.completed_at
      : order.status === 'cancelled'
        ? order.cancelled_at
        : null;
  if (!settledAt) return entries;
  if (order.refunded > 0)
    entries.push(entry('refund', order.refunded, escrow, `card:${order.customer_id}`, settledAt));
  const released = order.total.amount - order.refunded;
  if (order.status === 'completed' && released > 0) {
    const fee = feeOf(released, order.fee_bps);
    const clears = new Date(Date.parse(settledAt) + clearanceDays * 86_400_000).toISOString();
    if (released - fee > 0)
      entries.push(
        entry('release', released - fee, escrow, `agent:${order.agent_id}`, settledAt, clears),
      );
    if (fee > 0) entries.push(entry('fee', fee, escrow, 'platform', settledAt));
  }
  return entries;
}
