/**
 * The gig page's read cost with few and with many reviews (issue 17).
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, demo members without demo gigs, logging off, `NODE_ENV=production`, the order
 * timers' periodic sweep out of the way), makes two gigs of the demo agent through the API and
 * writes published customer reviews of them straight into wf_market in bulk (the documents the
 * reviews service writes): `BENCH_REVIEWS_SMALL` (10) on one and `BENCH_REVIEWS_LARGE` (10,000)
 * on the other, then brings the gigs' ratings up to date (`syncGigRating`) and the views up to
 * date (their build time reported apart). Then it loads the gig page `BENCH_REVIEWS_PAGES` (100)
 * times per case, the cases taking turns (so a change in the machine's load meets both), the
 * first 10 of each not counted: a page is `GET /api/gigs/{id}` then `GET /api/gigs/{id}/reviews`
 * (the first page, newest first; every fourth load most helpful first). Reported per case: p50
 * and p99 of a page's time and the API's requests to the database per page (counted on undici's
 * diagnostics channel for the database's origin), and the large case's ratios to the small one
 * (target: within 1.5x).
 *
 * Run:    npm run bench -- reviews
 *    or:  npx tsx bench/reviews.bench.ts
 * Options (environment): BENCH_REVIEWS_SMALL (10), BENCH_REVIEWS_LARGE (10000),
 * BENCH_REVIEWS_PAGES (100).
 * Exits 1 if a request failed or a page showed the wrong count.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { syncGigRating } from '../api/src/routes/reviews/review-publication';
import type { ReviewDoc } from '../api/src/routes/reviews/reviews.model';
import { formatColumns, formatRatio, numberFromEnv, percentile, ratio } from './lib/harness';
import { createWalkGig, demoAgent } from './lib/accounts';
import { loadAverage } from './lib/leftovers';
import { guardedRun } from './lib/lifecycle';
import { LOADED_API_ENV, startBenchApi } from './lib/servers';
import { databaseLabel, settleDatabase, untilBuilt } from './lib/couch-target';

/** The longest a view may take to build (the API's own view time limit here, below). */
const VIEW_LIMIT_MS = 600_000;

const small = numberFromEnv('BENCH_REVIEWS_SMALL', 10, true, 1);
const large = numberFromEnv('BENCH_REVIEWS_LARGE', 10_000, true, 1);
const pages = numberFromEnv('BENCH_REVIEWS_PAGES', 100, true, 20);
const WARMUP = 10;

// Bounded: set-up, writing and indexing the reviews (about 30 s per 1,000 on a busy 2-core
// machine), and the page loads, with room to spare.
const limitMs = (240 + ((small + large) / 1000) * 45 + pages * 2 * 2) * 1000;
const { leftovers, finish } = guardedRun('reviews', limitMs);

/** The API's requests to the database: counted on undici's channel, by the database's origin. */
let couchOrigin = '';
let couchRequests = 0;
diagnostics.subscribe('undici:request:create', (message) => {
  const origin = String((message as { request: { origin?: unknown } }).request.origin ?? '');
  if (couchOrigin && origin.startsWith(couchOrigin)) couchRequests++;
});

async function json(url: string, init: RequestInit = {}, expect = 200): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const body: unknown = await res.json();
  if (res.status !== expect)
    throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** A published customer review of `gig`, as the reviews service stores one. */
function review(gig: { id: string; title: string }, agentId: string, i: number): ReviewDoc {
  const orderId = `bench${gig.id}${i.toString(36).padStart(5, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const rating = 1 + ((i * 7) % 5);
  const person = (id: string, name: string) => ({
    id,
    tagname: null,
    full_name: name,
    avatar: null,
  });
  return {
    _id: `review:${orderId}-customer`,
    type: 'review',
    id: `${orderId}-customer`,
    order_id: orderId,
    author_role: 'customer',
    author_id: `bcust${i}`,
    subject_id: agentId,
    gig: { id: gig.id, title: gig.title, service_id: 'tour-guide' },
    tier: 'basic',
    package_name: 'Walk',
    author: person(`bcust${i}`, `Bench Customer ${i}`),
    subject: person(agentId, 'Amara Diallo'),
    traveller_from: 'Lisbon, Portugal',
    rating,
    communication: 1 + ((i * 3) % 5),
    as_described: 1 + ((i * 11) % 5),
    would_recommend: rating >= 4,
    text: `Review number ${i}: a good walk, a patient guide and plenty of time to ask questions.`,
    status: 'published',
    created_at: at,
    updated_at: at,
    published_at: at,
    window_closes_at: at,
    reply: i % 3 === 0 ? { text: 'Thank you for coming!', created_at: at } : null,
    helpful_count: (i * 13) % 17,
    report_count: 0,
    reported_at: null,
    hidden: null,
    gig_sync: false,
  };
}

async function main(): Promise<number> {
  console.log(`reviews: starting the API (${databaseLabel()}); load average ${loadAverage()}`);
  const started = await startBenchApi({
    env: {
      ...LOADED_API_ENV,
      // Writing and indexing 10,000 reviews on a busy machine: no 503 half-way, and no restart
      // of a database server that is slow to answer its health check meanwhile.
      COUCH_TIMEOUT_MS: '600000',
      COUCH_HEALTH_INTERVAL_MS: '0',
      COUCH_VIEW_TIMEOUT_MS: String(VIEW_LIMIT_MS),
    },
    keep: leftovers.keep,
  });
  const api = started.running;
  leftovers.closeAtEnd(() => api.close(2000));
  const base = started.url;
  couchOrigin = api.deps.couch.origin;

  const agent = await demoAgent(base);
  const makeGig = (title: string) => createWalkGig(base, agent.token, title);
  const cases = [
    { name: `${small} reviews`, count: small, gig: await makeGig('Dakar walk, a few reviews') },
    { name: `${large} reviews`, count: large, gig: await makeGig('Dakar walk, many reviews') },
  ];

  const db = api.deps.couch.db('market');
  const writeStarted = performance.now();
  for (const c of cases)
    for (let i = 0; i < c.count; i += 500) {
      const docs = [];
      for (let j = i; j < Math.min(c.count, i + 500); j++)
        docs.push(review(c.gig, agent.userId, j));
      const results = await db.bulk({ docs } as never);
      if (results.some((r) => r.error)) throw new Error('bulk write of reviews failed');
    }
  const writeMs = performance.now() - writeStarted;
  const indexStarted = performance.now();
  // Builds reviews/stats, then reviews/listed (each asked again while CouchDB is building it).
  for (const c of cases) {
    await untilBuilt('reviews/stats', () => syncGigRating(api.deps, c.gig.id), {
      limitMs: VIEW_LIMIT_MS,
    });
  }
  await untilBuilt('reviews/listed', () => db.view('reviews', 'listed', { limit: 1 } as never), {
    limitMs: VIEW_LIMIT_MS,
  });
  const indexMs = performance.now() - indexStarted;
  // BENCH_COUCH_URL: every view built and wf_market compacted before the page loads.
  await settleDatabase('reviews', {
    compact: [api.deps.couch.databases.market],
    limitMs: VIEW_LIMIT_MS,
  });
  console.log(
    `reviews: ${small + large} reviews written in ${(writeMs / 1000).toFixed(1)} s, views built in ${(indexMs / 1000).toFixed(1)} s (load average ${loadAverage()})`,
  );

  const results = cases.map(() => ({ ms: [] as number[], requests: [] as number[] }));
  for (let round = 0; round < pages; round++) {
    for (const [index, c] of cases.entries()) {
      const sort = round % 4 === 3 ? 'helpful' : 'newest';
      const before = couchRequests;
      const t0 = performance.now();
      const gig = (await json(`${base}/api/gigs/${c.gig.id}`)) as {
        gig: { rating: { count: number } };
      };
      const list = (await json(`${base}/api/gigs/${c.gig.id}/reviews?sort=${sort}`)) as {
        data: unknown[];
        meta: { count: number };
      };
      const ms = performance.now() - t0;
      if (
        gig.gig.rating.count !== c.count ||
        list.meta.count !== c.count ||
        list.data.length !== 10
      )
        throw new Error(`${c.name}: the page showed ${list.meta.count} reviews`);
      if (round >= WARMUP) {
        results[index]!.ms.push(ms);
        results[index]!.requests.push(couchRequests - before);
      }
    }
  }

  const rows = cases.map((c, i) => {
    const r = results[i]!;
    return {
      name: c.name,
      p50: percentile(r.ms, 50),
      p99: percentile(r.ms, 99),
      requests: r.requests.reduce((a, b) => a + b, 0) / r.requests.length,
    };
  });
  const [base10, many] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(
    `\nreviews: the gig page (GET /api/gigs/{id} + GET /api/gigs/{id}/reviews), ${pages - WARMUP} loads per case (load average ${loadAverage()})\n`,
  );
  console.log(
    formatColumns(
      ['case', 'p50 ms', 'p99 ms', 'db requests/page', 'p50 ×', 'p99 ×', 'requests ×'],
      rows.map((r) => [
        r.name,
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.requests.toFixed(1),
        formatRatio(ratio(r.p50, base10.p50)),
        formatRatio(ratio(r.p99, base10.p99)),
        formatRatio(ratio(r.requests, base10.requests)),
      ]),
    ),
  );
  const p50Ratio = ratio(many.p50, base10.p50) ?? Infinity;
  console.log(
    `\nreviews: ${large} vs ${small} reviews, p50 ${formatRatio(p50Ratio)} (target within 1.5x): ${p50Ratio <= 1.5 ? 'met' : 'NOT met'}`,
  );
  return 0;
}

await finish(main);
