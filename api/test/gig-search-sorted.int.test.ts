/**
 * Sorted gig search is exact over every match, not over the most relevant ones: a data set where
 * the cheapest, dearest, newest and best rated gigs all lie past the first 300 of the relevance
 * order, searched over HTTP with each sort, page by page. A word sorted by price or date is read
 * from the word's own sorted rows (gigword/sorted) or the scope's (gigsort/sorted), whichever
 * fills the page first: both ways are checked, with several words, price ranges, a service,
 * gigs that are not active and a gig whose price changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCandidates, type GigDoc } from '../src/routes/gigs/gigs.service';
import { tieBreak } from '../src/routes/gigs/search-text';
import { gigSearchSchema, SEARCH_CANDIDATES } from '../src/schemas';
import { client, demoSessions } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let api: ReturnType<typeof client>;

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);
/** "lantern" in the title: relevance rank 0, before every gig with it in the description only. */
const TITLED = 320;
/** "lantern" in the description only: after the 320 above by relevance, whatever their rating. */
const DESCRIBED = 40;
/** Of those, the first few also say "pagoda": a rare word. */
const PAGODA = 12;

function gig(
  n: number,
  owner: string,
  fields: {
    title: string;
    description: string;
    service: string;
    price: number;
    rating: number;
    published: number;
    languages?: string[];
    status?: GigDoc['status'];
  },
): GigDoc {
  const id = `sorted${String(n).padStart(4, '0')}`;
  const at = new Date(fields.published).toISOString();
  return {
    _id: `gig:${id}`,
    type: 'gig',
    id,
    owner_id: owner,
    service_id: fields.service,
    title: fields.title,
    description: fields.description,
    location: 'Hoi An',
    destinations: ['Hoi An'],
    languages: fields.languages ?? ['English'],
    packages: [
      {
        tier: 'basic',
        name: 'Basic',
        description: '',
        price: { amount: fields.price, currency: 'USD' },
        delivery_days: 1,
        revisions: 1,
        includes: [],
      },
    ],
    extras: [],
    status: fields.status ?? 'active',
    images: [],
    min_price: fields.price,
    min_delivery_days: 1,
    rating: { average: fields.rating, count: fields.rating ? 3 : 0 },
    created_at: at,
    updated_at: at,
    published_at: at,
  } as GigDoc;
}

const gigs: GigDoc[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  const { kenji, lucia } = await demoSessions(api, ['kenji', 'lucia']);
  // Titled gigs: the better rated come first by relevance and are the cheaper, so the 300 most
  // relevant hold neither the dearest (the last 20 titled) nor any described gig. Old dates.
  for (let j = 0; j < TITLED; j++) {
    gigs.push(
      gig(j, kenji.user.id, {
        title: `Lantern making workshop ${j}`,
        description: 'Paper, bamboo and silk, in the old town.',
        service: j % 2 ? 'chef' : 'tour-guide',
        price: 10_000 + j * 100,
        rating: Math.round((3 - j * 0.005) * 1000) / 1000,
        published: BASE - (TITLED - j) * DAY,
      }),
    );
  }
  // Described gigs: the cheapest (prices in pairs: ties broken by date), the newest and the best
  // rated of all, yet the least relevant. The last two tie on price and date too.
  for (let k = 0; k < DESCRIBED; k++) {
    const last = k >= DESCRIBED - 2;
    gigs.push(
      gig(TITLED + k, lucia.user.id, {
        title: `Evening river walk ${k}`,
        description: `Boats and ${k < PAGODA ? 'pagoda ' : ''}lantern light on the river.`,
        service: k % 2 ? 'chef' : 'tour-guide',
        price: last ? 1_500 : 1_000 + Math.floor(k / 2) * 10,
        rating: Math.round((4 + k * 0.02) * 100) / 100,
        published: last ? BASE + 100 * DAY : BASE + (k + 1) * DAY,
        languages: k % 3 ? ['English'] : ['English', 'Vietnamese'],
      }),
    );
  }
  // Not active: the cheapest and newest of all, with the words, and never listed.
  for (const [i, status] of (['paused', 'draft', 'paused'] as const).entries()) {
    gigs.push(
      gig(TITLED + DESCRIBED + i, lucia.user.id, {
        title: `Lantern pagoda river night ${i}`,
        description: 'Lantern light on the river by the pagoda.',
        service: i % 2 ? 'chef' : 'tour-guide',
        price: 500 + i,
        rating: 5,
        published: BASE + (200 + i) * DAY,
        status,
      }),
    );
  }
  const results = await server.deps.couch.db('catalog').bulk({ docs: gigs as never[] });
  expect(results.filter((r) => r.error)).toEqual([]);
}, 60_000);
afterAll(() => server.close());

type Search = {
  data: { id: string; starting_price: { amount: number }; published_at: string }[];
  meta: { total: number; last_page: number; total_capped: boolean };
};
const search = async (query: string) => {
  const res = await api.get<Search>(`/api/gigs?${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

const published = (g: GigDoc) => Date.parse(g.published_at!);
/** The orders of API.md, with the tie-breaks the API documents (ARCHITECTURE.md). */
const orders = {
  price_asc: (a: GigDoc, b: GigDoc) =>
    a.min_price - b.min_price || published(b) - published(a) || tieBreak(a._id) - tieBreak(b._id),
  price_desc: (a: GigDoc, b: GigDoc) =>
    b.min_price - a.min_price || published(a) - published(b) || tieBreak(b._id) - tieBreak(a._id),
  newest: (a: GigDoc, b: GigDoc) =>
    published(b) - published(a) || tieBreak(a._id) - tieBreak(b._id),
  rating: (a: GigDoc, b: GigDoc) =>
    b.rating.average - a.rating.average || published(b) - published(a),
};
type Sort = keyof typeof orders;

const text = (g: GigDoc) => `${g.title} ${g.description}`.toLowerCase();
const expected = (sort: Sort, keep: (g: GigDoc) => boolean) =>
  gigs
    .filter((g) => g.status === 'active' && keep(g))
    .sort(orders[sort])
    .map((g) => g.id);

/** Every page of a search, one after another: the ids in order, and the last page's meta. */
async function allPages(query: string, perPage: number) {
  const ids: string[] = [];
  for (let page = 1; page < 100; page++) {
    const body = await search(`${query}&per_page=${perPage}&page=${page}`);
    ids.push(...body.data.map((g) => g.id));
    if (body.data.length < perPage) return ids;
  }
  throw new Error('more than 100 pages');
}

describe('sorted search over more matches than the relevance window', () => {
  it('the data set puts the sorted answers past the 300 most relevant gigs', async () => {
    // Sorted by relevance a search reads SEARCH_CANDIDATES rows at most: its pages end there.
    const relevance = await allPages('q=lantern', 50);
    expect(relevance.length).toBeGreaterThanOrEqual(SEARCH_CANDIDATES);
    const window = new Set(relevance.slice(0, SEARCH_CANDIDATES));
    const all = (g: GigDoc) => text(g).includes('lantern');
    for (const sort of ['price_asc', 'price_desc', 'newest', 'rating'] as const)
      expect(window.has(expected(sort, all)[0]!), sort).toBe(false);
  });

  it.each(['price_asc', 'price_desc', 'newest', 'rating'] as const)(
    'sort=%s: page 1 is the true first 20 of all, the total is exact, and paging gives every match once in order',
    async (sort) => {
      const truth = expected(sort, (g) => text(g).includes('lantern'));
      expect(truth).toHaveLength(TITLED + DESCRIBED);
      const first = await search(`q=lantern&sort=${sort}`);
      expect(first.data.map((g) => g.id)).toEqual(truth.slice(0, 20));
      expect(first.meta.total).toBeLessThanOrEqual(truth.length);
      if (!first.meta.total_capped) expect(first.meta.total).toBe(truth.length);
      expect(await allPages(`q=lantern&sort=${sort}`, 45)).toEqual(truth);
    },
  );

  it('sorted with filters: a price range, a service, a language, and several words', async () => {
    const lantern = (g: GigDoc) => text(g).includes('lantern');
    const cases: [string, Sort, (g: GigDoc) => boolean][] = [
      [
        'q=lantern&min_price=1100&max_price=12000',
        'price_asc',
        (g) => lantern(g) && g.min_price >= 1100 && g.min_price <= 12000,
      ],
      ['q=lantern&max_price=20000', 'price_desc', (g) => lantern(g) && g.min_price <= 20000],
      ['q=lantern&service=chef', 'newest', (g) => lantern(g) && g.service_id === 'chef'],
      [
        'q=lantern&language=vietnamese',
        'price_asc',
        (g) => lantern(g) && g.languages.includes('Vietnamese'),
      ],
      [
        'q=lantern&service=tour-guide&min_rating=2.5',
        'rating',
        (g) => lantern(g) && g.service_id === 'tour-guide' && g.rating.average >= 2.5,
      ],
      ['q=lantern%20river', 'price_desc', (g) => lantern(g) && text(g).includes('river')],
      ['q=pagoda', 'newest', (g) => text(g).includes('pagoda')],
      ['q=pagoda%20lantern', 'price_asc', (g) => text(g).includes('pagoda')],
      // The word's own sorted rows: a price range as a key range, a service in the value, the
      // other words on the Bloom filter then on the documents.
      ['q=lantern&max_price=1200', 'price_asc', (g) => lantern(g) && g.min_price <= 1200],
      ['q=lantern&min_price=10500', 'price_desc', (g) => lantern(g) && g.min_price >= 10500],
      [
        'q=lantern&min_price=1050&max_price=10200',
        'newest',
        (g) => lantern(g) && g.min_price >= 1050 && g.min_price <= 10200,
      ],
      [
        'q=pagoda&service=chef',
        'price_asc',
        (g) => text(g).includes('pagoda') && g.service_id === 'chef',
      ],
      [
        'q=lantern&service=tour-guide&language=vietnamese',
        'price_desc',
        (g) => lantern(g) && g.service_id === 'tour-guide' && g.languages.includes('Vietnamese'),
      ],
      ['q=river%20lantern', 'newest', (g) => lantern(g) && text(g).includes('river')],
      [
        'q=lantern%20river&language=vietnamese',
        'price_asc',
        (g) => lantern(g) && text(g).includes('river') && g.languages.includes('Vietnamese'),
      ],
      [
        'q=lantern%20pagoda&service=chef',
        'newest',
        (g) => text(g).includes('pagoda') && g.service_id === 'chef',
      ],
      ['q=workshop%20bamboo', 'price_desc', (g) => text(g).includes('workshop')],
      ['q=lantern%20silk', 'newest', (g) => text(g).includes('silk')],
      // Two of the newest (described) gigs pass the Bloom filter for "bamboo" without the word.
      ['q=lantern%20bamboo', 'newest', (g) => text(g).includes('bamboo')],
      ['max_price=1200', 'price_asc', (g) => g.min_price <= 1200],
      ['service=chef', 'newest', (g) => g.service_id === 'chef'],
      ['service=chef', 'rating', (g) => g.service_id === 'chef'],
      ['min_price=40000', 'price_desc', (g) => g.min_price >= 40000],
    ];
    for (const [query, sort, keep] of cases) {
      const truth = expected(sort, keep);
      expect(await allPages(`${query}&sort=${sort}`, 20), `${query}&sort=${sort}`).toEqual(truth);
      const first = await search(`${query}&sort=${sort}&per_page=7`);
      expect(first.meta.total, query).toBeLessThanOrEqual(truth.length);
      if (!first.meta.total_capped) expect(first.meta.total, query).toBe(truth.length);
      else expect(first.meta.total, query).toBeGreaterThan(7);
    }
  });

  it('a word sorted by price or date walks its own rows, as far as the page needs', async () => {
    const candidates = (qs: string) =>
      searchCandidates(
        server.deps,
        gigSearchSchema.parse(Object.fromEntries(new URLSearchParams(qs))),
      );
    // Under every service, one word: its rows alone, the first batch fills the page.
    const one = await candidates('q=lantern&sort=price_asc');
    expect(one).toMatchObject({ plan: 'word', reads: 1, rowsRead: 42, docsChecked: 0 });
    // A rare word: its 12 rows, to their end, the total exact.
    const rare = await candidates('q=pagoda&sort=newest');
    expect(rare).toMatchObject({ plan: 'word', exhausted: true, rowsRead: PAGODA });
    // Under a service: only that service's rows of the word are read (pagoda's 12 gigs alternate
    // between two services), the page from the first batch for a frequent word.
    const rareChef = await candidates('q=pagoda&service=chef&sort=newest');
    expect(rareChef).toMatchObject({ plan: 'word', exhausted: true, rowsRead: PAGODA / 2 });
    expect(rareChef.matches.map((r) => r.id)).toEqual(
      expected('newest', (g) => text(g).includes('pagoda') && g.service_id === 'chef').map(
        (id) => `gig:${id}`,
      ),
    );
    const frequentChef = await candidates('q=lantern&service=chef&sort=price_desc');
    expect(frequentChef).toMatchObject({ plan: 'word', reads: 1, rowsRead: 42, docsChecked: 0 });
    expect(frequentChef.matches.map((r) => r.id).slice(0, 21)).toEqual(
      expected('price_desc', (g) => text(g).includes('lantern') && g.service_id === 'chef')
        .slice(0, 21)
        .map((id) => `gig:${id}`),
    );
    // Several words: the word's rows kept by the Bloom filter are checked on their documents.
    const two = await candidates('q=lantern%20river&sort=newest');
    expect(two.plan).toBe('word');
    expect(two.docsChecked).toBeGreaterThanOrEqual(21);
    expect(two.matches.map((r) => r.id).slice(0, 21)).toEqual(
      expected('newest', (g) => text(g).includes('lantern') && text(g).includes('river'))
        .slice(0, 21)
        .map((id) => `gig:${id}`),
    );
  });

  it('a false positive of the Bloom filter is checked on its document and left out', async () => {
    const query = gigSearchSchema.parse({ q: 'lantern bamboo', sort: 'newest', per_page: '5' });
    const window = await searchCandidates(server.deps, query);
    const truth = expected('newest', (g) => text(g).includes('bamboo'));
    expect(window.matches.map((r) => r.id).slice(0, 6)).toEqual(
      truth.slice(0, 6).map((id) => `gig:${id}`),
    );
    expect(window.docsChecked).toBeGreaterThan(0);
  });

  it('a changed price or status moves the gig in the sorted order at once', async () => {
    const catalog = server.deps.couch.db('catalog');
    const dearest = gigs.find((g) => g.id === expected('price_desc', () => true)[0])!;
    const stored = (await catalog.get(dearest._id)) as unknown as GigDoc;
    await catalog.insert({ ...stored, min_price: 1 } as never);
    const cheapest = await search('q=lantern&sort=price_asc&per_page=1');
    expect(cheapest.data.map((g) => [g.id, g.starting_price.amount])).toEqual([[dearest.id, 1]]);
    // The same through the scope's walk and with a second word.
    const inService = await search(
      `q=lantern&service=${dearest.service_id}&sort=price_asc&per_page=1`,
    );
    expect(inService.data.map((g) => g.id)).toEqual([dearest.id]);
    const twoWords = await search('q=lantern%20workshop&sort=price_asc&per_page=1');
    expect(twoWords.data.map((g) => g.id)).toEqual([dearest.id]);
    // No longer the dearest: gone from the top of price_desc.
    const dearer = await search('q=lantern&sort=price_desc&per_page=1');
    expect(dearer.data[0]!.id).not.toBe(dearest.id);
    // Paused: listed nowhere.
    await catalog.insert({
      ...((await catalog.get(dearest._id)) as object),
      status: 'paused',
    } as never);
    for (const query of ['q=lantern&sort=price_asc', 'q=lantern%20workshop&sort=price_asc'])
      expect((await search(query)).data.map((g) => g.id)).not.toContain(dearest.id);
    await catalog.insert({
      ...((await catalog.get(dearest._id)) as object),
      status: 'active',
      min_price: dearest.min_price,
    } as never);
    expect(await allPages('q=lantern&sort=price_desc', 50)).toEqual(
      expected('price_desc', (g) => text(g).includes('lantern')),
    );
  });
});
