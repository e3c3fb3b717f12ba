/**
 * Gig search answers are shared between requests for the same search (issue 21): concurrent
 * requests read the catalog once, a write through this instance shows at once, and a write the
 * instance did not make (another API instance's) shows within SEARCH_CACHE_MS.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GigDoc } from '../src/routes/gigs/gigs.service';
import { client, demoSessions } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let amara: string;

beforeAll(async () => {
  server = await startTestServer({ SEARCH_CACHE_MS: '4000' });
  api = client(server);
  amara = (await demoSessions(api, ['amara'])).amara.token;
}, 120_000);
afterAll(() => server.close());

type List = { data: { id: string; title: string }[]; meta: { total: number } };

function createGig(title: string) {
  return api.post<{ gig: { id: string } }>('/api/gigs', {
    token: amara,
    body: {
      title,
      service_id: 'tour-guide',
      description: `${title}: a walk for curious travellers, with stories at every corner.`,
      packages: [
        {
          tier: 'basic',
          name: 'Walk',
          price: { amount: 2500, currency: 'USD' },
          delivery_days: 1,
          revisions: 0,
        },
      ],
      status: 'active',
    },
  });
}

describe('shared search answers', () => {
  it('ten requests for one search at once read the catalog as one does', async () => {
    const spy = vi.spyOn(server.deps.couch, 'db');
    const catalogReads = () => spy.mock.calls.filter(([key]) => key === 'catalog').length;
    await api.get<List>('/api/gigs?q=harbour&sort=newest');
    const one = catalogReads();
    expect(one).toBeGreaterThan(0);
    spy.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.get<List>('/api/gigs?q=market&sort=newest')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(catalogReads()).toBeLessThanOrEqual(one);
    spy.mockRestore();
  });

  it('a gig written through this instance is found by the very next search', async () => {
    const before = await api.get<List>('/api/gigs?q=lanternwalk');
    expect(before.body.data).toEqual([]);
    const created = await createGig('Lanternwalk through the old port');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await api.get<List>('/api/gigs?q=lanternwalk');
    expect(after.body.data.map((g) => g.id)).toEqual([created.body.gig.id]);
    // Paused: gone from the next search at once.
    await api.patch(`/api/gigs/${created.body.gig.id}`, {
      token: amara,
      body: { status: 'paused' },
    });
    expect((await api.get<List>('/api/gigs?q=lanternwalk')).body.data).toEqual([]);
  });

  it('a write this instance did not make shows within SEARCH_CACHE_MS', async () => {
    const created = await createGig('Dhowsail sunset cruise on the creek');
    const id = created.body.gig.id;
    expect((await api.get<List>('/api/gigs?q=dhowsail')).body.data.map((g) => g.title)).toEqual([
      'Dhowsail sunset cruise on the creek',
    ]);
    // As another API instance would: straight to the database, not through this one's client.
    const url = `${server.deps.couch.origin}/${server.deps.couch.databases.catalog}/gig:${id}`;
    const auth = new URL(server.deps.couch.url);
    const headers = {
      authorization: `Basic ${Buffer.from(`${decodeURIComponent(auth.username)}:${decodeURIComponent(auth.password)}`).toString('base64')}`,
      'content-type': 'application/json',
    };
    const doc = (await (await fetch(url, { headers })).json()) as GigDoc;
    const put = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...doc, title: 'Dhowsail moonlight cruise on the creek' }),
    });
    expect(put.status).toBe(201);
    const titles = async () =>
      (await api.get<List>('/api/gigs?q=dhowsail')).body.data.map((g) => g.title);
    // Within the shared answer's time: the answer read before the write.
    expect(await titles()).toEqual(['Dhowsail sunset cruise on the creek']);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    expect(await titles()).toEqual(['Dhowsail moonlight cruise on the creek']);
  });
});
