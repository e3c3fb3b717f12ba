import { Link } from 'react-router-dom';
import { plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { getBalance, listOrders, type Order, type OrderList } from '../api/orders';
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

/** The customer dashboard's orders: the active ones, what is in escrow, the total spent. */
export function CustomerOrdersPanel({ myOrdersHref, orderHref }: OrdersPanelProps) {
  const { resource, reload } = useResource('customer-orders-panel', (signal) =>
    Promise.all([
      getBalance({ signal }),
      listOrders({ as: 'customer', per_page: RECENT }, { signal }),
    ]),
  );
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (!resource.data) return <Loading what="your orders" />;
  const [balance, list] = resource.data;
  const active = activeOf(list);
  const awaiting = list.counts.pending_payment ?? 0;
  return (
    <section className="card orders-panel" aria-labelledby="customer-orders-title">
      <h2 id="customer-orders-title">Your orders</h2>
      <dl className="stat-tiles">
        <div>
          <dt>Active orders</dt>
          <dd data-testid="active-orders">{activeCount(list.counts)}</dd>
        </div>
        <div>
          <dt>Total spent</dt>
          <dd data-testid="total-spent">{formatMoney(balance.spent)}</dd>
        </div>
        <div>
          <dt>In escrow</dt>
          <dd data-testid="in-escrow">{formatMoney(balance.in_escrow)}</dd>
        </div>
      </dl>
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
  const { resource, reload } = useResource('agent-orders-panel', (signal) =>
    Promise.all([
      getBalance({ signal }),
      listOrders({ as: 'agent', per_page: RECENT }, { signal }),
    ]),
  );
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
          <dl className="stat-tiles">
            <div>
              <dt>Active orders</dt>
              <dd data-testid="active-orders">{activeCount(list.counts)}</dd>
            </div>
            <div>
              <dt>Pending clearance</dt>
              <dd data-testid="pending-clearance">{formatMoney(balance.pending_clearance)}</dd>
            </div>
            <div>
              <dt>Available</dt>
              <dd data-testid="available">{formatMoney(balance.available)}</dd>
            </div>
            <div>
              <dt>Earned</dt>
              <dd data-testid="earned">{formatMoney(balance.earned)}</dd>
            </div>
          </dl>
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
