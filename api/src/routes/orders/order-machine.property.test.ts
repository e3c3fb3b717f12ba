/**
 * The order state machine (order-machine.ts) under random sequences of actions by every kind of
 * actor (the customer, the agent, an admin, a stranger, the timers, the payment provider's
 * answers) with the clock moving between them. After every step, whether the machine accepted
 * or refused it:
 *
 * - the status moved only along an edge of PRODUCT.md's graph, by an actor allowed to move it;
 * - a refused step (403, 409, 422) changed nothing;
 * - a step that changed the status appended exactly one timeline event, and no step appended
 *   more than one; every event names its actor (a party's or an admin's id and name, or a named
 *   timer) and outbox ids are unique;
 * - revisions_used ≤ revisions_allowed, 0 ≤ refunded ≤ total, and money is where the status
 *   says: the ledger entries the state requires (ledger.ts `expectedEntries`) hold the whole
 *   total in escrow while the order is open and leave nothing in it once it is settled;
 * - every action `actionsFor` offers a party is one the machine accepts from that party.
 *
 * Pure functions only (no database), so it runs thousands of sequences in a few seconds, with a
 * fixed seed so a failure repeats; fast-check shrinks a failing sequence to a short one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { OrderAction, OrderStatus } from '../../schemas/orders';
import { expectedEntries } from './ledger-entries';
import * as machine from './order-machine';
import type { Actor, OrderDoc } from './order-machine';

const MINUTE = 60_000;
const DAY = 86_400_000;

const customer: Actor = { kind: 'customer', id: 'c1', name: 'Cora Customer' };
const agent: Actor = { kind: 'agent', id: 'a1', name: 'Aziz Agent' };
const admin: Actor = { kind: 'admin', id: 'x1', name: 'Ada Admin' };
/** Someone else's token: a customer and an agent of other orders. */
const strangers: Actor[] = [
  { kind: 'customer', id: 'c2', name: 'Other Customer' },
  { kind: 'agent', id: 'a2', name: 'Other Agent' },
];

/** PRODUCT.md's graph: every status change the machine may make, and who may make it. */
const EDGES: Record<OrderStatus, Partial<Record<OrderStatus, Actor['kind'][]>>> = {
  pending_payment: {
    in_progress: ['customer'], // paid
    expired: ['timer'],
    cancelled: ['customer', 'agent'],
  },
  in_progress: { delivered: ['agent'], cancelled: ['customer', 'agent'] },
  delivered: {
    completed: ['customer', 'timer'],
    revision_requested: ['customer'],
    disputed: ['customer', 'agent'],
    cancelled: ['customer', 'agent'], // mutual: the one who answers the request
  },
  revision_requested: {
    delivered: ['agent'],
    disputed: ['customer', 'agent'],
    cancelled: ['customer', 'agent'],
  },
  disputed: { completed: ['admin'], cancelled: ['admin'] },
  completed: {},
  cancelled: {},
  expired: {},
};

type Step =
  | { kind: 'wait'; ms: number }
  | { kind: 'pay'; who: number; outcome: 'succeeded' | 'declined' | 'unknown' }
  | { kind: 'settle'; outcome: 'succeeded' | 'declined' }
  | { kind: 'start' | 'accept' | 'cancel_accept' | 'cancel_decline' | 'attach'; who: number }
  | { kind: 'deliver' | 'revision' | 'cancel' | 'dispute'; who: number }
  | { kind: 'expire' | 'auto_complete' }
  | { kind: 'resolve'; who: number; outcome: 'complete' | 'refund'; part: number | null };

/** 0 customer, 1 agent, 2 admin, 3 and 4 strangers: mostly the parties. */
const who = fc.constantFrom(0, 0, 0, 1, 1, 1, 2, 3, 4);
const actorOf = (index: number): Actor =>
  [customer, agent, admin, strangers[0]!, strangers[1]!][index]!;

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: waitArb() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      who,
      outcome: fc.constantFrom('succeeded' as const, 'declined' as const, 'unknown' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      outcome: fc.constantFrom('succeeded' as const, 'declined' as const),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'start' as const,
        'accept' as const,
        'cancel_accept' as const,
        'cancel_decline' as const,
        'attach' as const,
        'deliver' as const,
        'revision' as const,
        'cancel' as const,
        'dispute' as const,
      ),
      who,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('expire' as const, 'auto_complete' as const) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      who,
      outcome: fc.constantFrom('complete' as const, 'refund' as const),
      // A share of the total (null: all of it; over 1: more than the total, refused).
      part: fc.option(fc.integer({ min: 1, max: 1100 }), { nil: null }),
    }),
  },
);

/** Sequences of up to 40 steps, of every length (fast-check's default size keeps them short). */
const steps = fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'max' });

function waitArb() {
  return fc.constantFrom(0, MINUTE, 29 * MINUTE, 31 * MINUTE, DAY, 3 * DAY + MINUTE, 6 * DAY);
}

function newOrder(now: Date, price: number, revisions: number, days: number): OrderDoc {
  return machine.placeOrder(
    {
      id: 'o1',
      customer_id: customer.id!,
      agent_id: agent.id!,
      customer: { id: customer.id!, full_name: customer.name, tagname: null, avatar: null },
      agent: { id: agent.id!, full_name: agent.name, tagname: null, avatar: null },
      gig: { id: 'g1', title: 'A walk', service_id: 'tour-guide' },
      package: {
        tier: 'basic',
        name: 'Basic',
        price: { amount: price, currency: 'USD' },
        delivery_days: days,
        revisions,
      },
      extras: [],
      travel: {
        service_date: '2030-01-01',
        service_end_date: null,
        travellers: 1,
        meeting_place: null,
      },
      requirements: '',
      attachments: [],
      total: { amount: price, currency: 'USD' },
      fee_bps: 1000,
      delivery_days: days,
      revisions_allowed: revisions,
      idempotency_key: null,
    },
    customer,
    now,
  );
}

/** Applies one step; returns the next order, or the refusal (the order is unchanged then). */
function apply(order: OrderDoc, step: Step, now: Date): OrderDoc | AppError {
  try {
    switch (step.kind) {
      case 'wait':
        return order;
      case 'pay': {
        const started = machine.beginPayment(order, actorOf(step.who), now);
        const key = started.payment!.key;
        if (step.outcome === 'unknown') return started; // the provider did not answer
        return step.outcome === 'succeeded'
          ? machine.paymentSucceeded(started, key, `ch_${key}`, now, actorOf(step.who))
          : machine.paymentFailed(started, key, 'Declined.', now);
      }
      case 'settle': {
        // The follow-up asks the provider about a payment left processing.
        if (order.payment?.status !== 'processing') return order;
        const key = order.payment.key;
        return step.outcome === 'succeeded'
          ? machine.paymentSucceeded(order, key, `ch_${key}`, now, customer)
          : machine.paymentFailed(order, key, 'Interrupted.', now);
      }
      case 'start':
        return machine.start(order, actorOf(step.who), now);
      case 'attach':
        return machine.attach(order, actorOf(step.who), now, [
          { id: 'f', name: 'f.png', content_type: 'image/png', size: 1, url: '/f' },
        ]);
      case 'deliver':
        return machine.deliver(order, actorOf(step.who), now, {
          id: String(order.deliveries.length + 1),
          message: 'Here it is.',
          files: [],
        });
      case 'accept':
        return machine.accept(order, actorOf(step.who), now);
      case 'revision':
        return machine.requestRevision(order, actorOf(step.who), now, 'Change it.');
      case 'cancel':
        return machine.cancel(order, actorOf(step.who), now, 'Plans changed.');
      case 'cancel_accept':
        return machine.acceptCancellation(order, actorOf(step.who), now);
      case 'cancel_decline':
        return machine.declineCancellation(order, actorOf(step.who), now);
      case 'dispute':
        return machine.openDispute(order, actorOf(step.who), now, 'It went wrong.');
      case 'expire':
        return machine.expire(order, now);
      case 'auto_complete':
        return machine.autoComplete(order, now);
      case 'resolve': {
        const amount =
          step.part === null ? null : Math.round((order.total.amount * step.part) / 1000);
        return machine.resolveDispute(
          order,
          actorOf(step.who),
          now,
          step.outcome,
          step.outcome === 'refund' ? amount : null,
          'Resolved.',
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** The steps a party's offered action stands for (to check that each one is accepted). */
function offered(order: OrderDoc, action: OrderAction, actor: Actor, now: Date): OrderDoc {
  const reason = 'Because.';
  switch (action) {
    case 'pay':
      return machine.beginPayment(order, actor, now);
    case 'start':
      return machine.start(order, actor, now);
    case 'deliver':
      return machine.deliver(order, actor, now, { id: 'x', message: 'x', files: [] });
    case 'accept':
      return machine.accept(order, actor, now);
    case 'revision':
      return machine.requestRevision(order, actor, now, reason);
    case 'cancel':
      return machine.cancel(order, actor, now, reason);
    case 'cancel_accept':
      return machine.acceptCancellation(order, actor, now);
    case 'cancel_decline':
      return machine.declineCancellation(order, actor, now);
    case 'dispute':
      return machine.openDispute(order, actor, now, reason);
  }
}

/** What each account holds after the entries the order's state requires. */
function escrowOf(order: OrderDoc): { escrow: number; amounts: number[] } {
  const entries = expectedEntries(order, 7);
  let escrow = 0;
  for (const e of entries) {
    if (e.to.startsWith('escrow:')) escrow += e.amount;
    if (e.from.startsWith('escrow:')) escrow -= e.amount;
  }
  return { escrow, amounts: entries.map((e) => e.amount) };
}

/** A failed invariant (plain throws: `expect` per step made a run of thousands too slow). */
function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

function checkInvariants(before: OrderDoc, after: OrderDoc, step: Step, refused: boolean) {
  const context = () => `after ${JSON.stringify(step)} (${before.status} → ${after.status})`;
  if (refused) {
    check(after === before, () => `a refused step changed the order ${context()}`);
    return;
  }
  // Status: only along the graph, by an allowed actor.
  if (after.status !== before.status) {
    const allowed = EDGES[before.status][after.status];
    check(!!allowed, () => `no edge ${context()}`);
    const event = after.timeline.at(-1)!;
    check(allowed.includes(event.actor.kind), () => `${event.actor.kind} moved it ${context()}`);
  }
  // Timeline: one event per status change, never more than one per step, the past unchanged.
  const added = after.timeline.length - before.timeline.length;
  check(added <= 1, () => `${added} events ${context()}`);
  check(after.status === before.status || added === 1, () => `no event ${context()}`);
  check(
    before.timeline.every((event, i) => after.timeline[i] === event),
    () => `the timeline was rewritten ${context()}`,
  );
  for (const event of after.timeline.slice(before.timeline.length)) {
    const { kind, id, name } = event.actor;
    const expectedId =
      kind === 'timer'
        ? null
        : kind === 'customer'
          ? after.customer_id
          : kind === 'agent'
            ? after.agent_id
            : admin.id;
    check(name.length > 0 && id === expectedId, () => `actor ${JSON.stringify(event.actor)}`);
    check(event.at >= before.updated_at, () => `an event in the past ${context()}`);
  }
  const outboxIds = after.outbox.map((e) => e.id);
  check(new Set(outboxIds).size === outboxIds.length, () => `outbox ids repeat ${context()}`);
}

function checkState(order: OrderDoc) {
  const where = () => `(${order.status}: ${JSON.stringify(order.timeline.map((e) => e.event))})`;
  check(
    order.revisions_used >= 0 && order.revisions_used <= order.revisions_allowed,
    () => `revisions ${order.revisions_used}/${order.revisions_allowed} ${where()}`,
  );
  check(
    order.refunded >= 0 && order.refunded <= order.total.amount,
    () => `refunded ${order.refunded} of ${order.total.amount} ${where()}`,
  );
  const { escrow, amounts } = escrowOf(order);
  check(
    amounts.every((a) => a > 0),
    () => `an entry of no money ${where()}`,
  );
  if (!order.paid_at) {
    check(
      ['pending_payment', 'cancelled', 'expired'].includes(order.status),
      () => `unpaid ${where()}`,
    );
    check(order.refunded === 0 && escrow === 0, () => `money on an unpaid order ${where()}`);
  } else if (order.status === 'completed' || order.status === 'cancelled') {
    check(escrow === 0, () => `a settled order leaves ${escrow} in escrow ${where()}`);
    check(
      order.status === 'cancelled'
        ? order.refunded === order.total.amount
        : order.refunded < order.total.amount,
      () => `refunded ${order.refunded} ${where()}`,
    );
  } else {
    check(escrow === order.total.amount, () => `an open order holds ${escrow} ${where()}`);
    check(order.refunded === 0, () => `refunded while open ${where()}`);
  }
  check(
    (order.status === 'pending_payment') === (order.expires_at !== null),
    () => `expires_at ${where()}`,
  );
  check(
    (order.status === 'delivered') === (order.auto_complete_at !== null),
    () => `auto_complete_at ${where()}`,
  );
  check(
    !order.cancellation ||
      ['in_progress', 'delivered', 'revision_requested'].includes(order.status),
    () => `a cancellation request ${where()}`,
  );
  check(
    order.status !== 'disputed' || order.dispute?.resolution === null,
    () => `a resolved dispute still open ${where()}`,
  );
}

function checkOffers(order: OrderDoc, now: Date) {
  for (const [role, actor] of [
    ['customer', customer],
    ['agent', agent],
  ] as const) {
    for (const action of machine.actionsFor(order, role, now)) {
      try {
        offered(order, action, actor, now);
      } catch (error) {
        throw new Error(
          `${role} is offered ${action} while ${order.status}, then refused: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
  }
  check(machine.actionsFor(order, null, now).length === 0, () => 'a stranger is offered actions');
}

describe('order machine (property)', () => {
  it('keeps its invariants under any sequence of actions, actors and waits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        steps,
        (price, revisions, days, sequence) => {
          let now = new Date(Date.UTC(2030, 0, 1, 9));
          let order = newOrder(now, price, revisions, days);
          checkState(order);
          check(order.timeline.length === 1, () => 'placing is one event');
          for (const step of sequence) {
            if (step.kind === 'wait') now = new Date(now.getTime() + step.ms);
            const result = apply(order, step, now);
            const refused = result instanceof AppError;
            if (refused)
              check([403, 409, 422].includes(result.status), () => `refused ${result.status}`);
            const next = refused ? order : result;
            checkInvariants(order, next, step, refused);
            checkState(next);
            checkOffers(next, now);
            order = next;
          }
        },
      ),
      { seed: 20_250_115, numRuns: 2000 },
    );
  });

  it('reaches every status (the generator is not stuck on a few)', () => {
    const seen = new Set<OrderStatus>();
    fc.assert(
      fc.property(steps, (sequence) => {
        let now = new Date(Date.UTC(2030, 0, 1, 9));
        let order = newOrder(now, 10_000, 2, 2);
        for (const step of sequence) {
          if (step.kind === 'wait') now = new Date(now.getTime() + step.ms);
          const result = apply(order, step, now);
          if (!(result instanceof AppError)) order = result;
          seen.add(order.status);
        }
      }),
      { seed: 7, numRuns: 600 },
    );
    expect([...seen].sort()).toEqual(
      [
        'cancelled',
        'completed',
        'delivered',
        'disputed',
        'expired',
        'in_progress',
        'pending_payment',
        'revision_requested',
      ].sort(),
    );
  });
});
