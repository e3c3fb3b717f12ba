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
import type { OrderDoc } from './order-machine';
import { walletEntries, type WalletDoc } from '../withdrawals/wallet.model';
import { expectedEntries, isOutside, type EntryDoc } from './ledger-entries';

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

/** An agent's cleared earnings: every release to them whose clearance date has passed. */
export async function clearedEarnings(
  couch: Couch,
  agentId: string,
  now: Date,
  currency = 'USD',
): Promise<number> {
  // Releases are keyed by their clearance date; withdrawal entries by '' (before any date).
  return sumRange(couch, `agent:${agentId}`, currency, '0', now.toISOString());
}

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
    withdrawn: money(payout),
    earned: money(available + pending + pendingPayout + payout),
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
  // Every wallet's withdrawals against their entries.
  for (let startkey = 'wallet:'; ;) {
    const page = await db.list({
      startkey,
      endkey: 'wallet:\ufff0',
      include_docs: true,
      limit: pageSize + 1,
    });
    for (const row of page.rows.slice(0, pageSize)) {
      const wallet = row.doc as unknown as WalletDoc;
      if (wallet?.type !== 'wallet') continue;
      const want = walletEntries(wallet);
      for (const w of wallet.withdrawals) {
        const ref = `wd-${w.id}`;
        const have = actual.get(ref) ?? new Map<string, EntryDoc>();
        actual.delete(ref);
        const missing: string[] = [];
        const unexpected: string[] = [];
        for (const entry of want.filter((e) => e.ref === ref)) {
          const found = have.get(entry._id);
          if (!found) missing.push(`${entry.kind} ${entry.amount} ${entry.from} → ${entry.to}`);
          else if (
            found.amount !== entry.amount ||
            found.from !== entry.from ||
            found.to !== entry.to
          )
            unexpected.push(`${found.kind} ${found.amount} ${found.from} → ${found.to}`);
          have.delete(entry._id);
        }
        for (const extra of have.values())
          unexpected.push(`${extra.kind} ${extra.amount} ${extra.from} → ${extra.to}`);
        if (missing.length || unexpected.length)
          differences.push({ order_id: ref, status: w.status, missing, unexpected });
      }
    }
    if (page.rows.length <= pageSize) break;
    startkey = page.rows[pageSize]!.id;
  }
  // Entries of no order and no withdrawal.
  for (const [ref, entries] of actual) {
    const orphans = [...entries.values()];
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
