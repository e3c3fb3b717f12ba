import { api, type QueryValue } from '@/lib/api-client';
import type { DisputeResolution, LedgerCheck, Order, OrderList } from '../types';

/** GET /api/admin/orders: every order (or one status), searched by `q`, newest change first. */
export function listOrders(
  query: Record<string, QueryValue>,
  options: { signal?: AbortSignal } = {},
): Promise<OrderList> {
  return api.get<OrderList>('/admin/orders', { ...options, query });
}

/** GET /api/admin/orders/:id: one order with its deliveries, timeline and dispute. */
export async function getOrder(id: string, options: { signal?: AbortSignal } = {}): Promise<Order> {
  return (await api.get<{ order: Order }>(`/admin/orders/${encodeURIComponent(id)}`, options))
    .order;
}

/** GET /api/admin/disputes: the disputed orders, most recently changed first. */
export function listDisputes(
  query: Record<string, QueryValue>,
  options: { signal?: AbortSignal } = {},
): Promise<OrderList> {
  return api.get<OrderList>('/admin/disputes', { ...options, query });
}

/**
 * POST /api/admin/disputes/:id/resolve: completes the order (escrow to the agent) or refunds the
 * customer, in full or in part. 422 with field errors, 409 when the order is not disputed.
 */
export async function resolveDispute(id: string, resolution: DisputeResolution): Promise<Order> {
  return (
    await api.post<{ order: Order }>(
      `/admin/disputes/${encodeURIComponent(id)}/resolve`,
      resolution,
    )
  ).order;
}

/** GET /api/admin/ledger/check: every order's ledger entries against what its state implies. */
export function checkLedger(options: { signal?: AbortSignal } = {}): Promise<LedgerCheck> {
  return api.get<LedgerCheck>('/admin/ledger/check', options);
}
