import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentStats } from '../src/schemas/gig-stats';
import { client, demoTokens, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  Object.assign(tokens, await demoTokens(api, ['amara', 'kenji', 'sofia', 'daniel', 'admin']));
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);

async function newGig(who: string, status: 'active' | 'draft' = 'active') {
  const res = await api.post<{ gig: { id: string } }>('/api/gigs', {
    token: tokens[who],
    body: {
      title: `Stats test gig ${Math.random().toString(36).slice(2, 8)}`,
      service_id: 'tour-guide',
      description:
        'A walking tour through the old town with a licensed guide, tastings included on the way.',
      packages: [
        {
          tier: 'basic',
          name: 'Basic',
          price: { amount: 4000, currency: 'USD' },
          delivery_days: 1,
          revisions: 0,
        },
      ],
      status,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.gig.id;
}

async function stats(who: string) {
  const res = await api.get<AgentStats>('/api/agent/stats', { token: tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const gigStats = (body: AgentStats, id: string) => body.gigs.find((g) => g.id === id)!;

/** Writes documents into the user's own database through the sync gateway, as PouchDB does. */
async function writeThroughGateway(token: string, docs: Record<string, unknown>[]) {
  const res = await server.request('/api/sync/db/_bulk_docs', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ docs }),
  });
  expect(res.status).toBe(201);
  const results = (await res.json()) as { id: string; rev?: string; error?: string }[];
  for (const r of results) expect(r.error, JSON.stringify(r)).toBeUndefined();
  await server.deps.jobs.idle();
  return results;
}

const now = () => new Date().toISOString();
const wishlist = (id: string) => ({
  _id: `wishlist:${id}`,
  type: 'wishlist',
  name: 'Trips',
  visibility: 'private',
  created_at: now(),
  updated_at: now(),
});
const item = (listId: string, gigId: string) => ({
  _id: `wishitem:wishlist:${listId}:gig:${gigId}`,
  type: 'wishlist_item',
  list_id: `wishlist:${listId}`,
  kind: 'gig',
  ref: gigId,
  title: 'A gig',
  added_at: now(),
});

describe('gig views', () => {
  it('counts each viewer once per gig (guests by address), never the owner', async () => {
    const id = await newGig('amara');
    for (let i = 0; i < 3; i += 1) {
      expect((await api.get(`/api/gigs/${id}`)).status).toBe(200);
      expect((await api.get(`/api/gigs/${id}`, { token: tokens.sofia })).status).toBe(200);
      expect((await api.get(`/api/gigs/${id}`, { token: tokens.amara })).status).toBe(200);
    }
    await api.get(`/api/gigs/${id}`, { token: tokens.kenji });
    const body = await stats('amara');
    expect(gigStats(body, id)).toMatchObject({
      views_30d: 3,
      views_total: 3,
      saves_30d: 0,
      orders: 0,
    });
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toMatchObject({ day: today() });
    expect(body.days.at(-1)!.views).toBeGreaterThanOrEqual(3);
    expect(body.totals.views).toBe(body.days.reduce((sum, d) => sum + d.views, 0));

    // Read again: nothing new was counted, and what was counted is kept.
    await api.get(`/api/gigs/${id}`, { token: tokens.sofia });
    expect(gigStats(await stats('amara'), id).views_total).toBe(3);
  });

  it('does not count views of a draft (an admin may open it), nor missing gigs', async () => {
    const id = await newGig('amara', 'draft');
    expect((await api.get(`/api/gigs/${id}`, { token: tokens.admin })).status).toBe(200);
    expect((await api.get(`/api/gigs/${id}`)).status).toBe(404);
    expect(gigStats(await stats('amara'), id)).toMatchObject({ views_total: 0, views_30d: 0 });
  });

  it('lists only the agent’s own gigs', async () => {
    const mine = await newGig('kenji');
    const body = await stats('kenji');
    expect(body.gigs.map((g) => g.id)).toContain(mine);
    const amaras = await stats('amara');
    expect(amaras.gigs.map((g) => g.id)).not.toContain(mine);
  });
});

describe('wishlist saves', () => {
  it('counts a gig saved to a wishlist written through the sync gateway, once per user', async () => {
    const id = await newGig('amara');
    const other = await newGig('amara');
    await writeThroughGateway(tokens.sofia!, [wishlist('s1'), item('s1', id)]);
    expect(gigStats(await stats('amara'), id)).toMatchObject({ saves_30d: 1, saves_total: 1 });

    // The same gig in a second list, and another gig: the first still counts one saver.
    await writeThroughGateway(tokens.sofia!, [wishlist('s2'), item('s2', id), item('s2', other)]);
    let body = await stats('amara');
    expect(gigStats(body, id).saves_total).toBe(1);
    expect(gigStats(body, other).saves_total).toBe(1);

    // Another customer saves it (a single document written with PUT).
    const put = await server.request(
      `/api/sync/db/${encodeURIComponent(`wishitem:wishlist:d1:gig:${id}`)}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.daniel}`, 'content-type': 'application/json' },
        body: JSON.stringify(item('d1', id)),
      },
    );
    expect(put.status).toBe(201);
    await server.deps.jobs.idle();
    body = await stats('amara');
    expect(gigStats(body, id).saves_total).toBe(2);
    expect(body.days.at(-1)!.saves).toBeGreaterThanOrEqual(3);
    expect(body.totals.saves).toBe(body.days.reduce((sum, d) => sum + d.saves, 0));
  });

  it('a gig removed and saved again on the same day counts that user once', async () => {
    const id = await newGig('amara');
    const [written] = await writeThroughGateway(tokens.daniel!, [
      wishlist('d2'),
      item('d2', id),
    ]).then((r) => r.slice(1));
    expect(gigStats(await stats('amara'), id).saves_total).toBe(1);
    await writeThroughGateway(tokens.daniel!, [
      { _id: written!.id, _rev: written!.rev, _deleted: true },
    ]);
    await writeThroughGateway(tokens.daniel!, [item('d3', id), wishlist('d3')]);
    expect(gigStats(await stats('amara'), id).saves_total).toBe(1);
  });

  it('does not count a draft saved by its id', async () => {
    const draft = await newGig('amara', 'draft');
    await writeThroughGateway(tokens.sofia!, [wishlist('s3'), item('s3', draft)]);
    expect(gigStats(await stats('amara'), draft)).toMatchObject({ saves_30d: 0, saves_total: 0 });
  });

  it('ignores saved items naming no gig (a deleted one, or another kind)', async () => {
    const account = (
      await api.post<Session>('/api/register', { body: newAccount({ role: 'Customer' }) })
    ).body;
    await writeThroughGateway(account.token, [
      wishlist('x'),
      item('x', 'no-such-gig'),
      {
        ...item('x', 'someone'),
        _id: 'wishitem:wishlist:x:user:someone',
        kind: 'user',
      },
    ]);
    const catalog = server.deps.couch.db('catalog');
    const stored = (await catalog.get(`gigsaves:${account.user.id}`)) as unknown as {
      gig_ids: string[];
    };
    expect(stored.gig_ids).toEqual(['no-such-gig']);
    await expect(catalog.get(`gigstat:no-such-gig:${today()}`)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('GET /api/agent/stats access', () => {
  it('is 401 for guests and 403 for customers and admins', async () => {
    expect((await api.get('/api/agent/stats')).status).toBe(401);
    expect((await api.get('/api/agent/stats', { token: tokens.sofia })).status).toBe(403);
    expect((await api.get('/api/agent/stats', { token: tokens.admin })).status).toBe(403);
  });
});

describe('only the owner or an admin changes a gig', () => {
  it('refuses another agent and a customer (403); the owner and an admin may pause it', async () => {
    const id = await newGig('amara');
    for (const who of ['kenji', 'sofia']) {
      const patch = await api.patch(`/api/gigs/${id}`, {
        token: tokens[who],
        body: { status: 'paused' },
      });
      expect(patch.status).toBe(403);
      expect((await api.delete(`/api/gigs/${id}`, { token: tokens[who] })).status).toBe(403);
    }
    for (const who of ['amara', 'admin']) {
      const patch = await api.patch<{ gig: { status: string } }>(`/api/gigs/${id}`, {
        token: tokens[who],
        body: { status: who === 'amara' ? 'paused' : 'active' },
      });
      expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    }
    // Pausing and resuming change the status only: the packages and the rest stay.
    const after = await api.get<{ gig: { status: string; packages: unknown[] } }>(
      `/api/gigs/${id}`,
    );
    expect(after.body.gig).toMatchObject({ status: 'active' });
    expect(after.body.gig.packages).toHaveLength(1);
    expect((await api.delete(`/api/gigs/${id}`, { token: tokens.amara })).status).toBe(204);
    expect((await api.get(`/api/gigs/${id}`, { token: tokens.amara })).status).toBe(404);
  });
});
