/**
 * A deploy that changes the search view never breaks search: the changed design document is
 * built under its staged name while `GET /api/gigs?q=` keeps answering from the current index,
 * then swapped in (design-docs/src/stage.ts). View reads here give up after 3.5 s, and building
 * the search index of the gigs written takes about twice that on the embedded server: a deploy
 * that wrote the new view over the live one makes the next search wait for the whole build and
 * fail with a 503 (checked by making pushDesign do that: the test fails).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_DOCS_ROOT, deployServerDesign, swapStaged } from '@wayfarer/design-docs';
import type { GigDoc } from '../src/routes/gigs/gigs.service';
import { client } from './helpers/client';
import { externalCouch, startTestServer, type TestServer } from './helpers/server';
import { until } from './helpers/until';

/** Enough that building their search index outlasts VIEW_TIMEOUT_MS on a fast machine too. */
const GIGS = 3000;
/**
 * View reads give up after this: longer than a search takes while another index builds (up to
 * 1.7 s seen here), shorter than building the search index of the gigs (1,000 gigs took 3.4 s
 * on a quiet machine, 7-9 s on a busy one: 3,000 take about three times that).
 */
const VIEW_TIMEOUT_MS = 3500;
const WORDS = ['lantern', 'river', 'pagoda', 'market', 'cooking', 'bamboo', 'silk', 'temple'];
/** Changes the map function's source, so its index is a new one, and not what it emits. */
const MARKER = '// deployed by design-deploy.int.test.ts';

function gig(n: number): GigDoc {
  const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  const word = (k: number) => WORDS[(n + k) % WORDS.length];
  return {
    _id: `gig:deploy${n}`,
    type: 'gig',
    id: `deploy${n}`,
    owner_id: 'nobody',
    service_id: n % 2 ? 'chef' : 'tour-guide',
    title: `${word(0)} ${word(3)} tour number ${n}`,
    description: `A ${word(1)} and ${word(2)} afternoon with tea, ${n} steps from the old town.`,
    location: 'Hoi An',
    destinations: ['Hoi An'],
    languages: ['English'],
    packages: [
      {
        tier: 'basic',
        name: 'Basic',
        description: '',
        price: { amount: 1000 + n, currency: 'USD' },
        delivery_days: 1,
        revisions: 1,
        includes: [],
      },
    ],
    extras: [],
    status: 'active',
    images: [],
    min_price: 1000 + n,
    min_delivery_days: 1,
    rating: { average: 4, count: 1 },
    created_at: at,
    updated_at: at,
    published_at: at,
  } as unknown as GigDoc;
}

let server: TestServer;
/** How long building the search index took: what a search after a direct overwrite would wait. */
let initialBuildMs = 0;

beforeAll(async () => {
  server = await startTestServer({ COUCH_VIEW_TIMEOUT_MS: String(VIEW_TIMEOUT_MS) });
  const catalog = server.deps.couch.db('catalog');
  const docs = Array.from({ length: GIGS }, (_, n) => gig(n));
  const results = await catalog.bulk({ docs: docs as never[] });
  expect(results.filter((r) => r.error)).toEqual([]);
  // The current index, built once (each read gives up after the timeout; the build goes on).
  const started = Date.now();
  await until(120_000, 'the search index built', async () => {
    await catalog.view('gigs', 'search', { limit: 0 });
    return true;
  });
  initialBuildMs = Date.now() - started;
}, 180_000);
afterAll(() => server.close());

describe('a deploy that changes the search view', () => {
  it('keeps every search answering while the new index builds, then puts it live', async () => {
    const { databases } = server.deps.couch;
    const copy = mkdtempSync(path.join(os.tmpdir(), 'ddocs-'));
    cpSync(DESIGN_DOCS_ROOT, copy, { recursive: true, filter: (src) => !/node_modules/.test(src) });
    const mapFile = path.join(copy, 'catalog/gigs/views/search/map.js');
    const source = readFileSync(mapFile, 'utf8');
    expect(source).toContain('function (doc) {\n');
    writeFileSync(mapFile, source.replace('function (doc) {\n', `function (doc) {\n  ${MARKER}\n`));

    const api = client(server);
    const searches: { status: number; found: number; ms: number; during: boolean }[] = [];
    let swapping = true;
    let stop = false;
    // A client searching about every 50 ms, for as long as the deploy lasts and a little after.
    const searchLoop = async () => {
      for (let i = 0; !stop; i++) {
        const started = Date.now();
        const during = swapping;
        const res = await api.get<{ data: unknown[] }>(
          `/api/gigs?q=${WORDS[i % WORDS.length]}&page=${1 + (i % 3)}`,
        );
        searches.push({
          status: res.status,
          found: res.body.data?.length ?? 0,
          ms: Date.now() - started,
          during,
        });
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const loop = searchLoop();

    const pushed = await deployServerDesign(server.deps.couch.server, databases, copy);
    const swap = await swapStaged(server.deps.couch.server, pushed.staged, { pollMs: 100 });
    swapping = false;
    // Searches on the new version too.
    const after = searches.length;
    await until(30_000, 'searches after the swap', async () => searches.length >= after + 6);
    stop = true;
    await loop;

    const failed = searches.filter((s) => s.status !== 200 || s.found === 0);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    expect(searches.filter((s) => s.during).length).toBeGreaterThan(10);
    // Searches waiting for the new index to build, as after a direct overwrite, would have failed
    // (CouchDB builds this small an index faster).
    if (!externalCouch) expect(initialBuildMs).toBeGreaterThan(VIEW_TIMEOUT_MS);
    expect(pushed.pushed).toEqual([]);
    expect(pushed.staged.map((s) => `${s.dbName}/${s.doc._id}`)).toEqual([
      `${databases.catalog}/_design/gigs`,
    ]);
    expect(swap).toEqual({ swapped: [`${databases.catalog}/_design/gigs`], failed: [] });

    const catalog = server.deps.couch.db('catalog');
    const live = (await catalog.get('_design/gigs')) as unknown as {
      views: { search: { map: string } };
    };
    expect(live.views.search.map).toContain(MARKER);
    await expect(catalog.get('_design/gigs.staged')).rejects.toMatchObject({ statusCode: 404 });
    // Read through the live name, the new index is already built.
    const read = Date.now();
    await catalog.view('gigs', 'search', { limit: 1 });
    expect(Date.now() - read).toBeLessThan(VIEW_TIMEOUT_MS);
  }, 120_000);
});
