// What Cancel does for the viewer now, as the API decides it (order-machine.ts `cancel`): the
// customer cancels alone before paying, before the agent starts, or once the due date has passed;
// the agent alone only before the order is paid; otherwise it is a request the other party
// accepts or declines. Said before the button is pressed; the API's answer is shown either way.
import type { Order } from '@wayfarer/api/schemas/orders';
import type { OrderSide } from './status';

export type CancelEffect = 'at_once' | 'request';

/** Whether the agent has started: the order response has no flag, its timeline and deliveries do. */
function hasStarted(order: Order): boolean {
  return (
    order.deliveries.length > 0 ||
    order.timeline.some((event) => event.actor.kind === 'agent' && event.event === 'Work started')
  );
}

export function cancelEffect(order: Order, side: OrderSide, now: Date): CancelEffect {
  if (order.status === 'pending_payment') return 'at_once';
  if (side === 'agent') return 'request';
  if (order.status === 'in_progress' && !hasStarted(order)) return 'at_once';
  const late = !!order.due_at && now.getTime() > Date.parse(order.due_at);
  if (late && (order.status === 'in_progress' || order.status === 'revision_requested'))
    return 'at_once';
  return 'request';
}

/** The sentence under the Cancel form. */
export function cancelExplanation(order: Order, side: OrderSide, now: Date): string {
  const other = side === 'customer' ? order.agent.full_name : order.customer.full_name;
  if (cancelEffect(order, side, now) === 'request')
    return `This asks ${other} to agree. The order goes on until they accept; if they decline, it stays as it is.`;
  if (order.status === 'pending_payment')
    return 'This cancels the order at once. Nothing has been paid.';
  return `This cancels the order at once and refunds the full payment to you; ${other} is told.`;
}
