// How order statuses read, which count as active, and what each side is waiting for.
import type { Order, OrderStatus } from '@wayfarer/api/schemas/orders';
import { formatDateTime } from '@/lib/format';

export type OrderSide = 'customer' | 'agent';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  in_progress: 'In progress',
  delivered: 'Delivered',
  revision_requested: 'Revision requested',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  expired: 'Expired',
};

/** My Orders' tabs, in the order an order moves through them. */
export const STATUS_TABS: OrderStatus[] = [
  'pending_payment',
  'in_progress',
  'delivered',
  'revision_requested',
  'disputed',
  'completed',
  'cancelled',
  'expired',
];

/** Paid and not finished: work to do, to check or to settle. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = [
  'in_progress',
  'delivered',
  'revision_requested',
  'disputed',
];

export const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (STATUS_TABS as string[]).includes(value);

/** How many of the counts (GET /api/orders `counts`) are active. */
export function activeCount(counts: Record<string, number>): number {
  return ACTIVE_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

/** One sentence on where the order stands for `side`, and what they may do next. */
export function statusExplanation(order: Order, side: OrderSide): string {
  const agent = order.agent.full_name;
  const customer = order.customer.full_name;
  const when = (iso: string | null) => formatDateTime(iso);
  switch (order.status) {
    case 'pending_payment':
      return side === 'customer'
        ? `Waiting for your payment. Pay by ${when(order.expires_at)} or the order expires.`
        : `Waiting for ${customer} to pay. Unpaid orders expire after 30 minutes.`;
    case 'in_progress':
      return side === 'customer'
        ? `Paid into escrow. ${agent} delivers by ${when(order.due_at)}.`
        : `Paid into escrow. Deliver by ${when(order.due_at)}.`;
    case 'delivered':
      return side === 'customer'
        ? `${agent} delivered. Accept the work or ask for a revision; it completes by itself on ${when(order.auto_complete_at)}.`
        : `Delivered. Waiting for ${customer} to accept; it completes by itself on ${when(order.auto_complete_at)}.`;
    case 'revision_requested':
      return side === 'customer'
        ? `You asked for a revision. ${agent} delivers again.`
        : `${customer} asked for a revision: deliver again.`;
    case 'completed':
      return side === 'customer'
        ? `Completed on ${when(order.completed_at)}. The payment went to ${agent}.`
        : `Completed on ${when(order.completed_at)}. Your earnings are released after clearance.`;
    case 'cancelled':
      return order.refunded.amount > 0
        ? `Cancelled on ${when(order.cancelled_at)}; the payment was refunded to ${side === 'customer' ? 'you' : customer}.`
        : `Cancelled on ${when(order.cancelled_at)}.`;
    case 'disputed':
      return 'In dispute: an administrator looks at the order and decides; both of you are told.';
    case 'expired':
      return side === 'customer'
        ? 'Expired: it was not paid within 30 minutes. Order again from the gig page.'
        : `Expired: ${customer} did not pay within 30 minutes.`;
  }
}
