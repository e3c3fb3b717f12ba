// The orders API (issue 15) as the web app uses it: placing, paying, the parties' actions, the
// lists and the caller's balance. Shapes come from the API's schemas (types only: no validation
// code reaches the bundle).
import type { ListResponse } from '@wayfarer/api/schemas';
import type {
  Balance,
  CardInput,
  Order,
  OrderAction,
  OrderFile,
  OrderStatus,
} from '@wayfarer/api/schemas/orders';
import { api, type Send } from '@/lib/api-client';

export type { CardInput, Order, OrderAction, OrderFile, OrderStatus };

type Options = { signal?: AbortSignal };

export type OrderSide = 'customer' | 'agent';

export type OrderList = ListResponse<Order> & { counts: Record<string, number> };

export interface NewOrder {
  gig_id: string;
  tier: Order['package']['tier'];
  extras: number[];
  service_date: string;
  service_end_date: string | null;
  travellers: number | null;
  meeting_place: string | null;
  requirements: string;
}

const orderPath = (id: string, action = '') =>
  `/orders/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/**
 * POST /api/orders: a new order waiting for payment. The same `idempotencyKey` answers the same
 * order, so a double click or a retry after a lost answer places one order.
 */
export async function createOrder(input: NewOrder, idempotencyKey: string): Promise<Order> {
  return (
    await api.post<{ order: Order }>('/orders', input, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).order;
}

/** POST /api/orders/:id/attachments (multipart `files`): the requirement files. */
export async function uploadAttachments(
  id: string,
  files: readonly File[],
  send?: Send,
): Promise<Order> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return (
    await api.post<{ order: Order }>(orderPath(id, 'attachments'), body, {
      send,
    })
  ).order;
}

export async function getOrder(id: string, options: Options = {}): Promise<Order> {
  return (await api.get<{ order: Order }>(orderPath(id), options)).order;
}

/** GET /api/orders?as=…: one page of the caller's orders on one side, with counts per status. */
export function listOrders(
  query: {
    as: OrderSide;
    status?: OrderStatus | null;
    q?: string | null;
    page?: number;
    per_page?: number;
  },
  options: Options = {},
): Promise<OrderList> {
  return api.get<OrderList>('/orders', { ...options, query });
}

/** `GET /api/balance`: the caller's balances, derived from the ledger (money objects). */
export async function getBalance(options: Options = {}): Promise<Balance> {
  return api.get<Balance>('/balance', options);
}

/** POST /api/orders/:id/pay: 402 with the bank's message on a decline (the order stays unpaid). */
export async function payOrder(id: string, card: CardInput): Promise<Order> {
  return (await api.post<{ order: Order }>(orderPath(id, 'pay'), { card })).order;
}

/** POST /api/orders/:id/deliver: JSON without files, multipart with them. */
export async function deliverOrder(
  id: string,
  message: string,
  files: readonly File[],
  send?: Send,
): Promise<Order> {
  if (files.length === 0)
    return (await api.post<{ order: Order }>(orderPath(id, 'deliver'), { message })).order;
  const form = new FormData();
  form.append('message', message);
  for (const file of files) form.append('files', file, file.name);
  return (
    await api.post<{ order: Order }>(orderPath(id, 'deliver'), form, {
      send,
    })
  ).order;
}

/** The actions with no body, or a `reason`. */
export type SimpleAction = 'start' | 'accept' | 'cancel_accept' | 'cancel_decline';
export type ReasonAction = 'revision' | 'cancel' | 'dispute';

const ACTION_PATHS: Record<SimpleAction | ReasonAction, string> = {
  start: 'start',
  accept: 'accept',
  cancel_accept: 'cancel/accept',
  cancel_decline: 'cancel/decline',
  revision: 'revision',
  cancel: 'cancel',
  dispute: 'dispute',
};

export async function act(id: string, action: SimpleAction): Promise<Order> {
  return (await api.post<{ order: Order }>(orderPath(id, ACTION_PATHS[action]), {})).order;
}

export async function actWithReason(
  id: string,
  action: ReasonAction,
  reason: string,
): Promise<Order> {
  return (await api.post<{ order: Order }>(orderPath(id, ACTION_PATHS[action]), { reason })).order;
}
