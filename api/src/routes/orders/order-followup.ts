/**
 * What follows an order's change, published from the order's outbox (the events its
 * transitions appended in the same write, so none is lost between the change and its effects):
 *
 * 1. the ledger entries its state requires (ledger.ts: deterministic ids, written once);
 * 2. the mirror `order:<id>` in each party's own database (read offline; server-owned);
 * 3. a notification and a mail to the party the event concerns;
 * 4. the published events removed from the outbox.
 *
 * Steps 1–3 are idempotent, so a retry, a restart or a second instance repeats nothing the
 * user sees twice (mail excepted: a crash between a mail and step 4 may send it again, which a
 * lease per order makes rare). `publish` runs right after each change; `sweepOrders` runs at
 * start and every ORDER_TIMER_INTERVAL_SECONDS on one instance at a time (a lease) and does the
 * timers' transitions (payment expiry, auto-completion) and any follow-up left undone.
 */
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import { tryLease, releaseLease, withLease } from '../../jobs/lease';
import type { Mail } from '../../mail/mailer';
import { orderEventMail } from '../../mail/templates';
import { AppError } from '../../lib/errors';
import { writeNotification } from '../notifications/notifications.service';
import { userKey, type UserDoc } from '../users/users.model';
import { writeEntries } from './ledger';
import { expectedEntries } from './ledger-entries';
import * as machine from './order-machine';
import { mutate, readOrder, toOrder } from './order-store';
import { orderMirrorDocSchema } from '../../schemas/userdb-docs';
import { orderMirrorId } from '../../schemas/userdb-rules';
import { followUp as followUpWallet } from '../withdrawals/wallet';
import { openReviewWindow, sweepReviews } from '../reviews/review-timers';
import { sweepJobs } from '../jobs/job-followup';
import { sweepProjects } from '../projects/project-followup';
import type { OrderDoc, OutboxEvent, PartyRole } from './order-machine';

type Deps = Pick<
  AppDeps,
  'couch' | 'logger' | 'env' | 'mailer' | 'clock' | 'payments' | 'publicUrl'
>;

/** A payment still `processing` this long after it began is looked into by the sweep. */
const PAYMENT_STALE_MS = 2 * 60_000;

interface Message {
  to: PartyRole[];
  title: string;
  body: string;
}

/** Who hears of an event, and what they read. */
function messageOf(order: OrderDoc, event: OutboxEvent): Message | null {
  const gig = `“${order.gig.title}”`;
  const customer = order.customer.full_name;
  const agent = order.agent.full_name;
  const other = (by: OutboxEvent['by']): PartyRole[] =>
    by === 'customer' ? ['agent'] : by === 'agent' ? ['customer'] : ['customer', 'agent'];
  switch (event.kind) {
    case 'ordered':
      return null; // the agent hears of it once it is paid
    case 'paid':
      return {
        to: ['agent'],
        title: 'New order',
        body: `${customer} ordered and paid for ${gig}.`,
      };
    case 'started':
      return { to: ['customer'], title: 'Work started', body: `${agent} started on ${gig}.` };
    case 'delivered':
      return {
        to: ['customer'],
        title: 'Order delivered',
        body: `${agent} delivered ${gig}. Accept it, or ask for a revision.`,
      };
    case 'revision':
      return {
        to: ['agent'],
        title: 'Revision requested',
        body: `${customer} asked for a revision of ${gig}.`,
      };
    case 'completed':
      return {
        to: event.by === 'timer' ? ['customer', 'agent'] : ['agent'],
        title: 'Order completed',
        body:
          event.by === 'timer'
            ? `${gig} completed automatically; the payment is released to ${agent}.`
            : `${customer} accepted ${gig}; the payment is released to you.`,
      };
    case 'cancel_requested':
      return {
        to: other(event.by),
        title: 'Cancellation requested',
        body: `The ${event.by} asked to cancel ${gig}. Accept or decline the request.`,
      };
    case 'cancel_declined':
      return {
        to: other(event.by),
        title: 'Cancellation declined',
        body: `The ${event.by} declined to cancel ${gig}; the order goes on.`,
      };
    case 'cancelled':
      return {
        to: other(event.by),
        title: 'Order cancelled',
        body: order.refunded
          ? `${gig} was cancelled; the payment is refunded to the customer.`
          : `${gig} was cancelled.`,
      };
    case 'expired':
      return {
        to: ['customer'],
        title: 'Order expired',
        body: `Your order of ${gig} was not paid within ${30} minutes and has expired.`,
      };
    case 'disputed':
      return {
        to: other(event.by),
        title: 'Dispute opened',
        body: `The ${event.by} opened a dispute on ${gig}. An administrator will look into it.`,
      };
    case 'resolved':
      return {
        to: ['customer', 'agent'],
        title: 'Dispute resolved',
        body: `An administrator resolved the dispute on ${gig}: ${order.dispute?.resolution?.note ?? ''}`,
      };
  }
}

async function writeMirror(deps: Deps, order: OrderDoc, role: PartyRole): Promise<void> {
  const userId = role === 'customer' ? order.customer_id : order.agent_id;
  const db = deps.couch.server.use(userDbName(deps.couch, userId));
  // Checked against the shared schema: a mirror the offline pages could not read is a bug.
  const mirror = orderMirrorDocSchema.parse({
    ...toOrder(order, userId, deps.clock.now()),
    _id: orderMirrorId(order.id),
    type: 'order_mirror',
    role,
    source_rev: order._rev ?? null,
    mirrored_at: deps.clock.now().toISOString(),
  });

  for (let attempt = 0; attempt < 5; attempt++) {
    let rev: string | undefined;
    try {
      const current = (await db.get(mirror._id)) as unknown as {
        _rev: string;
        updated_at?: string;
        timeline?: unknown[];
      };
      // An older state never overwrites a newer one (two publishers racing).
      if ((current.timeline?.length ?? 0) > order.timeline.length) return;
      rev = current._rev;
    } catch (error) {
      if (isNotFound(error)) {
        // The user's database is gone (account deleted): nothing to mirror.
        if ((error as { reason?: string }).reason === 'no_db_file') return;
        if (/Database does not exist/i.test(String((error as Error).message))) return;
      } else throw error;
    }
    try {
      await db.insert({ ...mirror, ...(rev ? { _rev: rev } : {}) } as never);
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}

async function readUser(deps: Deps, id: string): Promise<UserDoc | null> {
  try {
    return (await deps.couch.db('users').get(userKey(id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Steps 1 and 2: the ledger entries the order's state requires, and both parties' mirrors. */
async function writeState(deps: Deps, order: OrderDoc): Promise<void> {
  await writeEntries(deps.couch, expectedEntries(order, deps.env.CLEARANCE_DAYS));
  await Promise.all([writeMirror(deps, order, 'customer'), writeMirror(deps, order, 'agent')]);
}

/**
 * Publishes an order's outbox (see above). Holds the order's lease meanwhile, so two instances
 * do not publish the same events at once; returns false when another holds it.
 */
export async function publish(deps: Deps, orderId: string): Promise<boolean> {
  const lease = await tryLease(deps.couch, deps.clock, `order:${orderId}`, 60_000);
  if (!lease) {
    // Another request or instance is publishing this order's earlier events, from a state it
    // may have read before this change. The ledger entries and the mirrors follow the state
    // (entries written once by id and only ever added; a mirror never goes back), so they are
    // written now all the same: the money of a transition moves when it is answered, not at
    // the next sweep. Its notifications and mail wait for the lease (the sweep).
    await writeState(deps, await readOrder(deps, orderId));
    return false;
  }
  try {
    const order = await readOrder(deps, orderId);
    await writeState(deps, order);
    // A completion opens the order's review window (once: its id is the order's).
    if (order.status === 'completed' && order.outbox.length) await openReviewWindow(deps, order);
    const link = `/orders/${order.id}`;
    for (const event of order.outbox) {
      const message = messageOf(order, event);
      if (!message) continue;
      for (const role of message.to) {
        const userId = role === 'customer' ? order.customer_id : order.agent_id;
        await writeNotification(deps, userId, {
          kind: `order-${event.kind}`,
          key: `${order.id}-${event.id}`,
          title: message.title,
          body: message.body,
          link,
        }).catch((error: unknown) => {
          // A deleted account's database is gone: nobody to tell.
          if (!isNotFound(error)) throw error;
        });
        const user = await readUser(deps, userId);
        if (user && user.status === 'active') {
          const mail: Mail = orderEventMail(
            user.email,
            user.full_name,
            message.title,
            message.body,
            `${deps.publicUrl()}${link}`,
          );
          await deps.mailer.send(mail);
        }
      }
    }
    if (order.outbox.length) {
      const done = new Set(order.outbox.map((e) => e.id));
      await mutate(deps, orderId, (current) => {
        const left = current.outbox.filter((e) => !done.has(e.id));
        return left.length === current.outbox.length ? current : { ...current, outbox: left };
      });
    }
    return true;
  } finally {
    await releaseLease(deps.couch, lease).catch(() => undefined);
  }
}

/** Records what the provider answered for `key` (also the follow-up's way after a crash). */
export async function recordPayment(
  deps: Deps,
  id: string,
  key: string,
  outcome: { status: 'succeeded'; charge_id: string } | { status: 'declined'; message: string },
): Promise<OrderDoc> {
  const order = await mutate(deps, id, (current) => {
    const now = deps.clock.now();
    if (outcome.status === 'succeeded')
      return machine.paymentSucceeded(current, key, outcome.charge_id, now, {
        kind: 'customer',
        id: current.customer_id,
        name: current.customer.full_name,
      });
    return machine.paymentFailed(current, key, outcome.message, now);
  });
  await publish(deps, order.id).catch((error: unknown) =>
    deps.logger.warn({ err: error, order: id }, 'order follow-up failed; it will be retried'),
  );
  return order;
}

/** A payment interrupted (by a crash, or a provider that did not answer): ask the provider. */
async function settlePayment(deps: Deps, order: OrderDoc, force: boolean): Promise<void> {
  const payment = order.payment;
  if (!payment || payment.status !== 'processing') return;
  const outcome = await deps.payments.retrieve(payment.key);
  if (outcome) {
    await recordPayment(deps, order.id, payment.key, outcome);
    return;
  }
  // Never charged: once it is clearly not in flight, the attempt is over.
  const age = deps.clock.now().getTime() - Date.parse(payment.started_at);
  if (force || age > PAYMENT_STALE_MS)
    await recordPayment(deps, order.id, payment.key, {
      status: 'declined',
      message: 'The payment was interrupted before the card was charged. Try again.',
    });
}

interface Row {
  id: string;
}

/**
 * One sweep: the timers that are due (payment expiry, auto-completion), interrupted payments
 * and unpublished follow-ups (`atStart`: every follow-up, with no quiet period; also the demo
 * seed's, once its histories are written). Each transition is the state machine's with the order's revision,
 * so if two sweeps ever overlap an order still changes once.
 */
export async function sweepOrders(deps: Deps, options: { atStart?: boolean } = {}) {
  const db = deps.couch.db('market');
  const now = deps.clock.now();
  let changed = 0;
  const due = await db.view('orders', 'due', {
    endkey: now.toISOString(),
    limit: 500,
  } as never);
  for (const row of due.rows as unknown as Row[]) {
    const id = row.id.slice('order:'.length);
    try {
      const order = await mutate(deps, id, (current) => {
        const at = deps.clock.now();
        if (current.status === 'pending_payment' && current.payment?.status !== 'processing')
          return machine.expire(current, at);
        if (current.status === 'delivered') return machine.autoComplete(current, at);
        return current;
      });
      changed++;
      await publish(deps, order.id);
    } catch (error) {
      // 409: the order moved on meanwhile (paid, accepted): nothing for the timer to do.
      if (!(error instanceof AppError && error.status === 409))
        deps.logger.warn({ err: error, order: id }, 'an order timer failed; it will be retried');
    }
  }
  // Follow-ups older than a few seconds (a fresh one is being published by its request). At
  // start, every one: none is this instance's own yet, and the times they carry were read from
  // other clocks (another instance's running ahead of this one, or this one's before a restart
  // under TEST_CLOCK), so a range ending at this clock's "now" could leave an interrupted
  // payment unsettled until the clock caught up.
  const quiet = new Date(now.getTime() - 10_000).toISOString();
  const pending = await db.view('orders', 'followup', {
    ...(options.atStart ? {} : { endkey: quiet }),
    limit: 500,
  } as never);
  for (const row of pending.rows as unknown as Row[]) {
    const id = row.id.slice('order:'.length);
    try {
      const order = await readOrder(deps, id);
      await settlePayment(deps, order, false);
      await publish(deps, id);
    } catch (error) {
      deps.logger.warn({ err: error, order: id }, 'an order follow-up failed; it will be retried');
    }
  }
  // Wallets with events not yet published (withdrawals: routes/withdrawals/wallet.ts).
  const wallets = await db.view('wallets', 'followup', { endkey: quiet, limit: 500 } as never);
  for (const row of wallets.rows as unknown as Row[])
    await followUpWallet(deps, row.id.slice('wallet:'.length));
  // Review windows (reminders, the close that publishes a lone review) and gig ratings left
  // behind by a crash (routes/reviews/review-timers.ts).
  await sweepReviews(deps);
  // Jobs (issue 18): expiry, the "expires in 24 hours" warning, unpublished follow-ups.
  await sweepJobs(deps);
  // Projects (issue 19): unpublished follow-ups (mirrors, notifications, mail).
  await sweepProjects(deps);
  return { changed, followups: pending.rows.length + wallets.rows.length };
}

export interface OrderTimers {
  /** One sweep now (tests after moving the clock; the start). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sweeps at start and every `intervalMs`, on one instance at a time: the sweep holds the lease
 * `order-timers`; when the instance holding it dies, the lease runs out and another takes over.
 */
export function startOrderTimers(deps: Deps, intervalMs: number): OrderTimers {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const once = (atStart = false) => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await withLease(
          deps.couch,
          deps.clock,
          'order-timers',
          Math.max(60_000, 4 * intervalMs),
          () => sweepOrders(deps, { atStart }).then(() => undefined),
        );
      } catch (error) {
        deps.logger.warn({ err: error }, 'the order timers failed; they run again shortly');
      }
    });
    return running;
  };
  void once(true);
  const timer = setInterval(() => void once(), intervalMs);
  timer.unref();
  return {
    sweep: () => once(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
