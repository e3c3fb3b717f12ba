/**
 * The sync benchmark's scenario (see ../sync.bench.ts): its settings, the data (drafts written
 * server-side), the two routes to the user's database, and the load: one-shot pulls, small
 * requests one at a time, and two live-syncing devices. The tables are ./report.ts's.
 */
import PouchDB from 'pouchdb';
import { checkSession } from '../../api/src/auth/sessions';
import { verifyAccessToken } from '../../api/src/auth/tokens';
import type { Couch } from '../../api/src/couch/connect';
import { userDbName } from '../../api/src/couch/userdb';
import { gatewayPassword } from '../../api/src/lib/secrets';
import type { RunningServer } from '../../api/src/server';
import { registerUser, type Registered } from '../lib/accounts';
import { cpuSince, cpuSnapshot, type CpuSnapshot } from '../lib/cpu';
import { formatMs, numberFromEnv, percentile, sleep, summarize, within } from '../lib/harness';
import { BenchRun } from '../lib/lifecycle';
import {
  CLIENT_BATCH_SIZE,
  clientFetch,
  gatewayUrl,
  requestLog,
  sortedEndpoints,
  type EndpointStats,
  type RequestLog,
} from '../lib/pouch-clients';

export const NAME = 'sync';
export const run = new BenchRun(NAME);

export const docCount = numberFromEnv('BENCH_SYNC_DOCS', 5000, true, 1);
export const runs = numberFromEnv('BENCH_SYNC_RUNS', 3, true, 1);
export const changeCount = numberFromEnv('BENCH_PROPAGATION_COUNT', 200, true, 1);
export const INTERVAL_MS = 50;
const WARMUP_CHANGES = 3;
export const ARRIVAL_LIMIT_MS = 30_000;
const SEED_BATCH = 500;
/** Per one-shot replication: generous, so that only a stuck run hits it. */
const REPLICATION_LIMIT_MS = 60_000 + docCount * 20;
export const PROBE_REQUESTS = 200;

/**
 * Bounded in time: every replication and propagation run at its own limit, plus room for
 * start-up, seeding and shutdown.
 */
export function timeLimitMs(): number {
  const replications = 2 * (runs + 2);
  const propagationMs = 2 * (changeCount * INTERVAL_MS + ARRIVAL_LIMIT_MS + 60_000);
  return replications * REPLICATION_LIMIT_MS + propagationMs + 180_000;
}

type OneShot = ReturnType<PouchDB['replicate']['from']>;
type ReplicationHandle = ReturnType<PouchDB['sync']>;
const pullOnce = (local: PouchDB, remote: PouchDB) =>
  local.replicate.from(remote, { batch_size: CLIENT_BATCH_SIZE });
const liveSync = (local: PouchDB, remote: PouchDB): ReplicationHandle =>
  local.sync(remote, { live: true, retry: true, batch_size: CLIENT_BATCH_SIZE });
const liveChanges = (local: PouchDB) => local.changes({ since: 'now', live: true });

// ---------------------------------------------------------------------------------------------
// Data and users.

const BODY = (
  'Looking for a local guide for a three-day walking tour of the old town, the harbour and ' +
  'the hill villages. Small group of four, moderate pace, lunch breaks at family-run places. ' +
  'We would like someone who knows the history of the area and speaks English and Spanish. '
).slice(0, 300);

function draft(key: string): Record<string, unknown> {
  return {
    _id: `draft:job:${key}`,
    type: 'draft',
    form: 'job',
    key,
    fields: { title: `Walking tour guide wanted (${key})`, body: BODY },
    updated_at: new Date().toISOString(),
  };
}

export function register(apiUrl: string, label: string): Promise<Registered> {
  const email = `bench-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  return registerUser(apiUrl, email, 'Bench Person');
}

/** What registration left in the user's database (the drafts come on top of it). */
export interface Seeded {
  dbName: string;
  designDocs: number;
  otherDocs: number;
}

/** Writes `docCount` drafts server-side into the database of `owner`. */
export async function seedDrafts(couch: Couch, owner: Registered): Promise<Seeded> {
  const dbName = userDbName(couch, owner.userId);
  const userDb = couch.server.use(dbName);
  const before = await userDb.list();
  const designDocs = before.rows.filter((r) => r.id.startsWith('_design/')).length;
  const otherDocs = before.rows.length - designDocs;
  console.log(
    `${NAME}: writing ${docCount} drafts into the user's database ` +
      `(registration left ${otherDocs} document(s) and ${designDocs} design document(s) there)…`,
  );
  for (let from = 0; from < docCount; from += SEED_BATCH) {
    const docs = [];
    for (let n = from; n < Math.min(docCount, from + SEED_BATCH); n++) docs.push(draft(String(n)));
    const result = await userDb.bulk({ docs });
    const failed = result.filter((r) => r.error);
    if (failed.length)
      throw new Error(`seeding: ${failed.length} failed, e.g. ${failed[0]!.error}`);
  }
  return { dbName, designDocs, otherDocs };
}

// ---------------------------------------------------------------------------------------------
// The two routes: directly to the database server (the baseline) and through the gateway.

export type Route = 'direct' | 'gateway';
export const BASELINE: Route = 'direct';
export const ORDER: Route[] = ['direct', 'gateway'];

export interface Remote {
  route: Route;
  /** The database URL, credentials removed (for display). */
  label: string;
  open(log?: RequestLog): PouchDB;
}

export function directRemote(couchUrl: string, dbName: string): Remote {
  const url = `${couchUrl}/${dbName}`;
  const shown = new URL(url);
  shown.username = '';
  shown.password = '';
  return {
    route: 'direct',
    label: shown.toString(),
    open: (log) => new PouchDB(url, { fetch: clientFetch(url, undefined, log) }),
  };
}

export function gatewayRemote(apiUrl: string, token: string): Remote {
  const url = gatewayUrl(apiUrl);
  return {
    route: 'gateway',
    label: url,
    open: (log) => new PouchDB(url, { fetch: clientFetch(url, token, log) }),
  };
}

// ---------------------------------------------------------------------------------------------
// 1. Initial sync throughput.

export interface PullRun {
  route: Route;
  round: string;
  ms: number;
  docs_written: number;
  docs_read: number;
  drafts_local: number;
  /** CPU time during the run: this process (API and client) and the database server. */
  cpu: CpuSnapshot;
}

async function timedPull(
  pouchDir: string,
  remote: Remote,
  expectedWritten: number,
  round: string,
  databasePid: number | undefined,
  log?: RequestLog,
): Promise<PullRun> {
  const local = run.openLocal(pouchDir, `pull-${remote.route}`);
  const source = remote.open(log);
  let replication: OneShot | undefined;
  try {
    const cpuStart = await cpuSnapshot(databasePid);
    const started = performance.now();
    const running = pullOnce(local, source);
    replication = running;
    run.liveHandles.add(running);
    const result = await within(
      REPLICATION_LIMIT_MS,
      `pull ${remote.route} (${round})`,
      running,
      () => running.cancel(),
    );
    const ms = performance.now() - started;
    const cpu = cpuSince(cpuStart, await cpuSnapshot(databasePid));
    const drafts = await local.allDocs({ startkey: 'draft:', endkey: 'draft:\uffff' });
    const pulled = {
      route: remote.route,
      round,
      ms,
      docs_written: result.docs_written,
      docs_read: result.docs_read,
      drafts_local: drafts.rows.length,
      cpu,
    };
    const problems: string[] = [];
    if (!result.ok) problems.push('not ok');
    if (result.doc_write_failures !== 0) problems.push(`${result.doc_write_failures} failures`);
    if (result.errors.length) problems.push(`errors ${JSON.stringify(result.errors)}`);
    if (result.docs_written !== expectedWritten) {
      problems.push(`docs_written ${result.docs_written}, expected ${expectedWritten}`);
    }
    if (drafts.rows.length !== docCount) {
      problems.push(`${drafts.rows.length} drafts in the local database, expected ${docCount}`);
    }
    if (problems.length) {
      throw new Error(`pull ${remote.route} (${round}): ${problems.join('; ')}`);
    }
    return pulled;
  } finally {
    if (replication) run.liveHandles.delete(replication);
    await source.close().catch(() => undefined);
    await run.dropLocal(local);
  }
}

export interface InitialSync {
  /** The measured rounds. */
  pulls: PullRun[];
  /** The round with every request timed (not in the medians), and its requests. */
  profiled: PullRun[];
  logs: Record<Route, RequestLog>;
}

/**
 * One warm-up round (discarded), `runs` measured rounds and one profiled round of one-shot
 * pulls, alternating the routes.
 */
export async function initialSync(
  pouchDir: string,
  remotes: Record<Route, Remote>,
  expected: Record<Route, number>,
  databasePid: number | undefined,
): Promise<InitialSync> {
  console.log(
    `${NAME}: initial sync of ${docCount} drafts: 1 warm-up round, ${runs} measured rounds, ` +
      `1 profiled round, alternating ${ORDER.join(' / ')}`,
  );
  const pull = (route: Route, round: string, log?: RequestLog) =>
    timedPull(pouchDir, remotes[route], expected[route], round, databasePid, log);
  for (const route of ORDER) {
    const pulled = await pull(route, 'warm-up');
    console.log(`  warm-up  ${route.padEnd(7)}  ${(pulled.ms / 1000).toFixed(2)} s (discarded)`);
  }
  const pulls: PullRun[] = [];
  for (let round = 1; round <= runs; round++) {
    for (const route of ORDER) {
      const pulled = await pull(route, `run ${round}`);
      pulls.push(pulled);
      console.log(
        `  run ${round}    ${route.padEnd(7)}  ${(pulled.ms / 1000).toFixed(2)} s, ` +
          `${Math.round(docCount / (pulled.ms / 1000))} docs/s, docs_written ${pulled.docs_written}`,
      );
    }
  }
  const logs: Record<Route, RequestLog> = { direct: requestLog(true), gateway: requestLog(true) };
  const profiled: PullRun[] = [];
  for (const route of ORDER) {
    const pulled = await pull(route, 'profiled', logs[route]);
    profiled.push(pulled);
    console.log(
      `  profiled ${route.padEnd(7)}  ${(pulled.ms / 1000).toFixed(2)} s (every request timed)`,
    );
  }
  return { pulls, profiled, logs };
}

// ---------------------------------------------------------------------------------------------
// 2. Per-request cost: one small request at a time, on each route, and the gateway's own checks.

export interface Probe {
  name: string;
  requests: number;
  p50_ms: number;
  p99_ms: number;
}

async function probe(name: string, count: number, once: () => Promise<void>): Promise<Probe> {
  const times: number[] = [];
  const deadline = performance.now() + 60_000;
  for (let i = 0; i < count && performance.now() < deadline; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return {
    name,
    requests: times.length,
    p50_ms: percentile(times, 50),
    p99_ms: percentile(times, 99),
  };
}

async function getOk(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url.replace(/\/\/[^@]*@/, '//')}: ${response.status}`);
}

/** The database's info, directly and through the gateway, and the gateway's checks in-process. */
export async function perRequestCost(
  running: RunningServer,
  apiUrl: string,
  owner: Registered,
  dbName: string,
): Promise<Probe[]> {
  console.log(`\n${NAME}: per-request cost, ${PROBE_REQUESTS} requests one at a time…`);
  const couch = running.deps.couch;
  const claims = await verifyAccessToken(running.deps.jwtSecret, owner.token);
  if (!claims.ok) throw new Error('the bench user token does not verify');
  const admin = new URL(couch.url);
  const basic = (user: string, password: string) =>
    'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  const adminAuth = basic(decodeURIComponent(admin.username), decodeURIComponent(admin.password));
  const gatewayAuth = basic(couch.gatewayUser, gatewayPassword(running.deps.jwtSecret));
  const dbUrl = `${couch.origin}/${dbName}`;
  return [
    await probe('direct GET (db), admin', PROBE_REQUESTS, () =>
      getOk(dbUrl, { authorization: adminAuth }),
    ),
    await probe("direct GET (db), gateway's account", PROBE_REQUESTS, () =>
      getOk(dbUrl, { authorization: gatewayAuth }),
    ),
    await probe('gateway GET (db)', PROBE_REQUESTS, () =>
      getOk(gatewayUrl(apiUrl), { authorization: `Bearer ${owner.token}` }),
    ),
    await probe('api GET /api/health (no auth)', PROBE_REQUESTS, () =>
      getOk(`${apiUrl}/api/health`, {}),
    ),
    await probe('in-process verifyAccessToken', PROBE_REQUESTS, async () => {
      const verified = await verifyAccessToken(running.deps.jwtSecret, owner.token);
      if (!verified.ok) throw new Error('token did not verify');
    }),
    await probe('in-process checkSession', PROBE_REQUESTS, async () => {
      const check = await checkSession(couch, claims.claims.sub, claims.claims.sid);
      if (!check.ok) throw new Error(`session check failed: ${check.message}`);
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// 3. Propagation latency.

export interface Propagation {
  route: Route;
  changes: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
  /** How late the latest write was against its schedule (the writer keeping up). */
  send_lag_max_ms: number;
  /** Requests failed and retried by the live syncs (`paused` with an error). */
  retries: number;
  /** From the first measured write to the last arrival: CPU time, and the requests made. */
  window_ms: number;
  cpu: CpuSnapshot;
  requests: Record<string, EndpointStats>;
}

async function propagation(
  pouchDir: string,
  remote: Remote,
  databasePid: number | undefined,
): Promise<Propagation> {
  const route = remote.route;
  const deviceA = run.openLocal(pouchDir, `live-${route}-a`);
  const deviceB = run.openLocal(pouchDir, `live-${route}-b`);
  const log = requestLog(false);
  const remoteA = remote.open(log);
  const remoteB = remote.open(log);
  let retries = 0;
  const sent = new Map<string, number>();
  const arrived = new Map<string, number>();
  const problems: string[] = [];
  let waiting: { id: string; resolve: () => void } | undefined;
  let allArrived: (() => void) | undefined;
  let measuredArrivals = 0;

  const feed = liveChanges(deviceB);
  run.liveHandles.add(feed);
  feed.on('change', (change) => {
    const at = performance.now();
    if (!sent.has(change.id) || arrived.has(change.id)) return;
    arrived.set(change.id, at);
    if (waiting?.id === change.id) waiting.resolve();
    if (!change.id.includes('-warmup-')) {
      measuredArrivals += 1;
      if (measuredArrivals === changeCount) allArrived?.();
    }
  });
  feed.on('error', (error) => problems.push(`changes feed: ${String(error)}`));

  const syncs = [liveSync(deviceA, remoteA), liveSync(deviceB, remoteB)];
  for (const [i, handle] of syncs.entries()) {
    run.liveHandles.add(handle);
    const device = i === 0 ? 'A' : 'B';
    handle.on('error', (error) => problems.push(`device ${device} sync error: ${String(error)}`));
    handle.on('denied', (error) => problems.push(`device ${device} denied: ${String(error)}`));
    handle.on('paused', (error) => {
      if (error) retries += 1;
    });
  }

  const write = async (key: string) => {
    const doc = draft(key);
    sent.set(doc._id as string, performance.now());
    await deviceA.put(doc);
    return doc._id as string;
  };

  try {
    // Warm-up: the live feeds are running and a change goes through end to end.
    for (let i = 0; i < WARMUP_CHANGES; i++) {
      const arrivedNow = new Promise<void>((resolve) => {
        waiting = { id: `draft:job:${route}-warmup-${i}`, resolve };
      });
      await write(`${route}-warmup-${i}`);
      await within(
        ARRIVAL_LIMIT_MS,
        () => `${route} warm-up change ${i}${problems.length ? ` (${problems.join('; ')})` : ''}`,
        arrivedNow,
      );
    }
    waiting = undefined;

    const done = new Promise<void>((resolve) => (allArrived = resolve));
    log.endpoints.clear();
    retries = 0;
    const cpuStart = await cpuSnapshot(databasePid);
    const start = performance.now();
    let sendLagMax = 0;
    for (let i = 0; i < changeCount; i++) {
      const due = start + i * INTERVAL_MS;
      await sleep(due - performance.now());
      sendLagMax = Math.max(sendLagMax, performance.now() - due);
      await write(`${route}-${i}`);
    }
    await within(
      ARRIVAL_LIMIT_MS,
      () =>
        `${route}: ${changeCount - measuredArrivals} of ${changeCount} changes still missing` +
        (problems.length ? ` (${problems.join('; ')})` : ''),
      done,
    );
    const windowMs = performance.now() - start;
    const cpu = cpuSince(cpuStart, await cpuSnapshot(databasePid));
    if (problems.length) throw new Error(`${route} propagation: ${problems.join('; ')}`);

    const latencies = summarize(
      [...sent.keys()]
        .filter((id) => !id.includes('-warmup-'))
        .map((id) => arrived.get(id)! - sent.get(id)!),
    )!;
    return {
      route,
      changes: latencies.count,
      p50_ms: latencies.p50_ms,
      p99_ms: latencies.p99_ms,
      max_ms: latencies.max_ms,
      mean_ms: latencies.mean_ms,
      send_lag_max_ms: sendLagMax,
      retries,
      window_ms: windowMs,
      cpu,
      requests: Object.fromEntries(sortedEndpoints(log)),
    };
  } finally {
    feed.cancel();
    run.liveHandles.delete(feed);
    await Promise.allSettled(
      syncs.map((handle) => {
        const complete = new Promise<void>((resolve) => handle.on('complete', () => resolve()));
        handle.cancel();
        run.liveHandles.delete(handle);
        return within(10_000, `${route}: cancelling a live sync`, complete);
      }),
    );
    await Promise.allSettled([remoteA.close(), remoteB.close()]);
    await Promise.allSettled([run.dropLocal(deviceA), run.dropLocal(deviceB)]);
  }
}

/** For each route, a fresh user with two devices: the changes of one reaching the other. */
export async function propagations(
  apiUrl: string,
  couch: Couch,
  pouchDir: string,
  databasePid: number | undefined,
): Promise<Propagation[]> {
  console.log(
    `\n${NAME}: propagation, ${changeCount} changes one every ${INTERVAL_MS} ms per route ` +
      `(after ${WARMUP_CHANGES} warm-up changes)…`,
  );
  const results: Propagation[] = [];
  for (const route of ORDER) {
    const account = await register(apiUrl, `live-${route}`);
    const remote =
      route === 'direct'
        ? directRemote(couch.url, userDbName(couch, account.userId))
        : gatewayRemote(apiUrl, account.token);
    const result = await propagation(pouchDir, remote, databasePid);
    results.push(result);
    console.log(
      `  ${route.padEnd(7)}  p50 ${formatMs(result.p50_ms)} ms, p99 ${formatMs(result.p99_ms)} ms, ` +
        `max ${formatMs(result.max_ms)} ms, ${result.retries} retries ` +
        `(writer at most ${formatMs(result.send_lag_max_ms)} ms late)`,
    );
  }
  return results;
}
