// Gig pages for crawlers and the demo gigs: GET /gigs/:id is the app shell with the gig's Open
// Graph tags written in (escaped), anything else the plain shell; the seed gives every category
// three or four published gigs with real PNG pictures.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GIGS, SERVICES } from '../src/seed/demo-data';
import { escapeHtml } from '../src/lib/html';
import { flushGigViews } from '../src/routes/gigs/gig-stats.service';
import { client } from './helpers/client';
import { startTestServer, type TestServer } from './helpers/server';

/** A built index.html the way Vite writes it (head with a default description). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Wayfarer Market: hire travel professionals."
    />
    <title>Wayfarer Market</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let server: TestServer;
let api: ReturnType<typeof client>;
let amara: string;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'wf-og-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  server = await startTestServer({
    WEB_DIST: dist,
    SEED_DEMO_GIGS: 'true',
    PUBLIC_URL: 'https://market.example',
  });
  api = client(server);
  const login = await api.post<{ token: string }>('/api/login', {
    body: { email: 'amara@wayfarer.test', password: 'wayfarer-demo' },
  });
  amara = login.body.token;
  // Starting with every demo gig, order and review takes minutes on a loaded machine.
}, 300_000);
afterAll(() => server.close());

/** Amara's active tour-guide gig with one $20, one-day package. */
function createWalk(title: string, description: string) {
  return api.post<{ gig: Gig }>('/api/gigs', {
    token: amara,
    body: {
      title,
      service_id: 'tour-guide',
      description,
      packages: [
        {
          tier: 'basic',
          name: 'Walk',
          price: { amount: 2000, currency: 'USD' },
          delivery_days: 1,
          revisions: 0,
        },
      ],
      status: 'active',
    },
  });
}

interface Summary {
  id: string;
  title: string;
  service_id: string;
  image: string | null;
  starting_price: { amount: number; currency: string };
  owner: { tagname: string | null };
}
interface Gig extends Summary {
  images: string[];
  packages: { price: { amount: number } }[];
  languages: string[];
  destinations: string[];
  status: string;
}

/** The content of `<meta property|name="key" content="...">`, still escaped. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('the demo gigs', () => {
  it('every category has three or four published gigs of the demo agents, with 1 to 3 packages', async () => {
    for (const service of SERVICES) {
      const res = await api.get<{ data: Summary[]; meta: { total: number } }>(
        `/api/gigs?service=${service.id}&per_page=50`,
      );
      expect(res.status).toBe(200);
      expect(res.body.meta.total, service.id).toBeGreaterThanOrEqual(3);
      expect(res.body.meta.total, service.id).toBeLessThanOrEqual(4);
      for (const summary of res.body.data) {
        expect(['amara_guides', 'kenji_cooks', 'lucia_lens', 'omar_events']).toContain(
          summary.owner.tagname,
        );
        expect(summary.starting_price.currency).toBe('USD');
        expect(summary.starting_price.amount).toBeGreaterThanOrEqual(500);
        const gig = (await api.get<{ gig: Gig }>(`/api/gigs/${summary.id}`)).body.gig;
        expect(gig.status).toBe('active');
        expect(gig.packages.length).toBeGreaterThanOrEqual(1);
        expect(gig.packages.length).toBeLessThanOrEqual(3);
        expect(gig.languages.length).toBeGreaterThan(0);
        expect(gig.destinations.length).toBeGreaterThan(0);
        expect(gig.images.length).toBeGreaterThanOrEqual(1);
        expect(gig.images.length).toBeLessThanOrEqual(2);
      }
    }
    // A page larger than the catalog reads every gig, so the total is exact (not "N+").
    const all = await api.get<{ data: unknown[]; meta: { total: number; total_capped?: boolean } }>(
      '/api/gigs?per_page=50&sort=newest',
    );
    expect(all.body.data).toHaveLength(DEMO_GIGS.length);
    expect(all.body.meta).toMatchObject({ total: DEMO_GIGS.length, total_capped: false });
  });

  it('their pictures are real PNG files under 60 KB, served as images', async () => {
    const list = await api.get<{ data: Summary[] }>('/api/gigs?service=chef');
    const gig = (await api.get<{ gig: Gig }>(`/api/gigs/${list.body.data[0]!.id}`)).body.gig;
    for (const url of gig.images) {
      const res = await server.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(bytes.readUInt32BE(16)).toBeGreaterThan(100); // width from IHDR
      expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
    }
  });

  it('a second seed run writes nothing more', async () => {
    const { seedDemoData } = await import('../src/seed/seed');
    const content = server.deps.couch.db<{ version: number }>('content');
    const marker = await content.get('seed:demo');
    await content.insert({ ...marker, version: 2 });
    expect(await seedDemoData(server.deps.couch, server.deps.logger)).toBe(true);
    // A page larger than the catalog reads every gig, so the total is exact (not "N+").
    const all = await api.get<{ data: unknown[]; meta: { total: number; total_capped?: boolean } }>(
      '/api/gigs?per_page=50&sort=newest',
    );
    expect(all.body.data).toHaveLength(DEMO_GIGS.length);
    expect(all.body.meta).toMatchObject({ total: DEMO_GIGS.length, total_capped: false });
  });
});

describe('share previews of gig pages', () => {
  it('GET /gigs/:id carries the gig’s title, description, first image, URL and card', async () => {
    const list = await api.get<{ data: Summary[] }>('/api/gigs?service=photographer');
    const gig = (await api.get<{ gig: Gig }>(`/api/gigs/${list.body.data[0]!.id}`)).body.gig;
    const res = await server.request(`/gigs/${gig.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(metaContent(html, 'og:title')).toBe(escapeHtml(gig.title));
    expect(metaContent(html, 'og:url')).toBe(`https://market.example/gigs/${gig.id}`);
    expect(metaContent(html, 'og:image')).toBe(`https://market.example${gig.images[0]}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const description = metaContent(html, 'og:description')!;
    expect(description.length).toBeGreaterThan(40);
    expect(description.length).toBeLessThanOrEqual(201);
    expect(description).not.toMatch(/\*\*|^- /);
    expect(metaContent(html, 'description')).toBe(description);
    // One description only, the gig's; the page title too.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(gig.title)} · Wayfarer Market</title>`);
    // The app itself is untouched.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes what the agent wrote', async () => {
    const created = await createWalk(
      'Tour "<script>alert(1)</script>" & $& more',
      'A walk for <b>curious</b> people & their "friends" who like $1 replacement patterns.',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const html = await (await server.request(`/gigs/${created.body.gig.id}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>curious</b>');
    expect(metaContent(html, 'og:title')).toBe(
      'Tour &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; $&amp; more',
    );
    expect(metaContent(html, 'og:description')).toContain('&lt;b&gt;curious&lt;/b&gt;');
    expect(metaContent(html, 'og:description')).toContain('$1 replacement');
    // No picture yet: no og:image, and the small card.
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(metaContent(html, 'twitter:card')).toBe('summary');
  });

  it('an unknown, paused or malformed gig id gets the plain shell', async () => {
    const paused = await createWalk(
      'Paused sunrise walk in Dakar',
      'A sunrise walk along the Corniche, paused while the guide is away.',
    );
    await api.patch(`/api/gigs/${paused.body.gig.id}`, {
      token: amara,
      body: { status: 'paused' },
    });
    for (const pathname of ['/gigs/no-such-gig', `/gigs/${paused.body.gig.id}`, '/gigs/%3Cx%3E']) {
      const res = await server.request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toBe(INDEX_HTML);
    }
  });

  it('HEAD answers with the same headers and no body', async () => {
    const list = await api.get<{ data: Summary[] }>('/api/gigs?service=chef');
    const res = await server.request(`/gigs/${list.body.data[0]!.id}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('');
  });
});

/** A build with landing preloads: `/`'s in index.html, every landing page's in the JSON. */
const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
const HOME = [
  preload('home-1.js'),
  '<link rel="preload" as="style" crossorigin href="/assets/home-1.css">',
];
const BLOCK_HTML = INDEX_HTML.replace(
  '  </head>',
  `    <!--route-preloads-->\n    ${HOME.join('\n    ')}\n    <!--/route-preloads-->\n  </head>`,
);
const ROUTE_PRELOADS = {
  '/': HOME,
  '/explore': [preload('explore-1.js'), preload('filter-panel-1.js')],
  '/gigs/:id': [preload('gigs-1.js')],
  // Not what the build writes: dropped, never echoed into a page.
  '/login': ['<script>alert(1)</script>', preload('../../etc/passwd'), preload('auth-1.js')],
};

describe('landing pages get their own preloads', () => {
  beforeAll(() => {
    writeFileSync(path.join(dist, 'index.html'), BLOCK_HTML);
    writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(ROUTE_PRELOADS));
  });
  afterAll(() => {
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    rmSync(path.join(dist, 'route-preloads.json'));
  });

  /** The tags between the markers, in order. */
  const block = (html: string) =>
    /<!--route-preloads-->([\s\S]*?)<!--\/route-preloads-->/
      .exec(html)![1]!
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);

  it('/explore preloads its own chunks instead of the home page’s, and first its first picture', async () => {
    const first = (
      await api.get<{ data: Summary[] }>('/api/gigs?sort=relevance&page=1&per_page=20')
    ).body.data[0]!;
    expect(first.image).toBeTruthy();
    const picture = `<link rel="preload" as="image" fetchpriority="high" href="${first.image}">`;
    for (const pathname of ['/explore', '/explore/']) {
      const html = await (await server.request(pathname)).text();
      expect(block(html), pathname).toEqual([picture, ...ROUTE_PRELOADS['/explore']]);
    }
    // With a query the page's chunks are the same, its search another.
    const html = await (await server.request('/explore?q=lisbon&sort=newest')).text();
    expect(block(html)).toEqual(ROUTE_PRELOADS['/explore']);
  });

  it('a gig page preloads its chunks and, first, its largest picture', async () => {
    const list = await api.get<{ data: Summary[] }>('/api/gigs?service=photographer');
    const gig = (await api.get<{ gig: Gig }>(`/api/gigs/${list.body.data[0]!.id}`)).body.gig;
    const html = await (await server.request(`/gigs/${gig.id}`)).text();
    expect(block(html)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${gig.images[0]}">`,
      ...ROUTE_PRELOADS['/gigs/:id'],
    ]);
    // The share tags are still written.
    expect(metaContent(html, 'og:title')).toBe(escapeHtml(gig.title));
    // An unknown gig: the gig page's chunks (it shows the 404 page), no picture.
    const unknown = await (await server.request('/gigs/no-such-gig')).text();
    expect(block(unknown)).toEqual(ROUTE_PRELOADS['/gigs/:id']);
  });

  it('keeps only tags that point at built assets', async () => {
    const html = await (await server.request('/login')).text();
    expect(block(html)).toEqual([preload('auth-1.js')]);
    expect(html).not.toContain('alert(1)');
  });

  it('other pages, and a sub-path of a landing page, keep the home page’s', async () => {
    for (const pathname of ['/', '/faq', '/gigs/abc/order', '/explore/more']) {
      const html = await (await server.request(pathname)).text();
      expect(html, pathname).toBe(BLOCK_HTML);
    }
  });
});

/** The answers a shell carries (api/src/web/page-data.ts), by key; undefined without any. */
function pageData(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

describe('landing pages carry the answers they ask for first', () => {
  it('a gig page: GET /api/gigs/:id’s answer, as a visitor gets it, without counting a view', async () => {
    const created = await createWalk(
      'Morning market walk in Dakar',
      'A walk through the morning market with tastings along the way, for early risers.',
    );
    const id = created.body.gig.id;
    const views = async () => {
      await flushGigViews(server.deps);
      const rows = await server.deps.couch
        .db('catalog')
        .list({ startkey: `gigstat:${id}:`, endkey: `gigstat:${id}:\ufff0`, include_docs: true });
      return rows.rows.reduce((n, r) => n + (r.doc as unknown as { views: number }).views, 0);
    };
    const html = await (await server.request(`/gigs/${id}`)).text();
    expect(await views()).toBe(0);
    const anonymous = await api.get<{ gig: Gig }>(`/api/gigs/${id}`);
    expect(pageData(html)).toEqual({ [`/gigs/${id}`]: anonymous.body });
    // The page's own request counts the view (gig-loader.ts sends it once the page has loaded).
    expect(await views()).toBe(1);
  });

  it('/explore without a query: the first page of gigs, under the key the page asks for', async () => {
    const html = await (await server.request('/explore')).text();
    const search = await api.get('/api/gigs?sort=relevance&page=1&per_page=20');
    // web/src/features/gigs/hooks/use-gig-search.test.ts checks the page asks for this key.
    expect(pageData(html)).toEqual({ '/gigs?page=1&per_page=20&sort=relevance': search.body });
    expect(pageData(await (await server.request('/explore?q=lisbon')).text())).toBeUndefined();
  });

  it('what an agent wrote cannot end the element or run', async () => {
    const created = await createWalk(
      'Night walk </script><script>alert(1)</script> <!-- \u2028',
      'Lanterns </SCRIPT> and <!-- comments --> in the old town, for everyone who likes walks.',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const html = await (await server.request(`/gigs/${created.body.gig.id}`)).text();
    const element = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(
      html,
    )![1]!;
    expect(element).not.toMatch(/<\/?script|<!--/i);
    expect(pageData(html)).toEqual({
      [`/gigs/${created.body.gig.id}`]: (await api.get(`/api/gigs/${created.body.gig.id}`)).body,
    });
  });

  it('a draft, paused or unknown gig and other pages carry none', async () => {
    const paused = await createWalk(
      'Paused harbour walk in Dakar',
      'A walk along the harbour and its fishing boats, paused for the season.',
    );
    await api.patch(`/api/gigs/${paused.body.gig.id}`, {
      token: amara,
      body: { status: 'paused' },
    });
    for (const pathname of [
      `/gigs/${paused.body.gig.id}`,
      '/gigs/no-such-gig',
      '/',
      '/login',
      '/explore/more',
    ])
      expect(pageData(await (await server.request(pathname)).text()), pathname).toBeUndefined();
  });
});
