/**
 * Orders: placing, paying, every transition of the state machine (order-machine.ts) and the
 * lists. Each change is read → decided by the machine → written with the document's revision;
 * a conflict (someone changed the order meanwhile) is read and decided again, so two concurrent
 * accepts give one completion and one 409. What follows a change (ledger entries, the parties'
 * mirrors, notifications, mail) is published from the order's outbox (order-followup.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/errors';
import type { ListResponse } from '../../schemas';
import { orderMatches } from '../../schemas/order-search';
import {
  CUSTOM_OFFER_NAME,
  type CardInput,
  type CreateOrderInput,
  type Order,
  type OrderFile,
  type OrderStatus,
} from '../../schemas/orders';
import { getGigDoc } from '../gigs/gigs.service';
import { userKey, type UserDoc } from '../users/users.model';
import { publish, recordPayment } from './order-followup';
import { mutate, partyOf, readOrder, toOrder } from './order-store';
import * as machine from './order-machine';
import type { Actor, OrderDoc } from './order-machine';
import { faultPoint } from '../../lib/test-fault';

export type OrdersDeps = Pick<
  AppDeps,
  'couch' | 'logger' | 'env' | 'mailer' | 'clock' | 'payments' | 'publicUrl'
>;

const money = (amount: number, currency: string) => ({ amount, currency });

export function actorOf(user: UserDoc, order: OrderDoc): Actor {
  const role = user.role === 'Admin' ? 'admin' : machine.roleOf(order, user.id);
  if (!role) throw forbidden('This is not your order.');
  return { kind: role, id: user.id, name: user.full_name };
}

/** The order if `user` may see it: one of its parties, or an admin; 404 for anyone else. */
async function visibleOrder(deps: OrdersDeps, user: UserDoc, id: string): Promise<OrderDoc> {
  return seenBy(user, await readOrder(deps, id));
}

/** The order if `user` is one of its parties or an admin; 404 for anyone else (it stays unseen). */
function seenBy(user: UserDoc, order: OrderDoc): OrderDoc {
  if (user.role !== 'Admin' && !machine.roleOf(order, user.id)) throw notFound('No such order.');
  return order;
}

/** Runs the follow-up of a change now; if it fails the sweep does it later. */
async function afterChange(deps: OrdersDeps, order: OrderDoc): Promise<void> {
  await publish(deps, order.id).catch((error: unknown) =>
    deps.logger.warn({ err: error, order: order.id }, 'order follow-up failed; it will be retried'),
  );
}

export async function getOrder(deps: OrdersDeps, user: UserDoc, id: string): Promise<Order> {
  return toOrder(await visibleOrder(deps, user, id), user.id, deps.clock.now());
}

/** The id of the order a customer places with an idempotency key: the same key, the same order. */
export const orderIdFor = (customerId: string, idempotencyKey: string) =>
  createHash('sha256').update(`${customerId}\n${idempotencyKey}`).digest('hex').slice(0, 24);

/** `POST /api/orders`: a new order of `tier` with `extras`, waiting for its payment. */
export async function createOrder(
  deps: OrdersDeps,
  customer: UserDoc,
  input: CreateOrderInput,
  idempotencyKey: string | null,
): Promise<Order> {
  const now = deps.clock.now();
  // The same key from the same customer is the same order: CouchDB accepts one create of an id.
  const id = idempotencyKey
    ? orderIdFor(customer.id, idempotencyKey)
    : randomBytes(12).toString('hex');
  try {
    const existing = await readOrder(deps, id);
    if (existing.customer_id === customer.id) return toOrder(existing, customer.id, now);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
  }
  let gig;
  try {
    gig = await getGigDoc(deps, input.gig_id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw ValidationError.field('gig_id', 'This gig does not exist.');
    throw error;
  }
  if (gig.status !== 'active')
    throw ValidationError.field('gig_id', 'This gig is not available to order right now.');
  if (gig.owner_id === customer.id) throw forbidden('You cannot order your own gig.');
  const pkg = gig.packages.find((p) => p.tier === input.tier);
  if (!pkg) throw ValidationError.field('tier', 'This gig has no such package.');
  const extras = input.extras.map((index) => {
    const extra = gig.extras[index];
    if (!extra) throw ValidationError.field('extras', `This gig has no extra number ${index}.`);
    return { index, title: extra.title, price: extra.price, delivery_days: extra.delivery_days };
  });
  const today = now.toISOString().slice(0, 10);
  if (input.service_date < today)
    throw ValidationError.field('service_date', 'Choose a date from today on.');
  let agent: UserDoc;
  try {
    agent = (await deps.couch.db('users').get(userKey(gig.owner_id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) throw ValidationError.field('gig_id', 'This gig is not available.');
    throw error;
  }
  const currency = pkg.price.currency;
  const total = pkg.price.amount + extras.reduce((sum, e) => sum + e.price.amount, 0);
  const order = machine.placeOrder(
    {
      id,
      customer_id: customer.id,
      agent_id: agent.id,
      customer: partyOf(customer),
      agent: partyOf(agent),
      gig: { id: gig.id, title: gig.title, service_id: gig.service_id },
      job: null,
      package: {
        tier: pkg.tier,
        name: pkg.name,
        price: pkg.price,
        delivery_days: pkg.delivery_days,
        revisions: pkg.revisions,
      },
      extras,
      travel: {
        service_date: input.service_date,
        service_end_date: input.service_end_date,
        travellers: input.travellers,
        meeting_place: input.meeting_place,
      },
      requirements: input.requirements,
      attachments: [],
      total: money(total, currency),
      fee_bps: Math.round(deps.env.PLATFORM_FEE_PERCENT * 100),
      delivery_days: pkg.delivery_days + extras.reduce((sum, e) => sum + e.delivery_days, 0),
      revisions_allowed: pkg.revisions,
      idempotency_key: idempotencyKey,
    },
    { kind: 'customer', id: customer.id, name: customer.full_name },
    now,
  );
  try {
    const result = await deps.couch.db('market').insert(order as never);
    order._rev = result.rev;
  } catch (error) {
    if (!isConflict(error)) throw error;
    // The same key, at the same moment: the first one stands.
    const first = await readOrder(deps, id);
    if (first.customer_id !== customer.id) throw forbidden('This is not your order.');
    return toOrder(first, customer.id, now);
  }
  await afterChange(deps, order);
  return toOrder(order, customer.id, now);
}

/** An offer accepted on a job (issue 18): the terms the order is made at. */
export interface AcceptedOffer {
  /** The order's id: deterministic from the offer, so a retry finds the same order. */
  order_id: string;
  job: { id: string; title: string; service_id: string; description: string };
  offer_id: string;
  customer_id: string;
  agent_id: string;
  price: { amount: number; currency: string };
  delivery_days: number;
  revisions: number;
  gig: { id: string; title: string } | null;
  travel: Order['travel'];
  attachments: OrderFile[];
}

/**
 * The order of an accepted offer, made once: at the offer's price, delivery days and
 * revisions (tier `custom`, no extras), the job's travel details and description, waiting for
 * its payment. Called again (a retry, the follow-up after a crash), it finds the same order.
 */
export async function orderFromOffer(deps: OrdersDeps, offer: AcceptedOffer): Promise<Order> {
  const now = deps.clock.now();
  try {
    return toOrder(await readOrder(deps, offer.order_id), offer.customer_id, now);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
  }
  const users = deps.couch.db('users');
  const [customer, agent] = (await Promise.all([
    users.get(userKey(offer.customer_id)),
    users.get(userKey(offer.agent_id)),
  ])) as unknown as [UserDoc, UserDoc];
  const order = machine.placeOrder(
    {
      id: offer.order_id,
      customer_id: customer.id,
      agent_id: agent.id,
      customer: partyOf(customer),
      agent: partyOf(agent),
      gig: {
        id: offer.gig?.id ?? null,
        title: offer.gig?.title ?? offer.job.title,
        service_id: offer.job.service_id,
      },
      job: { id: offer.job.id, offer_id: offer.offer_id },
      package: {
        tier: 'custom',
        name: CUSTOM_OFFER_NAME,
        price: offer.price,
        delivery_days: offer.delivery_days,
        revisions: offer.revisions,
      },
      extras: [],
      travel: offer.travel,
      requirements: offer.job.description,
      attachments: offer.attachments,
      total: offer.price,
      fee_bps: Math.round(deps.env.PLATFORM_FEE_PERCENT * 100),
      delivery_days: offer.delivery_days,
      revisions_allowed: offer.revisions,
      idempotency_key: `offer:${offer.offer_id}`,
    },
    { kind: 'customer', id: customer.id, name: customer.full_name },
    now,
  );
  try {
    const result = await deps.couch.db('market').insert(order as never);
    order._rev = result.rev;
  } catch (error) {
    if (!isConflict(error)) throw error;
    // Made meanwhile by another request or the follow-up: that one stands.
    return toOrder(await readOrder(deps, offer.order_id), offer.customer_id, now);
  }
  await afterChange(deps, order);
  return toOrder(order, customer.id, now);
}

/**
 * `POST /api/orders/{id}/pay`: charges the card through the payment provider and, on success,
 * puts the order in progress with its money in escrow. A decline is a 402 with the provider's
 * message; the order stays unpaid and may be paid again.
 */
export async function payOrder(
  deps: OrdersDeps,
  user: UserDoc,
  id: string,
  card: CardInput,
): Promise<Order> {
  let key = '';
  // The order is read once, by mutate: a stranger gets the 404 of an unseen order.
  const started = await mutate(deps, id, (order) => {
    const next = machine.beginPayment(seenBy(user, order), actorOf(user, order), deps.clock.now());
    key = next.payment!.key;
    return next;
  });
  let outcome;
  try {
    outcome = await deps.payments.charge({
      key,
      amount: started.total,
      card,
      description: `Wayfarer Market order ${id}: ${started.gig.title}`,
    });
  } catch (error) {
    // The outcome is unknown: the payment stays in progress and the follow-up asks the provider.
    deps.logger.error({ err: error, order: id }, 'the payment provider did not answer');
    throw new AppError(
      503,
      'The payment could not be confirmed yet. We will check with the bank and update the order; do not pay again.',
    );
  }
  if (outcome.status === 'succeeded') await faultPoint(deps.env, 'exit_after_charge');
  const now = deps.clock.now();
  const done = await recordPayment(deps, id, key, outcome);
  if (outcome.status === 'declined') throw new AppError(402, outcome.message);
  return toOrder(done, user.id, now);
}

export type PartyAction =
  | { kind: 'start' }
  | { kind: 'deliver'; message: string; files: OrderFile[] }
  | { kind: 'accept' }
  | { kind: 'revision'; reason: string }
  | { kind: 'cancel'; reason: string }
  | { kind: 'cancel_accept' }
  | { kind: 'cancel_decline' }
  | { kind: 'dispute'; reason: string };

/** Applies one party's action (the routes, and queued offline actions). */
export async function act(
  deps: OrdersDeps,
  user: UserDoc,
  id: string,
  action: PartyAction,
  offlineActionId?: string,
): Promise<Order> {
  const order = await mutate(deps, id, (current) => {
    seenBy(user, current); // read once, by mutate: a stranger gets 404
    // An offline action already applied (a retried job): nothing to do again.
    if (offlineActionId && current.applied_actions?.includes(offlineActionId)) return current;
    const next = decide(current);
    return offlineActionId
      ? { ...next, applied_actions: [...(next.applied_actions ?? []), offlineActionId].slice(-100) }
      : next;
  });
  await afterChange(deps, order);
  return toOrder(order, user.id, deps.clock.now());

  function decide(current: OrderDoc): OrderDoc {
    const actor = actorOf(user, current);
    const now = deps.clock.now();
    switch (action.kind) {
      case 'start':
        return machine.start(current, actor, now);
      case 'deliver':
        return machine.deliver(current, actor, now, {
          id: `${current.deliveries.length + 1}`,
          message: action.message,
          files: action.files,
        });
      case 'accept':
        return machine.accept(current, actor, now);
      case 'revision':
        return machine.requestRevision(current, actor, now, action.reason);
      case 'cancel':
        return machine.cancel(current, actor, now, action.reason);
      case 'cancel_accept':
        return machine.acceptCancellation(current, actor, now);
      case 'cancel_decline':
        return machine.declineCancellation(current, actor, now);
      case 'dispute':
        return machine.openDispute(current, actor, now, action.reason);
    }
  }
}

/** An admin resolves a dispute. */
export async function resolveDispute(
  deps: OrdersDeps,
  admin: UserDoc,
  id: string,
  input: { outcome: 'complete' | 'refund'; refund_amount: number | null; note: string },
): Promise<{ before: OrderDoc; after: OrderDoc }> {
  const before = await readOrder(deps, id);
  const after = await mutate(deps, id, (current) =>
    machine.resolveDispute(
      current,
      { kind: 'admin', id: admin.id, name: admin.full_name },
      deps.clock.now(),
      input.outcome,
      input.refund_amount,
      input.note,
    ),
  );
  await afterChange(deps, after);
  return { before, after };
}

interface ViewRow {
  id: string;
  key: unknown[];
  value: number | null;
  doc?: OrderDoc;
}

/** A page of a view range, newest change first; `q` filters while reading. */
async function pageOf(
  deps: OrdersDeps,
  view: string,
  prefix: unknown[],
  page: number,
  perPage: number,
  q: string | undefined,
): Promise<{ docs: OrderDoc[]; total: number }> {
  const db = deps.couch.db('market');
  if (!q) {
    const [rows, count] = await Promise.all([
      db.view('orders', view, {
        startkey: [...prefix, {}],
        endkey: prefix,
        descending: true,
        reduce: false,
        include_docs: true,
        skip: (page - 1) * perPage,
        limit: perPage,
      } as never),
      db.view('orders', view, { startkey: prefix, endkey: [...prefix, {}], reduce: true } as never),
    ]);
    return {
      docs: (rows.rows as unknown as ViewRow[]).map((r) => r.doc!),
      total: Number((count.rows[0] as unknown as ViewRow | undefined)?.value ?? 0),
    };
  }
  // Searching: the range read in order (bounded), filtered here.
  const rows = await db.view('orders', view, {
    startkey: [...prefix, {}],
    endkey: prefix,
    descending: true,
    reduce: false,
    include_docs: true,
    limit: 2000,
  } as never);
  const all = (rows.rows as unknown as ViewRow[])
    .map((r) => r.doc!)
    .filter((d) => orderMatches(d, q));
  return { docs: all.slice((page - 1) * perPage, page * perPage), total: all.length };
}

const meta = (page: number, perPage: number, total: number) => ({
  page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** `GET /api/orders?as=customer|agent&status=&q=`: the caller's orders, with counts per status. */
export async function listOrders(
  deps: OrdersDeps,
  user: UserDoc,
  query: {
    as: 'customer' | 'agent';
    status?: OrderStatus;
    q?: string;
    page: number;
    per_page: number;
  },
): Promise<ListResponse<Order> & { counts: Record<string, number> }> {
  const prefix = [user.id, query.as, query.status ?? '*'];
  const [{ docs, total }, counted] = await Promise.all([
    pageOf(deps, 'by_party', prefix, query.page, query.per_page, query.q),
    deps.couch.db('market').view('orders', 'by_party', {
      startkey: [user.id, query.as],
      endkey: [user.id, query.as, {}],
      reduce: true,
      group_level: 3,
    } as never),
  ]);
  const counts: Record<string, number> = {};
  for (const row of counted.rows as unknown as ViewRow[])
    counts[String(row.key[2])] = Number(row.value);
  const now = deps.clock.now();
  return {
    data: docs.map((d) => toOrder(d, user.id, now)),
    meta: meta(query.page, query.per_page, total),
    counts,
  };
}

/** The admin's list: every order (or one status), with counts per status. */
export async function listAllOrders(
  deps: OrdersDeps,
  query: { status?: OrderStatus; q?: string; page: number; per_page: number },
): Promise<ListResponse<Order> & { counts: Record<string, number> }> {
  const [{ docs, total }, counted] = await Promise.all([
    pageOf(deps, 'all', [query.status ?? '*'], query.page, query.per_page, query.q),
    deps.couch.db('market').view('orders', 'all', { reduce: true, group_level: 1 } as never),
  ]);
  const counts: Record<string, number> = {};
  for (const row of counted.rows as unknown as ViewRow[])
    counts[String(row.key[0])] = Number(row.value);
  const now = deps.clock.now();
  return {
    data: docs.map((d) => toOrder(d, null, now)),
    meta: meta(query.page, query.per_page, total),
    counts,
  };
}
