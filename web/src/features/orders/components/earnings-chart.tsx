import { BarChart } from '@/components/chart/bar-chart';
import { formatMoney, minorUnitsPerUnit } from '@/lib/money';
import { plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import { listOrders, type Order } from '../api/orders';
import { earningsByMonth, monthLabel, monthStart } from '../utils/earnings';
import { LoadError, Loading } from './load-state';

const MONTHS = 12;
const PER_PAGE = 100;
/** At most this many pages of completed orders are read for the chart (1,000 orders). */
const MAX_PAGES = 10;

/**
 * The agent's completed orders in the chart's window: read newest change first, a page at a
 * time, until an order last changed before the window began (it completed before then too).
 */
async function completedSince(since: Date, signal: AbortSignal): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await listOrders(
      { as: 'agent', status: 'completed', page, per_page: PER_PAGE },
      { signal },
    );
    orders.push(...list.data);
    const oldest = list.data[list.data.length - 1];
    if (page >= list.meta.last_page || !oldest) break;
    const lastChange = oldest.timeline[oldest.timeline.length - 1]?.at ?? oldest.completed_at;
    if (lastChange && Date.parse(lastChange) < since.getTime()) break;
  }
  return orders;
}

/** Earnings per month over the last 12 months, from the completed orders' earnings. */
export function EarningsChart({ hasCompleted }: { hasCompleted: boolean }) {
  const { resource, reload } = useResource(hasCompleted ? 'agent-earnings' : null, (signal) =>
    completedSince(monthStart(new Date(), MONTHS - 1), signal),
  );
  if (!hasCompleted)
    return <p className="muted">Your earnings per month show here once an order completes.</p>;
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (!resource.data) return <Loading what="your earnings" />;

  const { currency, months } = earningsByMonth(resource.data, new Date(), MONTHS);
  const per = minorUnitsPerUnit(currency);
  const money = (amount: number) => formatMoney({ amount, currency });
  const total = months.reduce((sum, m) => sum + m.amount, 0);
  const orders = months.reduce((sum, m) => sum + m.orders, 0);
  const best = months.reduce((top, m) => (m.amount > top.amount ? m : top), months[0]!);
  const summary =
    total === 0
      ? `No earnings in the last ${MONTHS} months.`
      : `${money(total)} earned from ${plural(orders, 'completed order')} in the last ${MONTHS} months; the most in ${monthLabel(best.month)} (${money(best.amount)}).`;
  return (
    <BarChart
      title={`Your earnings per month, last ${MONTHS} months`}
      rows={months.map((m) => ({ label: m.month, counts: { earnings: m.amount / per } }))}
      keys={['earnings']}
      colorOf={() => '#0b5c6b'}
      summary={summary}
      height={200}
      formatLabel={monthLabel}
      labelHeading="Month"
      formatValue={(value) => money(Math.round(value * per))}
      describe={(_key, value) => money(Math.round(value * per))}
    />
  );
}
