import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { formatMoney, type Money } from '@/lib/money';
import type { Resource } from '@/lib/use-resource';
import type { Clearance } from '../hooks/use-wallet';
import type { Balance } from '../types';
import { CLEARANCE_DAYS } from '../utils/clearance';

function Figure({
  label,
  money,
  testId,
  children,
}: {
  label: string;
  money: Money;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="card wallet-figure">
      <dt>{label}</dt>
      <dd className="wallet-figure-value" data-testid={testId}>
        {formatMoney(money)}
      </dd>
      {children && <dd className="wallet-figure-detail">{children}</dd>}
    </div>
  );
}

const EACH_CLEARS = `Each order’s earnings clear ${CLEARANCE_DAYS} days after it is completed.`;

/** When the money still clearing becomes available: per day when known, else the rule. */
function ClearanceDates({
  pending,
  clearance,
}: {
  pending: Money;
  clearance: Resource<Clearance> | null;
}) {
  if (pending.amount <= 0) return <span className="muted">Nothing is clearing now.</span>;
  if (!clearance) return <span className="muted">{EACH_CLEARS} The dates show online.</span>;
  if (clearance.status === 'loading')
    return <span className="muted">Looking up when it clears…</span>;
  if (clearance.status === 'error' || !clearance.data.isComplete)
    return <span className="muted">{EACH_CLEARS}</span>;
  return (
    <ul className="clearance-list" aria-label="When it clears" data-testid="clearance-dates">
      {clearance.data.parts.map((part) => (
        <li key={part.clears_at}>
          {formatMoney({ amount: part.amount, currency: pending.currency })} on{' '}
          <time dateTime={part.clears_at}>{formatDate(part.clears_at)}</time>
        </li>
      ))}
    </ul>
  );
}

/** The four figures an agent asks about: what can go out now, what is coming, what went out. */
export function BalancePanel({
  balance,
  clearance,
}: {
  balance: Balance;
  /** Null when the dates cannot be looked up (offline). */
  clearance: Resource<Clearance> | null;
}) {
  return (
    <section className="wallet-section" aria-labelledby="wallet-balance-title">
      <h2 id="wallet-balance-title">Your balance</h2>
      <dl className="wallet-figures">
        <Figure
          label="Available to withdraw"
          money={balance.available}
          testId="balance-available"
        />
        <Figure
          label="Pending clearance"
          money={balance.pending_clearance}
          testId="balance-pending-clearance"
        >
          <ClearanceDates pending={balance.pending_clearance} clearance={clearance} />
        </Figure>
        <Figure
          label="Pending payouts"
          money={balance.pending_payout}
          testId="balance-pending-payout"
        >
          <span className="muted">Requested, waiting to be paid.</span>
        </Figure>
        <Figure label="Withdrawn" money={balance.withdrawn} testId="balance-withdrawn" />
      </dl>
    </section>
  );
}
