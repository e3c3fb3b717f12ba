// The orders list keeps its status, search and page in the URL (as the users list does), so a
// filtered list is a link and comes back with the Back button. Unknown values fall back.
import type { QueryValue } from '@/lib/api-client';
import type { OrderStatus } from '../types';
import { ORDER_STATUSES } from './orders';

const ORDERS_PER_PAGE = 20;

export interface OrderFilters {
  status: OrderStatus | '';
  q: string;
  page: number;
}

export const DEFAULT_ORDER_FILTERS: OrderFilters = { status: '', q: '', page: 1 };

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The filters in `params`; anything missing or unknown is the default. */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as OrderStatus)
      : '',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: pageOf(params),
  };
}

/** The URL query for `filters`, defaults left out. */
export function orderFiltersToParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The query for GET /api/admin/orders (and /api/admin/disputes, which ignores the status). */
export function orderFiltersToQuery(filters: OrderFilters): Record<string, QueryValue> {
  return {
    status: filters.status || undefined,
    q: filters.q.trim() || undefined,
    page: filters.page,
    per_page: ORDERS_PER_PAGE,
  };
}

/** `filters` with `change` applied; any change but the page goes back to page 1. */
export function changeOrderFilters(
  filters: OrderFilters,
  change: Partial<OrderFilters>,
): OrderFilters {
  const next = { ...filters, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return onlyPage ? next : { ...next, page: 1 };
}
