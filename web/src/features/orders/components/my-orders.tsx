import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { useIsOnline } from '@/components/ui/use-online-status';
import { formatDate, plural } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { deviceOrderList, useDeviceOrders } from '../api/device-orders';
import { listOrders, type Order, type OrderAction, type OrderSide } from '../api/orders';
import { isStatus, STATUS_LABELS, STATUS_TABS } from '../utils/status';
import { travelDates } from '../utils/travel';
import { DeviceCopyNote } from './device-copy';
import { LoadError, Loading } from './load-state';
import './orders.css';

const PER_PAGE = 10;

/** Actions that mean the order waits for the viewer (Cancel and Dispute are always there). */
const YOUR_MOVE: OrderAction[] = [
  'pay',
  'start',
  'deliver',
  'accept',
  'revision',
  'cancel_accept',
  'cancel_decline',
];

export interface MyOrdersProps {
  side: OrderSide;
  orderHref: (id: string) => string;
  /** Where a customer with no orders finds something to order. */
  exploreHref: string;
}

/**
 * My Orders: the viewer's orders on one side, by status (tabs with counts), searchable by gig,
 * person or order number, a page at a time. The status, search and page are in the URL, so a
 * view is a link and Back restores it.
 */
export function MyOrders({ side, orderHref, exploreHref }: MyOrdersProps) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : null;
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const key = JSON.stringify([side, status, q, page]);
  const isOnline = useIsOnline();
  const { resource, reload } = useResource(isOnline ? key : null, (signal) =>
    listOrders({ as: side, status, q: q || null, page, per_page: PER_PAGE }, { signal }),
  );
  // Offline, or the server out of reach: the mirrors of the orders on this device.
  const fromDevice = !isOnline || isUnreachable(resource);
  const mirrors = useDeviceOrders(side, fromDevice);

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const search = (text: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const list = fromDevice
    ? mirrors && deviceOrderList(mirrors, { status, q, page, perPage: PER_PAGE })
    : resource.data;
  const counts = list?.counts ?? {};
  const tabs: { status: string | null; label: string; count: number }[] = [
    { status: null, label: 'All', count: counts['*'] ?? 0 },
    ...STATUS_TABS.map((s) => ({ status: s, label: STATUS_LABELS[s], count: counts[s] ?? 0 })),
  ];
  const other = side === 'customer' ? 'agent' : 'customer';

  return (
    <div className="my-orders">
      <nav aria-label="Orders by status" className="order-tabs">
        <ul>
          {tabs
            // Statuses with no orders are left out, except the one being looked at.
            .filter((tab) => tab.status === null || tab.count > 0 || tab.status === status)
            .map((tab) => (
              <li key={tab.status ?? 'all'}>
                <Link
                  to={hrefWith({ status: tab.status, page: null })}
                  aria-current={tab.status === status ? 'page' : undefined}
                >
                  {tab.label} ({tab.count})
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <SearchInput
        key={`${side}-search`}
        label="Search your orders"
        placeholder={`Gig, ${other} or order number`}
        defaultValue={q}
        onSearch={search}
        className="order-search"
      />

      {fromDevice && <DeviceCopyNote what="your orders" />}
      {!fromDevice && resource.status === 'error' ? (
        <LoadError error={resource.error} onRetry={reload} />
      ) : !list ? (
        <Loading what="your orders" />
      ) : list.data.length === 0 ? (
        <EmptyOrders
          side={side}
          status={status}
          q={q}
          exploreHref={exploreHref}
          allHref={pathname}
        />
      ) : (
        <>
          <p className="muted" role="status">
            {plural(list.meta.total, 'order')}
            {status ? ` ${STATUS_LABELS[status].toLowerCase()}` : ''}
            {q ? ` matching “${q}”` : ''}
            {!fromDevice && resource.status === 'loading' ? ' (updating…)' : ''}
          </p>
          <h2 className="visually-hidden">Orders</h2>
          <ul className="order-rows">
            {list.data.map((order) => (
              <OrderRow key={order.id} order={order} side={side} href={orderHref(order.id)} />
            ))}
          </ul>
          <Pagination
            page={list.meta.page}
            lastPage={list.meta.last_page}
            hrefFor={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
            label="Pages of orders"
          />
        </>
      )}
    </div>
  );
}

function EmptyOrders({
  side,
  status,
  q,
  exploreHref,
  allHref,
}: {
  side: OrderSide;
  status: string | null;
  q: string;
  exploreHref: string;
  allHref: string;
}) {
  if (q || status)
    return (
      <section className="card empty-card">
        <h2>No orders here</h2>
        <p>
          {q ? `No order matches “${q}”` : 'No orders with this status'}.{' '}
          <Link to={allHref}>See all your orders</Link>
        </p>
      </section>
    );
  return (
    <section className="card empty-card">
      <h2>No orders yet</h2>
      {side === 'customer' ? (
        <p>
          Find a gig you like, choose a package and your dates, and your order shows here.{' '}
          <Link to={exploreHref}>Explore gigs</Link>
        </p>
      ) : (
        <p>When customers order your gigs, their orders show here, with what to do next.</p>
      )}
    </section>
  );
}

export function OrderRow({ order, side, href }: { order: Order; side: OrderSide; href: string }) {
  const other = side === 'customer' ? order.agent : order.customer;
  const yourMove = order.actions.some((a) => YOUR_MOVE.includes(a));
  return (
    <li className="card order-row" data-order-id={order.id}>
      <div className="order-row-main">
        <h3>
          <Link to={href}>{order.gig.title}</Link>
        </h3>
        <p className="muted">
          {order.package.name} · {side === 'customer' ? 'by' : 'for'} {other.full_name} ·{' '}
          {travelDates(order.travel)}
        </p>
        <p className="muted order-row-id">
          Order {order.id} · placed {formatDate(order.created_at)}
        </p>
      </div>
      <div className="order-row-side">
        <span className="badge" data-status={order.status}>
          {STATUS_LABELS[order.status]}
        </span>
        {yourMove && <span className="order-your-move">Waiting for you</span>}
        <span className="order-row-amount">
          {side === 'agent' ? (
            <>
              {formatMoney(order.agent_earnings)} <span className="muted">earnings</span>
            </>
          ) : (
            formatMoney(order.total)
          )}
        </span>
      </div>
    </li>
  );
}
