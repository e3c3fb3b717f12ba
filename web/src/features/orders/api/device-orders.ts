// The orders on this device (issue 15, offline): the server keeps a mirror `order:<id>` of each
// of the user's orders in their own database (read-only for them), and accepts actions taken
// offline as the user's documents `orderaction:<id>`, written pending and applied once when they
// sync (api/src/routes/orders/order-actions.ts), which then say `applied` or `refused` and why.
// My Orders and the order page read these when the server cannot be asked.
import { orderMatches } from '@wayfarer/api/schemas/order-search';
import type { OrderActionDoc, OrderMirrorDoc } from '@wayfarer/api/schemas/userdb-docs';
import {
  OFFLINE_ORDER_ACTIONS,
  orderActionId,
  orderMirrorId,
  USERDB_PREFIX,
  type OfflineOrderAction,
} from '@wayfarer/api/schemas/userdb-rules';
import { nowIso } from '@/lib/local-db-docs';
import type { LocalEngine } from '@/lib/local-db-engine';
import { useLocalDoc, useLocalQuery, withLocalDb } from '@/lib/local-db';
import { LOCAL_INDEX, orderActionsQuery, orderMirrorsQuery } from '@/lib/local-queries';
import type { OrderAction, OrderList, OrderSide, OrderStatus } from './orders';

export type { OrderActionDoc, OrderMirrorDoc, OfflineOrderAction };

/** The mirrors of the orders on `side`, newest written first. */
export function readDeviceOrders(
  engine: Pick<LocalEngine, 'find'>,
  side: OrderSide,
): Promise<OrderMirrorDoc[]> {
  return engine.find<OrderMirrorDoc>(LOCAL_INDEX.orderMirrorsByRole, orderMirrorsQuery(side));
}

/**
 * The mirrors of the orders on `side`, live (null while the database opens); read only when
 * `isWanted` (the page reads the API otherwise).
 */
export function useDeviceOrders(side: OrderSide, isWanted: boolean): OrderMirrorDoc[] | null {
  return useLocalQuery(
    USERDB_PREFIX.orderMirror,
    `orders:${side}:${isWanted ? 'device' : 'server'}`,
    (engine) => (isWanted ? readDeviceOrders(engine, side) : Promise.resolve([])),
  );
}

/** The device's copy of order `id`, live: undefined while it loads, null when there is none. */
export function useDeviceOrder(id: string | null): OrderMirrorDoc | null | undefined {
  return useLocalDoc<OrderMirrorDoc>(id === null ? null : orderMirrorId(id));
}

/**
 * One page of the mirrors as `GET /api/orders` answers it: the status and search applied, the
 * counts per status (`*`: all) over every mirror, pages of `perPage` newest first.
 */
export function deviceOrderList(
  mirrors: readonly OrderMirrorDoc[],
  query: { status: OrderStatus | null; q: string; page: number; perPage: number },
): OrderList {
  const counts: Record<string, number> = { '*': mirrors.length };
  for (const mirror of mirrors) counts[mirror.status] = (counts[mirror.status] ?? 0) + 1;
  const found = mirrors.filter(
    (m) => (!query.status || m.status === query.status) && (!query.q || orderMatches(m, query.q)),
  );
  const lastPage = Math.max(1, Math.ceil(found.length / query.perPage));
  return {
    data: found.slice((query.page - 1) * query.perPage, query.page * query.perPage),
    meta: { page: query.page, per_page: query.perPage, total: found.length, last_page: lastPage },
    counts,
  };
}

/** The actions taken offline on order `orderId` (any device of the user), oldest first, live. */
export function useOrderActionDocs(orderId: string): OrderActionDoc[] | null {
  return useLocalQuery(USERDB_PREFIX.orderAction, `orderactions:${orderId}`, (engine) =>
    engine.find<OrderActionDoc>(LOCAL_INDEX.orderActionsByOrder, orderActionsQuery(orderId)),
  );
}

/** Of the actions `order.actions` lists, those the server also takes from an offline device. */
export const offlineActions = (actions: readonly OrderAction[]): OrderAction[] =>
  actions.filter((a) => (OFFLINE_ORDER_ACTIONS as readonly string[]).includes(a));

/** A new action id: 22 characters of [A-Za-z0-9_-] (ORDER_ACTION_ID_PATTERN). */
function newActionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Takes `action` on order `orderId` on this device: `orderaction:<id>`, pending, synced when the
 * device reconnects. `text` is the reason (revision, cancel, dispute) or the delivery's message.
 */
export async function queueOrderAction(
  orderId: string,
  action: OfflineOrderAction,
  text = '',
): Promise<void> {
  const id = newActionId();
  const doc: OrderActionDoc = {
    _id: orderActionId(id),
    type: 'order_action',
    id,
    order_id: orderId,
    action,
    ...(action === 'deliver' ? { message: text } : text ? { reason: text } : {}),
    created_at: nowIso(),
    status: 'pending',
  };
  await withLocalDb((db) => db.put(doc as never));
}
