import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { getBalance, listOrders, type Order, type OrderList, type OrderSide } from '../api/orders';
import { ACTIVE_STATUSES, activeCount } from '../utils/status';
import { EarningsChart } from './earnings-chart';
import { LoadError, Loading } from './load-state';
import { OrderRow } from './my-orders';
import './orders.css';

/** How many of the newest orders the dashboards read to find the active ones. */
const RECENT = 50;
const SHOWN = 5;

export interface OrdersPanelProps {
  myOrdersHref: string;
  orderHref: (id: string) => string;
}

const activeOf = (list: OrderList): Order[] =>
  list.data.filter((o) => ACTIVE_STATUSES.includes(o.status)).slice(0, SHOWN);

/** What a panel shows: the balance and the newest orders on `side`. */
const usePanelData = (side: OrderSide) =>
  useResource(`${side}-orders-panel`, (signal) =>
    Promise.all([getBalance({ signal }), listOrders({ as: side, per_page: RECENT }, { signal })]),
  );

/** The customer dashboard's orders: the active ones, what is in escrow, the total spent. */
export function CustomerOrdersPanel({ myOrdersHref, orderHref }: OrdersPanelProps) {
  const { resource, reload } = usePanelData('customer');
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (!resource.data) return <Loading what="your orders" />;
  const [balance, list] = resource.data;
  const active = activeOf(list);
  const awaiting = list.counts.pending_payment ?? 0;
  return (
    <section className="card orders-panel" aria-labelledby="customer-orders-title">
      <h2 id="customer-orders-title">Your orders</h2>
      <StatTiles
        tiles={[
          ['Active orders', 'active-orders', activeCount(list.counts)],
          ['Total spent', 'total-spent', formatMoney(balance.spent)],
          ['In escrow', 'in-escrow', formatMoney(balance.in_escrow)],
        ]}
      />
      {awaiting > 0 && (
        <p>
          <Link to={`${myOrdersHref}?status=pending_payment`}>
            {plural(awaiting, 'order')} waiting for your payment
          </Link>
        </p>
      )}
      <ActiveList
        orders={active}
        side="customer"
        orderHref={orderHref}
        empty={
          (list.counts['*'] ?? 0) === 0
            ? 'You have not ordered anything yet. Orders you place show here.'
            : 'No active orders right now.'
        }
      />
      <p>
        <Link to={myOrdersHref}>See all your orders</Link>
      </p>
    </section>
  );
}

/**
 * The agent dashboard's orders and earnings: active orders, the balance (pending clearance,
 * available, earned) and earnings per month from the completed orders.
 */
export function AgentOrdersPanel({ myOrdersHref, orderHref }: OrdersPanelProps) {
  const { resource, reload } = usePanelData('agent');
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (!resource.data) return <Loading what="your orders" />;
  const [balance, list] = resource.data;
  const total = list.counts['*'] ?? 0;
  return (
    <section className="card orders-panel" aria-labelledby="orders-title">
      <h2 id="orders-title">Orders and earnings</h2>
      {total === 0 ? (
        <p className="muted">Orders and earnings appear here once you receive orders.</p>
      ) : (
        <>
          <StatTiles
            tiles={[
              ['Active orders', 'active-orders', activeCount(list.counts)],
              ['Pending clearance', 'pending-clearance', formatMoney(balance.pending_clearance)],
              ['Available', 'available', formatMoney(balance.available)],
              ['Earned', 'earned', formatMoney(balance.earned)],
            ]}
          />
          <p className="muted">
            Earnings from a completed order clear after a few days, then they are available to
            withdraw.
          </p>
          <h3>Active orders</h3>
          <ActiveList
            orders={activeOf(list)}
            side="agent"
            orderHref={orderHref}
            empty="No active orders right now."
          />
          <p>
            <Link to={myOrdersHref}>See all {plural(total, 'order')}</Link>
          </p>
          <h3>Earnings per month</h3>
          <EarningsChart hasCompleted={(list.counts.completed ?? 0) > 0} />
        </>
      )}
    </section>
  );
}

/** The figures at the top of a panel: each a label, a test id and a value. */
function StatTiles({ tiles }: { tiles: [label: string, testId: string, value: ReactNode][] }) {
  return (
    <dl className="stat-tiles">
      {tiles.map(([label, testId, value]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActiveList({
  orders,
  side,
  orderHref,
  empty,
}: {
  orders: Order[];
  side: 'customer' | 'agent';
  orderHref: (id: string) => string;
  empty: string;
}) {
  if (orders.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="order-rows" aria-label="Active orders">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} side={side} href={orderHref(order.id)} />
      ))}
    </ul>
  );
}
