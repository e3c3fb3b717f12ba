/**
 * HTTP baseline: how much the API's stack costs per request, as ratios against a bare Hono route.
 *
 * Starts, in this process: the real API (`startServer`, embedded database on a fresh temporary
 * data directory, or BENCH_COUCH_URL's emptied: lib/couch-target.ts; demo data seeded, logging off) and a bare Hono app with one route
 * `GET /json` on @hono/node-server. Then loads, one after another with autocannon:
 *   1. bare `GET /json`            the baseline: Node HTTP + Hono, nothing else
 *   2. API `GET /api/health`       the middleware stack + the readiness answer (one round trip
 *                                  to the database at most once a second, shared)
 *   3. API `GET /api/health/live`  the middleware stack alone (liveness asks no database)
 *   4. API `GET /api/health/ready` the same readiness answer as 2, under its own path
 *   5. API `GET /api/getServices`  the middleware stack + a database query
 *   6. bare `GET /json` again       the baseline once more, the process now warm
 * and prints req/s, p50 and p99 with ratios against the baseline (whichever of 1 and 6 served
 * more: a ratio is never flattered by a cold first run), then writes the figures to
 * bench/results/.
 *
 * Run:    npm run bench -- http-baseline
 *    or:  npx tsx bench/http-baseline.bench.ts
 * Options (environment): BENCH_DURATION seconds per route (default 10), BENCH_CONNECTIONS
 * (default 10), BENCH_WARMUP seconds of discarded warm-up per route (default 2), BENCH_LAYERS=1
 * to add the breakdown of getServices by middleware layer (http-baseline/layers.ts),
 * BENCH_LOAD_THREAD=1 to run the load generator on a thread of its own (the stricter measure:
 * by default it shares the servers' thread, as the issue that set the goal measured).
 * Exits 1 if any request errored or answered non-2xx.
 */
import { loadSettings, measure, printTable, saveResults, type MeasureResult } from './lib/harness';
import type { RunningServer } from '../api/src/server';
import { guardedRun } from './lib/lifecycle';
import { closeBare, startBare, startBenchApi } from './lib/servers';
import { databaseLabel, settleDatabase } from './lib/couch-target';
import { formatLayerCosts, LAYER_ROWS_MAX, measureLayers } from './http-baseline/layers';

const BASELINE = 'bare hono GET /json';
const BASELINE_AGAIN = 'bare hono GET /json, again';
const { durationSeconds, connections, warmupSeconds } = loadSettings();
const withLayers = process.env.BENCH_LAYERS === '1';
const ownThread = process.env.BENCH_LOAD_THREAD === '1';

/** One request before loading a route: it must answer 2xx, or the figures would mean nothing. */
async function check(url: string, expect: (body: unknown) => string | undefined): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body: unknown = await response.json();
  const problem = response.ok ? expect(body) : `answered ${response.status}`;
  if (problem) throw new Error(`${url}: ${problem}`);
  return body;
}

// Bounded in time: the routes' runs plus generous room for start-up and shutdown.
const routes = 6 + (withLayers ? LAYER_ROWS_MAX : 0);
const { leftovers, finish } = guardedRun(
  'http-baseline',
  (routes * (durationSeconds + warmupSeconds) + 120) * 1000,
);

async function main(): Promise<number> {
  console.log(`http-baseline: starting the API (${databaseLabel()}) and the bare Hono server…`);
  const started = await startBenchApi({ keep: leftovers.keep });
  const api = started.running;
  leftovers.closeAtEnd(() => api.close(2000));
  const apiUrl = started.url;
  await settleDatabase('http-baseline');
  const floor = await startBare();
  leftovers.closeAtEnd(() => closeBare(floor.server));

  const targets = [
    { name: BASELINE, url: `${floor.url}/json`, expect: () => undefined },
    {
      name: 'api GET /api/health',
      url: `${apiUrl}/api/health`,
      expect: (b: unknown) =>
        (b as { status?: string }).status === 'ok' ? undefined : 'health is not ok',
    },
    {
      name: 'api GET /api/health/live',
      url: `${apiUrl}/api/health/live`,
      expect: (b: unknown) =>
        (b as { status?: string }).status === 'ok' ? undefined : 'liveness is not ok',
    },
    {
      name: 'api GET /api/health/ready',
      url: `${apiUrl}/api/health/ready`,
      expect: (b: unknown) =>
        (b as { status?: string }).status === 'ok' ? undefined : 'readiness is not ok',
    },
    {
      name: 'api GET /api/getServices',
      url: `${apiUrl}/api/getServices`,
      expect: (b: unknown) =>
        Array.isArray(b) && b.length > 0 ? undefined : 'no services (demo data not seeded?)',
    },
  ];
  const bodies = [];
  for (const t of targets) bodies.push(await check(t.url, t.expect));
  const services = bodies.at(-1) as unknown[];

  console.log(
    `http-baseline: ${targets.length} routes (the baseline first and last), ${connections} connections, ` +
      `${warmupSeconds} s warm-up + ${durationSeconds} s each, one at a time` +
      `${ownThread ? ', the load generator on its own thread' : ''} ` +
      `(getServices returns ${services.length} services)\n`,
  );
  const rows: MeasureResult[] = [];
  for (const t of [...targets, { ...targets[0]!, name: BASELINE_AGAIN }]) {
    const row = await measure(t.name, {
      url: t.url,
      connections,
      durationSeconds,
      warmupSeconds,
      ownThread,
    });
    rows.push(row);
    console.log(
      `  ${t.name}: ${row.requests_per_sec.toFixed(0)} req/s, p50 ${row.p50_ms} ms, ` +
        `p99 ${row.p99_ms} ms, ${row.total} requests, ${row.errors} errors, ${row.non2xx} non-2xx`,
    );
  }
  const [first, again] = [rows[0]!, rows.at(-1)!];
  const baseline = again.requests_per_sec > first.requests_per_sec ? again.name : first.name;
  if (withLayers) rows.push(...(await layerRows(api, { bare: targets[0]!.url, api: apiUrl })));
  console.log('');
  printTable(rows, baseline);

  await saveResults('http-baseline', {
    benchmark: 'http-baseline',
    baseline,
    settings: { connections, durationSeconds, warmupSeconds, ownThread },
    services: services.length,
    rows,
  });

  const failed = rows.filter((r) => r.errors > 0 || r.non2xx > 0);
  for (const r of failed) {
    console.error(
      `http-baseline: ${r.name} had ${r.errors} errors and ${r.non2xx} non-2xx answers`,
    );
  }
  return failed.length > 0 ? 1 : 0;
}

/** BENCH_LAYERS=1: getServices with the API's middleware added one layer at a time. */
async function layerRows(
  api: RunningServer,
  urls: { bare: string; api: string },
): Promise<MeasureResult[]> {
  console.log('\nhttp-baseline: getServices, one middleware layer at a time');
  const rows = await measureLayers(api.deps, urls, {
    connections,
    durationSeconds,
    warmupSeconds,
    ownThread,
  });
  console.log(`\n${formatLayerCosts(rows)}`);
  return rows;
}

await finish(main);
