/**
 * Orders over HTTP (issue 15): placing (idempotent), paying with the sandbox cards, every
 * transition with its wrong actor (403) and wrong state (409), concurrent accepts, the timers by
 * moving the clock, files, disputes, the ledger (entries, balances, the check), the mirrors in
 * each party's database, and the gig's open-order count.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/env';
import { releaseLease, tryLease } from '../src/jobs/lease';
import type { ManualClock } from '../src/lib/clock';
import { DEMO_ORDERS } from '../src/seed/demo-data';
import { client, demoTokens, newAccount, waitForMail } from './helpers/client';
import { couchEnvFor, startTestServer, type TestServer } from './helpers/server';

const execFileAsync = promisify(execFile);

let server: TestServer;
let api: ReturnType<typeof client>;
let tokens: Record<'sofia' | 'daniel' | 'amara' | 'kenji' | 'lucia' | 'omar' | 'admin', string>;
let gigId: string;
let clock: ManualClock;

const DAY = 86_400_000;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
const DECLINED = { ...CARD, number: '4000000000000002' };
const RETRY = { ...CARD, number: '4000000000000119' };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface OrderBody {
  order: {
    id: string;
    status: string;
    total: { amount: number; currency: string };
    fee: { amount: number };
    agent_earnings: { amount: number };
    refunded: { amount: number };
    actions: string[];
    deliveries: { files: { url: string; content_type: string }[] }[];
    timeline: { actor: { kind: string; id: string | null }; event: string }[];
    revisions_used: number;
    cancellation: unknown;
    dispute: { resolution: { note: string } | null } | null;
    attachments: unknown[];
  };
}
type Err = { message: string; errors?: Record<string, string[]> };

const future = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const orderBody = (extra: Record<string, unknown> = {}) => ({
  gig_id: gigId,
  tier: 'basic',
  extras: [0],
  service_date: future(20),
  travellers: 2,
  meeting_place: 'Hotel lobby',
  requirements: 'Two adults, vegetarian lunch.',
  ...extra,
});

async function place(who: 'sofia' | 'daniel' = 'sofia', extra: Record<string, unknown> = {}) {
  const res = await api.post<OrderBody>('/api/orders', {
    token: tokens[who],
    body: orderBody(extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}
async function paid(who: 'sofia' | 'daniel' = 'sofia') {
  const order = await place(who);
  const res = await api.post<OrderBody>(`/api/orders/${order.id}/pay`, {
    token: tokens[who],
    body: { card: CARD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}
const act = (token: string, id: string, action: string, body?: unknown) =>
  api.post<OrderBody & Err>(`/api/orders/${id}/${action}`, { token, body: body ?? {} });

async function deliverWithFile(id: string, message = 'Here is your itinerary.') {
  const form = new FormData();
  form.set('message', message);
  form.append('files', new Blob([PNG], { type: 'image/png' }), 'plan.png');
  const res = await server.request(`/api/orders/${id}/deliver`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.amara}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as OrderBody & Err };
}

async function ledgerCheck() {
  const res = await api.get<{
    ok: boolean;
    differences: unknown[];
    negative_balances: unknown[];
    sums: { sum: number }[];
  }>('/api/admin/ledger/check', { token: tokens.admin });
  expect(res.status).toBe(200);
  return res.body;
}
/** The caller's balances, as numbers of minor units (the API sends money objects). */
const balance = async (token: string) => {
  const res = await api.get<Record<string, { amount: number; currency: string }>>('/api/balance', {
    token,
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    Object.entries(res.body).map(([key, money]) => [key, money.amount]),
  ) as Record<'spent' | 'in_escrow' | 'pending_clearance' | 'available' | 'earned', number>;
};

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: 'true', SEED_DEMO_GIGS: 'true' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  tokens = await demoTokens(api, ['sofia', 'daniel', 'amara', 'kenji', 'lucia', 'omar', 'admin']);
  const gig = await api.post<{ gig: { id: string } }>('/api/gigs', {
    token: tokens.amara,
    body: {
      title: 'Dakar food market morning with a local cook',
      service_id: 'tour-guide',
      description:
        'A slow morning through the Kermel and Tilène markets, tasting as we go, with a cook who shops there every day.',
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Market walk',
          price: { amount: 5000, currency: 'USD' },
          delivery_days: 2,
          revisions: 1,
        },
      ],
      extras: [{ title: 'Cooking class after', price: { amount: 2500, currency: 'USD' } }],
    },
  });
  expect(gig.status, JSON.stringify(gig.body)).toBe(201);
  gigId = gig.body.gig.id;
  // Starting with every demo gig, order and review takes minutes on a loaded machine.
}, 300_000);
afterAll(() => server.close());

describe('demo orders (seeded with the demo gigs)', () => {
  it('are in every status, by the service functions, with a ledger that reconciles', async () => {
    const list = await api.get<{
      counts: Record<string, number>;
      data: { id: string; timeline: { actor: { kind: string } }[] }[];
    }>('/api/admin/orders?per_page=100', { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.counts['*']).toBe(DEMO_ORDERS.length);
    for (const status of [
      'pending_payment',
      'in_progress',
      'delivered',
      'revision_requested',
      'completed',
      'cancelled',
      'disputed',
      'expired',
    ])
      expect(list.body.counts[status], status).toBeGreaterThan(0);
    const check = await ledgerCheck();
    expect(check).toMatchObject({ ok: true, differences: [], negative_balances: [] });
    // The timers ran at the end of the seed: the unpaid order from hours ago expired.
    const expired = await api.get<{ data: { timeline: { actor: { kind: string } }[] }[] }>(
      '/api/admin/orders?status=expired',
      { token: tokens.admin },
    );
    expect(expired.body.data[0]!.timeline.at(-1)!.actor.kind).toBe('timer');
    // Releases from weeks ago have cleared; the recent ones are still clearing.
    const [amara, lucia, kenji, omar] = await Promise.all(
      [tokens.amara, tokens.lucia, tokens.kenji, tokens.omar].map(balance),
    );
    expect(amara).toMatchObject({ available: 11_250, pending_clearance: 0 });
    expect(lucia).toMatchObject({ available: 10_800 + 4_050, pending_clearance: 0 });
    // Every demo agent has cleared earnings, so a withdrawal can be tried at once (issue 16).
    expect(kenji).toMatchObject({ available: 34_200, pending_clearance: 8_550 });
    expect(omar).toMatchObject({ available: 10_800, pending_clearance: 10_800 });
    const sofia = await balance(tokens.sofia);
    // Paid: Pink Lake, the Morocco trip, Lisbon walk (less its 20.00 refund), Nishiki, the
    // guesthouse plan and the wedding travel plan; the riad review was cancelled and refunded.
    expect(sofia).toMatchObject({
      spent: 12_500 + 12_000 + 4_500 + 9_500 + 25_000 + 60_000,
      in_escrow: 25_000 + 60_000,
    });
  });
});

describe('placing an order', () => {
  it('prices the package and its extras in minor units and waits for payment', async () => {
    const order = await place();
    expect(order).toMatchObject({
      status: 'pending_payment',
      total: { amount: 7500, currency: 'USD' },
      fee: { amount: 750 },
      agent_earnings: { amount: 6750 },
    });
    expect(order.actions).toContain('pay');
    expect(order.timeline[0]).toMatchObject({ event: 'Order placed', actor: { kind: 'customer' } });
  });

  it('the same Idempotency-Key gives one order, also when sent twice at once', async () => {
    const headers = { 'Idempotency-Key': `checkout-${Date.now()}` };
    const [a, b] = await Promise.all([
      api.post<OrderBody>('/api/orders', { token: tokens.sofia, body: orderBody(), headers }),
      api.post<OrderBody>('/api/orders', { token: tokens.sofia, body: orderBody(), headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.order.id).toBe(b.body.order.id);
    const again = await api.post<OrderBody>('/api/orders', {
      token: tokens.sofia,
      body: orderBody(),
      headers,
    });
    expect(again.body.order.id).toBe(a.body.order.id);
    // Another customer with the same key is another order.
    const other = await api.post<OrderBody>('/api/orders', {
      token: tokens.daniel,
      body: orderBody(),
      headers,
    });
    expect(other.body.order.id).not.toBe(a.body.order.id);
  });

  it('names bad fields (422), refuses guests (401), agents (403) and unknown gigs', async () => {
    const bad = await api.post<Err>('/api/orders', {
      token: tokens.sofia,
      body: { gig_id: gigId, tier: 'gold', extras: [0, 0], service_date: 'soon', travellers: 0 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(
      expect.arrayContaining(['tier', 'extras', 'service_date', 'travellers']),
    );
    const noExtra = await api.post<Err>('/api/orders', {
      token: tokens.sofia,
      body: orderBody({ extras: [4] }),
    });
    expect(noExtra.status).toBe(422);
    expect(noExtra.body.errors!.extras).toEqual(['This gig has no extra number 4.']);
    const past = await api.post<Err>('/api/orders', {
      token: tokens.sofia,
      body: orderBody({ service_date: '2020-01-01' }),
    });
    expect(past.body.errors!.service_date).toBeDefined();
    const unknown = await api.post<Err>('/api/orders', {
      token: tokens.sofia,
      body: orderBody({ gig_id: 'nope' }),
    });
    expect(unknown.status).toBe(422);
    expect((await api.post('/api/orders', { body: orderBody() })).status).toBe(401);
    expect((await api.post('/api/orders', { token: tokens.kenji, body: orderBody() })).status).toBe(
      403,
    );
    const forged = await api.post('/api/orders', { token: `${tokens.sofia}x`, body: orderBody() });
    expect(forged.status).toBe(401);
  });
});

describe('paying', () => {
  it('a declined card is a 402 with a clear message and leaves the order unpaid', async () => {
    const order = await place();
    const res = await act(tokens.sofia, order.id, 'pay', { card: DECLINED });
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/declined/i);
    const after = await api.get<OrderBody>(`/api/orders/${order.id}`, { token: tokens.sofia });
    expect(after.body.order.status).toBe('pending_payment');
    expect(after.body.order.actions).toContain('pay');
    const ok = await act(tokens.sofia, order.id, 'pay', { card: CARD });
    expect(ok.status).toBe(200);
    expect(ok.body.order.status).toBe('in_progress');
  });

  it('the retry card fails once and succeeds when tried again; paying twice is a 409', async () => {
    const order = await place();
    const first = await act(tokens.sofia, order.id, 'pay', { card: RETRY });
    expect(first.status).toBe(402);
    expect(first.body.message).toMatch(/try again/i);
    const second = await act(tokens.sofia, order.id, 'pay', { card: RETRY });
    expect(second.status).toBe(200);
    expect(second.body.order.status).toBe('in_progress');
    const third = await act(tokens.sofia, order.id, 'pay', { card: CARD });
    expect(third.status).toBe(409);
  });

  it('card fields are checked (422); only the customer pays (403); others see 404', async () => {
    const order = await place();
    const bad = await act(tokens.sofia, order.id, 'pay', {
      card: { number: '42', exp_month: 13, exp_year: 20, cvc: 'x' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(
      expect.arrayContaining(['card.number', 'card.exp_month', 'card.exp_year', 'card.cvc']),
    );
    expect((await act(tokens.amara, order.id, 'pay', { card: CARD })).status).toBe(403);
    expect((await act(tokens.daniel, order.id, 'pay', { card: CARD })).status).toBe(404);
    expect((await api.get(`/api/orders/${order.id}`, { token: tokens.daniel })).status).toBe(404);
    expect((await api.get(`/api/orders/${order.id}`, { token: tokens.kenji })).status).toBe(404);
    expect((await api.get('/api/orders/unknown', { token: tokens.sofia })).status).toBe(404);
  });
});

describe('delivery, revisions and completion', () => {
  it('runs the whole way with files, with 403 for the wrong actor and 409 for the wrong state', async () => {
    const before = await balance(tokens.amara);
    const order = await paid();
    expect((await act(tokens.sofia, order.id, 'accept')).status).toBe(409);
    expect((await act(tokens.sofia, order.id, 'deliver', { message: 'x' })).status).toBe(403);

    const delivered = await deliverWithFile(order.id);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.order.status).toBe('delivered');
    const file = delivered.body.order.deliveries[0]!.files[0]!;
    expect(file.content_type).toBe('image/png');
    const read = await server.request(file.url, {
      headers: { authorization: `Bearer ${tokens.sofia}` },
    });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
    const stranger = await server.request(file.url, {
      headers: { authorization: `Bearer ${tokens.daniel}` },
    });
    expect(stranger.status).toBe(404);

    expect((await act(tokens.amara, order.id, 'revision', { reason: 'More detail' })).status).toBe(
      403,
    );
    const revision = await act(tokens.sofia, order.id, 'revision', {
      reason: 'Please add the lunch stop.',
    });
    expect(revision.body.order).toMatchObject({ status: 'revision_requested', revisions_used: 1 });
    const again = await act(tokens.amara, order.id, 'deliver', { message: 'Lunch stop added.' });
    expect(again.body.order.status).toBe('delivered');
    const noMore = await act(tokens.sofia, order.id, 'revision', { reason: 'One more change.' });
    expect(noMore.status).toBe(409);
    expect(noMore.body.message).toMatch(/revision/i);

    // The other party hears of each event by mail (and a notification).
    const mail = await waitForMail(server, 'sofia@wayfarer.test', 'Order delivered');
    expect(mail.text).toContain(`/orders/${order.id}`);
    await waitForMail(server, 'amara@wayfarer.test', 'Revision requested');
    const done = await act(tokens.sofia, order.id, 'accept');
    expect(done.body.order.status).toBe('completed');
    expect(done.body.order.timeline.map((t) => t.actor.kind)).toEqual([
      'customer',
      'customer',
      'agent',
      'customer',
      'agent',
      'customer',
    ]);
    const after = await balance(tokens.amara);
    expect(after.pending_clearance - before.pending_clearance).toBe(6750);
    clock.advance(8 * DAY);
    const cleared = await balance(tokens.amara);
    expect(cleared).toMatchObject({
      pending_clearance: 0,
      available: after.available + after.pending_clearance,
    });
    expect((await ledgerCheck()).ok).toBe(true);
  });

  it('a transition while another instance publishes the order moves the money at once', async () => {
    const order = await paid();
    await act(tokens.amara, order.id, 'deliver', { message: 'Done.' });
    const before = await balance(tokens.amara);
    // Another instance holds the order's lease: it is publishing the order's earlier events.
    const lease = await tryLease(server.deps.couch, clock, `order:${order.id}`, 60_000, 'other');
    expect(lease).not.toBeNull();
    try {
      const done = await act(tokens.sofia, order.id, 'accept');
      expect(done.body.order.status).toBe('completed');
      expect((await ledgerCheck()).differences).toEqual([]);
      const after = await balance(tokens.amara);
      expect(after.pending_clearance - before.pending_clearance).toBe(6750);
    } finally {
      await releaseLease(server.deps.couch, lease!);
    }
  });

  it('two concurrent accepts: exactly one wins', async () => {
    const order = await paid();
    await act(tokens.amara, order.id, 'deliver', { message: 'Done.' });
    const results = await Promise.all([
      act(tokens.sofia, order.id, 'accept'),
      act(tokens.sofia, order.id, 'accept'),
      act(tokens.sofia, order.id, 'accept'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const check = await ledgerCheck();
    expect(check.differences).toEqual([]);
  });
});

describe('timers, moved by the clock', () => {
  it('an unpaid order expires after 30 minutes; a delivered one completes after 3 days', async () => {
    const unpaid = await place();
    const delivered = await paid();
    await act(tokens.amara, delivered.id, 'deliver', { message: 'All set.' });
    clock.advance(29 * 60_000);
    await server.orderTimers.sweep();
    expect(
      (await api.get<OrderBody>(`/api/orders/${unpaid.id}`, { token: tokens.sofia })).body.order
        .status,
    ).toBe('pending_payment');
    clock.advance(2 * 60_000);
    await server.orderTimers.sweep();
    const expired = await api.get<OrderBody>(`/api/orders/${unpaid.id}`, { token: tokens.sofia });
    expect(expired.body.order.status).toBe('expired');
    expect(expired.body.order.timeline.at(-1)!.actor.kind).toBe('timer');
    expect((await act(tokens.sofia, unpaid.id, 'pay', { card: CARD })).status).toBe(409);

    clock.advance(3 * DAY);
    await server.orderTimers.sweep();
    await server.orderTimers.sweep(); // a second sweep changes nothing
    const completed = await api.get<OrderBody>(`/api/orders/${delivered.id}`, {
      token: tokens.sofia,
    });
    expect(completed.body.order.status).toBe('completed');
    expect(
      completed.body.order.timeline.filter((t) => t.event.includes('automatically')),
    ).toHaveLength(1);
    expect((await ledgerCheck()).ok).toBe(true);
  });
});

describe('cancellation', () => {
  it('the customer cancels alone before the work starts, and is refunded', async () => {
    const before = await balance(tokens.sofia);
    const order = await paid();
    const res = await act(tokens.sofia, order.id, 'cancel', { reason: 'Plans changed, sorry.' });
    expect(res.body.order).toMatchObject({ status: 'cancelled', refunded: { amount: 7500 } });
    const after = await balance(tokens.sofia);
    expect(after.spent).toBe(before.spent);
    expect(after.in_escrow).toBe(before.in_escrow);
  });

  it('once started it takes both: request, decline, request, accept', async () => {
    const order = await paid();
    await act(tokens.amara, order.id, 'start');
    const asked = await act(tokens.sofia, order.id, 'cancel', { reason: 'Plans changed, sorry.' });
    expect(asked.body.order.status).toBe('in_progress');
    expect(asked.body.order.cancellation).toMatchObject({ requested_by: 'customer' });
    expect((await act(tokens.sofia, order.id, 'cancel/accept')).status).toBe(403);
    expect((await act(tokens.sofia, order.id, 'cancel', { reason: 'Again please.' })).status).toBe(
      409,
    );
    const declined = await act(tokens.amara, order.id, 'cancel/decline');
    expect(declined.body.order.cancellation).toBeNull();
    expect((await act(tokens.amara, order.id, 'cancel/accept')).status).toBe(409);
    await act(tokens.amara, order.id, 'cancel', { reason: 'I am ill this week.' });
    const accepted = await act(tokens.sofia, order.id, 'cancel/accept');
    expect(accepted.body.order).toMatchObject({ status: 'cancelled', refunded: { amount: 7500 } });
    expect((await ledgerCheck()).ok).toBe(true);
  });

  it('once the due date has passed the customer may cancel alone again', async () => {
    const order = await paid();
    await act(tokens.amara, order.id, 'start');
    clock.advance(3 * DAY);
    const res = await act(tokens.sofia, order.id, 'cancel', { reason: 'It is late.' });
    expect(res.body.order.status).toBe('cancelled');
  });
});

describe('disputes', () => {
  it('either party opens one; an admin refunds in part, both see the note, the ledger balances', async () => {
    const order = await paid();
    expect(
      (await act(tokens.sofia, order.id, 'dispute', { reason: 'Nothing arrived.' })).status,
    ).toBe(409);
    await act(tokens.amara, order.id, 'deliver', { message: 'Delivered.' });
    const opened = await act(tokens.sofia, order.id, 'dispute', {
      reason: 'The guide did not show up.',
    });
    expect(opened.body.order.status).toBe('disputed');
    const queue = await api.get<{ data: { id: string }[] }>('/api/admin/disputes', {
      token: tokens.admin,
    });
    expect(queue.body.data.map((o) => o.id)).toContain(order.id);
    expect((await api.get('/api/admin/disputes', { token: tokens.sofia })).status).toBe(403);
    expect(
      (
        await api.post(`/api/admin/disputes/${order.id}/resolve`, {
          token: tokens.sofia,
          body: { outcome: 'refund', note: 'Refund in full.' },
        })
      ).status,
    ).toBe(403);
    const tooMuch = await api.post<Err>(`/api/admin/disputes/${order.id}/resolve`, {
      token: tokens.admin,
      body: { outcome: 'refund', refund_amount: 999_999, note: 'Refund in full.' },
    });
    expect(tooMuch.status).toBe(422);
    const resolved = await api.post<OrderBody>(`/api/admin/disputes/${order.id}/resolve`, {
      token: tokens.admin,
      body: { outcome: 'refund', refund_amount: 5000, note: 'Half a day was lost; refunded 50.' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.order).toMatchObject({ status: 'completed', refunded: { amount: 5000 } });
    const seen = await api.get<OrderBody>(`/api/orders/${order.id}`, { token: tokens.sofia });
    expect(seen.body.order.dispute!.resolution!.note).toBe('Half a day was lost; refunded 50.');
    const again = await api.post(`/api/admin/disputes/${order.id}/resolve`, {
      token: tokens.admin,
      body: { outcome: 'complete', note: 'Completed after all.' },
    });
    expect(again.status).toBe(409);
    const audit = await api.get<{ data: { action: string; target: string }[] }>(
      '/api/admin/audit',
      { token: tokens.admin },
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: 'dispute.resolve.refund', target: `order:${order.id}` }),
    );
    expect((await ledgerCheck()).ok).toBe(true);
  });
});

describe('lists, mirrors and the gig', () => {
  it('My Orders lists by side and status with counts; search filters', async () => {
    const mine = await api.get<{
      data: { id: string; status: string }[];
      counts: Record<string, number>;
      meta: { total: number };
    }>('/api/orders?as=customer&status=completed', { token: tokens.sofia });
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((o) => o.status === 'completed')).toBe(true);
    expect(mine.body.counts.completed).toBe(mine.body.meta.total);
    const agent = await api.get<{ data: unknown[]; counts: Record<string, number> }>(
      '/api/orders?as=agent',
      { token: tokens.amara },
    );
    expect(agent.body.counts['*']).toBeGreaterThan(5);
    const search = await api.get<{ data: unknown[] }>('/api/orders?as=customer&q=kermel', {
      token: tokens.sofia,
    });
    expect(search.body.data).toEqual([]);
    const byTitle = await api.get<{ data: unknown[] }>('/api/orders?as=customer&q=food market', {
      token: tokens.sofia,
    });
    expect(byTitle.body.data.length).toBeGreaterThan(0);
    expect((await api.get('/api/orders?as=boss', { token: tokens.sofia })).status).toBe(422);
    expect((await api.get('/api/orders')).status).toBe(401);
  });

  it('each party has a server-owned mirror it can read but not write', async () => {
    const order = await paid();
    const read = await server.request(`/api/sync/db/order:${order.id}`, {
      headers: { authorization: `Bearer ${tokens.amara}` },
    });
    expect(read.status).toBe(200);
    const mirror = (await read.json()) as { _rev: string; status: string; type: string };
    expect(mirror).toMatchObject({ type: 'order_mirror', status: 'in_progress', role: 'agent' });
    const write = await server.request(`/api/sync/db/order:${order.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.amara}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...mirror, status: 'completed' }),
    });
    expect(write.status).toBe(403);
  });

  it('actions taken offline are applied once when they sync, and say why when refused', async () => {
    const order = await paid();
    await act(tokens.amara, order.id, 'deliver', { message: 'Delivered while you were away.' });
    const put = (token: string, doc: Record<string, unknown>) =>
      server.request(`/api/sync/db/${doc._id as string}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      });
    const action = (id: string, fields: Record<string, unknown>) => ({
      _id: `orderaction:${id}`,
      type: 'order_action',
      id,
      order_id: order.id,
      created_at: new Date().toISOString(),
      status: 'pending',
      ...fields,
    });
    const suffix = Date.now().toString(36);
    // Two devices of the customer accepted while offline; both sync.
    expect((await put(tokens.sofia, action(`accept1${suffix}`, { action: 'accept' }))).status).toBe(
      201,
    );
    expect((await put(tokens.sofia, action(`accept2${suffix}`, { action: 'accept' }))).status).toBe(
      201,
    );
    await server.deps.jobs.idle();
    const read = async (id: string) =>
      (await (
        await server.request(`/api/sync/db/orderaction:${id}`, {
          headers: { authorization: `Bearer ${tokens.sofia}` },
        })
      ).json()) as { status: string; outcome: string };
    const first = await read(`accept1${suffix}`);
    const second = await read(`accept2${suffix}`);
    expect([first.status, second.status].sort()).toEqual(['applied', 'refused']);
    expect([first, second].find((a) => a.status === 'refused')!.outcome).toMatch(/completed/);
    const after = await api.get<OrderBody>(`/api/orders/${order.id}`, { token: tokens.sofia });
    expect(after.body.order.status).toBe('completed');
    expect(after.body.order.timeline.filter((t) => t.event === 'Delivery accepted')).toHaveLength(
      1,
    );
    // The mirror on the customer's side follows.
    const mirror = (await (
      await server.request(`/api/sync/db/order:${order.id}`, {
        headers: { authorization: `Bearer ${tokens.sofia}` },
      })
    ).json()) as { status: string };
    expect(mirror.status).toBe('completed');
    // The agent cannot accept on the customer's behalf, offline either.
    expect((await put(tokens.amara, action(`bad${suffix}`, { action: 'accept' }))).status).toBe(
      201,
    );
    await server.deps.jobs.idle();
    const refused = (await (
      await server.request(`/api/sync/db/orderaction:bad${suffix}`, {
        headers: { authorization: `Bearer ${tokens.amara}` },
      })
    ).json()) as { status: string; outcome: string };
    expect(refused).toMatchObject({
      status: 'refused',
      outcome: expect.stringMatching(/customer/),
    });
    expect((await ledgerCheck()).ok).toBe(true);
  });

  it('a gig with open orders cannot be deleted', async () => {
    const res = await api.delete<Err>(`/api/gigs/${gigId}`, { token: tokens.amara });
    expect(res.status).toBe(409);
  });

  it('npm run ledger:check reconciles the same database, and exits 1 with the difference', async () => {
    const run = async () => {
      try {
        const { stdout } = await execFileAsync('npm', ['run', '--silent', 'ledger:check'], {
          cwd: repoRoot(),
          env: { ...process.env, DATA_DIR: server.dataDir, ...couchEnvFor(server.dataDir) },
          timeout: 60_000,
        });
        return { code: 0, stdout };
      } catch (error) {
        const failed = error as { code?: number; stdout?: string; stderr?: string };
        return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
      }
    };
    const ok = await run();
    expect(ok.stdout).toMatch(/: OK, it reconciles/);
    expect(ok.code, ok.stdout).toBe(0);
    const orders = Number(/orders checked\s+(\d+)/.exec(ok.stdout)?.[1]);
    expect(orders).toBeGreaterThan(0);
    expect(ok.stdout).toMatch(/sum per currency\s+USD 0\.00/);

    // An entry of no order: money that came from nowhere.
    const market = server.deps.couch.db('market');
    const stray = {
      _id: 'entry:stray:payment',
      type: 'entry',
      kind: 'payment',
      ref: 'stray',
      currency: 'USD',
      amount: 1234,
      from: 'card:nobody',
      to: 'escrow:nobody',
      at: new Date().toISOString(),
      clears_at: null,
    };
    const written = await market.insert(stray as never);
    try {
      const bad = await run();
      expect(bad.code, bad.stdout).toBe(1);
      expect(bad.stdout).toContain('NOT OK');
      expect(bad.stdout).toMatch(
        /stray \(unknown\)\n\s+unexpected\s+payment 1234 card:nobody → escrow:nobody/,
      );
    } finally {
      await market.destroy(stray._id, written.rev);
    }
  });

  it('a new customer has a zero balance; the ledger check is admin-only', async () => {
    const fresh = await api.post<{ token: string }>('/api/register', { body: newAccount() });
    expect(await balance(fresh.body.token)).toMatchObject({ spent: 0, in_escrow: 0 });
    expect((await api.get('/api/admin/ledger/check', { token: tokens.sofia })).status).toBe(403);
    const check = await ledgerCheck();
    expect(check).toMatchObject({ ok: true, differences: [], negative_balances: [] });
    expect(check.sums.every((s) => s.sum === 0)).toBe(true);
  });
});
