/**
 * Withdrawals over HTTP (issue 16): payout methods (validated, masked), requests within the
 * cleared balance (422 over it or below the minimum), 20 concurrent requests that cannot
 * overdraw, cancel, admin approve/reject (403 for others, 409 twice), the ledger reconciled in
 * every state, the finance figures and the mirror in the agent's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock';
import { client, demoTokens } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let tokens: Record<'sofia' | 'kenji' | 'amara' | 'admin', string>;
let clock: ManualClock;
let methodId: string;

const DAY = 86_400_000;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
const BANK = {
  type: 'bank',
  holder: 'Kenji Morimoto',
  iban: 'GB82 WEST 1234 5698 7654 32',
  bic: 'DEUTDEFF',
};
type Err = { message: string; errors?: Record<string, string[]> };
type W = {
  withdrawal: { id: string; status: string; reason: string | null; reference: string | null };
};

const amounts = async (token: string) => {
  const res = await api.get<Record<string, { amount: number }>>('/api/balance', { token });
  return Object.fromEntries(Object.entries(res.body).map(([k, v]) => [k, v.amount]));
};
const request = (amount: number, token = tokens.kenji, method = methodId) =>
  api.post<W & Err>('/api/withdrawals', {
    token,
    body: { amount: { amount, currency: 'USD' }, payout_method_id: method },
  });
const ledgerOk = async () =>
  (
    await api.get<{ ok: boolean; differences: unknown[] }>('/api/admin/ledger/check', {
      token: tokens.admin,
    })
  ).body;

/** Kenji earns `price` on a completed order that has cleared. */
async function earn(price: number) {
  const gig = await api.post<{ gig: { id: string } }>('/api/gigs', {
    token: tokens.kenji,
    body: {
      title: `Home cooking class in Kyoto number ${price}`,
      service_id: 'chef',
      description:
        'Learn to cook a family dinner in a Kyoto kitchen, from the market to the table, step by step.',
      status: 'active',
      packages: [
        {
          tier: 'basic',
          name: 'Class',
          price: { amount: price, currency: 'USD' },
          delivery_days: 1,
          revisions: 0,
        },
      ],
    },
  });
  expect(gig.status, JSON.stringify(gig.body)).toBe(201);
  const order = await api.post<{ order: { id: string } }>('/api/orders', {
    token: tokens.sofia,
    body: {
      gig_id: gig.body.gig.id,
      tier: 'basic',
      service_date: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      travellers: 1,
    },
  });
  const id = order.body.order.id;
  expect(
    (await api.post(`/api/orders/${id}/pay`, { token: tokens.sofia, body: { card: CARD } })).status,
  ).toBe(200);
  expect(
    (
      await api.post(`/api/orders/${id}/deliver`, {
        token: tokens.kenji,
        body: { message: 'Done' },
      })
    ).status,
  ).toBe(200);
  expect(
    (await api.post(`/api/orders/${id}/accept`, { token: tokens.sofia, body: {} })).status,
  ).toBe(200);
  clock.advance(8 * DAY);
}

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: 'true' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  tokens = await demoTokens(api, ['sofia', 'kenji', 'amara', 'admin']);
  await earn(20_000); // 200.00, of which 180.00 is Kenji's after the 10% fee
});
afterAll(() => server.close());

describe('payout methods', () => {
  it('are validated (IBAN checksum, BIC), stored, and shown masked', async () => {
    const bad = await api.put<Err>('/api/user/payout-methods', {
      token: tokens.kenji,
      body: {
        methods: [
          { ...BANK, iban: 'GB82 WEST 1234 5698 7654 33', bic: 'X' },
          { type: 'email', email: 'nope' },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(
      expect.arrayContaining(['methods.0.iban', 'methods.0.bic', 'methods.1.email']),
    );
    const saved = await api.put<{ methods: { id: string; type: string; masked: string }[] }>(
      '/api/user/payout-methods',
      {
        token: tokens.kenji,
        body: { methods: [BANK, { type: 'email', email: 'kenji@pay.example' }] },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.methods.map((m) => m.masked)).toEqual([
      'Kenji Morimoto · GB82 •••• 5432',
      'k•••@pay.example',
    ]);
    expect(JSON.stringify(saved.body)).not.toContain('12345698');
    methodId = saved.body.methods[0]!.id;
    const again = await api.get<{ methods: { id: string }[] }>('/api/user/payout-methods', {
      token: tokens.kenji,
    });
    expect(again.body.methods[0]!.id).toBe(methodId);
    expect((await api.get('/api/user/payout-methods', { token: tokens.sofia })).status).toBe(403);
    expect((await api.get('/api/user/payout-methods')).status).toBe(401);
  });
});

type Methods = { methods: { id: string; type: string; masked: string }[] } & Err;
const putMethods = (methods: unknown[], token = tokens.kenji) =>
  api.put<Methods>('/api/user/payout-methods', { token, body: { methods } });

describe('payout methods kept by id', () => {
  it('keeps a saved method by {id} as it is, with its id, beside a new one', async () => {
    const before = (await api.get<Methods>('/api/user/payout-methods', { token: tokens.kenji }))
      .body.methods;
    const email = before[1]!;
    const wise = { type: 'email', email: 'kenji@wise.example' };
    const saved = await putMethods([{ id: methodId }, wise, { id: email.id }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.methods).toEqual([
      before[0],
      expect.objectContaining({ type: 'email', masked: 'k•••@wise.example' }),
      email,
    ]);
    // Dropping the new one and reordering: the kept ones are the same methods.
    const back = await putMethods([{ id: methodId }, { id: email.id }]);
    expect(back.body.methods).toEqual(before);
    // The details kept are the real ones: a withdrawal to the kept bank account shows them to the admin.
    expect(JSON.stringify(back.body)).not.toContain('12345698');
  });

  it('refuses an unknown id, another user’s method id and a method listed twice with field errors', async () => {
    const amaras = await putMethods([{ type: 'email', email: 'amara@pay.example' }], tokens.amara);
    expect(amaras.status).toBe(200);
    const theirs = amaras.body.methods[0]!.id;

    const unknown = await putMethods([{ id: methodId }, { id: 'nope' }, { id: theirs }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      'methods.1.id': ['This is not one of your saved payout methods.'],
      'methods.2.id': ['This is not one of your saved payout methods.'],
    });
    // Nothing of Amara's method comes back to Kenji.
    expect(JSON.stringify(unknown.body)).not.toMatch(/amara|a•••/i);

    const twice = await putMethods([{ id: methodId }, BANK]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ 'methods.1': ['This method is listed twice.'] });
    const shapes = await putMethods([{ id: '' }, { type: 'cheque' }, 'x']);
    expect(shapes.status).toBe(422);
    expect(Object.keys(shapes.body.errors!).sort()).toEqual([
      'methods.0.id',
      'methods.1.type',
      'methods.2',
    ]);
    const notList = await api.put<Err>('/api/user/payout-methods', {
      token: tokens.kenji,
      body: { methods: 'all' },
    });
    expect(notList.body.errors!.methods).toBeDefined();

    // Refused saves changed nothing, and Amara's method is hers alone.
    const kenjis = await api.get<Methods>('/api/user/payout-methods', { token: tokens.kenji });
    expect(kenjis.body.methods.map((m) => m.masked)).toEqual([
      'Kenji Morimoto · GB82 •••• 5432',
      'k•••@pay.example',
    ]);
    const hers = await api.get<Methods>('/api/user/payout-methods', { token: tokens.amara });
    expect(hers.body.methods.map((m) => m.id)).toEqual([theirs]);
    expect((await putMethods([{ id: methodId }], tokens.sofia)).status).toBe(403);
    expect((await api.put('/api/user/payout-methods', { body: { methods: [] } })).status).toBe(401);
  });

  it('is declared in the OpenAPI document: a new method or {id}', async () => {
    const doc = await api.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    const put = JSON.stringify(doc.body.paths['/api/user/payout-methods']!.put);
    expect(put).toContain('"id"');
    expect(put).toContain('"iban"');
    expect(put).toContain('"409"');
  });
});

describe('requesting withdrawals', () => {
  it('refuses below the minimum and over the balance with field errors, or an unknown method', async () => {
    const low = await request(500);
    expect(low.status).toBe(422);
    expect(low.body.errors!['amount.amount']![0]).toMatch(/smallest withdrawal is 10.00/);
    const high = await request(18_001);
    expect(high.status).toBe(422);
    expect(high.body.errors!['amount.amount']![0]).toMatch(/at most 180.00/);
    const method = await request(2_000, tokens.kenji, 'unknown');
    expect(method.body.errors!.payout_method_id).toBeDefined();
    expect((await request(2_000, tokens.sofia)).status).toBe(403);
  });

  it('20 concurrent requests against one balance never overdraw it', async () => {
    const before = await amounts(tokens.kenji);
    expect(before.available).toBe(18_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => request(4_000)));
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(4); // 4 × 40.00 ≤ 180.00 < 5 × 40.00
    expect(results.filter((r) => r.status === 422)).toHaveLength(16);
    const after = await amounts(tokens.kenji);
    expect(after).toMatchObject({ available: 2_000, pending_payout: 16_000 });
    expect((await ledgerOk()).ok).toBe(true);
  });

  it('the agent cancels a pending request; the admin rejects one and approves one', async () => {
    const list = await api.get<{ data: { id: string; status: string }[] }>('/api/withdrawals', {
      token: tokens.kenji,
    });
    const [a, b, c] = list.body.data.map((w) => w.id);
    const cancelled = await api.post<W>(`/api/withdrawals/${a}/cancel`, { token: tokens.kenji });
    expect(cancelled.body.withdrawal.status).toBe('cancelled');
    expect((await api.post(`/api/withdrawals/${a}/cancel`, { token: tokens.kenji })).status).toBe(
      409,
    );
    expect((await api.post(`/api/withdrawals/${b}/cancel`, { token: tokens.amara })).status).toBe(
      404,
    );

    expect(
      (
        await api.post(`/api/admin/withdrawals/${b}/reject`, {
          token: tokens.kenji,
          body: { reason: 'Nope nope' },
        })
      ).status,
    ).toBe(403);
    const badReason = await api.post<Err>(`/api/admin/withdrawals/${b}/reject`, {
      token: tokens.admin,
      body: { reason: 'x' },
    });
    expect(badReason.status).toBe(422);
    const rejected = await api.post<W>(`/api/admin/withdrawals/${b}/reject`, {
      token: tokens.admin,
      body: { reason: 'The IBAN belongs to someone else.' },
    });
    expect(rejected.body.withdrawal).toMatchObject({
      status: 'rejected',
      reason: 'The IBAN belongs to someone else.',
    });
    const paid = await api.post<W>(`/api/admin/withdrawals/${c}/approve`, {
      token: tokens.admin,
      body: { reference: 'SEPA-2027-0001' },
    });
    expect(paid.body.withdrawal).toMatchObject({ status: 'paid', reference: 'SEPA-2027-0001' });
    expect(
      (
        await api.post(`/api/admin/withdrawals/${c}/approve`, {
          token: tokens.admin,
          body: { reference: 'again' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.post(`/api/admin/withdrawals/nope/approve`, {
          token: tokens.admin,
          body: { reference: 'x-1' },
        })
      ).status,
    ).toBe(404);

    const balance = await amounts(tokens.kenji);
    expect(balance).toMatchObject({
      available: 10_000,
      pending_payout: 4_000,
      withdrawn: 4_000,
      earned: 18_000,
    });
    const queue = await api.get<{
      data: { id: string; status: string }[];
      meta: { total: number };
    }>('/api/admin/withdrawals?status=requested', { token: tokens.admin });
    expect(queue.body.data.map((w) => w.status)).toEqual(['requested']);
    expect((await api.get('/api/admin/withdrawals', { token: tokens.kenji })).status).toBe(403);
    const audit = await api.get<{
      data: { action: string; target: string; before: unknown; after: unknown }[];
    }>('/api/admin/audit', { token: tokens.admin });
    // What the admin pages read into a sentence: the agent, the amount, the reference or reason.
    const amount = { amount: 4_000, currency: 'USD' };
    expect(audit.body.data.find((e) => e.action === 'withdrawal.approve')).toMatchObject({
      target: `withdrawal:${c}`,
      before: { agent: 'Kenji Morimoto', amount, status: 'requested' },
      after: { agent: 'Kenji Morimoto', amount, status: 'paid', reference: 'SEPA-2027-0001' },
    });
    expect(audit.body.data.find((e) => e.action === 'withdrawal.reject')).toMatchObject({
      target: `withdrawal:${b}`,
      after: { agent: 'Kenji Morimoto', amount, reason: 'The IBAN belongs to someone else.' },
    });
    expect(await ledgerOk()).toMatchObject({ ok: true, differences: [] });
  });

  it('the agent is told by mail, and the history and balances are mirrored for offline reading', async () => {
    await server.deps.jobs.idle();
    const mirror = await server.request('/api/sync/db/wallet', {
      headers: { authorization: `Bearer ${tokens.kenji}` },
    });
    expect(mirror.status).toBe(200);
    const doc = (await mirror.json()) as {
      type: string;
      withdrawals: { status: string; method: { masked: string; iban?: string } }[];
      balance: { available: { amount: number } };
    };
    expect(doc.type).toBe('wallet_mirror');
    expect(
      (doc as unknown as { methods: { masked: string }[] }).methods.map((m) => m.masked),
    ).toEqual(['Kenji Morimoto · GB82 •••• 5432', 'k•••@pay.example']);
    expect(doc.withdrawals.map((w) => w.status).sort()).toEqual([
      'cancelled',
      'paid',
      'rejected',
      'requested',
    ]);
    expect(doc.withdrawals[0]!.method.iban).toBeUndefined();
    expect(doc.balance.available.amount).toBe(10_000);
    const write = await server.request('/api/sync/db/wallet', {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.kenji}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...doc, balance: { available: { amount: 1e9 } } }),
    });
    expect(write.status).toBe(403);
  });

  it('the finance page sums the ledger', async () => {
    const res = await api.get<
      Record<string, { amount: number }> & { ledger: { ok: boolean }; over_time: unknown[] }
    >('/api/admin/finance', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      gross_volume: { amount: 20_000 },
      fees_earned: { amount: 2_000 },
      escrow_held: { amount: 0 },
      pending_payouts: { amount: 4_000 },
      paid_out: { amount: 4_000 },
      ledger: { ok: true },
    });
    expect(res.body.over_time.length).toBeGreaterThan(0);
    expect((await api.get('/api/admin/finance', { token: tokens.kenji })).status).toBe(403);
  });
});

describe('removing a method a pending withdrawal is to be paid to', () => {
  it('is refused (409) until that withdrawal is decided; keeping it by id is fine', async () => {
    const pending = await api.get<{ data: { id: string; method: { id: string } }[] }>(
      '/api/withdrawals?status=requested',
      { token: tokens.kenji },
    );
    const [waiting] = pending.body.data;
    expect(waiting!.method.id).toBe(methodId);
    const email = (await api.get<Methods>('/api/user/payout-methods', { token: tokens.kenji })).body
      .methods[1]!;

    const drop = await putMethods([{ id: email.id }]);
    expect(drop.status).toBe(409);
    expect(drop.body.message).toBe(
      'A pending withdrawal is to be paid to Kenji Morimoto · GB82 •••• 5432: it stays until that withdrawal is paid, rejected or cancelled.',
    );
    expect((await putMethods([])).status).toBe(409);
    // Kept by id, or sent again with its details (the same account, the same id): allowed.
    expect((await putMethods([{ id: email.id }, { id: methodId }])).status).toBe(200);
    const again = await putMethods([BANK, { id: email.id }]);
    expect(again.status).toBe(200);
    expect(again.body.methods[0]!.id).toBe(methodId);

    expect(
      (await api.post(`/api/withdrawals/${waiting!.id}/cancel`, { token: tokens.kenji })).status,
    ).toBe(200);
    const removed = await putMethods([{ id: email.id }]);
    expect(removed.status).toBe(200);
    expect(removed.body.methods.map((m) => m.id)).toEqual([email.id]);
    // A withdrawal to the removed method can no longer be asked for; its history stays.
    expect((await request(2_000)).body.errors!.payout_method_id).toBeDefined();
    const history = await api.get<{ data: { method: { masked: string } }[] }>('/api/withdrawals', {
      token: tokens.kenji,
    });
    expect(
      history.body.data.every((w) => w.method.masked === 'Kenji Morimoto · GB82 •••• 5432'),
    ).toBe(true);
    expect(await ledgerOk()).toMatchObject({ ok: true, differences: [] });
  });
});
