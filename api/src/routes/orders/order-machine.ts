/**
 * The order state machine of PRODUCT.md, as pure functions: given an order, who acts, what they
 * do and the time, the next order or the reason it is refused (403 wrong actor, 409 wrong
 * state). No I/O here, so the property test drives it directly and the service only reads,
 * applies and writes with the document's revision (a lost race is a 409, never a double
 * transition).
 *
 *   pending_payment ──pay──► in_progress ──deliver──► delivered ──accept / timer──► completed
 *        │ timer                 ▲   │                  │   │
 *        ▼                       │   │ (late, or not    │   └─revision──► revision_requested
 *     expired         deliver ───┘   │  started)        │                    │
 *                                    ▼                  └──dispute──► disputed ◄──dispute──┘
 *                               cancelled ◄── mutual request/accept      │ admin
 *                                                                         ▼
 *                                                          completed (release, maybe a part
 *                                                          refunded) or cancelled (refund)
 *
 * Every transition appends to the timeline (who, when, what) and to `outbox`, the events the
 * follow-up (order-followup.ts) turns into ledger entries, mirrors, notifications and mail.
 */
import { AppError, ValidationError } from '../../lib/errors';
import {
  AUTO_COMPLETE_DAYS,
  PAYMENT_WINDOW_MINUTES,
  type DisputeResolution,
  type Order,
  type OrderAction,
  type OrderDelivery,
  type OrderDispute,
  type OrderEvent,
  type OrderFile,
  type OrderStatus,
} from '../../schemas/orders';

const DAY_MS = 86_400_000;

export type Actor = OrderEvent['actor'];
export type PartyRole = 'customer' | 'agent';

/** An event waiting for the follow-up (notifications, mail, mirrors). */
export interface OutboxEvent {
  id: string;
  kind:
    | 'ordered'
    | 'paid'
    | 'started'
    | 'delivered'
    | 'revision'
    | 'completed'
    | 'cancel_requested'
    | 'cancel_declined'
    | 'cancelled'
    | 'expired'
    | 'disputed'
    | 'resolved';
  at: string;
  by: PartyRole | 'admin' | 'timer';
}

/**
 * What `toOrder` (order-store.ts) works out for the viewer, or shows in another form than it is
 * stored: the money objects from `fee_bps` and `refunded`, the dispute without who settled it,
 * the viewer's actions and partner.
 */
type DerivedFields =
  'fee' | 'agent_earnings' | 'refunded' | 'dispute' | 'actions' | 'conversation_with';

/** The stored order: the fields the API shows as they are, plus what only the server keeps. */
export interface OrderDoc extends Omit<Order, DerivedFields | 'job'> {
  _id: string;
  /** The job and offer it was made from (issue 18); absent on orders of gigs. */
  job?: Order['job'];
  _rev?: string;
  type: 'order';
  customer_id: string;
  agent_id: string;
  /** The platform fee in basis points, fixed when the order is placed. */
  fee_bps: number;
  /** Refunded to the customer so far (minor units). */
  refunded: number;
  delivery_days: number;
  /** As shown, and who (the admin) settled it. */
  dispute: (OrderDispute & { resolution: (DisputeResolution & { by: string }) | null }) | null;
  /** The payment in progress or done (payments.ts). */
  payment: {
    status: 'processing' | 'succeeded';
    key: string;
    attempt: number;
    charge_id: string | null;
    started_at: string;
  } | null;
  /** Declined or failed attempts so far (the next attempt's key differs). */
  payment_attempts: number;
  outbox: OutboxEvent[];
  /** When the work started (the agent said so); before it, the customer may cancel alone. */
  started_at: string | null;
  updated_at: string;
  idempotency_key: string | null;
  /** Offline actions applied (their ids, the latest 100), so a retried one applies once. */
  applied_actions?: string[];
}

export const orderKey = (id: string) => `order:${id}`;

/** The part of the total the platform keeps, rounded to the nearest minor unit. */
export function feeOf(amount: number, feeBps: number): number {
  return Math.round((amount * feeBps) / 10_000);
}

/** Who the actor is to this order, or null when not a party (admins are not parties). */
export function roleOf(order: OrderDoc, userId: string): PartyRole | null {
  if (userId === order.customer_id) return 'customer';
  if (userId === order.agent_id) return 'agent';
  return null;
}

const refuse = (message: string) => new AppError(409, message);
const forbid = (message: string) => new AppError(403, message);

function record(
  order: OrderDoc,
  actor: Actor,
  now: Date,
  event: string,
  kind: OutboxEvent['kind'] | null,
  note: string | null = null,
): OrderDoc {
  const at = now.toISOString();
  const by: OutboxEvent['by'] = actor.kind;
  return {
    ...order,
    updated_at: at,
    timeline: [...order.timeline, { at, actor, event, note }],
    outbox: kind
      ? [...order.outbox, { id: `${order.timeline.length}-${kind}`, kind, at, by }]
      : order.outbox,
  };
}

function requireRole(order: OrderDoc, actor: Actor, ...roles: PartyRole[]) {
  if (actor.kind === 'admin' || actor.kind === 'timer' || !roles.includes(actor.kind))
    throw forbid(
      roles.length === 2
        ? 'Only the customer or the agent of this order can do that.'
        : `Only the ${roles[0]} of this order can do that.`,
    );
  if (actor.id !== (actor.kind === 'customer' ? order.customer_id : order.agent_id))
    throw forbid('This is not your order.');
}

function requireStatus(order: OrderDoc, allowed: OrderStatus[], what: string) {
  if (!allowed.includes(order.status))
    throw refuse(`${what} is not possible while the order is ${label(order.status)}.`);
}

function label(status: OrderStatus): string {
  return status.replace(/_/g, ' ');
}

/** A new order, waiting for its payment. */
export function placeOrder(
  fields: Omit<
    OrderDoc,
    | '_id'
    | 'type'
    | 'status'
    | 'timeline'
    | 'outbox'
    | 'refunded'
    | 'revisions_used'
    | 'deliveries'
    | 'revision_requests'
    | 'cancellation'
    | 'dispute'
    | 'payment'
    | 'payment_attempts'
    | 'started_at'
    | 'created_at'
    | 'updated_at'
    | 'paid_at'
    | 'due_at'
    | 'delivered_at'
    | 'completed_at'
    | 'cancelled_at'
    | 'expires_at'
    | 'auto_complete_at'
  >,
  actor: Actor,
  now: Date,
): OrderDoc {
  const at = now.toISOString();
  const order: OrderDoc = {
    ...fields,
    _id: orderKey(fields.id),
    type: 'order',
    status: 'pending_payment',
    refunded: 0,
    revisions_used: 0,
    deliveries: [],
    revision_requests: [],
    cancellation: null,
    dispute: null,
    payment: null,
    payment_attempts: 0,
    timeline: [],
    outbox: [],
    started_at: null,
    created_at: at,
    updated_at: at,
    paid_at: null,
    due_at: null,
    delivered_at: null,
    completed_at: null,
    cancelled_at: null,
    expires_at: new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000).toISOString(),
    auto_complete_at: null,
  };
  return record(order, actor, now, 'Order placed', 'ordered');
}

/** The customer adds files to the requirements (before the work is delivered). */
export function attach(order: OrderDoc, actor: Actor, now: Date, files: OrderFile[]): OrderDoc {
  requireRole(order, actor, 'customer');
  requireStatus(order, ['pending_payment', 'in_progress'], 'Adding files to the requirements');
  if (order.attachments.length + files.length > 10)
    throw refuse('An order holds at most 10 requirement files.');
  return record(
    { ...order, attachments: [...order.attachments, ...files] },
    actor,
    now,
    files.length === 1 ? 'File added to the requirements' : 'Files added to the requirements',
    null,
    files.map((f) => f.name).join(', '),
  );
}

/** The customer starts paying: the attempt's key makes a retried charge one charge. */
export function beginPayment(order: OrderDoc, actor: Actor, now: Date): OrderDoc {
  requireRole(order, actor, 'customer');
  if (order.payment?.status === 'succeeded' || order.paid_at)
    throw refuse('This order is paid already.');
  requireStatus(order, ['pending_payment'], 'Paying');
  if (order.expires_at && now.getTime() >= Date.parse(order.expires_at))
    throw refuse('The time to pay this order has run out. Order again.');
  if (order.payment?.status === 'processing')
    throw refuse('A payment for this order is already in progress.');
  const attempt = order.payment_attempts + 1;
  return {
    ...order,
    updated_at: now.toISOString(),
    payment: {
      status: 'processing',
      key: `${order.id}:${attempt}`,
      attempt,
      charge_id: null,
      started_at: now.toISOString(),
    },
  };
}

/** The charge failed or was declined: the order waits for another attempt. */
export function paymentFailed(order: OrderDoc, key: string, reason: string, now: Date): OrderDoc {
  if (order.payment?.key !== key || order.payment.status !== 'processing') return order;
  return record(
    {
      ...order,
      payment: null,
      payment_attempts: order.payment.attempt,
    },
    { kind: 'customer', id: order.customer_id, name: order.customer.full_name },
    now,
    'Payment failed',
    null,
    reason,
  );
}

/** The charge succeeded: the money is in escrow and the work is due. */
export function paymentSucceeded(
  order: OrderDoc,
  key: string,
  chargeId: string,
  now: Date,
  actor: Actor,
): OrderDoc {
  if (order.payment?.key !== key) return order;
  if (order.payment.status === 'succeeded') return order;
  const at = now.toISOString();
  return record(
    {
      ...order,
      status: 'in_progress',
      payment: { ...order.payment, status: 'succeeded', charge_id: chargeId },
      payment_attempts: order.payment.attempt,
      paid_at: at,
      expires_at: null,
      due_at: new Date(now.getTime() + order.delivery_days * DAY_MS).toISOString(),
    },
    actor,
    now,
    'Paid into escrow',
    'paid',
  );
}

export function expire(order: OrderDoc, now: Date): OrderDoc {
  requireStatus(order, ['pending_payment'], 'Expiring');
  if (!order.expires_at || now.getTime() < Date.parse(order.expires_at))
    throw refuse('This order has not expired yet.');
  if (order.payment?.status === 'processing')
    throw refuse('A payment for this order is in progress.');
  return record(
    { ...order, status: 'expired', expires_at: null },
    { kind: 'timer', id: null, name: 'Payment timer' },
    now,
    'Expired unpaid',
    'expired',
  );
}

export function start(order: OrderDoc, actor: Actor, now: Date): OrderDoc {
  requireRole(order, actor, 'agent');
  requireStatus(order, ['in_progress'], 'Starting the work');
  if (order.started_at) throw refuse('The work has started already.');
  return record({ ...order, started_at: now.toISOString() }, actor, now, 'Work started', 'started');
}

export function deliver(
  order: OrderDoc,
  actor: Actor,
  now: Date,
  delivery: Omit<OrderDelivery, 'at'>,
): OrderDoc {
  requireRole(order, actor, 'agent');
  requireStatus(order, ['in_progress', 'revision_requested'], 'Delivering');
  const at = now.toISOString();
  return record(
    {
      ...order,
      status: 'delivered',
      started_at: order.started_at ?? at,
      deliveries: [...order.deliveries, { ...delivery, at }],
      delivered_at: at,
      cancellation: null,
      auto_complete_at: new Date(now.getTime() + AUTO_COMPLETE_DAYS * DAY_MS).toISOString(),
    },
    actor,
    now,
    order.deliveries.length ? 'Delivered again' : 'Delivered',
    'delivered',
    delivery.message,
  );
}

function complete(order: OrderDoc, actor: Actor, now: Date, event: string): OrderDoc {
  return record(
    {
      ...order,
      status: 'completed',
      completed_at: now.toISOString(),
      auto_complete_at: null,
      cancellation: null,
    },
    actor,
    now,
    event,
    'completed',
  );
}

export function accept(order: OrderDoc, actor: Actor, now: Date): OrderDoc {
  requireRole(order, actor, 'customer');
  requireStatus(order, ['delivered'], 'Accepting the delivery');
  return complete(order, actor, now, 'Delivery accepted');
}

export function autoComplete(order: OrderDoc, now: Date): OrderDoc {
  requireStatus(order, ['delivered'], 'Completing');
  if (!order.auto_complete_at || now.getTime() < Date.parse(order.auto_complete_at))
    throw refuse('This order does not complete by itself yet.');
  return complete(
    order,
    { kind: 'timer', id: null, name: 'Auto-complete timer' },
    now,
    `Completed automatically ${AUTO_COMPLETE_DAYS} days after delivery`,
  );
}

export function requestRevision(
  order: OrderDoc,
  actor: Actor,
  now: Date,
  reason: string,
): OrderDoc {
  requireRole(order, actor, 'customer');
  requireStatus(order, ['delivered'], 'Asking for a revision');
  if (order.revisions_used >= order.revisions_allowed)
    throw refuse(
      order.revisions_allowed === 0
        ? 'This package includes no revisions.'
        : `All ${order.revisions_allowed} revisions of this package are used.`,
    );
  return record(
    {
      ...order,
      status: 'revision_requested',
      revisions_used: order.revisions_used + 1,
      revision_requests: [...order.revision_requests, { reason, at: now.toISOString() }],
      auto_complete_at: null,
      cancellation: null,
    },
    actor,
    now,
    'Revision requested',
    'revision',
    reason,
  );
}

/** Whether the customer may cancel without the agent's agreement now. */
function customerMayCancelAlone(order: OrderDoc, now: Date): boolean {
  if (order.status === 'pending_payment') return true;
  if (order.status === 'in_progress' && !order.started_at) return true;
  const late = !!order.due_at && now.getTime() > Date.parse(order.due_at);
  return late && (order.status === 'in_progress' || order.status === 'revision_requested');
}

function cancelled(order: OrderDoc, actor: Actor, now: Date, event: string, note: string | null) {
  const at = now.toISOString();
  return record(
    {
      ...order,
      status: 'cancelled' as const,
      cancelled_at: at,
      cancellation: null,
      expires_at: null,
      auto_complete_at: null,
      // A paid order's escrow goes back to the customer.
      refunded: order.paid_at ? order.total.amount : 0,
    },
    actor,
    now,
    event,
    'cancelled',
    note,
  );
}

/**
 * `/cancel`: the customer alone before the work starts (or before paying, or once the due date
 * has passed); the agent alone before the order is paid (declining it); otherwise a request the
 * other party accepts or declines.
 */
export function cancel(order: OrderDoc, actor: Actor, now: Date, reason: string): OrderDoc {
  requireRole(order, actor, 'customer', 'agent');
  const role = actor.kind as PartyRole;
  requireStatus(
    order,
    ['pending_payment', 'in_progress', 'delivered', 'revision_requested'],
    'Cancelling',
  );
  if (order.payment?.status === 'processing')
    throw refuse('A payment for this order is in progress; try again in a moment.');
  if (
    (role === 'customer' && customerMayCancelAlone(order, now)) ||
    (role === 'agent' && order.status === 'pending_payment')
  )
    return cancelled(order, actor, now, `Cancelled by the ${role}`, reason);
  if (order.cancellation) {
    throw refuse(
      order.cancellation.requested_by === role
        ? 'You have asked to cancel already; the other party has not answered yet.'
        : 'The other party has asked to cancel: accept or decline their request.',
    );
  }
  return record(
    { ...order, cancellation: { requested_by: role, reason, at: now.toISOString() } },
    actor,
    now,
    `Cancellation requested by the ${role}`,
    'cancel_requested',
    reason,
  );
}

function answerable(order: OrderDoc, actor: Actor) {
  requireRole(order, actor, 'customer', 'agent');
  if (!order.cancellation) throw refuse('There is no cancellation request to answer.');
  if (order.cancellation.requested_by === actor.kind)
    throw forbid('The other party answers your cancellation request.');
}

export function acceptCancellation(order: OrderDoc, actor: Actor, now: Date): OrderDoc {
  answerable(order, actor);
  return cancelled(order, actor, now, 'Cancelled by mutual agreement', order.cancellation!.reason);
}

export function declineCancellation(order: OrderDoc, actor: Actor, now: Date): OrderDoc {
  answerable(order, actor);
  return record(
    { ...order, cancellation: null },
    actor,
    now,
    'Cancellation declined',
    'cancel_declined',
  );
}

export function openDispute(order: OrderDoc, actor: Actor, now: Date, reason: string): OrderDoc {
  requireRole(order, actor, 'customer', 'agent');
  requireStatus(order, ['delivered', 'revision_requested'], 'Opening a dispute');
  return record(
    {
      ...order,
      status: 'disputed',
      auto_complete_at: null,
      cancellation: null,
      dispute: {
        opened_by: actor.kind as PartyRole,
        reason,
        at: now.toISOString(),
        resolution: null,
      },
    },
    actor,
    now,
    `Dispute opened by the ${actor.kind}`,
    'disputed',
    reason,
  );
}

/**
 * An admin ends a dispute: `complete` releases the escrow to the agent; `refund` gives the
 * customer `refundAmount` (everything when null) and releases the rest, if any, to the agent.
 */
export function resolveDispute(
  order: OrderDoc,
  actor: Actor,
  now: Date,
  outcome: 'complete' | 'refund',
  refundAmount: number | null,
  note: string,
): OrderDoc {
  if (actor.kind !== 'admin') throw forbid('Only an administrator resolves disputes.');
  requireStatus(order, ['disputed'], 'Resolving');
  const refund = outcome === 'refund' ? (refundAmount ?? order.total.amount) : 0;
  if (refund > order.total.amount)
    throw ValidationError.field(
      'refund_amount',
      `The refund is at most the order's total (${order.total.amount} cents).`,
    );
  const at = now.toISOString();
  const full = refund === order.total.amount;
  const resolved: OrderDoc = {
    ...order,
    status: full ? 'cancelled' : 'completed',
    refunded: refund,
    completed_at: full ? null : at,
    cancelled_at: full ? at : null,
    dispute: {
      ...order.dispute!,
      resolution: {
        outcome,
        refund: { amount: refund, currency: order.total.currency },
        note,
        at,
        by: actor.id ?? '',
      },
    },
  };
  return record(
    resolved,
    actor,
    now,
    outcome === 'complete'
      ? 'Dispute resolved: completed'
      : full
        ? 'Dispute resolved: refunded in full'
        : 'Dispute resolved: refunded in part',
    'resolved',
    note,
  );
}

/** What `viewer` may do with the order now (the web app shows these buttons). */
export function actionsFor(order: OrderDoc, role: PartyRole | null, now: Date): OrderAction[] {
  if (!role) return [];
  const out: OrderAction[] = [];
  const s = order.status;
  // Not once the payment window has run out: the timer has yet to expire the order, but
  // beginPayment already refuses.
  const payable = !order.expires_at || now.getTime() < Date.parse(order.expires_at);
  if (
    role === 'customer' &&
    s === 'pending_payment' &&
    order.payment?.status !== 'processing' &&
    payable
  )
    out.push('pay');
  if (role === 'agent' && (s === 'in_progress' || s === 'revision_requested')) out.push('deliver');
  if (role === 'customer' && s === 'delivered') {
    out.push('accept');
    if (order.revisions_used < order.revisions_allowed) out.push('revision');
  }
  const open = ['pending_payment', 'in_progress', 'delivered', 'revision_requested'].includes(s);
  if (open && order.cancellation && order.cancellation.requested_by !== role)
    out.push('cancel_accept', 'cancel_decline');
  // Not while a payment is in flight: its outcome decides whether there is money to refund.
  else if (open && !order.cancellation && order.payment?.status !== 'processing')
    out.push('cancel');
  if (role === 'agent' && s === 'in_progress' && !order.started_at) out.push('start');
  if (s === 'delivered' || s === 'revision_requested') out.push('dispute');
  return out;
}
