/**
 * Agents' portfolios over HTTP (issue 20, not in the spec): an agent's projects with pictures,
 * listed on their public profile in the order they chose; who may change what (another agent, a
 * customer, a guest, a forged token), field errors, stale edits, and the link to one of the
 * agent's own completed orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_MAX } from '../src/schemas';
import { client, demoTokens, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
let tokens: Record<'amara' | 'kenji' | 'lucia' | 'sofia' | 'helen' | 'admin', string>;

beforeAll(async () => {
  // With the demo gigs and orders, which the demo portfolios show and link.
  server = await startTestServer({ SEED_DEMO_GIGS: 'true' });
  api = client(server);
  tokens = await demoTokens(api, ['amara', 'kenji', 'lucia', 'sofia', 'helen', 'admin']);
});
afterAll(() => server.close());

interface Project {
  id: string;
  title: string;
  description: string;
  service_id: string;
  completed_on: string | null;
  images: string[];
  verified_order: { completed_at: string } | null;
  order_id?: string | null;
  revision?: string;
}
type ProjectRes = { project: Project };
type ListRes = { data: Project[] };
type Err = { message: string; errors: Record<string, string[]> };

const fields = (extra: Record<string, unknown> = {}) => ({
  title: 'Gorée Island school trip',
  description: 'Forty pupils, two ferries and a **history walk** planned with their teachers.',
  service_id: 'tour-guide',
  completed_on: '2025-04',
  ...extra,
});

async function create(who: keyof typeof tokens, extra: Record<string, unknown> = {}) {
  const res = await api.post<ProjectRes>('/api/portfolio', {
    token: tokens[who],
    body: fields(extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.project;
}

const png = (extraBytes = 0) =>
  Buffer.concat([
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAAASUVORK5CYII=',
      'base64',
    ),
    Buffer.alloc(extraBytes),
  ]);

async function upload(id: string, token: string | undefined, data: Buffer, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'photo.png');
  const res = await server.request(`/api/portfolio/${id}/images`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ProjectRes & Err };
}

const publicList = (tagname: string, token?: string) =>
  api.get<ListRes>(`/api/users/${tagname}/portfolio`, { token });

// First, while the demo agents show only what the seed wrote.
describe('the demo portfolios (seed step 7)', () => {
  it('shows Amara’s and Kenji’s projects with their pictures, linked to their completed demo orders', async () => {
    const amara = await api.get<ListRes>('/api/users/amara_guides/portfolio');
    expect(amara.body.data.map((p) => p.title)).toEqual([
      'Gorée Island history day for a school',
      'Pink Lake sunrise for a family reunion',
    ]);
    const [goree, pinkLake] = amara.body.data;
    expect(goree!.images).toHaveLength(2);
    expect(goree!.verified_order).toBeNull();
    expect(pinkLake!.verified_order?.completed_at).toBeTruthy();
    const picture = await server.request(pinkLake!.images[0]!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

    const kenji = await api.get<ListRes>('/api/users/kenji_cooks/portfolio');
    expect(kenji.body.data.map((p) => [p.title, p.images.length, !!p.verified_order])).toEqual([
      ['Breakfast menu for a 14-room ryokan', 0, false],
      ['Autumn kaiseki at a private villa', 2, true],
    ]);
  });
});

describe('adding and editing portfolio projects', () => {
  it('adds a project, first in the agent’s list and on their public profile, without private fields', async () => {
    const older = await create('amara', { title: 'Pink Lake sunrise for a family reunion' });
    const project = await create('amara');
    expect(project).toMatchObject({
      title: 'Gorée Island school trip',
      service_id: 'tour-guide',
      completed_on: '2025-04',
      images: [],
      verified_order: null,
      order_id: null,
    });
    expect(project.revision).toMatch(/^\d+-/);

    const own = await api.get<ListRes>('/api/agent/portfolio', { token: tokens.amara });
    expect(own.status).toBe(200);
    const ids = own.body.data.map((p) => p.id);
    expect(ids.indexOf(project.id)).toBeLessThan(ids.indexOf(older.id));

    const listed = await publicList('amara_guides');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p) => p.id)).toEqual(ids);
    const shown = listed.body.data.find((p) => p.id === project.id)!;
    expect(shown.description).toContain('**history walk**');
    expect(shown).not.toHaveProperty('revision');
    expect(shown).not.toHaveProperty('order_id');
    expect(shown).not.toHaveProperty('owner_id');
    // Another agent's projects are not mixed in.
    expect((await publicList('kenji_cooks')).body.data.map((p) => p.id)).not.toContain(project.id);

    const one = await api.get<ProjectRes>(`/api/portfolio/${project.id}`);
    expect(one.status).toBe(200);
    expect(one.body.project).not.toHaveProperty('revision');
    const mine = await api.get<ProjectRes>(`/api/portfolio/${project.id}`, {
      token: tokens.amara,
    });
    expect(mine.body.project.revision).toBe(project.revision);
  });

  it('names every bad field (422), and takes a year alone or no date', async () => {
    const bad = await api.post<Err>('/api/portfolio', {
      token: tokens.amara,
      body: {
        title: 'ab',
        description: 'x'.repeat(2001),
        service_id: '',
        completed_on: '2025-13',
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'completed_on',
      'description',
      'service_id',
      'title',
    ]);
    expect(bad.body.errors.title).toEqual(['A title has at least 3 characters.']);

    const meaning = await api.post<Err>('/api/portfolio', {
      token: tokens.amara,
      body: fields({ service_id: 'space-travel', completed_on: '2999-01', title: 'x'.repeat(81) }),
    });
    expect(meaning.status).toBe(422);
    expect(meaning.body.errors.title).toEqual(['A title has at most 80 characters.']);
    const future = await api.post<Err>('/api/portfolio', {
      token: tokens.amara,
      body: fields({ service_id: 'space-travel', completed_on: '2999' }),
    });
    expect(future.body.errors).toEqual({
      service_id: ['Choose an active service.'],
      completed_on: ['That date is in the future.'],
    });
    const old = await api.post<Err>('/api/portfolio', {
      token: tokens.amara,
      body: fields({ completed_on: '1949' }),
    });
    expect(old.body.errors.completed_on).toEqual(['Enter a year from 1950 on.']);

    expect((await create('amara', { completed_on: '2024' })).completed_on).toBe('2024');
    const undated = await create('amara', { completed_on: undefined, description: undefined });
    expect(undated).toMatchObject({ completed_on: null, description: '' });
  });

  it('refuses guests (401), forged tokens (401), customers and lecturers (403), unverified agents (403)', async () => {
    const body = fields();
    expect((await api.post('/api/portfolio', { body })).status).toBe(401);
    expect((await api.post('/api/portfolio', { token: 'forged.token.here', body })).status).toBe(
      401,
    );
    expect((await api.post('/api/portfolio', { token: tokens.sofia, body })).status).toBe(403);
    expect((await api.post('/api/portfolio', { token: tokens.helen, body })).status).toBe(403);
    expect((await api.get('/api/agent/portfolio', { token: tokens.sofia })).status).toBe(403);
    expect((await api.get('/api/agent/portfolio')).status).toBe(401);
    const fresh = (
      await api.post<Session>('/api/register', { body: newAccount({ role: 'Agent' }) })
    ).body;
    const unverified = await api.post<Err>('/api/portfolio', { token: fresh.token, body });
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toMatch(/Verify your email/);
  });

  it('only its agent edits a project; a stale revision is a 409; an unknown project a 404', async () => {
    const project = await create('kenji', {
      title: 'Autumn kaiseki for a wedding party',
      service_id: 'chef',
    });
    const edit = (token: string | undefined, body: Record<string, unknown>, id = project.id) =>
      api.patch<ProjectRes & Err>(`/api/portfolio/${id}`, { token, body });

    expect((await edit(tokens.amara, { title: 'Taken over' })).status).toBe(403);
    expect((await edit(tokens.sofia, { title: 'Taken over' })).status).toBe(403);
    expect((await edit(tokens.admin, { title: 'Taken over' })).status).toBe(403);
    expect((await edit(undefined, { title: 'Taken over' })).status).toBe(401);
    expect((await edit(tokens.kenji, { title: 'Nope' }, 'no-such-project')).status).toBe(404);
    expect((await edit(tokens.kenji, { owner_id: 'someone' })).status).toBe(422);
    expect((await edit(tokens.kenji, { title: 'x' })).body.errors.title).toBeDefined();

    const first = await edit(tokens.kenji, {
      title: 'Autumn kaiseki for a wedding party of 40',
      completed_on: null,
      revision: project.revision,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.project).toMatchObject({
      title: 'Autumn kaiseki for a wedding party of 40',
      completed_on: null,
      description: fields().description,
    });
    expect(first.body.project.revision).not.toBe(project.revision);

    // A second device still holding the first revision.
    const stale = await edit(tokens.kenji, {
      title: 'From the other tab',
      revision: project.revision,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed meanwhile/);
    const read = await api.get<ProjectRes>(`/api/portfolio/${project.id}`);
    expect(read.body.project.title).toBe('Autumn kaiseki for a wedding party of 40');
    // Without a revision, the edit applies to whatever is there.
    expect((await edit(tokens.kenji, { description: 'Nine courses.' })).status).toBe(200);
  });
});

describe('pictures', () => {
  it('takes up to six of up to 2 MB, checked by content, served publicly with long cache headers', async () => {
    const project = await create('lucia', {
      title: 'Elopement on the Douro',
      service_id: 'photographer',
    });
    const first = await upload(project.id, tokens.lucia, png(1_500_000));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [url] = first.body.project.images;
    const image = await server.request(url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await image.arrayBuffer()).byteLength).toBe(png(1_500_000).length);

    expect((await upload(project.id, tokens.lucia, Buffer.from('GIF89a nope'))).status).toBe(415);
    expect(
      (await upload(project.id, tokens.lucia, Buffer.from('<svg/>'), 'image/png')).status,
    ).toBe(415);
    expect((await upload(project.id, tokens.lucia, png(2 * 1024 * 1024))).status).toBe(413);
    expect((await upload(project.id, tokens.amara, png())).status).toBe(403);
    expect((await upload(project.id, tokens.sofia, png())).status).toBe(403);
    expect((await upload(project.id, undefined, png())).status).toBe(401);
    expect((await upload('no-such-project', tokens.lucia, png())).status).toBe(404);
    for (let i = 0; i < 5; i++)
      expect((await upload(project.id, tokens.lucia, png())).status).toBe(200);
    const seventh = await upload(project.id, tokens.lucia, png());
    expect(seventh.status).toBe(409);
    expect(seventh.body.message).toBe(
      'A portfolio project has at most 6 images. Remove one first.',
    );

    const imageId = url!.split('/').pop()!;
    const remove = (token: string) =>
      api.delete<ProjectRes>(`/api/portfolio/${project.id}/images/${imageId}`, { token });
    expect((await remove(tokens.amara)).status).toBe(403);
    const removed = await remove(tokens.lucia);
    expect(removed.status).toBe(200);
    expect(removed.body.project.images).toHaveLength(5);
    expect(removed.body.project.images).not.toContain(url);
    expect((await remove(tokens.lucia)).status).toBe(404);
    expect((await server.request(url!)).status).toBe(404);
    // The other pictures are still there after the rewrite of the document.
    expect((await server.request(removed.body.project.images[0]!)).status).toBe(200);
  });
});

describe('the order of projects, and deleting them', () => {
  it('puts the projects in the order given, naming each of the agent’s once', async () => {
    const token = (
      await api.post<Session>('/api/login', {
        body: { email: 'omar@wayfarer.test', password: 'wayfarer-demo' },
      })
    ).body.token;
    const add = async (title: string) =>
      (
        await api.post<ProjectRes>('/api/portfolio', {
          token,
          body: fields({ title, service_id: 'travel-agent' }),
        })
      ).body.project.id;
    const [a, b, c] = [await add('Project A'), await add('Project B'), await add('Project C')];
    const order = (ids: string[], as = token) =>
      api.put<ListRes & Err>('/api/agent/portfolio/order', { token: as, body: { ids } });

    expect((await order([c, b])).body.errors).toEqual({
      ids: ['List each of your portfolio projects once.'],
    });
    expect((await order([c, b, b])).status).toBe(422);
    const other = await create('amara', { title: 'Not Omar’s' });
    expect((await order([c, b, other.id])).status).toBe(422);
    expect((await order([a, b, c], tokens.sofia)).status).toBe(403);
    expect((await order(['x'.repeat(101)])).status).toBe(422);

    const done = await order([a, c, b]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.map((p) => p.id)).toEqual([a, c, b]);
    const omar = await api.get<{ tagname: string }>('/api/user', { token });
    const tagname = (omar.body as unknown as { user: { tagname: string } }).user.tagname;
    expect((await publicList(tagname)).body.data.map((p) => p.id)).toEqual([a, c, b]);
    // A new project takes the first place.
    const d = await add('Project D');
    expect((await publicList(tagname)).body.data.map((p) => p.id)).toEqual([d, a, c, b]);
  });

  it('deletes a project for its agent or an admin only, pictures included', async () => {
    const project = await create('kenji', {
      title: 'Market lesson for a school',
      service_id: 'chef',
    });
    const url = (await upload(project.id, tokens.kenji, png())).body.project.images[0]!;
    const remove = (token?: string) => api.delete(`/api/portfolio/${project.id}`, { token });
    expect((await remove(tokens.amara)).status).toBe(403);
    expect((await remove(tokens.sofia)).status).toBe(403);
    expect((await remove()).status).toBe(401);
    expect((await remove(tokens.kenji)).status).toBe(204);
    expect((await remove(tokens.kenji)).status).toBe(404);
    expect((await api.get(`/api/portfolio/${project.id}`)).status).toBe(404);
    expect((await server.request(url)).status).toBe(404);

    const taken = await create('kenji', { title: 'Something to take down', service_id: 'chef' });
    expect((await api.delete(`/api/portfolio/${taken.id}`, { token: tokens.admin })).status).toBe(
      204,
    );
    expect((await publicList('kenji_cooks')).body.data.map((p) => p.id)).not.toContain(taken.id);
  });

  it(`shows at most ${PORTFOLIO_MAX} projects per agent (409)`, async () => {
    const shown = (await api.get<ListRes>('/api/agent/portfolio', { token: tokens.lucia })).body
      .data.length;
    for (let i = shown; i < PORTFOLIO_MAX; i++)
      expect(
        (await create('lucia', { title: `Shoot ${i + 1}`, service_id: 'photographer' })).id,
      ).toBeTruthy();
    const over = await api.post<Err>('/api/portfolio', { token: tokens.lucia, body: fields() });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('A portfolio shows at most 20 projects. Delete one first.');
  });
});

describe('a link to one of the agent’s completed orders', () => {
  const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };
  const inDays = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** An order of Sofia's on a new gig of Amara's, paid, and completed when `complete`. */
  async function order(complete: boolean) {
    const gig = await api.post<{ gig: { id: string } }>('/api/gigs', {
      token: tokens.amara,
      body: {
        title: 'Saloum Delta pirogue day with lunch',
        service_id: 'tour-guide',
        description:
          'A day on the mangrove channels of the Saloum Delta by pirogue, with a lunch of grilled fish on a shell island.',
        status: 'active',
        packages: [
          {
            tier: 'basic',
            name: 'Day trip',
            price: { amount: 6000, currency: 'USD' },
            delivery_days: 2,
            revisions: 1,
          },
        ],
      },
    });
    expect(gig.status, JSON.stringify(gig.body)).toBe(201);
    const placed = await api.post<{ order: { id: string } }>('/api/orders', {
      token: tokens.sofia,
      body: {
        gig_id: gig.body.gig.id,
        tier: 'basic',
        service_date: inDays(20),
        travellers: 2,
        meeting_place: 'Hotel lobby',
        requirements: 'Two adults.',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id } = placed.body.order;
    const step = async (token: string, action: string, body: unknown = {}) => {
      const res = await api.post(`/api/orders/${id}/${action}`, { token, body });
      expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    await step(tokens.sofia, 'pay', { card: CARD });
    if (complete) {
      await step(tokens.amara, 'deliver', { message: 'Here is the day’s plan.' });
      await step(tokens.sofia, 'accept');
    }
    return id;
  }

  it('links the agent’s own completed order only; the public sees when it completed, not which', async () => {
    const completed = await order(true);
    const open = await order(false);
    const refuse = async (token: string, orderId: string) => {
      const res = await api.post<Err>('/api/portfolio', {
        token,
        body: fields({ order_id: orderId }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ order_id: ['Choose one of your completed orders.'] });
    };
    await refuse(tokens.amara, open);
    await refuse(tokens.amara, 'no-such-order');
    // Another agent cannot claim Amara's order.
    await refuse(tokens.kenji, completed);

    const project = await create('amara', { title: 'Saloum Delta for two', order_id: completed });
    expect(project.order_id).toBe(completed);
    expect(project.verified_order?.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const listed = (await publicList('amara_guides')).body.data.find((p) => p.id === project.id)!;
    expect(listed.verified_order).toEqual(project.verified_order);
    expect(JSON.stringify(listed)).not.toContain(completed);

    // Unlinked by an edit; a link to an open order is refused there too.
    const edit = (body: Record<string, unknown>) =>
      api.patch<ProjectRes & Err>(`/api/portfolio/${project.id}`, { token: tokens.amara, body });
    expect((await edit({ order_id: open })).status).toBe(422);
    const unlinked = await edit({ order_id: null });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.project).toMatchObject({ order_id: null, verified_order: null });
  });
});

describe('the public list', () => {
  it('answers 404 for a tagname that is not an agent’s, and 401 for a forged token', async () => {
    expect((await publicList('sofia_marin')).status).toBe(404);
    expect((await publicList('no_such_member')).status).toBe(404);
    expect((await publicList('amara_guides', 'forged.token.here')).status).toBe(401);
    expect((await publicList('amara_guides', tokens.sofia)).status).toBe(200);
  });
});
