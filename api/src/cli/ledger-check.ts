/**
 * `npm run ledger:check [-- --json]`: reconciles the ledger of the configured database (COUCH_URL,
 * or the embedded server of DATA_DIR: a running API's, or one started for the check) with
 * `checkLedger` (routes/orders/ledger.ts, as `GET /api/admin/ledger/check` does): every order's
 * entries against the ones its state requires, entries of no order, the sum per currency, inside
 * accounts below zero, and the balance view against the entries. Prints a report (`--json`: the
 * check as JSON) and exits 0 when the ledger reconciles, 1 when it does not or could not be read.
 * It only reads.
 */
import { parseArgs } from 'node:util';
import { checkLedger } from '../routes/orders/ledger';
import type { LedgerCheck } from '../schemas/orders';
import { runTool } from './tool';

const money = (amount: number) => (amount / 100).toFixed(2);

/** The check as a person reads it. */
function report(check: LedgerCheck, target: string): string {
  const lines = [
    `Ledger of ${target}: ${check.ok ? 'OK, it reconciles' : 'NOT OK'}`,
    `  orders checked      ${check.checked_orders}`,
    `  entries checked     ${check.checked_entries}`,
    `  sum per currency    ${
      check.sums.length
        ? check.sums
            .map((s) => `${s.currency} ${money(s.sum)}${s.sum === 0 ? '' : ' (should be 0)'}`)
            .join(', ')
        : 'no entries'
    }`,
  ];
  if (check.negative_balances.length) {
    lines.push(`  inside accounts below zero (${check.negative_balances.length}):`);
    for (const b of check.negative_balances)
      lines.push(`    ${b.account}  ${b.currency} ${money(b.balance)}`);
  } else lines.push('  inside accounts below zero: none');
  if (check.differences.length) {
    lines.push(`  differences (${check.differences.length}):`);
    for (const d of check.differences) {
      lines.push(`    ${d.order_id} (${d.status})`);
      for (const m of d.missing) lines.push(`      missing     ${m}`);
      for (const u of d.unexpected) lines.push(`      unexpected  ${u}`);
    }
  } else lines.push('  differences: none');
  return lines.join('\n');
}

runTool('ledger:check', 'market', async ({ couch, env, target }) => {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const check = await checkLedger(couch, env.CLEARANCE_DAYS);
  console.log(values.json ? JSON.stringify(check, null, 2) : report(check, target));
  return check.ok ? 0 : 1;
});
