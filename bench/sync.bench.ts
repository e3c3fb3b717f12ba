/**
 * Sync: what the sync gateway (`/api/sync/db`) costs a PouchDB client, as ratios against the
 * same client replicating directly with the database server, measured in the same run.
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, logging off, `NODE_ENV=production`), registers users through
 * `POST /api/register`, and measures with PouchDB clients on LevelDB in a temporary folder:
 *
 *   1. Initial sync throughput. BENCH_SYNC_DOCS drafts (~300-character bodies) are written
 *      server-side into one user's database, then pulled by a one-shot `replicate.from` into a
 *      fresh local database, alternately directly from the database server with the admin URL
 *      (the baseline) and through the gateway with the user's bearer token: one discarded
 *      warm-up round, then BENCH_SYNC_RUNS measured rounds (median reported as docs/s and as the
 *      ratio gateway/direct of the durations), then one round with every HTTP request timed per
 *      endpoint (the profile table; not in the medians). Every run must replicate exactly the
 *      documents written (plus those registration put there) with no failure.
 *      Also the CPU time per document: this process (API and client) and the database server.
 *   2. Per-request cost: 200 small requests one at a time, directly and through the gateway, and
 *      the gateway's token and session checks in-process, to see where a request's time goes.
 *   3. Propagation latency. Two devices of a fresh user (two local databases, each in a live
 *      `sync` with the remote) for each route: device A writes BENCH_PROPAGATION_COUNT drafts,
 *      one every 50 ms, and device B's live local changes feed records when each arrives.
 *      p50 / p99 / max per route (nearest rank), and the ratios gateway/direct. Every change must
 *      arrive within 30 s of the last write.
 *
 * Targets (from the issue): gateway/direct duration ratio <= 1.3, and >= 2,000 docs/s through
 * the gateway. A missed target is reported, not a failure: figures depend on the machine.
 *
 * Run:    npm run bench -- sync
 *    or:  npx tsx bench/sync.bench.ts
 * Options (environment): BENCH_SYNC_DOCS documents for the initial sync (default 5000),
 * BENCH_SYNC_RUNS measured rounds (default 3), BENCH_PROPAGATION_COUNT changes per route
 * (default 200).
 * Exits 1 on any failure: a replication error or a wrong count, a change that never arrived,
 * a time limit passed.
 *
 * This file runs the steps; sync/scenario.ts has the settings, the data, the routes and the load,
 * sync/report.ts the tables and the results file.
 */
import { report } from './sync/report';
import {
  directRemote,
  docCount,
  gatewayRemote,
  initialSync,
  perRequestCost,
  propagations,
  register,
  run,
  seedDrafts,
  timeLimitMs,
} from './sync/scenario';
import { settleDatabase } from './lib/couch-target';

run.guard(timeLimitMs());

async function main(): Promise<number> {
  const { pouchDir, loadAtStart, running, apiUrl } = await run.start({
    RATE_LIMIT_PER_IP: '100000',
  });
  const couch = running.deps.couch;
  const databasePid = couch.embedded?.pid;

  // ---- 1. Initial sync.
  const owner = await register(apiUrl, 'initial');
  const seeded = await seedDrafts(couch, owner);
  // BENCH_COUCH_URL: the drafts' database compacted and every view built before the measuring.
  await settleDatabase('sync', { compact: [seeded.dbName] });
  const remotes = {
    direct: directRemote(couch.url, seeded.dbName),
    gateway: gatewayRemote(apiUrl, owner.token),
  };
  // The gateway hides design documents; the admin URL replicates them too.
  const expected = {
    direct: docCount + seeded.otherDocs + seeded.designDocs,
    gateway: docCount + seeded.otherDocs,
  };
  const initial = await initialSync(pouchDir, remotes, expected, databasePid);

  // ---- 2. Per-request cost.
  const probes = await perRequestCost(running, apiUrl, owner, seeded.dbName);

  // ---- 3. Propagation.
  const propagated = await propagations(apiUrl, couch, pouchDir, databasePid);

  await report({ loadAtStart, expected, initial, probes, propagations: propagated });
  return 0;
}

await run.finish(main);
