import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { plural } from '@/lib/format';
import type { Resource } from '@/lib/use-resource';
import type { LedgerCheck, OrderList } from '../types';
import { openOrderCount, shortOrderId } from '../utils/orders';
import { LoadState } from './load-state';

/** Differences listed by order; more than this says "and N more". */
const SHOWN_DIFFERENCES = 5;

function Ledger({ check }: { check: LedgerCheck }) {
  const problems = check.differences.length + check.negative_balances.length;
  const shown = check.differences.slice(0, SHOWN_DIFFERENCES);
  return (
    <div className="ledger-health">
      <p className="ledger-verdict">
        {check.ok ? (
          <span className="badge" data-tone="ok">
            Ledger balanced
          </span>
        ) : (
          <span className="badge" data-tone="warn">
            Ledger: {plural(problems, 'problem')}
          </span>
        )}{' '}
        <span className="muted">
          Checked {plural(check.checked_orders, 'order')} and{' '}
          {plural(check.checked_entries, 'entry', 'entries')}.
        </span>
      </p>
      {check.differences.length > 0 && (
        <>
          <h3>
            {plural(check.differences.length, 'order differs', 'orders differ')} from its entries
          </h3>
          <ul className="ledger-differences">
            {shown.map((difference) => (
              <li key={difference.order_id}>
                <Link to={buildPath('admin.orders.show', { id: difference.order_id })}>
                  Order {shortOrderId(difference.order_id)}
                </Link>{' '}
                <span className="muted">
                  ({difference.status}
                  {difference.missing.length > 0 && `; missing ${difference.missing.join(', ')}`}
                  {difference.unexpected.length > 0 &&
                    `; unexpected ${difference.unexpected.join(', ')}`}
                  )
                </span>
              </li>
            ))}
          </ul>
          {check.differences.length > shown.length && (
            <p className="muted">and {check.differences.length - shown.length} more.</p>
          )}
        </>
      )}
      {check.negative_balances.length > 0 && (
        <p>
          {plural(check.negative_balances.length, 'account')} below zero:{' '}
          {check.negative_balances.map((b) => b.account).join(', ')}.
        </p>
      )}
    </div>
  );
}

/**
 * The dashboard's orders card: open and disputed orders (the list's counts per status) and the
 * ledger check, each loaded on its own so one failing leaves the other on screen.
 */
export function OrdersHealth({
  counts,
  ledger,
  onRetry,
}: {
  counts: Resource<OrderList>;
  ledger: Resource<LedgerCheck>;
  onRetry: () => void;
}) {
  return (
    <section className="card" aria-labelledby="orders-health-title">
      <h2 id="orders-health-title">Orders and the ledger</h2>
      <LoadState resource={counts} onRetry={onRetry} what="the order counts">
        {(list) => (
          <ul className="stat-pairs" aria-label="Orders">
            <li>
              <span className="stat-value">
                {openOrderCount(list.counts).toLocaleString('en-GB')}
              </span>{' '}
              <Link to={buildPath('admin.orders')}>open orders</Link>
              <span className="muted"> (paid, not finished)</span>
            </li>
            <li>
              <span className="stat-value">
                {(list.counts.disputed ?? 0).toLocaleString('en-GB')}
              </span>{' '}
              <Link to={buildPath('admin.disputes')}>disputed</Link>
            </li>
          </ul>
        )}
      </LoadState>
      <LoadState resource={ledger} onRetry={onRetry} what="the ledger check">
        {(check) => <Ledger check={check} />}
      </LoadState>
    </section>
  );
}
