import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, demoTokens, newAccount, type Session } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  Object.assign(tokens, await demoTokens(api, ['amara', 'kenji', 'lucia', 'sofia', 'admin']));
});
afterAll(() => server.close());

const pkg = (tier: string, amount: number, days: number) => ({
  tier,
  name: `${tier} package`,
  description: '',
  price: { amount, currency: 'USD' },
  delivery_days: days,
  revisions: 1,
  includes: ['Planning call'],
});
const description = (extra: string) =>
  `${extra} A relaxed, small-group experience with a local professional who knows every corner.`;
type GigRes = {
  gig: { id: string; status: string; images: string[]; starting_price: { amount: number } };
};
const create = async (who: string, body: Record<string, unknown>) => {
  const res = await api.post<GigRes>('/api/gigs', { token: tokens[who], body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.gig;
};

describe('creating and managing gigs', () => {
  it('a draft needs no package; publishing needs one; the price is derived from packages', async () => {
    const draft = await create('amara', {
      title: 'Dakar music night walk',
      service_id: 'tour-guide',
      description: description('Jazz clubs and mbalax bars.'),
    });
    expect(draft.status).toBe('draft');
    const publish = await api.patch<{ errors: Record<string, string[]> }>(`/api/gigs/${draft.id}`, {
      token: tokens.amara,
      body: { status: 'active' },
    });
    expect(publish.status).toBe(422);
    expect(publish.body.errors.packages).toEqual(['Add at least one package before publishing.']);
    const ok = await api.patch<GigRes>(`/api/gigs/${draft.id}`, {
      token: tokens.amara,
      body: { status: 'active', packages: [pkg('basic', 3500, 1), pkg('premium', 9000, 2)] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.gig).toMatchObject({ status: 'active', starting_price: { amount: 3500 } });
  });

  it('names bad fields (422), refuses customers (403), guests (401) and unverified agents (403)', async () => {
    const bad = await api.post<{ errors: Record<string, string[]> }>('/api/gigs', {
      token: tokens.amara,
      body: {
        title: 'Short',
        service_id: 'nope',
        description: 'Too short',
        packages: [pkg('basic', 10, 0), pkg('basic', 5000, 1)],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining([
        'title',
        'description',
        'packages.0.price.amount',
        'packages.0.delivery_days',
        'packages',
      ]),
    );
    const unknownService = await api.post<{ errors: Record<string, string[]> }>('/api/gigs', {
      token: tokens.amara,
      body: {
        title: 'A gig in a service that does not exist',
        service_id: 'space-travel',
        description: description('x'),
      },
    });
    expect(unknownService.body.errors.service_id).toEqual(['Choose an active service.']);
    // Each number a person types gets a message in words, not a type error.
    const numbers = await api.post<{ errors: Record<string, string[]> }>('/api/gigs', {
      token: tokens.amara,
      body: {
        title: 'A gig with typos in its numbers',
        service_id: 'chef',
        description: description('x'),
        packages: [{ ...pkg('basic', 5000, 1), price: { amount: null }, revisions: 1.5 }],
        extras: [{ title: 'Late checkout', price: { amount: 1000 }, delivery_days: 45 }],
      },
    });
    expect(numbers.status).toBe(422);
    expect(numbers.body.errors).toMatchObject({
      'packages.0.price.amount': ['Enter a price in dollars, such as 45 or 45.50.'],
      'packages.0.revisions': ['Revisions are a whole number.'],
      'extras.0.delivery_days': ['At most 30 extra days.'],
    });
    const body = {
      title: 'A perfectly fine gig title',
      service_id: 'chef',
      description: description('x'),
    };
    expect((await api.post('/api/gigs', { token: tokens.sofia, body })).status).toBe(403);
    expect((await api.post('/api/gigs', { body })).status).toBe(401);
    const fresh = (
      await api.post<Session>('/api/register', { body: newAccount({ role: 'Agent' }) })
    ).body;
    const unverified = await api.post<{ message: string }>('/api/gigs', {
      token: fresh.token,
      body,
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toMatch(/Verify your email/);
  });

  it('only the owner or an admin can change or delete a gig; drafts are private', async () => {
    const gig = await create('kenji', {
      title: 'Kaiseki dinner at your villa',
      service_id: 'chef',
      description: description('Seasonal courses.'),
    });
    expect(
      (
        await api.patch(`/api/gigs/${gig.id}`, {
          token: tokens.amara,
          body: { title: 'Stolen gig title here' },
        })
      ).status,
    ).toBe(403);
    expect((await api.delete(`/api/gigs/${gig.id}`, { token: tokens.amara })).status).toBe(403);
    expect((await api.delete(`/api/gigs/${gig.id}`, { token: tokens.sofia })).status).toBe(403);
    expect((await api.get(`/api/gigs/${gig.id}`)).status).toBe(404);
    expect((await api.get(`/api/gigs/${gig.id}`, { token: tokens.kenji })).status).toBe(200);
    expect(
      (
        await api.patch(`/api/gigs/${gig.id}`, {
          token: tokens.admin,
          body: { title: 'Kaiseki dinner at your villa (edited)' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.patch(`/api/gigs/${gig.id}`, {
          token: tokens.kenji,
          body: { owner_id: 'someone' },
        })
      ).status,
    ).toBe(422);
    const mine = await api.get<{ data: { id: string; status: string }[] }>('/api/agent/gigs', {
      token: tokens.kenji,
    });
    expect(mine.body.data.map((g) => g.id)).toContain(gig.id);
    expect((await api.get('/api/agent/gigs', { token: tokens.sofia })).status).toBe(403);
    expect((await api.delete(`/api/gigs/${gig.id}`, { token: tokens.kenji })).status).toBe(204);
    expect((await api.get(`/api/gigs/${gig.id}`, { token: tokens.kenji })).status).toBe(404);
  });

  const png = (extraBytes = 0) =>
    Buffer.concat([
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
      Buffer.alloc(extraBytes),
    ]);
  const upload = (id: string, token: string | undefined, data: Buffer, type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), 'photo.png');
    return server.request(`/api/gigs/${id}/images`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  };

  it('takes up to six images of up to 2 MB, checked by content, served with long cache headers', async () => {
    const gig = await create('lucia', {
      title: 'Golden hour portraits in Porto',
      service_id: 'photographer',
      description: description('Along the Douro.'),
      packages: [pkg('basic', 12000, 3)],
      status: 'active',
    });
    const big = await upload(gig.id, tokens.lucia, png(1_500_000));
    expect(big.status).toBe(200);
    const { gig: withImage } = (await big.json()) as GigRes;
    const image = await server.request(withImage.images[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await upload(gig.id, tokens.lucia, Buffer.from('GIF89a not allowed'))).status).toBe(
      415,
    );
    expect((await upload(gig.id, tokens.lucia, Buffer.from('<html>'), 'image/png')).status).toBe(
      415,
    );
    expect((await upload(gig.id, tokens.lucia, png(2 * 1024 * 1024))).status).toBe(413);
    expect((await upload(gig.id, tokens.amara, png())).status).toBe(403);
    expect((await upload(gig.id, undefined, png())).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await upload(gig.id, tokens.lucia, png())).status).toBe(200);
    expect((await upload(gig.id, tokens.lucia, png())).status).toBe(409);
  });

  it('serves images of drafts and paused gigs to their owner and admins only, never cacheable', async () => {
    const gig = await create('lucia', {
      title: 'Sunrise shoot on the Ribeira',
      service_id: 'photographer',
      description: description('Before the crowds.'),
    });
    const uploaded = await upload(gig.id, tokens.lucia, png());
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as GigRes).gig.images[0]!;
    const fetchAs = (who?: string) =>
      server.request(url, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
    const expectPrivate = async (status: string) => {
      for (const who of ['lucia', 'admin']) {
        const res = await fetchAs(who);
        expect(res.status, `${status}, ${who}`).toBe(200);
        expect(res.headers.get('cache-control'), `${status}, ${who}`).toBe('private, no-store');
      }
      for (const who of [undefined, 'amara']) {
        const res = await fetchAs(who);
        expect(res.status, `${status}, ${who ?? 'guest'}`).toBe(404);
        expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
      }
    };
    await expectPrivate('draft');

    const publish = await api.patch(`/api/gigs/${gig.id}`, {
      token: tokens.lucia,
      body: { status: 'active', packages: [pkg('basic', 9000, 2)] },
    });
    expect(publish.status).toBe(200);
    for (const who of [undefined, 'amara', 'lucia']) {
      const res = await fetchAs(who);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }

    const pause = await api.patch(`/api/gigs/${gig.id}`, {
      token: tokens.lucia,
      body: { status: 'paused' },
    });
    expect(pause.status).toBe(200);
    await expectPrivate('paused');
  });
});

describe('search, filters, sorting and pagination on a known data set', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const gigs = {
      kyotoCooking: [
        'kenji',
        {
          title: 'Kyoto cooking class with a market tour',
          service_id: 'chef',
          description: description('Nishiki market, knives and seasonal vegetables.'),
          languages: ['Japanese', 'English'],
          destinations: ['Kyoto'],
          packages: [pkg('basic', 8000, 1)],
          status: 'active',
        },
      ],
      lisbonCooking: [
        'lucia',
        {
          title: 'Lisbon seafood cooking class',
          service_id: 'chef',
          description: description('Clams, sardines and a glass of vinho verde.'),
          languages: ['Portuguese', 'English'],
          destinations: ['Lisbon'],
          packages: [pkg('basic', 6000, 2)],
          status: 'active',
        },
      ],
      kyotoTemples: [
        'amara',
        {
          title: 'Kyoto temples walking tour at dawn',
          service_id: 'tour-guide',
          description: description('Quiet gardens before the crowds arrive.'),
          languages: ['English', 'French'],
          destinations: ['Kyoto'],
          packages: [pkg('basic', 4000, 1)],
          status: 'active',
        },
      ],
      kyotoRamenPaused: [
        'kenji',
        {
          title: 'Kyoto ramen cooking workshop',
          service_id: 'chef',
          description: description('Broth, noodles and toppings.'),
          languages: ['Japanese'],
          destinations: ['Kyoto'],
          packages: [pkg('basic', 5000, 1)],
          status: 'active',
        },
      ],
      kyotoPortraits: [
        'lucia',
        {
          title: 'Portrait photography in Kyoto streets',
          service_id: 'photographer',
          description: description('Gion lanes at golden hour.'),
          languages: ['Portuguese', 'English'],
          destinations: ['Kyoto', 'Osaka'],
          packages: [pkg('basic', 15000, 5)],
          status: 'active',
        },
      ],
    } as const;
    for (const [key, [who, body]] of Object.entries(gigs))
      ids[key] = (await create(who, body as unknown as Record<string, unknown>)).id;
    await api.patch(`/api/gigs/${ids.kyotoRamenPaused}`, {
      token: tokens.kenji,
      body: { status: 'paused' },
    });
  });
  const search = async (query: string) => {
    const res = await api.get<{
      data: { id: string }[];
      meta: { total: number; last_page: number; total_capped: boolean };
    }>(`/api/gigs?${query}`);
    expect(res.status, query).toBe(200);
    return {
      ids: res.body.data.map((g) => Object.entries(ids).find(([, id]) => id === g.id)?.[0] ?? g.id),
      meta: res.body.meta,
    };
  };

  it('finds words of titles and descriptions, ignores paused gigs, and ranks title matches first', async () => {
    expect((await search('q=cooking')).ids.sort()).toEqual(['kyotoCooking', 'lisbonCooking']);
    expect((await search('q=sardines')).ids).toEqual(['lisbonCooking']);
    expect((await search('q=KYOTO')).ids.sort()).toEqual([
      'kyotoCooking',
      'kyotoPortraits',
      'kyotoTemples',
    ]);
    expect((await search('q=classes')).ids.sort()).toEqual(['kyotoCooking', 'lisbonCooking']);
    expect((await search('q=kyoto%20cooking')).ids).toEqual(['kyotoCooking']);
    expect((await search('q=kyoto%20sardines')).ids).toEqual([]);
    expect((await search('q=ramen')).ids).toEqual([]);
  });

  it('filters by service, price, delivery time, language and destination', async () => {
    expect((await search('q=kyoto&service=chef')).ids).toEqual(['kyotoCooking']);
    expect((await search('q=cooking&max_price=7000')).ids).toEqual(['lisbonCooking']);
    expect((await search('q=kyoto&min_price=5000&max_price=20000')).ids.sort()).toEqual([
      'kyotoCooking',
      'kyotoPortraits',
    ]);
    expect((await search('q=kyoto&delivery_days=1')).ids.sort()).toEqual([
      'kyotoCooking',
      'kyotoTemples',
    ]);
    expect((await search('q=kyoto&language=french')).ids).toEqual(['kyotoTemples']);
    expect((await search('destination=osaka')).ids).toEqual(['kyotoPortraits']);
    expect((await search('q=cooking&min_rating=4')).ids).toEqual([]);
    expect((await search('service=photographer')).ids).toContain('kyotoPortraits');
  });

  it('sorts and paginates with the list shape', async () => {
    expect((await search('q=kyoto&sort=price_asc')).ids).toEqual([
      'kyotoTemples',
      'kyotoCooking',
      'kyotoPortraits',
    ]);
    expect((await search('q=kyoto&sort=price_desc')).ids).toEqual([
      'kyotoPortraits',
      'kyotoCooking',
      'kyotoTemples',
    ]);
    expect((await search('q=kyoto&sort=newest')).ids).toEqual([
      'kyotoPortraits',
      'kyotoTemples',
      'kyotoCooking',
    ]);
    const page2 = await search('q=kyoto&sort=price_asc&per_page=2&page=2');
    expect(page2.ids).toEqual(['kyotoPortraits']);
    expect(page2.meta).toMatchObject({ total: 3, last_page: 2, total_capped: false });
  });

  it('reads a relevance range only as far as the page needs, and pages through all of it', async () => {
    // Every gig of this file says "relaxed" (description()); another order reads them all.
    const all = await search('q=relaxed&sort=newest&per_page=50');
    expect(all.meta.total_capped).toBe(false);
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    const first = await search('q=relaxed&per_page=1');
    expect(first.ids).toHaveLength(1);
    expect(first.meta.total_capped).toBe(true);
    expect(first.meta.total).toBeLessThanOrEqual(all.meta.total);
    expect(first.meta.last_page).toBeGreaterThan(1);

    const relevance = await search('q=relaxed&per_page=50');
    expect(relevance.meta).toMatchObject({ total: all.meta.total, total_capped: false });
    const paged: string[] = [];
    for (let page = 1; page <= all.meta.total; page++) {
      const res = await search(`q=relaxed&per_page=1&page=${page}`);
      paged.push(...res.ids);
      if (page === all.meta.total)
        expect(res.meta).toMatchObject({
          total: all.meta.total,
          last_page: all.meta.total,
          total_capped: false,
        });
    }
    expect(paged).toEqual(relevance.ids);
    expect([...paged].sort()).toEqual([...all.ids].sort());
  });

  it('names bad query parameters (422)', async () => {
    const res = await api.get<{ errors: Record<string, string[]> }>(
      '/api/gigs?sort=cheapest&min_price=-1&per_page=500&min_rating=9',
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'min_price',
      'min_rating',
      'per_page',
      'sort',
    ]);
  });

  it('pausing a gig takes it out of search at once', async () => {
    await api.patch(`/api/gigs/${ids.lisbonCooking}`, {
      token: tokens.lucia,
      body: { status: 'paused' },
    });
    expect((await search('q=cooking')).ids).toEqual(['kyotoCooking']);
  });

  it('shows a gig as it is now once it changed, though results keep copies of their gigs', async () => {
    const titles = async () => {
      const res = await api.get<{ data: { id: string; title: string }[] }>('/api/gigs?q=temples');
      return res.body.data.map((g) => g.title);
    };
    expect(await titles()).toEqual(['Kyoto temples walking tour at dawn']);
    expect(await titles()).toEqual(['Kyoto temples walking tour at dawn']);
    const patch = await api.patch(`/api/gigs/${ids.kyotoTemples}`, {
      token: tokens.amara,
      body: { title: 'Kyoto temples and moss gardens at dawn' },
    });
    expect(patch.status).toBe(200);
    expect(await titles()).toEqual(['Kyoto temples and moss gardens at dawn']);
  });
});

describe("an agent's public gigs (GET /api/users/{tagname}/gigs)", () => {
  it('lists the agent’s active gigs only, newest first, as summaries; 404 for a non-agent or unknown tagname', async () => {
    const body = (title: string) => ({
      title,
      service_id: 'photographer',
      description: description('Golden-hour portraits.'),
      packages: [pkg('basic', 12000, 2)],
    });
    const older = await create('lucia', { ...body('Lisbon rooftop portraits'), status: 'active' });
    const newer = await create('lucia', { ...body('Sintra palace photo walk'), status: 'active' });
    const paused = await create('lucia', { ...body('Porto river photo cruise'), status: 'active' });
    expect(
      (
        await api.patch(`/api/gigs/${paused.id}`, {
          token: tokens.lucia,
          body: { status: 'paused' },
        })
      ).status,
    ).toBe(200);
    const draft = await create('lucia', { ...body('Evora night sky shoot'), status: 'draft' });

    type Listed = { data: { id: string; title: string; owner: { tagname: string } }[] };
    const res = await api.get<Listed>('/api/users/lucia_lens/gigs');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.map((g) => g.id);
    expect(ids).toContain(older.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(paused.id);
    expect(ids).not.toContain(draft.id);
    const listed = res.body.data.find((g) => g.id === newer.id)!;
    expect(listed).toMatchObject({
      title: 'Sintra palace photo walk',
      owner: { tagname: 'lucia_lens' },
    });
    expect(listed).not.toHaveProperty('description');
    expect(listed).not.toHaveProperty('status');
    // Another agent's gigs are not mixed in; the owner sees the same public list.
    expect(
      (await api.get<Listed>('/api/users/amara_guides/gigs')).body.data.map((g) => g.id),
    ).not.toContain(newer.id);
    expect(
      (await api.get<Listed>('/api/users/lucia_lens/gigs', { token: tokens.lucia })).body.data.map(
        (g) => g.id,
      ),
    ).toEqual(ids);

    expect((await api.get('/api/users/sofia_marin/gigs')).status).toBe(404);
    expect((await api.get('/api/users/no_such_member/gigs')).status).toBe(404);
    expect(
      (await api.get('/api/users/lucia_lens/gigs', { token: 'forged.token.here' })).status,
    ).toBe(401);
  });
});
