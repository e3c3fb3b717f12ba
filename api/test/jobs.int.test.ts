/**
 * Jobs and offers over HTTP (issue 18): who may post, offer, see and accept (401, 403, 404),
 * field errors (422), one offer per agent per job (409), closed and expired jobs take no offers,
 * accepting twice or two offers at once makes one order, the order going through checkout, the
 * expiry timer and its warning moved by the clock, the customer's mirror, saved searches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock';
import { client, demoTokens } from './helpers/client';
import { until } from './helpers/until';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let tokens: Record<'sofia' | 'daniel' | 'amara' | 'kenji' | 'lucia' | 'helen' | 'admin', string>;
let clock: ManualClock;

const DAY = 86_400_000;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };

interface JobBody {
  job: {
    id: string;
    status: string;
    offer_count: number;
    actions: string[];
    my_offer: { id: string; status: string } | null;
    expires_at: string;
    order_id: string | null;
    accepted_offer_id: string | null;
  };
  offers?: { id: string; status: string; price: { amount: number }; agent: { id: string } }[];
}
interface OfferBody {
  offer: { id: string; status: string; actions: string[]; price: { amount: number } };
}
interface OrderBody {
  order: {
    id: string;
    status: string;
    job: { id: string; offer_id: string } | null;
    gig: { id: string | null; title: string };
    package: { tier: string; name: string; price: { amount: number } };
    total: { amount: number };
    travel: { service_date: string; travellers: number; meeting_place: string | null };
    requirements: string;
  };
}
type Err = { message: string; errors?: Record<string, string[]> };

const future = (days: number) =>
  new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

let titleCounter = 0;
const jobBody = (extra: Record<string, unknown> = {}) => ({
  title: `Three days of guiding in Lisbon number ${++titleCounter}`,
  service_id: 'tour-guide',
  description:
    'We are four friends visiting Lisbon and want a local guide for the old town and Sintra.',
  budget: { min: { amount: 40_000, currency: 'USD' }, max: { amount: 60_000, currency: 'USD' } },
  start_date: future(30),
  end_date: future(32),
  destination: 'Lisbon',
  travellers: 4,
  ...extra,
});
const offerBody = (extra: Record<string, unknown> = {}) => ({
  price: { amount: 50_000, currency: 'USD' },
  delivery_days: 3,
  revisions: 1,
  message: 'I have guided in Lisbon for ten years and know Sintra well.',
  ...extra,
});

async function postJob(who: 'sofia' | 'daniel' = 'sofia', extra: Record<string, unknown> = {}) {
  const res = await api.post<JobBody>('/api/jobs', { token: tokens[who], body: jobBody(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.job;
}
async function offer(jobId: string, who: 'amara' | 'kenji' | 'lucia', extra = {}) {
  const res = await api.post<OfferBody>(`/api/jobs/${jobId}/offers`, {
    token: tokens[who],
    body: offerBody(extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.offer;
}

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: 'true' });
  clock = server.deps.clock as ManualClock;
  api = client(server);
  tokens = await demoTokens(api, ['sofia', 'daniel', 'amara', 'kenji', 'lucia', 'helen', 'admin']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('posting and editing a job', () => {
  it('only a signed-in customer posts; fields are checked with sentences', async () => {
    expect((await api.post('/api/jobs', { body: jobBody() })).status).toBe(401);
    expect(
      (await api.post('/api/jobs', { token: 'forged.token.here', body: jobBody() })).status,
    ).toBe(401);
    for (const who of ['amara', 'helen'] as const)
      expect((await api.post('/api/jobs', { token: tokens[who], body: jobBody() })).status).toBe(
        403,
      );
    const bad = await api.post<Err>('/api/jobs', {
      token: tokens.sofia,
      body: {
        ...jobBody(),
        title: 'Short',
        budget: { min: { amount: 60_000 }, max: { amount: 40_000 } },
        end_date: '2020-01-01',
        travellers: 0,
        open_days: 61,
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(
      ['budget.max.amount', 'end_date', 'open_days', 'title', 'travellers'].sort(),
    );
    expect(bad.body.errors?.title?.[0]).toMatch(/at least 10 characters/);
    const service = await api.post<Err>('/api/jobs', {
      token: tokens.sofia,
      body: jobBody({ service_id: 'no-such-service' }),
    });
    expect(service.status).toBe(422);
    expect(service.body.errors?.service_id).toBeDefined();
  });

  it('a posted job is open 14 days by default, with a fixed or range budget', async () => {
    const job = await postJob('sofia', { budget: { amount: 45_000, currency: 'USD' } });
    expect(job.status).toBe('open');
    const created = (job as unknown as { created_at: string }).created_at;
    expect(Date.parse(job.expires_at) - Date.parse(created)).toBe(14 * DAY);
    expect(job.actions).toEqual(['edit', 'close']);
    const shown = await api.get<JobBody & { job: { budget: unknown } }>(`/api/jobs/${job.id}`, {
      token: tokens.sofia,
    });
    expect(shown.body.job.budget).toEqual({
      kind: 'fixed',
      amount: { amount: 45_000, currency: 'USD' },
    });
    expect(shown.body.offers).toEqual([]);
  });

  it("another customer can neither see, edit nor close the job; agents can't edit it", async () => {
    const job = await postJob();
    expect((await api.get(`/api/jobs/${job.id}`, { token: tokens.daniel })).status).toBe(404);
    expect(
      (await api.patch(`/api/jobs/${job.id}`, { token: tokens.daniel, body: { travellers: 2 } }))
        .status,
    ).toBe(404);
    expect((await api.post(`/api/jobs/${job.id}/close`, { token: tokens.daniel })).status).toBe(
      404,
    );
    expect(
      (await api.patch(`/api/jobs/${job.id}`, { token: tokens.amara, body: { travellers: 2 } }))
        .status,
    ).toBe(403);
    expect((await api.get('/api/jobs/nonexistent', { token: tokens.sofia })).status).toBe(404);
  });

  it('the customer edits an open job, then closes it; a closed job takes no edit', async () => {
    const job = await postJob();
    const edited = await api.patch<JobBody & { job: { travellers: number } }>(
      `/api/jobs/${job.id}`,
      { token: tokens.sofia, body: { travellers: 2, open_days: 20 } },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.job.travellers).toBe(2);
    expect(Date.parse(edited.body.job.expires_at) - Date.parse(job.expires_at)).toBe(6 * DAY);
    const bad = await api.patch<Err>(`/api/jobs/${job.id}`, {
      token: tokens.sofia,
      body: { unknown: 1 },
    });
    expect(bad.status).toBe(422);
    const closed = await api.post<JobBody>(`/api/jobs/${job.id}/close`, { token: tokens.sofia });
    expect(closed.body.job.status).toBe('closed');
    expect(
      (await api.patch(`/api/jobs/${job.id}`, { token: tokens.sofia, body: { travellers: 3 } }))
        .status,
    ).toBe(409);
    expect((await api.post(`/api/jobs/${job.id}/close`, { token: tokens.sofia })).status).toBe(409);
  });
});

describe('offers', () => {
  it('only agents offer, once per job; the second offer is a conflict', async () => {
    const job = await postJob();
    expect(
      (await api.post(`/api/jobs/${job.id}/offers`, { token: tokens.daniel, body: offerBody() }))
        .status,
    ).toBe(403);
    expect((await api.post(`/api/jobs/${job.id}/offers`, { body: offerBody() })).status).toBe(401);
    const bad = await api.post<Err>(`/api/jobs/${job.id}/offers`, {
      token: tokens.amara,
      body: offerBody({ price: { amount: 10 }, delivery_days: 0, message: 'hi' }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(
      ['delivery_days', 'message', 'price.amount'].sort(),
    );
    expect(
      (await api.post(`/api/jobs/nonexistent/offers`, { token: tokens.amara, body: offerBody() }))
        .status,
    ).toBe(404);
    // Two at once: one is created, the other is the conflict.
    const both = await Promise.all([
      api.post(`/api/jobs/${job.id}/offers`, { token: tokens.amara, body: offerBody() }),
      api.post(`/api/jobs/${job.id}/offers`, { token: tokens.amara, body: offerBody() }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await api.post(`/api/jobs/${job.id}/offers`, {
      token: tokens.amara,
      body: offerBody(),
    });
    expect(again.status).toBe(409);
  });

  it('nobody but the customer sees the offers; an agent sees only their own', async () => {
    const job = await postJob();
    const a = await offer(job.id, 'amara', { price: { amount: 41_000, currency: 'USD' } });
    await offer(job.id, 'kenji', { price: { amount: 52_000, currency: 'USD' } });
    const mine = await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.sofia });
    expect(mine.body.offers?.map((o) => o.price.amount).sort()).toEqual([41_000, 52_000]);
    expect(mine.body.job.offer_count).toBe(2);
    const agent = await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.amara });
    expect(agent.status).toBe(200);
    expect(agent.body.offers).toBeUndefined();
    expect(agent.body.job.my_offer?.id).toBe(a.id);
    expect(agent.body.job.actions).toEqual([]);
    const other = await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.lucia });
    expect(other.body.offers).toBeUndefined();
    expect(other.body.job.my_offer).toBeNull();
    expect(other.body.job.actions).toEqual(['offer']);
    expect(JSON.stringify(other.body)).not.toContain('52000');
    const admin = await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.admin });
    expect(admin.body.offers).toBeUndefined();
    expect((await api.get(`/api/jobs/${job.id}`, { token: tokens.daniel })).status).toBe(404);
    // Another agent cannot touch the offer; the customer cannot edit it.
    expect((await api.post(`/api/offers/${a.id}/withdraw`, { token: tokens.kenji })).status).toBe(
      404,
    );
    expect(
      (await api.patch(`/api/offers/${a.id}`, { token: tokens.sofia, body: { revisions: 2 } }))
        .status,
    ).toBe(403);
    expect((await api.post(`/api/offers/${a.id}/accept`, { token: tokens.daniel })).status).toBe(
      404,
    );
    expect((await api.post(`/api/offers/${a.id}/accept`, { token: tokens.amara })).status).toBe(
      403,
    );
  });

  it('the agent edits and withdraws a pending offer; My offers lists it with the job title', async () => {
    const job = await postJob();
    const o = await offer(job.id, 'lucia');
    const edited = await api.patch<OfferBody>(`/api/offers/${o.id}`, {
      token: tokens.lucia,
      body: { price: { amount: 47_500, currency: 'USD' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.offer.price.amount).toBe(47_500);
    expect(edited.body.offer.actions).toEqual(['edit', 'withdraw']);
    const withdrawn = await api.post<OfferBody>(`/api/offers/${o.id}/withdraw`, {
      token: tokens.lucia,
    });
    expect(withdrawn.body.offer.status).toBe('withdrawn');
    expect(
      (await api.patch(`/api/offers/${o.id}`, { token: tokens.lucia, body: { revisions: 2 } }))
        .status,
    ).toBe(409);
    const list = await api.get<{
      data: { id: string; job_title: string; status: string }[];
      meta: { total: number };
    }>('/api/offers/mine?status=withdrawn', { token: tokens.lucia });
    expect(list.body.data.find((x) => x.id === o.id)?.job_title).toMatch(/Lisbon/);
    expect((await api.get('/api/offers/mine', { token: tokens.sofia })).status).toBe(403);
    expect((await api.get('/api/offers/mine?status=lost', { token: tokens.lucia })).status).toBe(
      422,
    );
  });

  it('closed and expired jobs take no offers', async () => {
    const closed = await postJob();
    await api.post(`/api/jobs/${closed.id}/close`, { token: tokens.sofia });
    const late = await api.post<Err>(`/api/jobs/${closed.id}/offers`, {
      token: tokens.amara,
      body: offerBody(),
    });
    expect(late.status).toBe(409);
    const short = await postJob('sofia', { open_days: 1 });
    clock.advance(DAY + 60_000);
    // Expired by time even before the sweep writes it.
    expect(
      (await api.post(`/api/jobs/${short.id}/offers`, { token: tokens.amara, body: offerBody() }))
        .status,
    ).toBe(409);
    await server.orderTimers.sweep();
    const shown = await api.get<JobBody>(`/api/jobs/${short.id}`, { token: tokens.sofia });
    expect(shown.body.job.status).toBe('expired');
  });
});

describe('accepting an offer', () => {
  it('two accepts of one offer, or of two offers at once, make exactly one order', async () => {
    const job = await postJob('daniel');
    const a = await offer(job.id, 'amara');
    const k = await offer(job.id, 'kenji');
    const results = await Promise.all([
      api.post<OrderBody & Err>(`/api/offers/${a.id}/accept`, { token: tokens.daniel }),
      api.post<OrderBody & Err>(`/api/offers/${a.id}/accept`, { token: tokens.daniel }),
      api.post<OrderBody & Err>(`/api/offers/${k.id}/accept`, { token: tokens.daniel }),
    ]);
    const won = results.filter((r) => r.status === 201);
    const ids = new Set(won.map((r) => r.body.order.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === 409).length).toBe(3 - won.length);
    const shown = await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.daniel });
    expect(shown.body.job.status).toBe('closed');
    expect(shown.body.job.order_id).toBe([...ids][0]);
    // The offers' final statuses are the accept's follow-up, which the answer does not wait for.
    await until(10_000, 'one offer accepted, the other declined', async () => {
      const now = await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.daniel });
      const statuses = now.body.offers!.map((o) => o.status).sort();
      return statuses.join() === 'accepted,declined';
    });
    // The customer's orders hold one order from this job.
    const orders = await api.get<{ data: { id: string; job: { id: string } | null }[] }>(
      '/api/orders?as=customer&per_page=100',
      { token: tokens.daniel },
    );
    expect(orders.body.data.filter((o) => o.job?.id === job.id)).toHaveLength(1);
    // Accepting again answers the same order; the other offer stays declined.
    const acceptedId = shown.body.job.accepted_offer_id!;
    const again = await api.post<OrderBody>(`/api/offers/${acceptedId}/accept`, {
      token: tokens.daniel,
    });
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe([...ids][0]);
    const other = acceptedId === a.id ? k.id : a.id;
    expect((await api.post(`/api/offers/${other}/accept`, { token: tokens.daniel })).status).toBe(
      409,
    );
  });

  it('the order is at the offer’s terms, pending payment, and goes through checkout', async () => {
    const job = await postJob();
    const o = await offer(job.id, 'amara', {
      price: { amount: 48_000, currency: 'USD' },
      delivery_days: 4,
      revisions: 2,
    });
    const other = await offer(job.id, 'lucia');
    const res = await api.post<OrderBody>(`/api/offers/${o.id}/accept`, { token: tokens.sofia });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.order;
    expect(order).toMatchObject({
      status: 'pending_payment',
      job: { id: job.id, offer_id: o.id },
      gig: { id: null },
      package: { tier: 'custom', name: 'Custom offer', price: { amount: 48_000 } },
      total: { amount: 48_000 },
      travel: { travellers: 4, meeting_place: 'Lisbon' },
    });
    expect(order.requirements).toMatch(/four friends/);
    const pay = await api.post<OrderBody>(`/api/orders/${order.id}/pay`, {
      token: tokens.sofia,
      body: { card: CARD },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.order.status).toBe('in_progress');
    const agentSide = await api.get<OrderBody>(`/api/orders/${order.id}`, { token: tokens.amara });
    expect(agentSide.body.order.status).toBe('in_progress');
    // The other agent sees "declined" and was told.
    await until(10_000, "the other offer declined in Lucia's My offers", async () => {
      const lucia = await api.get<{ data: { id: string; status: string }[] }>('/api/offers/mine', {
        token: tokens.lucia,
      });
      return lucia.body.data.find((x) => x.id === other.id)?.status === 'declined';
    });
    const told = (token: string, id: string) =>
      until(10_000, `the notification ${id}`, async () => {
        const note = await server.request(`/api/sync/db/notification:${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return note.status === 200;
      });
    await told(tokens.lucia, `offer_declined:${other.id}`);
    await told(tokens.amara, `offer_accepted:${o.id}`);
  });

  it('a declined offer cannot be accepted; an expired job accepts nothing', async () => {
    const job = await postJob('sofia', { open_days: 2 });
    const o = await offer(job.id, 'kenji');
    const declined = await api.post<OfferBody>(`/api/offers/${o.id}/decline`, {
      token: tokens.sofia,
    });
    expect(declined.body.offer.status).toBe('declined');
    expect((await api.post(`/api/offers/${o.id}/accept`, { token: tokens.sofia })).status).toBe(
      409,
    );
    const l = await offer(job.id, 'lucia');
    clock.advance(2 * DAY + 60_000);
    expect((await api.post(`/api/offers/${l.id}/accept`, { token: tokens.sofia })).status).toBe(
      409,
    );
  });
});

describe('timers, mirror, board and saved searches', () => {
  it('warns the customer 24 hours before expiry, then expires the job (the clock moved)', async () => {
    const job = await postJob('sofia', { open_days: 3 });
    clock.advance(DAY);
    await server.orderTimers.sweep();
    const early = await server.request(
      `/api/sync/db/notification:job_expiring:${job.id}-${job.expires_at}`,
      { headers: { authorization: `Bearer ${tokens.sofia}` } },
    );
    expect(early.status).toBe(404);
    clock.advance(DAY + 60_000);
    await server.orderTimers.sweep();
    // Published by the sweep, or by the job's post follow-up if that still held the job's lease.
    await until(10_000, 'the job_expiring notification', async () => {
      const warned = await server.request(
        `/api/sync/db/notification:job_expiring:${job.id}-${job.expires_at}`,
        { headers: { authorization: `Bearer ${tokens.sofia}` } },
      );
      return warned.status === 200;
    });
    expect(
      (await api.get<JobBody>(`/api/jobs/${job.id}`, { token: tokens.sofia })).body.job.status,
    ).toBe('open');
    clock.advance(DAY);
    await server.orderTimers.sweep();
    const mine = await api.get<{ data: { id: string; status: string }[] }>(
      '/api/jobs/mine?status=expired&per_page=100',
      { token: tokens.sofia },
    );
    expect(mine.body.data.map((j) => j.id)).toContain(job.id);
  });

  it("the customer's database holds a server-owned mirror of the job and its offers", async () => {
    const job = await postJob();
    const o = await offer(job.id, 'amara');
    type Mirror = {
      type: string;
      job: { id: string; offer_count: number };
      offers: { id: string }[];
    };
    // The mirror is written by the offer's follow-up, which the answer does not wait for.
    const mirror = await until(10_000, 'the mirror with the offer', async () => {
      const read = await server.request(`/api/sync/db/job:${job.id}`, {
        headers: { authorization: `Bearer ${tokens.sofia}` },
      });
      const doc = read.status === 200 ? ((await read.json()) as Mirror) : null;
      return doc && doc.offers.length === 1 ? doc : null;
    });
    expect(mirror.type).toBe('job_mirror');
    expect(mirror.job.offer_count).toBe(1);
    expect(mirror.offers.map((x) => x.id)).toEqual([o.id]);
    const write = await server.request(`/api/sync/db/job:${job.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.sofia}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...mirror, offers: [] }),
    });
    expect(write.status).toBe(403);
    await until(10_000, 'the job_offer notification', async () => {
      const note = await server.request(`/api/sync/db/notification:job_offer:${o.id}-2-offer`, {
        headers: { authorization: `Bearer ${tokens.sofia}` },
      });
      return note.status === 200;
    });
  });

  it('the board: agents only, filters and text search, open jobs only', async () => {
    const job = await postJob('daniel', {
      title: 'Sommelier for a Porto vineyard weekend',
      description: 'A wine tasting weekend in the Douro valley vineyards for our anniversary.',
      destination: 'Porto',
      budget: { amount: 90_000, currency: 'USD' },
    });
    expect((await api.get('/api/jobs')).status).toBe(401);
    expect((await api.get('/api/jobs', { token: tokens.sofia })).status).toBe(403);
    const board = async (query: string) => {
      const res = await api.get<{
        data: { id: string; status: string }[];
        meta: { total: number };
      }>(`/api/jobs?${query}`, { token: tokens.kenji });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect((await board('q=douro vineyard')).data.map((j) => j.id)).toEqual([job.id]);
    expect((await board('q=douro&destination=lisbon')).data).toEqual([]);
    expect((await board('q=douro&min_budget=80000&max_budget=100000')).data).toHaveLength(1);
    expect((await board('q=douro&max_budget=50000')).data).toHaveLength(0);
    expect((await board(`q=douro&date_from=${future(31)}`)).data).toHaveLength(1);
    expect((await board(`q=douro&date_to=${future(20)}`)).data).toHaveLength(0);
    expect(
      (await board('service=tour-guide&per_page=50')).data.every((j) => j.status === 'open'),
    ).toBe(true);
    const bad = await api.get<Err>('/api/jobs?min_budget=cheap', { token: tokens.kenji });
    expect(bad.status).toBe(422);
    await api.post(`/api/jobs/${job.id}/close`, { token: tokens.daniel });
    expect((await board('q=douro')).data).toEqual([]);
  });

  it('saved searches notify agents of new matching jobs, at most 10 each', async () => {
    const saved = await api.post<{ search: { id: string; name: string } }>(
      '/api/jobs/saved-searches',
      { token: tokens.lucia, body: { q: 'kayak', destination: 'Azores' } },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(
      (await api.post('/api/jobs/saved-searches', { token: tokens.sofia, body: { q: 'x' } }))
        .status,
    ).toBe(403);
    const job = await postJob('sofia', {
      title: 'Sea kayak guide around the Azores islands',
      destination: 'Azores',
    });
    const me = await api.get<{ id?: string; user?: { id: string } }>('/api/user', {
      token: tokens.lucia,
    });
    const luciaId = me.body.user?.id ?? me.body.id;
    await until(10_000, 'the job_match notification', async () => {
      const note = await server.request(
        `/api/sync/db/notification:job_match:${job.id}-${luciaId}`,
        { headers: { authorization: `Bearer ${tokens.lucia}` } },
      );
      return note.status === 200;
    });
    for (let i = 0; i < 9; i++)
      await api.post('/api/jobs/saved-searches', { token: tokens.lucia, body: { q: `w${i}` } });
    const eleventh = await api.post('/api/jobs/saved-searches', {
      token: tokens.lucia,
      body: { q: 'more' },
    });
    expect(eleventh.status).toBe(409);
    const list = await api.get<{ data: { id: string }[] }>('/api/jobs/saved-searches', {
      token: tokens.lucia,
    });
    expect(list.body.data).toHaveLength(10);
    expect(
      (
        await api.delete(`/api/jobs/saved-searches/${saved.body.search.id}`, {
          token: tokens.lucia,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await api.delete(`/api/jobs/saved-searches/${saved.body.search.id}`, {
          token: tokens.lucia,
        })
      ).status,
    ).toBe(404);
  });
});
