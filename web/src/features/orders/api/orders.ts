// The orders API (issue 15) as the web app uses it: placing, paying, the parties' actions, the
// lists and the caller's balance. Shapes come from the API's schemas (types only: no validation
// code reaches the bundle).
import type { ListResponse } from '@wayfarer/api/schemas';
import type {
  CardInput,
  Order,
  OrderAction,
  OrderFile,
  OrderStatus,
} from '@wayfarer/api/schemas/orders';
import { api } from '@/lib/api-client';
import type { Money } from '@/lib/money';

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
export async function uploadAttachments(id: string, files: readonly File[]): Promise<Order> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return (await api.post<{ order: Order }>(orderPath(id, 'attachments'), body)).order;
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

/** The caller's balances as the dashboards show them (money objects). */
export interface Balance {
  /** Customer: paid minus refunded. */
  spent: Money;
  /** Customer: held in escrow for their paid, open orders. */
  in_escrow: Money;
  /** Agent: released, still clearing. */
  pending_clearance: Money;
  /** Agent: cleared, can be withdrawn. */
  available: Money;
  /** Agent: everything ever released to them. */
  earned: Money;
}

const BALANCE_FIELDS = ['spent', 'in_escrow', 'pending_clearance', 'available', 'earned'] as const;

/**
 * `GET /api/balance`'s answer as a Balance. The API first answered minor units under `balance`
 * (`{balance: {currency, spent: 7500, ...}}`) and then money objects at the top level (`{spent:
 * {amount, currency}, ...}`, with the withdrawals issue); both are read, so the dashboards work
 * on either side of that change.
 */
export function toBalance(body: unknown): Balance {
  const source = (body ?? {}) as Record<string, unknown>;
  const nested = source.balance as Record<string, unknown> | undefined;
  const currency = typeof nested?.currency === 'string' ? nested.currency : 'USD';
  const out = {} as Balance;
  for (const field of BALANCE_FIELDS) {
    const value = nested ? nested[field] : source[field];
    out[field] =
      typeof value === 'number'
        ? { amount: value, currency }
        : value && typeof value === 'object' && typeof (value as Money).amount === 'number'
          ? (value as Money)
          : { amount: 0, currency };
  }
  return out;
}

export async function getBalance(options: Options = {}): Promise<Balance> {
  return toBalance(await api.get<unknown>('/balance', options));
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
): Promise<Order> {
  let body: unknown = { message };
  if (files.length > 0) {
    const form = new FormData();
    form.append('message', message);
    for (const file of files) form.append('files', file, file.name);
    body = form;
  }
  return (await api.post<{ order: Order }>(orderPath(id, 'deliver'), body)).order;
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
