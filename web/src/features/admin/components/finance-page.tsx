import { BarChart } from '@/components/chart/bar-chart';
import { plural } from '@/lib/format';
import { formatMoney, type Money } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { getFinance, type Finance, type FinanceMonth } from '../api/finance';
import { PageHeading } from './admin-list';
import { LoadState } from './load-state';
import './admin.css';
import './withdrawals.css';

function MoneyTile({ label, money, detail }: { label: string; money: Money; detail: string }) {
  return (
    <li className="card stat-tile">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{formatMoney(money)}</span>
      <span className="stat-detail muted">{detail}</span>
    </li>
  );
}

/** Distinct for common colour-vision deficiencies and at least 3:1 on white. */
const SERIES: { key: keyof Omit<FinanceMonth, 'month'>; name: string; color: string }[] = [
  { key: 'gross_volume', name: 'Gross volume', color: '#0b5c6b' },
  { key: 'fees_earned', name: 'Fees earned', color: '#c2410c' },
  { key: 'released', name: 'Released to agents', color: '#7c3aed' },
  { key: 'paid_out', name: 'Paid out', color: '#15803d' },
  { key: 'refunded', name: 'Refunded', color: '#be185d' },
];

const seriesOf = (key: string) => SERIES.find((s) => s.key === key)!;

/** "2026-06" → "Jun 2026" (UTC months). */
function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function OverTime({ finance }: { finance: Finance }) {
  const { currency, over_time: months } = finance;
  if (months.length === 0) return <p className="muted">No money has moved yet.</p>;
  const money = (amount: number) => formatMoney({ amount, currency });
  const compact = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
  });
  const latest = months.at(-1)!;
  const summary = `${plural(months.length, 'month')} of ledger movements. In ${monthLabel(latest.month)}: ${money(latest.gross_volume)} gross volume, ${money(latest.fees_earned)} in fees, ${money(latest.paid_out)} paid out.`;
  return (
    <BarChart
      grouped
      title={`Money per month (${currency})`}
      rows={months.map((m) => ({
        label: m.month,
        counts: Object.fromEntries(SERIES.map((s) => [s.key, m[s.key]])),
      }))}
      keys={SERIES.map((s) => s.key)}
      colorOf={(key) => seriesOf(key).color}
      nameOf={(key) => seriesOf(key).name}
      describe={(key, value) => `${seriesOf(key).name} ${money(value)}`}
      summary={summary}
      height={240}
      labelHeading="Month"
      formatLabel={monthLabel}
      formatValue={money}
      formatTick={(value) => compact.format(value / 100)}
    />
  );
}

function Ledger({ ledger }: { ledger: Finance['ledger'] }) {
  const checked = `${plural(ledger.checked_orders, 'order')} and ${plural(ledger.checked_entries, 'ledger entry', 'ledger entries')} checked.`;
  return (
    <div data-testid="ledger-check">
      <p>
        <span className="badge" data-tone={ledger.ok ? 'ok' : 'error'}>
          {ledger.ok ? 'Ledger reconciled' : 'Ledger does not reconcile'}
        </span>
      </p>
      <p>{checked}</p>
      <dl className="facts">
        <div>
          <dt>Orders whose entries differ from their state</dt>
          <dd>{ledger.differences.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Accounts below zero</dt>
          <dd>{ledger.negative_balances.toLocaleString('en-GB')}</dd>
        </div>
      </dl>
      {!ledger.ok && (
        <p>
          Every order’s entries are compared with its state, the balances with the entries, and
          every currency must sum to zero; <code>GET /api/admin/ledger/check</code> lists what
          differs.
        </p>
      )}
    </div>
  );
}

function Figures({ finance: f }: { finance: Finance }) {
  return (
    <>
      <ul className="stat-grid" aria-label="Money figures">
        <MoneyTile label="Gross volume" money={f.gross_volume} detail="Paid by customers" />
        <MoneyTile label="Fees earned" money={f.fees_earned} detail="The platform’s share" />
        <MoneyTile label="Refunded" money={f.refunded} detail="Back to customers" />
        <MoneyTile label="Escrow held" money={f.escrow_held} detail="Paid, order still open" />
        <MoneyTile
          label="Pending clearance"
          money={f.pending_clearance}
          detail="Released to agents, clearing"
        />
        <MoneyTile
          label="Pending payouts"
          money={f.pending_payouts}
          detail="Requested, not paid yet"
        />
        <MoneyTile label="Paid out" money={f.paid_out} detail="Withdrawals paid" />
      </ul>
      <section className="card" aria-labelledby="finance-ledger-title">
        <h2 id="finance-ledger-title">Reconciliation</h2>
        <Ledger ledger={f.ledger} />
      </section>
      <section className="card chart-card finance-chart" aria-labelledby="finance-time-title">
        <h2 id="finance-time-title">Over time</h2>
        <OverTime finance={f} />
      </section>
    </>
  );
}

/** /admin/finance: the marketplace's money, every figure derived from the ledger. */
export function FinancePage() {
  const { resource, reload } = useResource('finance', (signal) => getFinance({ signal }));
  return (
    <div className="admin-page">
      <PageHeading title="Finance" onRefresh={reload}>
        Every figure is derived from the ledger, never stored.
      </PageHeading>
      <LoadState resource={resource} onRetry={reload} what="the figures">
        {(finance) => <Figures finance={finance} />}
      </LoadState>
    </div>
  );
}
