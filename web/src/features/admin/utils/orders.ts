// How admins read orders: status names, which statuses count as open, who did what.
import { formatDay } from '@/lib/format';
import type { Order, OrderEvent, OrderStatus } from '../types';

/** Every status, in the order an order moves through them (the filter lists them so). */
export const ORDER_STATUSES = [
  'pending_payment',
  'in_progress',
  'delivered',
  'revision_requested',
  'disputed',
  'completed',
  'cancelled',
  'expired',
] as const satisfies readonly OrderStatus[];

const LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  in_progress: 'In progress',
  delivered: 'Delivered',
  revision_requested: 'Revision requested',
  disputed: 'Disputed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export function orderStatusLabel(status: OrderStatus): string {
  return LABELS[status];
}

/** The badge colour: green done, amber needs someone, grey over, plain otherwise. */
export function orderStatusTone(status: OrderStatus): 'ok' | 'warn' | 'off' | undefined {
  switch (status) {
    case 'completed':
      return 'ok';
    case 'disputed':
    case 'revision_requested':
      return 'warn';
    case 'cancelled':
    case 'expired':
      return 'off';
    default:
      return undefined;
  }
}

/** Paid and not finished: the customer's money is in escrow. */
const OPEN_STATUSES: readonly OrderStatus[] = [
  'in_progress',
  'delivered',
  'revision_requested',
  'disputed',
];

/** Open orders (money in escrow) from the list's counts per status. */
export function openOrderCount(counts: Partial<Record<OrderStatus, number>>): number {
  return OPEN_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

/** Every order: the counts of each status summed (the API also counts them under `*`). */
export function totalOrderCount(counts: Partial<Record<string, number>>): number {
  return ORDER_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

/** "#3f9a1c0e": ids are long hex strings; the first eight tell orders apart on a screen. */
export function shortOrderId(id: string): string {
  return `#${id.slice(0, 8)}`;
}

/** Who opened the dispute, by name and side ("Sofia Reyes (customer)"). */
export function disputeOpener(order: Pick<Order, 'dispute' | 'customer' | 'agent'>): string {
  if (!order.dispute) return '';
  const side = order.dispute.opened_by;
  return `${order[side].full_name} (${side})`;
}

/** "Sofia Reyes, customer"; a timer is "Automatic". */
export function actorLabel(actor: OrderEvent['actor']): string {
  if (actor.kind === 'timer') return 'Automatic';
  if (actor.kind === 'admin') return `${actor.name}, admin`;
  return `${actor.name}, ${actor.kind}`;
}

/** The admin who resolved the dispute: the timeline's last admin entry. */
export function resolverOf(order: Pick<Order, 'timeline'>): string | null {
  const entry = order.timeline.findLast((event) => event.actor.kind === 'admin');
  return entry?.actor.name ?? null;
}

/** The service's dates: one day, or a range. */
export function formatServiceDates(travel: Order['travel']): string {
  const start = formatDay(travel.service_date);
  return travel.service_end_date && travel.service_end_date !== travel.service_date
    ? `${start} to ${formatDay(travel.service_end_date)}`
    : start;
}
