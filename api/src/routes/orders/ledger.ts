/**
 * The ledger in wf_market: every movement of money is one immutable entry `entry:<ref>:<kind>`
 * moving a positive amount of one currency from one account to another, so per currency the
 * entries sum to zero by construction. Accounts:
 *
 *   card:<customer>   the customer's card (outside world; negative = what they paid in)
 *   escrow:<customer> money held for the customer's paid, open orders
 *   agent:<agent>     the agent's earnings (a release clears at `clears_at`)
 *   pending_payout:<agent>  asked to be paid out, not paid yet (withdrawals)
 *   payout:<agent>    paid out to the agent (withdrawals; outside world)
 *   platform          the platform's fees
 *
 * Only `card:` and `payout:` may go negative. An order's entries are a function of its state
 * (`expectedEntries`): the follow-up writes the missing ones with their deterministic ids, so a
 * retry, a second instance or a restart writes each once (CouchDB accepts one create of an id),
 * and `checkLedger` compares both for every order. Balances are derived by the
 * `ledger/by_account` view (`_sum` over [account, currency, clears_at]).
 */
import type { Couch } from '../../couch/connect';
import type { Balance, LedgerCheck } from '../../schemas/orders';
import { feeOf, type OrderDoc } from './order-machine';

type EntryKind = 'payment' | 'refund' | 'release' | 'fee' | 'withdrawal';

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
const isOutside = (account: string) => account.startsWith('card:') || account.startsWith('payout:');

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

/** Writes the entries an order lacks; an entry already there is left as it is. */
export async function writeEntries(couch: Couch, entries: EntryDoc[]): Promise<void> {
  if (!entries.length) return;
  const results = await couch.db('market').bulk({ docs: entries } as never);
  for (const result of results) {
    if (result.error && result.error !== 'conflict')
      throw new Error(`writing ledger entry ${result.id} failed: ${result.error}`);
  }
}

interface SumRow {
  key: [string, string, string];
  value: number;
}

async function sumRange(
  couch: Couch,
  account: string,
  currency: string,
  from: string,
  to: string | object,
): Promise<number> {
  const result = await couch.db('market').view('ledger', 'by_account', {
    startkey: [account, currency, from],
    endkey: [account, currency, to],
    reduce: true,
    group_level: 0,
  } as never);
  return Number((result.rows[0] as unknown as SumRow | undefined)?.value ?? 0);
}

const END = {};

/** The caller's balances, derived from the ledger (`GET /api/balance`). */
export async function balanceOf(
  couch: Couch,
  userId: string,
  now: Date,
  currency = 'USD',
): Promise<Balance> {
  const nowIso = now.toISOString();
  const [card, escrow, available, pending, pendingPayout, payout] = await Promise.all([
    sumRange(couch, `card:${userId}`, currency, '', END),
    sumRange(couch, `escrow:${userId}`, currency, '', END),
    sumRange(couch, `agent:${userId}`, currency, '', nowIso),
    sumRange(couch, `agent:${userId}`, currency, `${nowIso}\u0000`, END),
    sumRange(couch, `pending_payout:${userId}`, currency, '', END),
    sumRange(couch, `payout:${userId}`, currency, '', END),
  ]);
  const money = (amount: number) => ({ amount, currency });
  return {
    available: money(available),
    pending_clearance: money(pending),
    pending_payout: money(pendingPayout),
    withdrawn: money(-payout),
    earned: money(available + pending + pendingPayout - payout),
    spent: money(-card),
    in_escrow: money(escrow),
  };
}

/**
 * Reconciles the whole ledger (`GET /api/admin/ledger/check`, `npm run ledger:check`): every
 * order's entries against the ones its state requires, every entry's shape, the sum per
 * currency (zero) and every inside account's balance (never negative). Reads both databases in
 * pages, so it works the same at any size.
 */
export async function checkLedger(couch: Couch, clearanceDays: number): Promise<LedgerCheck> {
  const db = couch.db('market');
  const pageSize = 2000;
  const actual = new Map<string, Map<string, EntryDoc>>();
  const balances = new Map<string, number>();
  let checkedEntries = 0;
  const malformed: string[] = [];
  for (let startkey = 'entry:'; ;) {
    const page = await db.list({
      startkey,
      endkey: 'entry:\ufff0',
      include_docs: true,
      limit: pageSize + 1,
    });
    const rows = page.rows.slice(0, pageSize);
    for (const row of rows) {
      const e = row.doc as unknown as EntryDoc;
      checkedEntries++;
      if (!Number.isInteger(e.amount) || e.amount <= 0 || e.from === e.to) malformed.push(e._id);
      const add = (account: string, delta: number) =>
        balances.set(
          `${account}|${e.currency}`,
          (balances.get(`${account}|${e.currency}`) ?? 0) + delta,
        );
      add(e.from, -e.amount);
      add(e.to, e.amount);
      const forRef = actual.get(e.ref) ?? new Map<string, EntryDoc>();
      forRef.set(e._id, e);
      actual.set(e.ref, forRef);
    }
    if (page.rows.length <= pageSize) break;
    startkey = page.rows[pageSize]!.id;
  }
  const differences: LedgerCheck['differences'] = [];
  let checkedOrders = 0;
  for (let startkey = 'order:'; ;) {
    const page = await db.list({
      startkey,
      endkey: 'order:\ufff0',
      include_docs: true,
      limit: pageSize + 1,
    });
    const rows = page.rows.slice(0, pageSize);
    for (const row of rows) {
      const order = row.doc as unknown as OrderDoc;
      if (order?.type !== 'order') continue;
      checkedOrders++;
      const want = expectedEntries(order, clearanceDays);
      const have = actual.get(order.id) ?? new Map<string, EntryDoc>();
      actual.delete(order.id);
      const missing: string[] = [];
      const unexpected: string[] = [];
      for (const entry of want) {
        const found = have.get(entry._id);
        if (!found) missing.push(`${entry.kind} ${entry.amount} ${entry.from} → ${entry.to}`);
        else if (
          found.amount !== entry.amount ||
          found.from !== entry.from ||
          found.to !== entry.to ||
          found.currency !== entry.currency
        )
          unexpected.push(`${found.kind} ${found.amount} ${found.from} → ${found.to}`);
        have.delete(entry._id);
      }
      for (const extra of have.values())
        unexpected.push(`${extra.kind} ${extra.amount} ${extra.from} → ${extra.to}`);
      if (missing.length || unexpected.length)
        differences.push({ order_id: order.id, status: order.status, missing, unexpected });
    }
    if (page.rows.length <= pageSize) break;
    startkey = page.rows[pageSize]!.id;
  }
  // Entries of no order: withdrawals are checked by their own rules; anything else is a difference.
  for (const [ref, entries] of actual) {
    const orphans = [...entries.values()].filter((e) => e.kind !== 'withdrawal');
    if (orphans.length)
      differences.push({
        order_id: ref,
        status: 'unknown',
        missing: [],
        unexpected: orphans.map((e) => `${e.kind} ${e.amount} ${e.from} → ${e.to}`),
      });
  }
  for (const id of malformed)
    differences.push({ order_id: id, status: 'malformed', missing: [], unexpected: [id] });
  const negative = [...balances]
    .map(([key, balance]) => {
      const [account, currency] = key.split('|') as [string, string];
      return { account, currency, balance };
    })
    .filter((b) => b.balance < 0 && !isOutside(b.account));
  // Per currency, every account's balance together: zero when every entry moved money from one
  // account to another and nothing else.
  const sums = new Map<string, number>();
  for (const [key, balance] of balances) {
    const currency = key.split('|')[1]!;
    sums.set(currency, (sums.get(currency) ?? 0) + balance);
  }
  const sumList = [...sums].map(([currency, sum]) => ({ currency, sum }));
  // The balances the views derive (what GET /api/balance shows) must be the entries' balances.
  const derived = await db.view('ledger', 'by_account', { reduce: true, group_level: 2 } as never);
  const seen = new Set<string>();
  for (const row of derived.rows as unknown as { key: [string, string]; value: number }[]) {
    const key = `${row.key[0]}|${row.key[1]}`;
    seen.add(key);
    if ((balances.get(key) ?? 0) !== row.value)
      differences.push({
        order_id: row.key[0],
        status: 'balance',
        missing: [],
        unexpected: [`view ${row.value} ≠ entries ${balances.get(key) ?? 0}`],
      });
  }
  for (const [key, balance] of balances)
    if (!seen.has(key) && balance !== 0)
      differences.push({
        order_id: key.split('|')[0]!,
        status: 'balance',
        missing: [`view has no balance; entries ${balance}`],
        unexpected: [],
      });
  return {
    ok: !differences.length && !negative.length && sumList.every((s) => s.sum === 0),
    checked_orders: checkedOrders,
    checked_entries: checkedEntries,
    sums: sumList,
    negative_balances: negative,
    differences,
  };
}
