/**
 * Orders under random concurrent use (issue 15), against the running API over HTTP: customers
 * place and pay orders (the sandbox's success, decline and retry cards), agents start, deliver
 * and answer, customers accept, ask for revisions, cancel alone or by mutual request, either side
 * disputes, an admin resolves (complete, full or partial refund), and the clock moves (with a
 * sweep of the timers: payment expiry, auto-completion, clearance). Each step is a batch of
 * actions sent at once (Promise.all), some of them on the same order, sometimes with the clock
 * moving at the same moment; most are the next natural move of an order, some are anyone doing
 * anything.
 *
 * After every step:
 * - no answer is other than the action's success or a refusal (402 declined, 403, 404, 409): no
 *   500, no 503;
 * - every order moved only along PRODUCT.md's graph since the last step, and at least as far as
 *   the successful answers said;
 * - `GET /api/admin/ledger/check` is ok: entries sum to zero per currency, no inside account
 *   (escrow:*, agent:*, platform) is negative, every order's entries are the ones its state
 *   requires, and the view's balances are the entries';
 * - every member's `GET /api/balance` equals the balance this test computes from the orders
 *   alone (paid, refunded, completed and when, 10% fee, 7 days' clearance).
 *
 * fast-check generates the steps (fixed seed, two runs of 10 to 25 steps of up to 6 actions,
 * stopping at the first failure rather than shrinking against a server whose state moved on; a
 * failure prints every step so far). PROPERTY_LOG=1 prints each step as it goes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock';
import { client, demoTokens } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

const MINUTE = 60_000;
const DAY = 86_400_000;
const FEE_BPS = 1000; // PLATFORM_FEE_PERCENT's default, 10%
const CLEARANCE_DAYS = 7; // CLEARANCE_DAYS' default

const CARDS = {
  ok: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
  declined: { number: '4000000000000002', exp_month: 12, exp_year: 2099, cvc: '123' },
  retry: { number: '4000000000000119', exp_month: 12, exp_year: 2099, cvc: '123' },
};

const CUSTOMERS = ['sofia', 'daniel'] as const;
const AGENTS = ['amara', 'kenji', 'lucia'] as const;
type Member = (typeof CUSTOMERS)[number] | (typeof AGENTS)[number];

type Status =
  | 'pending_payment'
  | 'in_progress'
  | 'delivered'
  | 'revision_requested'
  | 'completed'
  | 'cancelled'
  | 'disputed'
  | 'expired';

/** PRODUCT.md's graph. */
const NEXT: Record<Status, Status[]> = {
  pending_payment: ['in_progress', 'expired', 'cancelled'],
  in_progress: ['delivered', 'cancelled'],
  delivered: ['completed', 'revision_requested', 'disputed', 'cancelled'],
  revision_requested: ['delivered', 'disputed', 'cancelled'],
  disputed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  expired: [],
};

/** Whether `to` can be reached from `from` along the graph (in any number of moves). */
function reachable(from: Status, to: Status): boolean {
  const seen = new Set<Status>([from]);
  const queue = [from];
  while (queue.length) {
    for (const next of NEXT[queue.shift()!]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.has(to);
}

interface OrderView {
  id: string;
  status: Status;
  customer: { id: string };
  agent: { id: string };
  total: { amount: number; currency: string };
  refunded: { amount: number };
  paid_at: string | null;
  completed_at: string | null;
  cancellation: { requested_by: 'customer' | 'agent' } | null;
}

interface Balance {
  spent: number;
  in_escrow: number;
  pending_clearance: number;
  available: number;
  earned: number;
}

type PartyMove =
  | 'start'
  | 'deliver'
  | 'accept'
  | 'revision'
  | 'cancel'
  | 'cancel/accept'
  | 'cancel/decline'
  | 'dispute';

/** What a step may ask for. `order` picks one of the orders placed so far in the run. */
type Action =
  | { kind: 'place'; customer: number; gig: number; tier: 'basic' | 'standard' }
  | { kind: 'natural'; order: number; choice: number; card: keyof typeof CARDS; share: number }
  | {
      kind: 'any';
      order: number;
      move: PartyMove | 'pay' | 'resolve';
      by: 'customer' | 'agent' | 'stranger' | 'admin';
      card: keyof typeof CARDS;
      share: number;
    };

interface Step {
  actions: Action[];
  /** The clock moves (and the timers run) at the same moment, by this much. */
  clockMs: number | null;
}

const cardArb = fc.constantFrom<keyof typeof CARDS>('ok', 'ok', 'ok', 'declined', 'retry');
/** A refund's share of the total, in thousandths (1000: all of it). */
const shareArb = fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 999 }));
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      customer: fc.nat(CUSTOMERS.length - 1),
      gig: fc.nat(AGENTS.length - 1),
      tier: fc.constantFrom('basic' as const, 'standard' as const),
    }),
  },
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant('natural' as const),
      order: fc.noBias(fc.nat(1000)),
      choice: fc.noBias(fc.nat(1000)),
      card: cardArb,
      share: shareArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('any' as const),
      order: fc.noBias(fc.nat(1000)),
      move: fc.constantFrom<PartyMove | 'pay' | 'resolve'>(
        'pay',
        'start',
        'deliver',
        'accept',
        'revision',
        'cancel',
        'cancel/accept',
        'cancel/decline',
        'dispute',
        'resolve',
      ),
      by: fc.constantFrom(
        'customer' as const,
        'agent' as const,
        'stranger' as const,
        'admin' as const,
      ),
      card: cardArb,
      share: shareArb,
    }),
  },
);
const stepArb: fc.Arbitrary<Step> = fc.record({
  actions: fc.array(actionArb, { minLength: 1, maxLength: 6 }),
  clockMs: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(31 * MINUTE, 3 * DAY + MINUTE, 8 * DAY) },
  ),
});

let server: TestServer;
let api: ReturnType<typeof client>;
let clock: ManualClock;
let tokens: Record<Member | 'admin', string>;
const ids = {} as Record<Member, string>;
const gigs: string[] = [];

beforeAll(async () => {
  // The timers run only when a step moves the clock (no sweep of their own in between), so
  // between two steps nothing moves and the checks see one state.
  server = await startTestServer({ TEST_CLOCK: 'true', ORDER_TIMER_INTERVAL_SECONDS: '3600' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  tokens = await demoTokens(api, [...CUSTOMERS, ...AGENTS, 'admin']);
  for (const name of [...CUSTOMERS, ...AGENTS]) {
    const me = await api.get<{ user: { id: string } }>('/api/user', { token: tokens[name] });
    ids[name] = me.body.user.id;
  }
  for (const [i, agent] of AGENTS.entries()) {
    const gig = await api.post<{ gig: { id: string } }>('/api/gigs', {
      token: tokens[agent],
      body: {
        title: `Property test gig number ${i + 1} by ${agent}`,
        service_id: 'tour-guide',
        description: 'A gig the property test orders again and again, in every way there is.',
        status: 'active',
        packages: [
          {
            tier: 'basic',
            name: 'Basic',
            price: { amount: 4999 + i * 1234, currency: 'USD' },
            delivery_days: 1 + i,
            revisions: i, // 0, 1 and 2
          },
          {
            tier: 'standard',
            name: 'Standard',
            price: { amount: 12_345 + i * 111, currency: 'USD' },
            delivery_days: 2 + i,
            revisions: 2,
          },
        ],
      },
    });
    expect(gig.status, JSON.stringify(gig.body)).toBe(201);
    gigs.push(gig.body.gig.id);
  }
});
afterAll(() => server?.close());

/** Every order, as the admin sees it. */
async function allOrders(): Promise<Map<string, OrderView>> {
  const orders = new Map<string, OrderView>();
  for (let page = 1; ; page++) {
    const res = await api.get<{ data: OrderView[]; meta: { last_page: number } }>(
      `/api/admin/orders?per_page=100&page=${page}`,
      { token: tokens.admin },
    );
    expect(res.status).toBe(200);
    for (const order of res.body.data) orders.set(order.id, order);
    if (page >= res.body.meta.last_page) return orders;
  }
}

/** The balances the orders alone imply, per member (this test's own model of the ledger). */
function modelBalances(orders: Iterable<OrderView>, now: Date): Map<string, Balance> {
  const balances = new Map<string, Balance>();
  const of = (id: string) => {
    let b = balances.get(id);
    if (!b) {
      b = { spent: 0, in_escrow: 0, pending_clearance: 0, available: 0, earned: 0 };
      balances.set(id, b);
    }
    return b;
  };
  for (const o of orders) {
    if (!o.paid_at) continue;
    const customer = of(o.customer.id);
    const agent = of(o.agent.id);
    const total = o.total.amount;
    const refunded = o.refunded.amount;
    customer.spent += total - refunded;
    if (o.status === 'completed') {
      const released = total - refunded;
      const earnings = released - Math.round((released * FEE_BPS) / 10_000);
      const clears = Date.parse(o.completed_at!) + CLEARANCE_DAYS * DAY;
      if (clears <= now.getTime()) agent.available += earnings;
      else agent.pending_clearance += earnings;
      agent.earned += earnings;
    } else if (o.status !== 'cancelled') {
      customer.in_escrow += total;
    }
  }
  return balances;
}

/** The natural moves of an order in `status`, each as (who, what). */
function naturalMoves(order: OrderView): { by: 'customer' | 'agent' | 'admin'; move: string }[] {
  const answerer = order.cancellation
    ? order.cancellation.requested_by === 'customer'
      ? 'agent'
      : 'customer'
    : null;
  const answers: { by: 'customer' | 'agent'; move: string }[] = answerer
    ? [
        { by: answerer, move: 'cancel/accept' },
        { by: answerer, move: 'cancel/decline' },
      ]
    : [];
  const moves = (list: [number, 'customer' | 'agent', string][]) =>
    list.flatMap(([weight, by, move]) => Array.from({ length: weight }, () => ({ by, move })));
  // Weighted towards moving on, so runs reach every status in a few dozen steps.
  switch (order.status) {
    case 'pending_payment':
      return moves([
        [6, 'customer', 'pay'],
        [1, 'customer', 'cancel'],
        [1, 'agent', 'cancel'],
      ]);
    case 'in_progress':
      return [
        ...moves([
          [2, 'agent', 'start'],
          [4, 'agent', 'deliver'],
          [1, 'customer', 'cancel'],
          [1, 'agent', 'cancel'],
        ]),
        ...answers,
      ];
    case 'delivered':
      return [
        ...moves([
          [3, 'customer', 'accept'],
          [3, 'customer', 'revision'],
          [1, 'customer', 'dispute'],
          [1, 'agent', 'dispute'],
          [1, 'customer', 'cancel'],
        ]),
        ...answers,
      ];
    case 'revision_requested':
      return [
        ...moves([
          [4, 'agent', 'deliver'],
          [1, 'customer', 'dispute'],
          [1, 'agent', 'cancel'],
        ]),
        ...answers,
      ];
    case 'disputed':
      return [{ by: 'admin', move: 'resolve' }];
    default:
      return [{ by: 'customer', move: 'accept' }]; // refused: the order is over
  }
}

interface Sent {
  action: string;
  status: number;
  allowed: number[];
  order?: { id: string; status: Status };
  body?: unknown;
}

const BODIES: Record<string, unknown> = {
  deliver: { message: 'Here is the itinerary.' },
  revision: { reason: 'Please add the lunch stop.' },
  cancel: { reason: 'Plans changed, sorry.' },
  dispute: { reason: 'It did not go as agreed.' },
};

/** Sends one move on `order` as `by`; the answer and the statuses it may have. */
async function send(
  order: OrderView,
  by: 'customer' | 'agent' | 'stranger' | 'admin',
  move: string,
  card: keyof typeof CARDS,
  share: number,
): Promise<Sent> {
  const customer = CUSTOMERS.find((c) => ids[c] === order.customer.id)!;
  const agent = AGENTS.find((a) => ids[a] === order.agent.id)!;
  const token =
    by === 'customer'
      ? tokens[customer]
      : by === 'agent'
        ? tokens[agent]
        : by === 'admin'
          ? tokens.admin
          : tokens[AGENTS.find((a) => a !== agent)!];
  const label = `${by} ${move} ${order.id.slice(0, 6)} (${order.status})`;
  if (move === 'resolve') {
    const refund = Math.max(1, Math.round((order.total.amount * share) / 1000));
    const body =
      share === 1000
        ? { outcome: 'refund', note: 'Refunded in full.' }
        : share % 3 === 0
          ? { outcome: 'complete', note: 'Completed as delivered.' }
          : { outcome: 'refund', refund_amount: refund, note: 'Refunded in part.' };
    const res = await api.post<{ order: { id: string; status: Status } }>(
      `/api/admin/disputes/${order.id}/resolve`,
      { token, body },
    );
    return {
      action: `${label} ${JSON.stringify(body)}`,
      status: res.status,
      allowed: [200, 403, 409],
      order: res.status === 200 ? res.body.order : undefined,
      body: res.body,
    };
  }
  const body = move === 'pay' ? { card: CARDS[card] } : (BODIES[move] ?? {});
  const res = await api.post<{ order: { id: string; status: Status } }>(
    `/api/orders/${order.id}/${move}`,
    { token, body },
  );
  return {
    action: move === 'pay' ? `${label} card ${card}` : label,
    status: res.status,
    allowed: move === 'pay' ? [200, 402, 403, 404, 409] : [200, 403, 404, 409],
    order: res.status === 200 ? res.body.order : undefined,
    body: res.body,
  };
}

interface Run {
  /** The orders placed in this run, oldest first (what `order` indexes). */
  placed: string[];
  known: Map<string, OrderView>;
  log: string[];
}

async function runAction(run: Run, action: Action): Promise<Sent | null> {
  if (action.kind === 'place') {
    const customer = CUSTOMERS[action.customer]!;
    const serviceDate = new Date(clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10);
    const res = await api.post<{ order: OrderView }>('/api/orders', {
      token: tokens[customer],
      body: {
        gig_id: gigs[action.gig],
        tier: action.tier,
        service_date: serviceDate,
        travellers: 2,
      },
    });
    if (res.status === 201) run.placed.push(res.body.order.id);
    return {
      action: `${customer} places an order of gig ${action.gig} ${action.tier}`,
      status: res.status,
      allowed: [201],
      order: res.status === 201 ? res.body.order : undefined,
      body: res.body,
    };
  }
  if (!run.placed.length) return null;
  if (action.kind === 'natural') {
    // The next move of one of the run's orders still open (of any, once none is).
    const known = run.placed.flatMap((id) => run.known.get(id) ?? []);
    const open = known.filter((o) => NEXT[o.status].length);
    const pool = open.length ? open : known;
    if (!pool.length) return null;
    const order = pool[action.order % pool.length]!;
    const moves = naturalMoves(order);
    const { by, move } = moves[action.choice % moves.length]!;
    return send(order, by, move, action.card, action.share);
  }
  const order = run.known.get(run.placed[action.order % run.placed.length]!);
  if (!order) return null;
  return send(order, action.by, action.move, action.card, action.share);
}

async function checkEverything(run: Run, answers: Sent[], before: Map<string, OrderView>) {
  const context = () => `\nsteps so far:\n${run.log.join('\n')}`;
  for (const answer of answers) {
    expect(
      answer.allowed,
      `${answer.action}: ${JSON.stringify(answer.body)}${context()}`,
    ).toContain(answer.status);
  }
  const orders = await allOrders();
  for (const [id, order] of orders) {
    const previous = before.get(id);
    if (previous)
      expect(
        reachable(previous.status, order.status),
        `${id}: ${previous.status} → ${order.status}${context()}`,
      ).toBe(true);
  }
  for (const answer of answers) {
    if (!answer.order) continue;
    const now = orders.get(answer.order.id)!;
    expect(
      reachable(answer.order.status, now.status),
      `${answer.action} answered ${answer.order.status}, now ${now.status}${context()}`,
    ).toBe(true);
  }
  const check = await api.get<{ ok: boolean }>('/api/admin/ledger/check', { token: tokens.admin });
  expect(check.body, `ledger check${context()}`).toMatchObject({ ok: true });
  const model = modelBalances(orders.values(), clock.now());
  const balances = await Promise.all(
    [...CUSTOMERS, ...AGENTS].map(async (name) => {
      const res = await api.get<Record<string, { amount: number }>>('/api/balance', {
        token: tokens[name],
      });
      // Money objects, as numbers of minor units to compare with the model.
      const amounts = Object.fromEntries(
        Object.entries(res.body).map(([key, money]) => [key, money.amount]),
      ) as unknown as Balance;
      return [name, amounts] as const;
    }),
  );
  for (const [name, balance] of balances) {
    const want = model.get(ids[name]) ?? {
      spent: 0,
      in_escrow: 0,
      pending_clearance: 0,
      available: 0,
      earned: 0,
    };
    expect(balance, `${name}'s balance${context()}`).toMatchObject(want);
  }
  run.known = orders;
}

describe('orders under random concurrent use (property)', () => {
  it(
    'keep the graph, the ledger and every balance after every step',
    { timeout: 180_000 },
    async () => {
      const statuses = new Set<Status>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(stepArb, { minLength: 10, maxLength: 25, size: 'max' }),
          async (steps) => {
            const run: Run = { placed: [], known: await allOrders(), log: [] };
            for (const step of steps) {
              const before = run.known;
              const sent = await Promise.all([
                ...step.actions.map((action) => runAction(run, action)),
                ...(step.clockMs === null
                  ? []
                  : [
                      api
                        .post('/api/dev/clock', { body: { advance_ms: step.clockMs } })
                        .then((res) => ({
                          action: `clock +${step.clockMs! / MINUTE} min`,
                          status: res.status,
                          allowed: [200],
                          body: res.body,
                        })),
                    ]),
              ]);
              const answers = sent.filter((s): s is Sent => s !== null);
              run.log.push(answers.map((a) => `${a.action} → ${a.status}`).join(' | '));
              await checkEverything(run, answers, before);
              for (const order of run.known.values()) statuses.add(order.status);
              if (process.env.PROPERTY_LOG) console.log(run.log.at(-1));
            }
          },
        ),
        { seed: 15, numRuns: 2, endOnFailure: true },
      );
      // The runs went everywhere (a generator stuck near the start would prove little).
      expect([...statuses].sort()).toEqual(
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
    },
  );
});
