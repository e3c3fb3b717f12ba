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
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import {
  formatMs,
  formatRatio,
  percentile,
  ratio,
  resultsFileName,
  writeResults,
  formatColumns,
  sleep,
  within,
  numberFromEnv,
} from './lib/harness';
import { checkSession } from '../api/src/auth/sessions';
import { verifyAccessToken } from '../api/src/auth/tokens';
import { userDbName } from '../api/src/couch/userdb';
import { gatewayPassword } from '../api/src/lib/secrets';
import type { RunningServer } from '../api/src/server';
import { startBenchApi } from './lib/servers';

const NAME = 'sync';

const docCount = numberFromEnv('BENCH_SYNC_DOCS', 5000, true, 1);
const runs = numberFromEnv('BENCH_SYNC_RUNS', 3, true, 1);
const changeCount = numberFromEnv('BENCH_PROPAGATION_COUNT', 200, true, 1);
const INTERVAL_MS = 50;
const WARMUP_CHANGES = 3;
const ARRIVAL_LIMIT_MS = 30_000;
const SEED_BATCH = 500;
const TARGET_RATIO = 1.3;
const TARGET_DOCS_PER_SEC = 2000;
/** Per one-shot replication: generous, so that only a stuck run hits it. */
const REPLICATION_LIMIT_MS = 60_000 + docCount * 20;
const PROBE_REQUESTS = 200;

// ---------------------------------------------------------------------------------------------
/**
 * The client settings the web app uses (web/src/lib/local-db): batches of 500 documents, so a
 * first sync makes a fifth of the round trips of PouchDB's default 100. Both routes get the
 * same settings, so the ratio compares the gateway with the direct route only.
 */
export const CLIENT_BATCH_SIZE = 500;

interface Cancelable {
  cancel(): void;
}
type OneShot = ReturnType<PouchDB['replicate']['from']>;
type ReplicationHandle = ReturnType<PouchDB['sync']>;
const pullOnce = (local: PouchDB, remote: PouchDB) =>
  local.replicate.from(remote, { batch_size: CLIENT_BATCH_SIZE });
const liveSync = (local: PouchDB, remote: PouchDB): ReplicationHandle =>
  local.sync(remote, { live: true, retry: true, batch_size: CLIENT_BATCH_SIZE });
const liveChanges = (local: PouchDB) => local.changes({ since: 'now', live: true });

// ---------------------------------------------------------------------------------------------
// State for the clean-up (a signal or the watchdog can come at any point).

const tempDirs: string[] = [];
const liveHandles = new Set<Cancelable>();
const openDbs = new Set<PouchDB>();
let api: RunningServer | undefined;
let cleaning: Promise<void> | undefined;
/** Set when a signal or the watchdog stops the run: what fails after that is the shutdown's doing. */
let stopping = false;

/** Replications first (they would fail on closed databases), then the server, then the rest. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const handle of liveHandles) handle.cancel();
    liveHandles.clear();
    await api?.close(2000).catch(() => undefined);
    await Promise.allSettled([...openDbs].map((db) => db.close()));
    openDbs.clear();
    await Promise.allSettled(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
  })();
  return cleaning;
}

function stop(code: number): void {
  stopping = true;
  void cleanUp().finally(() => process.exit(code));
}

// A request cut off by the shutdown may reject inside PouchDB with nobody listening; before the
// shutdown, such an error is a failure of the run.
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (error: unknown) => {
    if (stopping) return;
    console.error(`${NAME} failed (${event}):`, error);
    stop(1);
  });
}

// Bounded in time: every replication and propagation run at its own limit, plus room for
// start-up, seeding and shutdown.
const replications = 2 * (runs + 2);
const propagationMs = 2 * (changeCount * INTERVAL_MS + ARRIVAL_LIMIT_MS + 60_000);
const limitMs = replications * REPLICATION_LIMIT_MS + propagationMs + 180_000;
const watchdog = setTimeout(() => {
  console.error(`${NAME}: still running after ${Math.round(limitMs / 1000)} s; stopping.`);
  stop(1);
}, limitMs);
watchdog.unref();

// Ctrl-C reaches this process twice under `npm run bench` (from the terminal and from run.ts):
// every signal waits for the same clean-up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) console.error(`${NAME}: ${signal}; stopping.`);
    stop(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers.

const median = (values: readonly number[]) => percentile(values, 50);

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

interface Account {
  token: string;
  userId: string;
}

async function register(apiUrl: string, label: string): Promise<Account> {
  const email = `bench-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: 'Bench Person',
      email,
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      role: 'Customer',
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { token?: string; user?: { id?: string } };
  if (response.status !== 201 || !body.token || !body.user?.id) {
    throw new Error(`register answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { token: body.token, userId: body.user.id };
}

/** Count and time of the HTTP requests a client made, per endpoint (the profile tables). */
interface EndpointStats {
  requests: number;
  /** Answers with a status of 400 or more (a live sync retries them). */
  failed: number;
  ms: number;
  bytes: number;
}
interface RequestLog {
  /**
   * true: each response is read whole here, and timed from the request to its last byte (for
   * one-shot replications). false: timed to the response headers, the body left streaming (for
   * live feeds, whose long polls stay open until a change comes).
   */
  wholeBody: boolean;
  endpoints: Map<string, EndpointStats>;
}
const requestLog = (wholeBody: boolean): RequestLog => ({ wholeBody, endpoints: new Map() });

/** `GET _changes`, `POST _bulk_get`, `PUT _local`, `GET (db)`... from a request to a database. */
function endpointOf(url: string, method: string, dbPath: string): string {
  const pathname = new URL(url).pathname;
  if (pathname !== dbPath && !pathname.startsWith(`${dbPath}/`)) {
    return `${method.toUpperCase()} ${pathname}`;
  }
  const first = pathname.slice(dbPath.length).replace(/^\//, '').split('/')[0] ?? '';
  const name = first === '' ? '(db)' : first.startsWith('_') ? first : '(doc)';
  return `${method.toUpperCase()} ${name}`;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The client's fetch: PouchDB's own, plus (for the gateway) the bearer token; see RequestLog. */
function clientFetch(
  dbUrl: string,
  token: string | undefined,
  log: RequestLog | undefined,
): (url: string, init?: RequestInit) => Promise<Response> {
  const dbPath = new URL(dbUrl).pathname;
  return async (url, init) => {
    let options = init;
    if (token) {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      options = { ...init, headers };
    }
    if (!log) return PouchDB.fetch(url, options);
    const started = performance.now();
    const response = await PouchDB.fetch(url, options);
    const body = log.wholeBody ? await response.arrayBuffer() : undefined;
    const key = endpointOf(url, options?.method ?? 'GET', dbPath);
    const entry = log.endpoints.get(key) ?? { requests: 0, failed: 0, ms: 0, bytes: 0 };
    entry.requests += 1;
    if (response.status >= 400) entry.failed += 1;
    entry.ms += performance.now() - started;
    entry.bytes += body?.byteLength ?? 0;
    log.endpoints.set(key, entry);
    if (!body) return response;
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** CPU time used so far by this process (API and clients) and by the database server's. */
interface CpuSnapshot {
  self_ms: number;
  /** undefined where /proc is not available. */
  database_ms: number | undefined;
}
async function cpuSnapshot(databasePid: number | undefined): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  let databaseMs: number | undefined;
  if (databasePid !== undefined) {
    try {
      const stat = await readFile(`/proc/${databasePid}/stat`, 'utf8');
      // Fields after the command name: state is field 3, utime 14 and stime 15 (clock ticks,
      // 100 per second on Linux).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      databaseMs = (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      databaseMs = undefined;
    }
  }
  return { self_ms: (usage.user + usage.system) / 1000, database_ms: databaseMs };
}
function cpuSince(start: CpuSnapshot, end: CpuSnapshot): CpuSnapshot {
  return {
    self_ms: end.self_ms - start.self_ms,
    database_ms:
      start.database_ms === undefined || end.database_ms === undefined
        ? undefined
        : end.database_ms - start.database_ms,
  };
}

type Route = 'direct' | 'gateway';
const BASELINE: Route = 'direct';

interface Remote {
  route: Route;
  /** The database URL, credentials removed (for display). */
  label: string;
  open(log?: RequestLog): PouchDB;
}

function directRemote(couchUrl: string, dbName: string): Remote {
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

function gatewayRemote(apiUrl: string, token: string): Remote {
  const url = `${apiUrl}/api/sync/db`;
  return {
    route: 'gateway',
    label: url,
    open: (log) => new PouchDB(url, { fetch: clientFetch(url, token, log) }),
  };
}

let localCounter = 0;
function openLocal(pouchDir: string, label: string): PouchDB {
  localCounter += 1;
  const db = new PouchDB(path.join(pouchDir, `${label}-${localCounter}`));
  openDbs.add(db);
  return db;
}

async function dropLocal(db: PouchDB): Promise<void> {
  openDbs.delete(db);
  await db.destroy();
}

// ---------------------------------------------------------------------------------------------
// 1. Initial sync throughput.

interface PullRun {
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
  const local = openLocal(pouchDir, `pull-${remote.route}`);
  const source = remote.open(log);
  let replication: OneShot | undefined;
  try {
    const cpuStart = await cpuSnapshot(databasePid);
    const started = performance.now();
    const running = pullOnce(local, source);
    replication = running;
    liveHandles.add(running);
    const result = await within(
      REPLICATION_LIMIT_MS,
      `pull ${remote.route} (${round})`,
      running,
      () => running.cancel(),
    );
    const ms = performance.now() - started;
    const cpu = cpuSince(cpuStart, await cpuSnapshot(databasePid));
    const drafts = await local.allDocs({ startkey: 'draft:', endkey: 'draft:\uffff' });
    const run = {
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
    return run;
  } finally {
    if (replication) liveHandles.delete(replication);
    await source.close().catch(() => undefined);
    await dropLocal(local);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Propagation latency.

interface Propagation {
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
  const deviceA = openLocal(pouchDir, `live-${route}-a`);
  const deviceB = openLocal(pouchDir, `live-${route}-b`);
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
  liveHandles.add(feed);
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
    liveHandles.add(handle);
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

    const latencies = [...sent.keys()]
      .filter((id) => !id.includes('-warmup-'))
      .map((id) => arrived.get(id)! - sent.get(id)!);
    return {
      route,
      changes: latencies.length,
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      max_ms: Math.max(...latencies),
      mean_ms: latencies.reduce((a, b) => a + b, 0) / latencies.length,
      send_lag_max_ms: sendLagMax,
      retries,
      window_ms: windowMs,
      cpu,
      requests: Object.fromEntries([...log.endpoints].sort(([a], [b]) => a.localeCompare(b))),
    };
  } finally {
    feed.cancel();
    liveHandles.delete(feed);
    await Promise.allSettled(
      syncs.map((handle) => {
        const complete = new Promise<void>((resolve) => handle.on('complete', () => resolve()));
        handle.cancel();
        liveHandles.delete(handle);
        return within(10_000, `${route}: cancelling a live sync`, complete);
      }),
    );
    await Promise.allSettled([remoteA.close(), remoteB.close()]);
    await Promise.allSettled([dropLocal(deviceA), dropLocal(deviceB)]);
  }
}

// ---------------------------------------------------------------------------------------------
// Per-request cost: one small request at a time, on each route, and the gateway's own checks.

interface Probe {
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

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const pouchDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-pouch-'));
  tempDirs.push(pouchDir);

  // Everything here shares the cores: other work on the machine shows up in the figures.
  const loadAtStart = loadavg()[0]!;
  if (loadAtStart > cpus().length) {
    console.warn(
      `${NAME}: the machine is busy (load average ${loadAtStart.toFixed(1)} on ` +
        `${cpus().length} cores): expect noisy figures, latencies most of all.`,
    );
  }
  console.log(`${NAME}: starting the API (embedded database)…`);
  const started = await startBenchApi({
    env: { RATE_LIMIT_PER_IP: '100000' },
    keep: (dir) => tempDirs.push(dir),
  });
  api = started.running;
  const running = api;
  const apiUrl = started.url;
  const couch = running.deps.couch;
  const databasePid = couch.embedded?.pid;

  // ---- 1. Initial sync.
  const owner = await register(apiUrl, 'initial');
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

  const remotes = {
    direct: directRemote(couch.url, dbName),
    gateway: gatewayRemote(apiUrl, owner.token),
  };
  // The gateway hides design documents; the admin URL replicates them too.
  const expected = { direct: docCount + otherDocs + designDocs, gateway: docCount + otherDocs };
  const order: Route[] = ['direct', 'gateway'];

  console.log(
    `${NAME}: initial sync of ${docCount} drafts: 1 warm-up round, ${runs} measured rounds, ` +
      `1 profiled round, alternating ${order.join(' / ')}`,
  );
  for (const route of order) {
    const run = await timedPull(pouchDir, remotes[route], expected[route], 'warm-up', databasePid);
    console.log(`  warm-up  ${route.padEnd(7)}  ${(run.ms / 1000).toFixed(2)} s (discarded)`);
  }
  const pulls: PullRun[] = [];
  for (let round = 1; round <= runs; round++) {
    for (const route of order) {
      const run = await timedPull(
        pouchDir,
        remotes[route],
        expected[route],
        `run ${round}`,
        databasePid,
      );
      pulls.push(run);
      console.log(
        `  run ${round}    ${route.padEnd(7)}  ${(run.ms / 1000).toFixed(2)} s, ` +
          `${Math.round(docCount / (run.ms / 1000))} docs/s, docs_written ${run.docs_written}`,
      );
    }
  }
  const logs: Record<Route, RequestLog> = { direct: requestLog(true), gateway: requestLog(true) };
  const profiled: PullRun[] = [];
  for (const route of order) {
    const run = await timedPull(
      pouchDir,
      remotes[route],
      expected[route],
      'profiled',
      databasePid,
      logs[route],
    );
    profiled.push(run);
    console.log(
      `  profiled ${route.padEnd(7)}  ${(run.ms / 1000).toFixed(2)} s (every request timed)`,
    );
  }

  const throughput = order.map((route) => {
    const mine = pulls.filter((p) => p.route === route);
    const durations = mine.map((p) => p.ms);
    const medianMs = median(durations);
    const databaseCpu = mine.map((p) => p.cpu.database_ms);
    return {
      route,
      runs: durations.length,
      median_ms: medianMs,
      min_ms: Math.min(...durations),
      max_ms: Math.max(...durations),
      docs_per_sec: docCount / (medianMs / 1000),
      /** Median CPU time per run: this process (API + PouchDB client), the database server. */
      cpu_self_ms: median(mine.map((p) => p.cpu.self_ms)),
      cpu_database_ms: databaseCpu.every((v) => v !== undefined) ? median(databaseCpu) : undefined,
    };
  });
  const baseThroughput = throughput.find((t) => t.route === BASELINE)!;
  const gatewayThroughput = throughput.find((t) => t.route === 'gateway')!;
  const durationRatio = ratio(gatewayThroughput.median_ms, baseThroughput.median_ms);

  // ---- Per-request cost.
  console.log(`\n${NAME}: per-request cost, ${PROBE_REQUESTS} requests one at a time…`);
  const claims = await verifyAccessToken(running.deps.jwtSecret, owner.token);
  if (!claims.ok) throw new Error('the bench user token does not verify');
  const admin = new URL(couch.url);
  const basic = (user: string, password: string) =>
    'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  const adminAuth = basic(decodeURIComponent(admin.username), decodeURIComponent(admin.password));
  const gatewayAuth = basic(couch.gatewayUser, gatewayPassword(running.deps.jwtSecret));
  const dbUrl = `${couch.origin}/${dbName}`;
  const probes = [
    await probe('direct GET (db), admin', PROBE_REQUESTS, () =>
      getOk(dbUrl, { authorization: adminAuth }),
    ),
    await probe("direct GET (db), gateway's account", PROBE_REQUESTS, () =>
      getOk(dbUrl, { authorization: gatewayAuth }),
    ),
    await probe('gateway GET (db)', PROBE_REQUESTS, () =>
      getOk(`${apiUrl}/api/sync/db`, { authorization: `Bearer ${owner.token}` }),
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

  // ---- 2. Propagation.
  console.log(
    `\n${NAME}: propagation, ${changeCount} changes one every ${INTERVAL_MS} ms per route ` +
      `(after ${WARMUP_CHANGES} warm-up changes)…`,
  );
  const propagations: Propagation[] = [];
  for (const route of order) {
    const account = await register(apiUrl, `live-${route}`);
    const remote =
      route === 'direct'
        ? directRemote(couch.url, userDbName(couch, account.userId))
        : gatewayRemote(apiUrl, account.token);
    const result = await propagation(pouchDir, remote, databasePid);
    propagations.push(result);
    console.log(
      `  ${route.padEnd(7)}  p50 ${formatMs(result.p50_ms)} ms, p99 ${formatMs(result.p99_ms)} ms, ` +
        `max ${formatMs(result.max_ms)} ms, ${result.retries} retries ` +
        `(writer at most ${formatMs(result.send_lag_max_ms)} ms late)`,
    );
  }
  const baseProp = propagations.find((p) => p.route === BASELINE)!;
  const gatewayProp = propagations.find((p) => p.route === 'gateway')!;

  // ---- Report.
  const name = (route: Route) => (route === BASELINE ? `${route} (baseline)` : route);
  const cpuCell = (ms: number | undefined, per: number) =>
    ms === undefined ? 'n/a' : (ms / per).toFixed(2);
  console.log(`\nInitial sync: ${docCount} drafts, one-shot pull into a fresh local LevelDB\n`);
  console.log(
    formatColumns(
      [
        'route',
        'runs',
        'median s',
        'min s',
        'max s',
        'docs/s',
        'duration ratio',
        'docs/s ratio',
        'cpu ms/doc api+client',
        'cpu ms/doc db',
      ],
      throughput.map((t) => [
        name(t.route),
        String(t.runs),
        (t.median_ms / 1000).toFixed(2),
        (t.min_ms / 1000).toFixed(2),
        (t.max_ms / 1000).toFixed(2),
        t.docs_per_sec.toFixed(0),
        formatRatio(ratio(t.median_ms, baseThroughput.median_ms)),
        formatRatio(ratio(t.docs_per_sec, baseThroughput.docs_per_sec)),
        cpuCell(t.cpu_self_ms, docCount),
        cpuCell(t.cpu_database_ms, docCount),
      ]),
    ),
  );
  const ratioMet = durationRatio !== undefined && durationRatio <= TARGET_RATIO;
  const rateMet = gatewayThroughput.docs_per_sec >= TARGET_DOCS_PER_SEC;
  console.log(
    `\ntargets: gateway/direct duration ${formatRatio(durationRatio)} ` +
      `(target <= ${TARGET_RATIO.toFixed(2)}x): ${ratioMet ? 'met' : 'MISSED'}; ` +
      `gateway ${gatewayThroughput.docs_per_sec.toFixed(0)} docs/s ` +
      `(target >= ${TARGET_DOCS_PER_SEC}): ${rateMet ? 'met' : 'MISSED'}`,
  );

  console.log(`\nRequests of the profiled round, per endpoint (time = request to last byte)\n`);
  const endpoints = [
    ...new Set([...logs.direct.endpoints.keys(), ...logs.gateway.endpoints.keys()]),
  ].sort();
  const profileRows = endpoints.map((endpoint) => {
    const d = logs.direct.endpoints.get(endpoint);
    const g = logs.gateway.endpoints.get(endpoint);
    return {
      endpoint,
      direct_requests: d?.requests ?? 0,
      direct_ms: d?.ms ?? 0,
      direct_kb: (d?.bytes ?? 0) / 1024,
      gateway_requests: g?.requests ?? 0,
      gateway_ms: g?.ms ?? 0,
      gateway_kb: (g?.bytes ?? 0) / 1024,
      failed: (d?.failed ?? 0) + (g?.failed ?? 0),
    };
  });
  const perRequest = (ms: number, n: number) => (n ? (ms / n).toFixed(2) : '-');
  console.log(
    formatColumns(
      [
        'endpoint',
        'direct n',
        'direct ms',
        'ms/req',
        'gateway n',
        'gateway ms',
        'ms/req',
        'time ratio',
        'failed',
      ],
      profileRows.map((r) => [
        r.endpoint,
        String(r.direct_requests),
        r.direct_ms.toFixed(0),
        perRequest(r.direct_ms, r.direct_requests),
        String(r.gateway_requests),
        r.gateway_ms.toFixed(0),
        perRequest(r.gateway_ms, r.gateway_requests),
        formatRatio(ratio(r.gateway_ms, r.direct_ms)),
        String(r.failed),
      ]),
    ),
  );
  console.log(
    `(profiled round: direct ${(profiled[0]!.ms / 1000).toFixed(2)} s, ` +
      `gateway ${(profiled[1]!.ms / 1000).toFixed(2)} s; requests overlap, so the times add ` +
      `up to more than the round)`,
  );

  console.log(`\nOne small request at a time (${PROBE_REQUESTS} each)\n`);
  console.log(
    formatColumns(
      ['request', 'n', 'p50 ms', 'p99 ms', 'p50 ratio'],
      probes.map((p, i) => [
        i === 0 ? `${p.name} (baseline)` : p.name,
        String(p.requests),
        formatMs(p.p50_ms),
        formatMs(p.p99_ms),
        formatRatio(ratio(p.p50_ms, probes[0]!.p50_ms)),
      ]),
    ),
  );

  console.log(
    `\nPropagation: ${changeCount} changes from device A to device B, one every ${INTERVAL_MS} ms, ` +
      `both in a live sync\n`,
  );
  const requestCount = (p: Propagation) =>
    Object.values(p.requests).reduce((sum, e) => sum + e.requests, 0);
  console.log(
    formatColumns(
      [
        'route',
        'changes',
        'p50 ms',
        'p99 ms',
        'max ms',
        'p50 ratio',
        'p99 ratio',
        'retries',
        'requests/change',
        'cpu ms/change api+client',
        'cpu ms/change db',
      ],
      propagations.map((p) => [
        name(p.route),
        String(p.changes),
        formatMs(p.p50_ms),
        formatMs(p.p99_ms),
        formatMs(p.max_ms),
        formatRatio(ratio(p.p50_ms, baseProp.p50_ms)),
        formatRatio(ratio(p.p99_ms, baseProp.p99_ms)),
        String(p.retries),
        (requestCount(p) / p.changes).toFixed(1),
        cpuCell(p.cpu.self_ms, p.changes),
        cpuCell(p.cpu.database_ms, p.changes),
      ]),
    ),
  );

  const file = await writeResults(resultsFileName(NAME), {
    benchmark: NAME,
    baseline: BASELINE,
    load_average: { start: loadAtStart, end: loadavg()[0] },
    settings: {
      docs: docCount,
      runs,
      propagation_changes: changeCount,
      propagation_interval_ms: INTERVAL_MS,
      arrival_limit_ms: ARRIVAL_LIMIT_MS,
    },
    initial_sync: {
      expected_docs_written: expected,
      throughput,
      gateway_direct_duration_ratio: durationRatio,
      targets: {
        max_ratio: TARGET_RATIO,
        min_gateway_docs_per_sec: TARGET_DOCS_PER_SEC,
        ratio_met: ratioMet,
        docs_per_sec_met: rateMet,
      },
      runs: pulls,
      profiled: { runs: profiled, endpoints: profileRows },
    },
    per_request: probes,
    propagation: {
      rows: propagations,
      p50_ratio: ratio(gatewayProp.p50_ms, baseProp.p50_ms),
      p99_ratio: ratio(gatewayProp.p99_ms, baseProp.p99_ms),
    },
  });
  console.log(`\n${NAME}: results written to ${path.relative(process.cwd(), file)}`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  // Stopped by a signal or the watchdog: the error is the shutdown's, and stop() exits.
  if (!stopping) console.error(`${NAME} failed:`, error);
} finally {
  await cleanUp();
}
if (!stopping) process.exit(code);
