import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import '@/components/form/form.css';
import { SearchInput } from '@/components/ui/search-input';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import { listOrders } from '../api/orders';
import { useSearchBox } from '../hooks/use-search-box';
import type { Order, OrderStatus } from '../types';
import {
  changeOrderFilters,
  DEFAULT_ORDER_FILTERS,
  orderFiltersToParams,
  orderFiltersToQuery,
  parseOrderFilters,
  type OrderFilters,
} from '../utils/order-filters';
import { ORDER_STATUSES, orderStatusLabel, shortOrderId, totalOrderCount } from '../utils/orders';
import { OrderStatusBadge } from './badges';
import { ListSection } from './list-section';
import { LoadState } from './load-state';
import './admin.css';

function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table orders-table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Agent</th>
            <th scope="col">Status</th>
            <th scope="col">Total</th>
            <th scope="col">Placed</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label="Order">
                <Link to={buildPath('admin.orders.show', { id: order.id })}>{order.gig.title}</Link>
                <span className="cell-sub muted">{shortOrderId(order.id)}</span>
              </th>
              <td data-label="Customer" className="cell-wrap">
                {order.customer.full_name}
              </td>
              <td data-label="Agent" className="cell-wrap">
                {order.agent.full_name}
              </td>
              <td data-label="Status">
                <OrderStatusBadge status={order.status} />
              </td>
              <td data-label="Total" className="cell-nowrap cell-money">
                {formatMoney(order.total)}
                {order.refunded.amount > 0 && (
                  <span className="cell-sub muted">{formatMoney(order.refunded)} refunded</span>
                )}
              </td>
              <td data-label="Placed" className="cell-nowrap">
                {formatDate(order.created_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The status select, each option with its count once the first answer came. */
function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: OrderStatus | '';
  counts: Partial<Record<string, number>> | undefined;
  onChange: (status: OrderStatus | '') => void;
}) {
  const id = useId();
  const withCount = (label: string, count: number | undefined) =>
    counts ? `${label} (${(count ?? 0).toLocaleString('en-GB')})` : label;
  return (
    <div className="field filter-field">
      <label htmlFor={id}>Status</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as OrderStatus | '')}
      >
        <option value="">{withCount('All statuses', counts && totalOrderCount(counts))}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {withCount(orderStatusLabel(status), counts?.[status])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /admin/orders: every order on the marketplace; status, search and page live in the URL. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = parseOrderFilters(params);
  const searchBox = useSearchBox(filters.q);
  const query = orderFiltersToQuery(filters);
  const { resource, reload } = useResource(`orders:${JSON.stringify(query)}`, (signal) =>
    listOrders(query, { signal }),
  );
  const isFiltered = !!(filters.status || filters.q);

  const change = (patch: Partial<OrderFilters>, replace = false) =>
    setParams(orderFiltersToParams(changeOrderFilters(filters, patch)), { replace });
  const hrefFor = (page: number) => {
    const search = orderFiltersToParams({ ...filters, page }).toString();
    return search ? `?${search}` : '?';
  };

  return (
    <div className="admin-page">
      <div className="page-heading">
        <div>
          <h1>Orders</h1>
          <p className="muted">Every order on the marketplace, most recently changed first.</p>
        </div>
        <Link to={buildPath('admin.disputes')} className="button button-secondary">
          Disputes
        </Link>
      </div>

      <form
        className="card filters"
        role="search"
        aria-label="Filter orders"
        onSubmit={(event) => event.preventDefault()}
      >
        <SearchInput
          key={searchBox.boxKey}
          className="field filter-field filter-search"
          label="Search"
          placeholder="Order number, gig or name"
          maxLength={100}
          defaultValue={filters.q}
          onSearch={(text) => {
            const q = text.trim();
            if (q === filters.q) return;
            searchBox.report(q);
            change({ q }, true);
          }}
        />
        <StatusFilter
          value={filters.status}
          counts={resource.data?.counts}
          onChange={(status) => change({ status })}
        />
        {isFiltered && (
          <button
            type="button"
            className="button button-ghost filters-clear"
            onClick={() => setParams(orderFiltersToParams(DEFAULT_ORDER_FILTERS))}
          >
            Clear filters
          </button>
        )}
      </form>

      <LoadState resource={resource} onRetry={reload} what="orders">
        {(list) => (
          <ListSection
            label="Orders"
            noun="order"
            meta={list.meta}
            isFiltered={isFiltered}
            isBusy={resource.status === 'loading'}
            hrefFor={hrefFor}
          >
            {list.data.length > 0 && <OrdersTable orders={list.data} />}
          </ListSection>
        )}
      </LoadState>
    </div>
  );
}
