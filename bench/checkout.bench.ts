/**
 * Checkout and the ledger check (issue 15).
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, demo members without demo gigs, logging off, `NODE_ENV=production`, the order
 * timers' periodic sweep out of the way) and measures:
 *
 * 1. Checkout: `BENCH_CHECKOUT_CUSTOMERS` (50) customers check out at once: each places an order
 *    (`POST /api/orders`) and pays it with the sandbox's success card (`POST /api/orders/:id/pay`:
 *    the charge, the order in progress, its ledger entry, both parties' mirrors, a notification
 *    and a mail). A checkout's time is both requests'. The baseline is `GET /api/getServices`
 *    sent by the same number of clients at once, timed the same way, in rounds taking turns with
 *    the checkout rounds (so a change in the machine's load meets both). The first round of each
 *    is a warm-up and is not counted. Reported: p50 and p99 of each, and the ratios.
 * 2. The ledger check (`checkLedger`, what `GET /api/admin/ledger/check` and
 *    `npm run ledger:check` run) at `BENCH_LEDGER_SIZES` entries (10,000 and 100,000): orders in
 *    every paid state are made by the state machine's own functions, their entries by
 *    `expectedEntries`, and both written in bulk straight to wf_market, 2,000 documents a batch,
 *    the balance view brought up to date after each batch (as the API's reads keep it current;
 *    its time reported apart), then the check is timed `BENCH_LEDGER_RUNS` times (median). Reported: the time per size and
 *    the ratio of the largest to the smallest against the ratio of their entries (1.0: linear).
 *
 * Run:    npm run bench -- checkout
 *    or:  npx tsx bench/checkout.bench.ts
 * Options (environment): BENCH_CHECKOUT_CUSTOMERS (50), BENCH_CHECKOUT_ROUNDS measured rounds of
 * checkouts (4), BENCH_BASELINE_ROUNDS measured rounds of getServices (20), BENCH_LEDGER_SIZES
 * (10000,100000; empty: skip), BENCH_LEDGER_RUNS (2).
 * Exits 1 if a request failed, a checkout did not end paid, or a ledger check was not ok.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSession } from '../api/src/auth/sessions';
import { issueAccessToken } from '../api/src/auth/tokens';
import { ensureUserDb } from '../api/src/couch/userdb';
import { checkLedger } from '../api/src/routes/orders/ledger';
import { expectedEntries } from '../api/src/routes/orders/ledger-entries';
import * as machine from '../api/src/routes/orders/order-machine';
import type { Actor, OrderDoc } from '../api/src/routes/orders/order-machine';
import { createUser } from '../api/src/routes/users/users.service';
import type { RunningServer } from '../api/src/server';
import {
  formatColumns,
  formatRatio,
  numberFromEnv,
  percentile,
  ratio,
  resultsFileName,
  writeResults,
} from './lib/harness';
import { createWalkGig, demoAgent } from './lib/accounts';
import { loadAverage } from './lib/leftovers';
import { guardedRun } from './lib/lifecycle';
import { LOADED_API_ENV, startBenchApi } from './lib/servers';
import { databaseLabel, settleDatabase, untilBuilt } from './lib/couch-target';

const customers = numberFromEnv('BENCH_CHECKOUT_CUSTOMERS', 50, true, 1);
const checkoutRounds = numberFromEnv('BENCH_CHECKOUT_ROUNDS', 4, true, 1);
const baselineRounds = numberFromEnv('BENCH_BASELINE_ROUNDS', 20, true, 1);
const ledgerRuns = numberFromEnv('BENCH_LEDGER_RUNS', 2, true, 1);
const ledgerSizes = (process.env.BENCH_LEDGER_SIZES ?? '10000,100000')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 100) {
      console.error(`BENCH_LEDGER_SIZES: each size is a whole number >= 100 (got "${s}")`);
      process.exit(2);
    }
    return n;
  })
  .sort((a, b) => a - b);

/** The longest a view may take to build (the API's own view time limit here, below). */
const VIEW_LIMIT_MS = 600_000;

const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
const DAY = 86_400_000;

// Bounded in time: set-up, the rounds and each size's writing and checks, with room to spare.
const limitMs =
  (180 +
    (checkoutRounds + 1) * 30 +
    (baselineRounds + 1) * 2 +
    ledgerSizes.reduce((sum, n) => sum + (n / 1000) * 8 * (1 + ledgerRuns / 4), 0)) *
  1000;
const { leftovers, finish } = guardedRun('checkout', limitMs);

interface Timed {
  ms: number;
  ok: boolean;
  problem?: string;
}

async function timedJson(
  url: string,
  init: RequestInit,
  expectStatus: number,
): Promise<Timed & { body: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    const body: unknown = await res.json();
    const ms = performance.now() - started;
    return res.status === expectStatus
      ? { ms, ok: true, body }
      : { ms, ok: false, body, problem: `${res.status} ${JSON.stringify(body).slice(0, 200)}` };
  } catch (error) {
    return {
      ms: performance.now() - started,
      ok: false,
      body: null,
      problem: (error as Error).message,
    };
  }
}

/** p50, p99 and the count of a list of milliseconds. */
const summary = (values: number[]) => ({
  count: values.length,
  p50_ms: values.length ? percentile(values, 50) : NaN,
  p99_ms: values.length ? percentile(values, 99) : NaN,
});

/** Customers with verified accounts and a session each (no login: that is not what is measured). */
async function makeCustomers(running: RunningServer, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(running.deps.couch, {
      email: `checkout${i}@bench.test`,
      role: 'Customer',
      full_name: `Bench Customer ${i + 1}`,
      tagname: `bench_customer_${i + 1}`,
      email_verified: true,
      password: 'bench-password',
    });
    await ensureUserDb(running.deps.couch, user.id);
    const session = await createSession(running.deps.couch, user, {
      remember: true,
      userAgent: 'checkout-bench',
      ip: '127.0.0.1',
    });
    const { token } = await issueAccessToken(running.deps.jwtSecret, {
      userId: user.id,
      sessionId: session._id.slice('session:'.length),
      sessionExpiresAt: new Date(session.expires_at),
    });
    tokens.push(token);
  }
  return tokens;
}

async function checkout(
  base: string,
  token: string,
  gigId: string,
  key: string,
): Promise<{ total: Timed; create: Timed; pay: Timed }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const serviceDate = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
  const create = await timedJson(
    `${base}/api/orders`,
    {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify({
        gig_id: gigId,
        tier: 'basic',
        service_date: serviceDate,
        travellers: 2,
      }),
    },
    201,
  );
  if (!create.ok)
    return { total: create, create, pay: { ms: 0, ok: false, problem: 'not placed' } };
  const id = (create.body as { order: { id: string } }).order.id;
  const pay = await timedJson(
    `${base}/api/orders/${id}/pay`,
    { method: 'POST', headers, body: JSON.stringify({ card: CARD }) },
    200,
  );
  const status = (pay.body as { order?: { status?: string } } | null)?.order?.status;
  const paid = pay.ok && status === 'in_progress';
  return {
    create,
    pay,
    total: {
      ms: create.ms + pay.ms,
      ok: paid,
      problem: paid ? undefined : (pay.problem ?? `status ${status}`),
    },
  };
}

/** An order in one of the paid states, made by the state machine (as the API makes them). */
function syntheticOrder(i: number, present: number): OrderDoc {
  const customer: Actor = { kind: 'customer', id: `bcust${i % 997}`, name: 'Bench Customer' };
  const agent: Actor = { kind: 'agent', id: `bagent${i % 61}`, name: 'Bench Agent' };
  const admin: Actor = { kind: 'admin', id: 'badmin', name: 'Bench Admin' };
  const price = 2_500 + ((i * 7919) % 400) * 125;
  const placed = new Date(present - (1 + (i % 60)) * DAY);
  const later = (hours: number) => new Date(placed.getTime() + hours * 3_600_000);
  let order = machine.placeOrder(
    {
      id: `bench${i.toString(36).padStart(6, '0')}`,
      customer_id: customer.id!,
      agent_id: agent.id!,
      customer: { id: customer.id!, full_name: customer.name, tagname: null, avatar: null },
      agent: { id: agent.id!, full_name: agent.name, tagname: null, avatar: null },
      gig: { id: `bgig${i % 211}`, title: 'Bench gig', service_id: 'tour-guide' },
      package: {
        tier: 'basic',
        name: 'Basic',
        price: { amount: price, currency: 'USD' },
        delivery_days: 3,
        revisions: 1,
      },
      extras: [],
      travel: {
        service_date: later(24 * 10)
          .toISOString()
          .slice(0, 10),
        service_end_date: null,
        travellers: 2,
        meeting_place: null,
      },
      requirements: 'Two adults.',
      attachments: [],
      total: { amount: price, currency: 'USD' },
      fee_bps: 1000,
      delivery_days: 3,
      revisions_allowed: 1,
      idempotency_key: null,
    },
    customer,
    placed,
  );
  order = machine.beginPayment(order, customer, later(0.1));
  order = machine.paymentSucceeded(order, order.payment!.key, `ch_${i}`, later(0.1), customer);
  const kind = i % 10; // 1 in progress, 1 cancelled, 2 refunded in part, 6 completed
  if (kind === 0) {
    order = machine.cancel(order, customer, later(2), 'Plans changed.');
  } else if (kind !== 1) {
    order = machine.deliver(order, agent, later(30), { id: '1', message: 'Done.', files: [] });
    if (kind <= 3) {
      order = machine.openDispute(order, customer, later(40), 'Not as agreed.');
      const refund = Math.round(price / (kind + 1));
      order = machine.resolveDispute(order, admin, later(50), 'refund', refund, 'In part.');
    } else order = machine.accept(order, customer, later(40));
  }
  return { ...order, outbox: [] };
}

/** Brings the balance view up to date (what the API's balance reads do as entries arrive). */
async function updateView(running: RunningServer): Promise<number> {
  const started = performance.now();
  await untilBuilt(
    'ledger/by_account',
    () =>
      running.deps.couch
        .db('market')
        .view('ledger', 'by_account', { reduce: true, group_level: 0 } as never),
    { limitMs: VIEW_LIMIT_MS },
  );
  return performance.now() - started;
}

/**
 * Writes orders and their entries until the ledger holds `target` entries, bringing the balance
 * view up to date after each batch. Returns the time of each.
 */
async function growLedger(
  running: RunningServer,
  state: { next: number; entries: number },
  target: number,
): Promise<{ writeMs: number; viewMs: number }> {
  const db = running.deps.couch.db('market');
  const present = Date.now();
  let writeMs = 0;
  let viewMs = 0;
  while (state.entries < target) {
    const docs: object[] = [];
    while (docs.length < 2000 && state.entries < target) {
      const order = syntheticOrder(state.next++, present);
      const entries = expectedEntries(order, running.deps.env.CLEARANCE_DAYS);
      docs.push(order, ...entries);
      state.entries += entries.length;
    }
    const started = performance.now();
    const results = await db.bulk({ docs } as never);
    writeMs += performance.now() - started;
    const failed = results.filter((r) => r.error);
    if (failed.length) throw new Error(`bulk write: ${failed.length} failed (${failed[0]!.error})`);
    viewMs += await updateView(running);
  }
  return { writeMs, viewMs };
}

async function main(): Promise<number> {
  console.log(`checkout: starting the API (${databaseLabel()}); load average ${loadAverage()}`);
  const started = await startBenchApi({
    env: {
      ...LOADED_API_ENV,
      // Building the balance view over 100,000 entries on a busy machine takes minutes.
      COUCH_VIEW_TIMEOUT_MS: String(VIEW_LIMIT_MS),
    },
    keep: leftovers.keep,
  });
  const api = started.running;
  leftovers.closeAtEnd(() => api.close(2000));
  const base = started.url;
  await settleDatabase('checkout');
  const problems: string[] = [];

  // An agent's gig to order (the demo agent Amara).
  const agent = await demoAgent(base);
  const gigId = (
    await createWalkGig(base, agent.token, 'Dakar old town walk for the checkout benchmark')
  ).id;
  console.log(`checkout: making ${customers} customers…`);
  const tokens = await makeCustomers(api, customers);

  // 1. Checkout rounds taking turns with getServices rounds, the first of each not counted.
  console.log(
    `checkout: ${customers} at once; ${checkoutRounds} checkout rounds and ${baselineRounds} ` +
      `getServices rounds measured, taking turns (load average ${loadAverage()})`,
  );
  const servicesMs: number[] = [];
  const checkoutMs: number[] = [];
  const createMs: number[] = [];
  const payMs: number[] = [];
  let failed = 0;
  const baselineRound = async (counted: boolean) => {
    const results = await Promise.all(
      tokens.map(() => timedJson(`${base}/api/getServices`, {}, 200)),
    );
    for (const r of results) {
      if (!r.ok) {
        failed++;
        problems.push(`getServices: ${r.problem}`);
      } else if (counted) servicesMs.push(r.ms);
    }
  };
  let round = 0;
  const checkoutRound = async (counted: boolean) => {
    round++;
    const results = await Promise.all(
      tokens.map((token, i) => checkout(base, token, gigId, `bench-${round}-${i}`)),
    );
    for (const r of results) {
      if (!r.total.ok) {
        failed++;
        problems.push(`checkout: ${r.total.problem}`);
      } else if (counted) {
        checkoutMs.push(r.total.ms);
        createMs.push(r.create.ms);
        payMs.push(r.pay.ms);
      }
    }
  };
  await baselineRound(false);
  await checkoutRound(false);
  const perCheckout = Math.max(1, Math.round(baselineRounds / checkoutRounds));
  let baselineDone = 0;
  for (let r = 0; r < checkoutRounds; r++) {
    for (let b = 0; b < perCheckout && baselineDone < baselineRounds; b++, baselineDone++)
      await baselineRound(true);
    await checkoutRound(true);
  }
  while (baselineDone++ < baselineRounds) await baselineRound(true);

  const services = summary(servicesMs);
  const rows = [
    { name: 'GET /api/getServices (baseline)', ...services },
    { name: 'checkout: create + pay', ...summary(checkoutMs) },
    { name: '  POST /api/orders', ...summary(createMs) },
    { name: '  POST /api/orders/:id/pay', ...summary(payMs) },
  ];
  console.log('');
  console.log(
    formatColumns(
      ['', 'samples', 'p50 ms', 'p99 ms', 'p50 ratio', 'p99 ratio'],
      rows.map((r) => [
        r.name,
        String(r.count),
        r.p50_ms.toFixed(1),
        r.p99_ms.toFixed(1),
        formatRatio(ratio(r.p50_ms, services.p50_ms)),
        formatRatio(ratio(r.p99_ms, services.p99_ms)),
      ]),
    ),
  );
  if (failed) console.error(`checkout: ${failed} requests failed`);

  // 2. The ledger check at each size.
  const ledger: {
    entries: number;
    orders: number;
    write_s: number;
    view_update_s: number;
    check_ms: number[];
    median_ms: number;
  }[] = [];
  const grown = { next: 0, entries: 0 };
  // The checkouts' own entries count too.
  const before = await checkLedger(api.deps.couch, api.deps.env.CLEARANCE_DAYS);
  if (!before.ok) problems.push('the ledger did not reconcile after the checkouts');
  grown.entries = before.checked_entries;
  for (const size of ledgerSizes) {
    console.log(
      `\ncheckout: writing the ledger up to ${size} entries (load average ${loadAverage()})…`,
    );
    const { writeMs, viewMs } = await growLedger(api, grown, size);
    // BENCH_COUCH_URL: every view of wf_market built and the database compacted before timing.
    await settleDatabase('checkout', {
      databases: [api.deps.couch.databases.market],
      compact: [api.deps.couch.databases.market],
      limitMs: VIEW_LIMIT_MS,
    });
    const times: number[] = [];
    let last;
    for (let run = 0; run < ledgerRuns; run++) {
      const t0 = performance.now();
      last = await checkLedger(api.deps.couch, api.deps.env.CLEARANCE_DAYS);
      times.push(performance.now() - t0);
    }
    if (!last!.ok) problems.push(`the ledger check at ${size} entries was not ok`);
    const median = percentile(times, 50);
    ledger.push({
      entries: last!.checked_entries,
      orders: last!.checked_orders,
      write_s: writeMs / 1000,
      view_update_s: viewMs / 1000,
      check_ms: times,
      median_ms: median,
    });
    console.log(
      `  ${last!.checked_entries} entries, ${last!.checked_orders} orders: written in ` +
        `${(writeMs / 1000).toFixed(1)} s, balance view kept up to date in ` +
        `${(viewMs / 1000).toFixed(1)} s, ` +
        `checkLedger ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (ok: ${last!.ok})`,
    );
  }
  if (ledger.length) {
    const small = ledger[0]!;
    console.log('');
    console.log(
      formatColumns(
        ['ledger', 'orders', 'checkLedger median s', 'time ratio', 'entries ratio'],
        ledger.map((l) => [
          `${l.entries} entries`,
          String(l.orders),
          (l.median_ms / 1000).toFixed(2),
          formatRatio(ratio(l.median_ms, small.median_ms)),
          formatRatio(ratio(l.entries, small.entries)),
        ]),
      ),
    );
  }
  console.log(`\ncheckout: load average at the end ${loadAverage()}`);

  const file = await writeResults(resultsFileName('checkout'), {
    benchmark: 'checkout',
    baseline: 'GET /api/getServices',
    settings: { customers, checkoutRounds, baselineRounds, ledgerSizes, ledgerRuns },
    load_average_end: loadavg(),
    rows,
    ledger,
    failed,
  });
  console.log(`checkout: results written to ${path.relative(process.cwd(), file)}`);
  for (const problem of [...new Set(problems)].slice(0, 10)) console.error(`checkout: ${problem}`);
  return problems.length ? 1 : 0;
}

await finish(main);
