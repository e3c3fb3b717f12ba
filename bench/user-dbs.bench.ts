/**
 * What a member's own database costs the embedded server, at 1,000 and 10,000 of them, and the
 * plan's figures for 100,000 and 1,000,000 members projected from it (issue 23, docs/SCALING.md).
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory, demo members without demo gigs, logging off, `NODE_ENV=production`, rate
 * limits off, the database server keeping at most BENCH_USER_DBS_MAX_OPEN databases open, its
 * health check off and its time limits raised while thousands of databases are made) and makes
 * members in steps: first BENCH_USER_DBS_BASELINE (10), then up to each of BENCH_USER_DBS
 * (1000,10000).
 *
 * A member is made by registration's own steps, less the password hash (the fast path: scrypt
 * costs about 70 ms of a core per member, 12 minutes for 10,000, and has nothing to do with the
 * database): `createUser` (wf_users: the address claimed, the account with `setup_pending`, one
 * password hash made once at the start and shared), `completeAccountSetup`
 * (api/src/routes/users/account-setup.ts: the member's database `userdb-<hex>` with its
 * `_security` and design documents, the verification mail, the welcome notification, the
 * account saved) and `createSession` with an access token, as `POST /api/register` does after the
 * hash. BENCH_USER_DBS_CONCURRENCY members at a time. The set-up time of each member's
 * database is timed on its own (`completeAccountSetup`, p50/p99), per step.
 *
 * At each size (after the step's members are made):
 *   - disk: files and bytes of the member databases under the data directory's couch/ (each
 *     database is a LevelDB folder; view indexes are folders of their own, `-mrview-`);
 *   - the database server's process: rss, open descriptors, and the databases they are in;
 *     the API's process rss (this process: the API and the load generator);
 *   - gateway latency: BENCH_USER_DBS_READS rounds of a member's sync check-in, each round a
 *     member drawn at random from all of them (so most of their databases are closed at 10,000
 *     and must be opened again: the open-database LRU at work), BENCH_USER_DBS_CONCURRENCY
 *     rounds at a time, with the member's bearer token:
 *       GET  /api/sync/db/                               the database's info
 *       GET  /api/sync/db/_changes?since=<seq>&style=all_docs&limit=100   nothing new
 *       GET  /api/sync/db/_all_docs?include_docs=true&limit=20           their documents
 *       POST /api/sync/db/_bulk_get?revs=true            the welcome notification
 *     p50/p99 of each, timed here (performance.now around fetch), and the ratio to the same
 *     reads at the baseline size measured first in the same run. A quarter as many check-ins
 *     before them are not counted (the code warm, the open databases mixed as in the run).
 *     The control, right after at the same size: the same check-ins by the 20 newest members
 *     only (their databases stay open), and the ratio of the two: what reopening a closed
 *     database adds, apart from whatever else the machine is doing at that moment.
 * At the end, 20 members read `GET /api/user` (which builds their `notifications/unread` index)
 * and the files of their databases are counted again: what a member who used the app costs.
 * Then the projection (user-dbs/projection.ts): shard files, disk, clusters and nodes, cost per
 * 100,000 members at 100,000 and 1,000,000 members, under the assumptions printed with it.
 *
 * Run:    npm run bench -- user-dbs
 *    or:  npx tsx bench/user-dbs.bench.ts
 * Quick:  BENCH_USER_DBS=200 BENCH_USER_DBS_READS=100 npx tsx bench/user-dbs.bench.ts
 * Options (environment): BENCH_USER_DBS sizes (1000,10000), BENCH_USER_DBS_BASELINE (10),
 * BENCH_USER_DBS_MAX_OPEN (500), BENCH_USER_DBS_CONCURRENCY (4), BENCH_USER_DBS_READS (400).
 * Exits 1 if a member could not be made or a read failed (a non-2xx answer or no answer in 30 s).
 */
import { readdir, stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSession, sessionIdOf } from '../api/src/auth/sessions';
import { issueAccessToken } from '../api/src/auth/tokens';
import { userDbName } from '../api/src/couch/userdb';
import { hashPassword } from '../api/src/lib/password';
import { completeAccountSetup } from '../api/src/routes/users/account-setup';
import { createUser } from '../api/src/routes/users/users.service';
import { notificationId } from '../api/src/schemas';
import type { RunningServer } from '../api/src/server';
import { fetchApi, PASSWORD } from './lib/accounts';
import {
  formatColumns,
  formatRatio,
  mapLimit,
  numberFromEnv,
  ratio,
  saveResults,
  summarize,
  type Summary,
} from './lib/harness';
import { loadAverage } from './lib/leftovers';
import { guardedRun } from './lib/lifecycle';
import { descriptors, rssMb } from './lib/processes';
import { prng } from './lib/random';
import { LOADED_API_ENV, startBenchApi } from './lib/servers';
import { PLAN, project } from './user-dbs/projection';

const NAME = 'user-dbs';

function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_USER_DBS?.trim() || '1000,10000';
  const sizes = raw.split(',').map((s) => Number(s.trim()));
  if (sizes.some((s) => !Number.isInteger(s) || s < 1)) {
    console.error(`BENCH_USER_DBS must be whole numbers >= 1, comma-separated (got "${raw}")`);
    process.exit(2);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

const baselineSize = numberFromEnv('BENCH_USER_DBS_BASELINE', 10, true, 1);
const sizes = [baselineSize, ...sizesFromEnv().filter((s) => s > baselineSize)];
const maxDbsOpen = numberFromEnv('BENCH_USER_DBS_MAX_OPEN', 500, true, 8);
const concurrency = numberFromEnv('BENCH_USER_DBS_CONCURRENCY', 4, true, 1);
const reads = numberFromEnv('BENCH_USER_DBS_READS', 400, true, 10);
const largest = sizes.at(-1)!;

/** Members whose check-ins are the control at each size: few enough to stay open. */
const hotCount = Math.max(2, Math.min(20, Math.floor(maxDbsOpen / 4)));

/** Members who read `GET /api/user` at the end, to count what their view index adds. */
const VIEW_MEMBERS = 20;

// Bounded: start-up, up to 400 ms of set-up per member (the 10,000 step ended at 250 ms a
// member on a machine with a load average of 10), and at each size 2.5 times `reads`
// check-ins (warm-ups and the control) at up to 200 ms each, with room to spare.
const limitMs = (180 + largest * 0.4 + sizes.length * reads * 0.5) * 1000;

const { leftovers, finish } = guardedRun(NAME, limitMs);

// ---------------------------------------------------------------------------------------------
// Members.

interface Member {
  id: string;
  token: string;
  /** The welcome notification's id (registration writes it). */
  welcomeId: string;
}

/**
 * A member made by registration's steps (see the header), with `passwordHash` made once: the
 * set-up of their database timed on its own.
 */
async function makeMember(
  running: RunningServer,
  passwordHash: string,
  index: number,
): Promise<{ member: Member; setupMs: number }> {
  const deps = running.deps;
  const user = await createUser(deps.couch, {
    email: `bench-user-dbs-${index}@example.com`,
    password_hash: passwordHash,
    role: 'Customer',
    full_name: `Member ${index}`,
    known_devices: ['bench'],
    setup_pending: true,
  });
  const started = performance.now();
  const ready = await completeAccountSetup(deps, user);
  const setupMs = performance.now() - started;
  const session = await createSession(deps.couch, ready, {
    remember: true,
    userAgent: 'bench',
    ip: '127.0.0.1',
  });
  const { token } = await issueAccessToken(deps.jwtSecret, {
    userId: ready.id,
    sessionId: sessionIdOf(session),
    sessionExpiresAt: new Date(session.expires_at),
  });
  // The welcome notification's key is the account's id (account-setup.ts).
  return {
    member: { id: ready.id, token, welcomeId: notificationId('welcome', ready.id) },
    setupMs,
  };
}

// ---------------------------------------------------------------------------------------------
// What the member databases hold on disk, and what the database server holds.

interface Disk {
  databases: number;
  files: number;
  bytes: number;
  viewFolders: number;
}

/** Files and bytes under the folders of the databases `only` (and their views) in `couchDir`. */
async function memberDisk(couchDir: string, only: Set<string>): Promise<Disk> {
  const disk: Disk = { databases: 0, files: 0, bytes: 0, viewFolders: 0 };
  for (const entry of await readdir(couchDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const isView = entry.name.includes('-mrview-');
    const database = isView ? entry.name.slice(0, entry.name.indexOf('-mrview-')) : entry.name;
    if (!only.has(database)) continue;
    if (isView) disk.viewFolders += 1;
    else disk.databases += 1;
    const folder = path.join(couchDir, entry.name);
    for (const file of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      disk.files += 1;
      disk.bytes += (await stat(path.join(file.parentPath, file.name))).size;
    }
  }
  return disk;
}

/** The folder names of these members' databases (the demo members' are not counted). */
const databasesOf = (running: RunningServer, some: Member[]) =>
  new Set(some.map((m) => userDbName(running.deps.couch, m.id)));

interface Processes {
  db_rss_mb: number | undefined;
  db_fds: number | undefined;
  db_open_databases: number | undefined;
  db_open_views: number | undefined;
  api_rss_mb: number;
}

async function processes(running: RunningServer): Promise<Processes> {
  const pid = running.deps.couch.embedded?.pid;
  const fd = pid === undefined ? undefined : await descriptors(pid, running.deps.paths.couchDir);
  return {
    db_rss_mb: pid === undefined ? undefined : await rssMb(pid),
    db_fds: fd?.fds,
    db_open_databases: fd?.databases,
    db_open_views: fd?.views,
    api_rss_mb: process.memoryUsage().rss / 1024 / 1024,
  };
}

// ---------------------------------------------------------------------------------------------
// The gateway reads.

const READS = ['info', 'changes', 'all_docs', 'bulk_get'] as const;
type ReadName = (typeof READS)[number];
const READ_LABELS: Record<ReadName, string> = {
  info: 'GET /api/sync/db/',
  changes: 'GET _changes?since=<seq>',
  all_docs: 'GET _all_docs?include_docs',
  bulk_get: 'POST _bulk_get',
};

interface Reads {
  times: Record<ReadName, number[]>;
  failures: string[];
}

/** One timed request; a non-2xx answer or none within 30 s is a failure. */
async function timed<T>(
  result: Reads,
  name: ReadName,
  url: string,
  init: Parameters<typeof fetchApi>[1],
): Promise<T | undefined> {
  const started = performance.now();
  try {
    const response = await fetchApi(url, init);
    const text = await response.text();
    if (!response.ok) {
      result.failures.push(
        `${READ_LABELS[name]} answered ${response.status}: ${text.slice(0, 200)}`,
      );
      return undefined;
    }
    result.times[name].push(performance.now() - started);
    return JSON.parse(text) as T;
  } catch (error) {
    result.failures.push(`${READ_LABELS[name]}: ${String(error)}`);
    return undefined;
  }
}

/** A member's sync check-in: info, changes since its seq, its documents, the welcome notification. */
async function checkIn(apiUrl: string, member: Member, result: Reads): Promise<void> {
  const base = `${apiUrl}/api/sync/db`;
  const token = member.token;
  const info = await timed<{ update_seq: number | string }>(result, 'info', `${base}/`, { token });
  if (!info) return;
  const since = encodeURIComponent(String(info.update_seq));
  await timed(result, 'changes', `${base}/_changes?since=${since}&style=all_docs&limit=100`, {
    token,
  });
  await timed(result, 'all_docs', `${base}/_all_docs?include_docs=true&limit=20`, { token });
  await timed(result, 'bulk_get', `${base}/_bulk_get?revs=true`, {
    method: 'POST',
    token,
    body: { docs: [{ id: member.welcomeId }] },
  });
}

/** Check-ins not counted before each size's: the API's code warm, and the LRU mixed as it runs. */
const warmupReads = Math.max(10, Math.floor(reads / 4));

/**
 * `count` check-ins of members drawn at random from all of them (seeded), `concurrency` at a
 * time.
 */
async function checkIns(
  apiUrl: string,
  members: Member[],
  count: number,
  seed: number,
): Promise<Reads> {
  const random = prng(seed);
  const picks = Array.from(
    { length: count },
    () => members[Math.floor(random() * members.length)]!,
  );
  const result: Reads = {
    times: { info: [], changes: [], all_docs: [], bulk_get: [] },
    failures: [],
  };
  await mapLimit(picks, concurrency, (member) => checkIn(apiUrl, member, result));
  return result;
}

// ---------------------------------------------------------------------------------------------

/** p50/p99 of each request of a set of check-ins. */
const summaries = (result: Reads) =>
  Object.fromEntries(READS.map((name) => [name, summarize(result.times[name])])) as Record<
    ReadName,
    Summary | undefined
  >;

interface Step {
  size: number;
  /** The 1-minute load average as the step's check-ins started. */
  load: number;
  /** Set-up of the databases made in this step (ms). */
  setup: Summary | undefined;
  setupSeconds: number;
  disk: Disk;
  processes: Processes;
  reads: Record<ReadName, Summary | undefined>;
  /** The same check-ins at the same moment by a few members whose databases stay open. */
  hot: Record<ReadName, Summary | undefined>;
  failures: string[];
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const fixed = (value: number | undefined, digits = 1) =>
  value === undefined ? '-' : value.toFixed(digits);

async function main(): Promise<number> {
  console.log(
    `${NAME}: sizes ${sizes.join(', ')} (baseline ${baselineSize}), at most ${maxDbsOpen} ` +
      `databases open, ${concurrency} at a time, ${reads} check-ins per size; ` +
      `load average ${loadAverage()}`,
  );
  const started = await startBenchApi({
    env: {
      ...LOADED_API_ENV,
      COUCH_MAX_DBS_OPEN: String(maxDbsOpen),
      // Thousands of databases made in a row on a busy machine: no 503 half-way, and no restart
      // of a database server slow to answer its health check meanwhile.
      COUCH_TIMEOUT_MS: '120000',
      COUCH_HEALTH_INTERVAL_MS: '0',
    },
    keep: leftovers.keep,
  });
  const running = started.running;
  leftovers.closeAtEnd(() => running.close(2000));
  const couchDir = running.deps.paths.couchDir;

  const passwordHash = await hashPassword(PASSWORD, { mayShed: false });
  const members: Member[] = [];
  const steps: Step[] = [];
  let failures: string[] = [];
  for (const size of sizes) {
    const from = members.length;
    const stepStarted = performance.now();
    let lastReport = stepStarted;
    const setupTimes = await mapLimit(
      Array.from({ length: size - from }, (_, i) => from + i),
      concurrency,
      async (index) => {
        const made = await makeMember(running, passwordHash, index);
        members.push(made.member);
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          console.log(
            `${NAME}:   ${members.length} of ${size} members ` +
              `(${((lastReport - stepStarted) / 1000).toFixed(0)} s, load average ${loadAverage()})`,
          );
        }
        return made.setupMs;
      },
    );
    const setupSeconds = (performance.now() - stepStarted) / 1000;
    console.log(
      `${NAME}: ${size} members (${size - from} made in ${setupSeconds.toFixed(1)} s); ` +
        `${reads} check-ins… (load average ${loadAverage()})`,
    );
    const stepLoad = loadavg()[0]!;
    const warmup = await checkIns(started.url, members, warmupReads, size + 1);
    const measured = await checkIns(started.url, members, reads, size);
    // The control at the same size and moment: the newest members, whose databases stay open.
    const hotMembers = members.slice(-hotCount);
    const hotWarmup = await checkIns(started.url, hotMembers, warmupReads, size + 2);
    const hot = await checkIns(started.url, hotMembers, reads, size + 3);
    const stepFailures = [warmup, measured, hotWarmup, hot].flatMap((r) => r.failures);
    failures = failures.concat(stepFailures.map((f) => `at ${size}: ${f}`));
    steps.push({
      size,
      load: stepLoad,
      setup: summarize(setupTimes),
      setupSeconds,
      disk: await memberDisk(couchDir, databasesOf(running, members)),
      processes: await processes(running),
      reads: summaries(measured),
      hot: summaries(hot),
      failures: stepFailures,
    });
  }

  // What a member who used the app costs: the view index `GET /api/user` builds.
  const readers = members.slice(0, VIEW_MEMBERS);
  for (const member of readers) {
    const response = await fetchApi(`${started.url}/api/user`, { token: member.token });
    await response.text();
    if (!response.ok) failures.push(`GET /api/user answered ${response.status}`);
  }
  const used = await memberDisk(couchDir, databasesOf(running, readers));

  // Tables.
  const base = steps[0]!;
  console.log(
    `\n${NAME}: member databases on disk, the processes (load average ${loadAverage()})\n`,
  );
  console.log(
    formatColumns(
      [
        'databases',
        'files/db',
        'KB/db',
        'MB total',
        'set-up p50 ms',
        'p99 ms',
        'db rss MB',
        'db fds',
        'open dbs (all)',
        'api rss MB',
      ],
      steps.map((s) => [
        String(s.disk.databases),
        (s.disk.files / s.disk.databases).toFixed(1),
        kb(s.disk.bytes / s.disk.databases),
        mb(s.disk.bytes),
        fixed(s.setup?.p50_ms),
        fixed(s.setup?.p99_ms),
        fixed(s.processes.db_rss_mb),
        String(s.processes.db_fds ?? '-'),
        String(s.processes.db_open_databases ?? '-'),
        fixed(s.processes.api_rss_mb),
      ]),
    ),
  );
  console.log(
    `\n  after GET /api/user (its notifications/unread index built), ${used.databases} members: ` +
      `${(used.files / used.databases).toFixed(1)} files and ${kb(used.bytes / used.databases)} ` +
      `KB each, ${used.viewFolders} view folders`,
  );

  console.log(
    `\n${NAME}: gateway check-ins, members drawn from all the databases, ${concurrency} at a ` +
      `time; ms, and the ratio to ${baselineSize} databases (above 1 is slower)\n`,
  );
  console.log(
    formatColumns(
      [
        'request',
        ...steps.flatMap((s) => [`${s.size} p50`, `p99`]),
        ...steps.slice(1).flatMap((s) => [`${s.size} p50 ratio`, 'p99 ratio']),
      ],
      READS.map((name) => [
        READ_LABELS[name],
        ...steps.flatMap((s) => [fixed(s.reads[name]?.p50_ms), fixed(s.reads[name]?.p99_ms)]),
        ...steps
          .slice(1)
          .flatMap((s) => [
            formatRatio(ratio(s.reads[name]?.p50_ms ?? NaN, base.reads[name]?.p50_ms ?? NaN)),
            formatRatio(ratio(s.reads[name]?.p99_ms ?? NaN, base.reads[name]?.p99_ms ?? NaN)),
          ]),
      ]),
    ),
  );

  const p50 = (m: Record<ReadName, Summary | undefined>, name: ReadName) => m[name]?.p50_ms ?? NaN;
  const p99 = (m: Record<ReadName, Summary | undefined>, name: ReadName) => m[name]?.p99_ms ?? NaN;
  console.log(
    `\n${NAME}: the control, at each size and moment: the same check-ins by the ${hotCount} ` +
      `newest members (their databases stay open); drawn from all / newest (load average at ` +
      `each step: ${steps.map((s) => `${s.size}: ${s.load.toFixed(1)}`).join(', ')})\n`,
  );
  console.log(
    formatColumns(
      ['request', ...steps.flatMap((s) => [`${s.size} open p50`, 'p99', 'all/open p50', 'p99'])],
      READS.map((name) => [
        READ_LABELS[name],
        ...steps.flatMap((s) => [
          fixed(p50(s.hot, name)),
          fixed(p99(s.hot, name)),
          formatRatio(ratio(p50(s.reads, name), p50(s.hot, name))),
          formatRatio(ratio(p99(s.reads, name), p99(s.hot, name))),
        ]),
      ]),
    ),
  );

  // The projection, from the largest size's figures.
  const top = steps.at(-1)!;
  const measured = {
    filesPerDb: top.disk.files / top.disk.databases,
    bytesPerDb: top.disk.bytes / top.disk.databases,
    setupP50Ms: top.setup?.p50_ms ?? base.setup!.p50_ms,
  };
  const projections = [100_000, 1_000_000].map((n) => project(measured, n));
  console.log(
    `\n${NAME}: the plan at 100,000 and 1,000,000 members (CouchDB 3.x member clusters and ` +
      `API instances; the server databases' cluster is apart; assumptions below, bytes per ` +
      `fresh database measured here on LevelDB)\n`,
  );
  const int = (v: number) => Math.round(v).toLocaleString('en-US');
  console.log(
    formatColumns(
      [
        'members',
        'shard files',
        'with views',
        'fresh GB',
        'data GB',
        'per cluster',
        'clusters',
        'nodes',
        'dbs/node',
        'open/node',
        'fds/node',
        'set-up h',
        'USD/month',
        'per 100k',
      ],
      projections.map((p) => [
        int(p.members),
        int(p.shardFiles),
        int(p.filesWithViews),
        p.freshDiskGb.toFixed(1),
        int(p.dataDiskGb),
        int(p.clusterCapacity),
        String(p.clusters),
        String(p.nodes),
        int(p.dbsPerNode),
        int(p.openPerNodeAtPeak),
        int(p.fdsPerNodeAtPeak),
        p.serialSetupHours.toFixed(1),
        int(p.monthlyUsd),
        int(p.monthlyUsdPer100k),
      ]),
    ),
  );
  console.log(`\n  assumptions: ${JSON.stringify(PLAN)}`);

  await saveResults(NAME, {
    benchmark: NAME,
    baseline: `${baselineSize} databases`,
    settings: { sizes, baselineSize, maxDbsOpen, concurrency, reads },
    steps,
    used_members: used,
    projection: { measured, plan: PLAN, results: projections },
    failures,
  });
  for (const failure of failures.slice(0, 20)) console.error(`${NAME}: ${failure}`);
  if (failures.length > 20) console.error(`${NAME}: … ${failures.length - 20} more failures`);
  return failures.length ? 1 : 0;
}

await finish(main);
