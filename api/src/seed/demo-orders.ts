/**
 * The demo orders (seed step 4): each history in demo/orders.json is played through the same
 * service functions a request runs (orders.service.ts: createOrder, payOrder with the sandbox's
 * test cards, act, resolveDispute), with the clock set to the moment each step happened; then
 * the timers sweep once at the present (an unpaid order from hours ago expires, one delivered
 * over three days ago completes by itself). Every ledger entry is written by the follow-up from
 * the order's state, so the ledger reconciles by construction, and releases from weeks ago have
 * cleared while recent ones are still clearing.
 *
 * Run again (a seed interrupted half-way), it finds each order by its key (the idempotency key
 * of its creation) and plays only the steps its timeline lacks: each step is one event on it.
 * Mail is not sent (the demo accounts are not real addresses); notifications are written.
 * Completed orders then get their reviews (`reviews`), written through the reviews service.
 */
import type { Env } from '../config/env';
import type { Couch } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { agentGigs } from '../routes/gigs/gigs.service';
import { sweepOrders } from '../routes/orders/order-followup';
import { writeReview } from '../routes/reviews/reviews.service';
import * as orders from '../routes/orders/orders.service';
import { SandboxPaymentProvider } from '../routes/orders/payments';
import { userKey, type UserDoc } from '../routes/users/users.model';
import { DEMO_ADMIN, DEMO_GIGS, DEMO_USERS, type DemoOrder, type DemoOrderStep } from './demo-data';

const HOUR = 3_600_000;

const CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  retry: '4000000000000119',
} as const;

/** A clock the seed sets to each moment of a history. */
class SeedClock implements Clock {
  private at = new Date();
  now(): Date {
    return new Date(this.at);
  }
  set(at: Date) {
    this.at = at;
  }
}

/** Mail the seed does not send. */
const noMail: Mailer = {
  local: true,
  send: async () => undefined,
  outbox: async () => [],
};

interface Context {
  deps: orders.OrdersDeps;
  clock: SeedClock;
  present: number;
  users: Map<string, UserDoc>;
  admin: UserDoc;
}

async function readUser(couch: Couch, id: string): Promise<UserDoc | undefined> {
  try {
    const doc = (await couch.db('users').get(userKey(id))) as unknown as UserDoc;
    return doc.type === 'user' ? doc : undefined;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function playStep(
  context: Context,
  orderId: string,
  customer: UserDoc,
  agent: UserDoc,
  step: DemoOrderStep,
) {
  const { deps, admin } = context;
  const by = (role: 'customer' | 'agent') => (role === 'customer' ? customer : agent);
  switch (step.action) {
    case 'pay':
      try {
        await orders.payOrder(deps, customer, orderId, {
          number: CARDS[step.card],
          exp_month: 12,
          exp_year: 2099,
          cvc: '123',
        });
      } catch (error) {
        // A declined card is part of the story (it is one event on the timeline).
        if (!(error instanceof AppError && error.status === 402)) throw error;
      }
      return;
    case 'start':
      await orders.act(deps, agent, orderId, { kind: 'start' });
      return;
    case 'deliver':
      await orders.act(deps, agent, orderId, { kind: 'deliver', message: step.message, files: [] });
      return;
    case 'accept':
      try {
        await orders.act(deps, customer, orderId, { kind: 'accept' });
      } catch (error) {
        // The step's delivery is back-dated, so its auto-completion is already due: a running
        // server's timers (a seed run again while it serves) may complete it first. That is the
        // one event this step adds, written by the timer instead.
        const now = await orders.getOrder(deps, customer, orderId);
        if (!(error instanceof AppError && error.status === 409 && now.status === 'completed'))
          throw error;
      }
      return;
    case 'revision':
      await orders.act(deps, customer, orderId, { kind: 'revision', reason: step.reason });
      return;
    case 'cancel':
      await orders.act(deps, by(step.by), orderId, { kind: 'cancel', reason: step.reason });
      return;
    case 'cancel_accept':
    case 'cancel_decline':
      await orders.act(deps, by(step.by), orderId, { kind: step.action });
      return;
    case 'dispute':
      await orders.act(deps, by(step.by), orderId, { kind: 'dispute', reason: step.reason });
      return;
    case 'resolve':
      await orders.resolveDispute(deps, admin, orderId, {
        outcome: step.outcome,
        refund_amount: step.refund_amount ?? null,
        note: step.note,
      });
      return;
  }
}

/** The idempotency key a demo order is placed with, so a seed run again finds it. */
const demoOrderKey = (key: string) => `demo:${key}`;

/** The id of the demo order `key` of the customer `customerId` (seed step 7 links some). */
export const demoOrderId = (customerId: string, key: string) =>
  orders.orderIdFor(customerId, demoOrderKey(key));

async function playOrder(context: Context, order: DemoOrder): Promise<void> {
  const { deps, clock, present, users } = context;
  const gig = DEMO_GIGS.find((g) => g.key === order.gig)!;
  const customer = users.get(order.customer);
  const agent = users.get(gig.owner);
  const found = agent && (await agentGigs(deps, agent)).find((g) => g.title === gig.fields.title);
  if (!customer || !agent || found?.status !== 'active') {
    deps.logger.info(
      { order: order.key },
      'demo order skipped: its customer, agent or gig is missing',
    );
    return;
  }
  const placedAt = new Date(present - order.placed_hours_ago * HOUR);
  clock.set(placedAt);
  const serviceDate = new Date(placedAt.getTime() + 14 * 24 * HOUR).toISOString().slice(0, 10);
  const placed = await orders.createOrder(
    deps,
    customer,
    {
      gig_id: found.id,
      tier: order.tier,
      extras: [],
      service_date: serviceDate,
      service_end_date: null,
      travellers: order.travellers,
      meeting_place: null,
      requirements: order.requirements,
    },
    demoOrderKey(order.key),
  );
  // Each step is one event after "Order placed": the ones already on the timeline are done.
  let events = placed.timeline.length;
  for (const step of order.steps.slice(events - 1)) {
    clock.set(new Date(present - step.hours_ago * HOUR));
    await playStep(context, placed.id, customer, agent, step);
    const now = (await orders.getOrder(deps, customer, placed.id)).timeline.length;
    if (now !== events + 1)
      throw new Error(`demo order ${order.key}: the step ${step.action} made no single event`);
    events = now;
  }
  // Its reviews (issue 17), each at its moment: the second of a pair publishes both; a lone one
  // is published by the window's close at the sweep below. One written already (a seed run
  // again) or too late is left as it is.
  for (const entry of order.reviews) {
    clock.set(new Date(present - entry.hours_ago * HOUR));
    const author = entry.by === 'customer' ? customer : agent;
    try {
      await writeReview(deps, author, placed.id, {
        rating: entry.rating,
        communication: entry.communication,
        as_described: entry.as_described,
        would_recommend: entry.would_recommend,
        text: entry.text,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
}

/** Plays every demo order (see above). `demoId` maps a demo user's key to the user's id. */
export async function seedDemoOrders(
  couch: Couch,
  logger: Logger,
  env: Env,
  demoId: (key: string) => string,
  orderList: readonly DemoOrder[],
): Promise<void> {
  const clock = new SeedClock();
  const deps: orders.OrdersDeps = {
    couch,
    logger,
    // Never the test fault: it would end the process at the first demo payment.
    env: { ...env, TEST_FAULT: undefined },
    mailer: noMail,
    clock,
    payments: new SandboxPaymentProvider(couch, () => clock.now()),
    publicUrl: () => (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
  };
  const users = new Map<string, UserDoc>();
  for (const user of DEMO_USERS) {
    const doc = await readUser(couch, demoId(user.key));
    if (doc) users.set(user.key, doc);
  }
  const admin = await readUser(couch, demoId(DEMO_ADMIN.key));
  if (!admin || admin.role !== 'Admin') {
    logger.info('demo orders skipped: the demo admin no longer exists');
    return;
  }
  const present = Date.now();
  const context: Context = { deps, clock, present, users, admin };
  for (const order of orderList) await playOrder(context, order);
  // The timers, at the present: what came due meanwhile (expiry, auto-completion).
  clock.set(new Date(present));
  await sweepOrders(deps, { atStart: true });
}
