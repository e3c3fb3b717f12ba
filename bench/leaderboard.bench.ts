/**
 * The leaderboard's read cost with few and with many ranked members (issue 19).
 *
 * Starts, in this process, the real API (embedded database on a fresh temporary data directory,
 * demo members without demo gigs, logging off, `NODE_ENV=production`), then for each size of
 * `BENCH_LEADERBOARD_SIZES` (1,000 then 100,000 members, growing the same database) writes the
 * members straight into the databases in bulk: a `user:<id>` in wf_users and a
 * `standing:tour-guide:<id>` in wf_projects (the documents registration and `refreshStandings`
 * write), points spread over 500 values (multiples of 10) so many members share a rank; then
 * brings `standings/ranked` up to date (the build time reported apart) and reads
 * `GET /api/leaderboard?expertise=tour-guide` `BENCH_LEADERBOARD_RUNS` (200) times per case, the
 * cases taking turns, the first 20 of each not counted:
 * - page 1 (signed out),
 * - a deep page (the middle of the leaderboard),
 * - page 1 signed in as a ranked member (50 points per size from project reviews: `meta.me`).
 * Reported per size and case: p50 and p99, and the largest size's p99 against the smallest's
 * (target: within 2x). The bulk write also writes the expertise's counts document
 * (`standingcounts:tour-guide`, as the standings' writes keep it); one more member per size comes
 * through `refreshStandings`, as a review's would.
 *
 * Run:    npm run bench -- leaderboard
 *    or:  npx tsx bench/leaderboard.bench.ts
 * Options (environment): BENCH_LEADERBOARD_SIZES (1000,100000), BENCH_LEADERBOARD_RUNS (200).
 * Exits 1 if a request failed or a page showed the wrong total or ranks.
 */
import { performance } from 'node:perf_hooks';
import { refreshStandings } from '../api/src/routes/leaderboard/standings';
import type { RunningServer } from '../api/src/server';
import { registerUser } from './lib/accounts';
import { formatColumns, formatRatio, numberFromEnv, percentile, ratio } from './lib/harness';
import { loadAverage } from './lib/leftovers';
import { guardedRun } from './lib/lifecycle';
import { LOADED_API_ENV, startBenchApi } from './lib/servers';
import { databaseLabel, settleDatabase, untilBuilt } from './lib/couch-target';

/** The longest a view may take to build (the API's own view time limit here, below). */
const VIEW_LIMIT_MS = 600_000;

const sizes = (process.env.BENCH_LEADERBOARD_SIZES ?? '1000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const runs = numberFromEnv('BENCH_LEADERBOARD_RUNS', 200, true, 40);
const WARMUP = 20;
const EXPERTISE = 'tour-guide';
const BATCH = 1000;

// Writing and indexing: about 2 minutes per 100,000 members on a busy 2-core machine; the reads.
const largest = sizes.at(-1) ?? 0;
const limitMs = (180 + (largest / 100_000) * 600 + sizes.length * runs * 3 * 0.2) * 1000;
const { leftovers, finish } = guardedRun('leaderboard', limitMs);

interface Page {
  data: { rank: number; points: number }[];
  meta: { total: number; last_page: number; me: { rank: number; points: number } | null };
}

async function page(url: string, token?: string): Promise<Page> {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as Page;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Member i's points: 500 values (10 … 5,000), spread so each has about as many members. */
const pointsOf = (i: number) => 10 * (1 + ((i * 7919) % 500));

async function writeMembers(api: RunningServer, from: number, to: number): Promise<void> {
  const users = api.deps.couch.db('users');
  const projects = api.deps.couch.db('projects');
  const at = new Date().toISOString();
  for (let i = from; i < to; i += BATCH) {
    const userDocs = [];
    const standings = [];
    for (let j = i; j < Math.min(to, i + BATCH); j++) {
      const id = `bench${j.toString(36).padStart(6, '0')}`;
      userDocs.push({
        _id: `user:${id}`,
        type: 'user',
        id,
        email: `${id}@bench.test`,
        password_hash: 'x',
        role: 'Student',
        full_name: `Bench Member ${j}`,
        tagname: id,
        bio: '',
        expertise: null,
        location: null,
        languages: [],
        avatar: null,
        cv: null,
        status: 'active',
        email_verified_at: at,
        session_version: 0,
        created_at: at,
        updated_at: at,
      });
      standings.push({
        _id: `standing:${EXPERTISE}:${id}`,
        type: 'standing',
        user_id: id,
        expertise: EXPERTISE,
        points: pointsOf(j),
        updated_at: at,
      });
    }
    const written = [
      ...(await users.bulk({ docs: userDocs } as never)),
      ...(await projects.bulk({ docs: standings } as never)),
    ];
    if (written.some((r) => r.error)) throw new Error('bulk write of members failed');
  }
  // The counts document the standings' writes keep (standings.ts), for the members written here.
  const key = `standingcounts:${EXPERTISE}`;
  let rev: string | undefined;
  let counts: Record<string, number> = {};
  try {
    const current = (await projects.get(key)) as unknown as {
      _rev: string;
      counts: Record<string, number>;
    };
    rev = current._rev;
    counts = current.counts;
  } catch {
    rev = undefined; // the first size: none yet
  }
  for (let j = from; j < to; j++) counts[pointsOf(j)] = (counts[pointsOf(j)] ?? 0) + 1;
  await projects.insert({
    _id: key,
    ...(rev ? { _rev: rev } : {}),
    type: 'standing_counts',
    expertise: EXPERTISE,
    counts,
    updated_at: at,
  } as never);
}

async function main(): Promise<number> {
  if (!sizes.length) throw new Error('BENCH_LEADERBOARD_SIZES names no size');
  console.log(`leaderboard: starting the API (${databaseLabel()}); load average ${loadAverage()}`);
  const started = await startBenchApi({
    env: {
      ...LOADED_API_ENV,
      COUCH_TIMEOUT_MS: '600000',
      COUCH_HEALTH_INTERVAL_MS: '0',
      COUCH_VIEW_TIMEOUT_MS: String(VIEW_LIMIT_MS),
    },
    keep: leftovers.keep,
  });
  const api = started.running;
  leftovers.closeAtEnd(() => api.close(2000));
  const base = `${started.url}/api/leaderboard?expertise=${EXPERTISE}`;
  const me = await registerUser(started.url, 'ranked@bench.test', 'Ranked Member');

  type Row = { size: number; case: string; p50: number; p99: number };
  const rows: Row[] = [];
  let written = 0;
  for (const size of sizes) {
    const t0 = performance.now();
    await writeMembers(api, written, size);
    written = size;
    const writeMs = performance.now() - t0;
    // The caller: 50 points more from a project review, its standing refreshed as a review's is.
    const review = (id: string, subject: string) =>
      api.deps.couch.db('projects').insert({
        _id: `projectreview:${id}`,
        type: 'project_review',
        subject_id: subject,
        expertise: EXPERTISE,
        rating: 5,
      } as never);
    await review(`bench-me-${size}`, me.userId);
    const t1 = performance.now();
    // Builds points/by_user (asked again while CouchDB answers that it is still building).
    await untilBuilt('points/by_user', () => refreshStandings(api.deps, me.userId, [EXPERTISE]), {
      limitMs: VIEW_LIMIT_MS,
    });
    // Builds standings/ranked (through the database client: its time limit is the view's).
    await untilBuilt(
      'standings/ranked',
      () =>
        api.deps.couch
          .db('projects')
          .view('standings', 'ranked', { reduce: false, limit: 1 } as never),
      { limitMs: VIEW_LIMIT_MS },
    );
    const indexMs = performance.now() - t1;
    console.log(
      `leaderboard: ${size} members written in ${(writeMs / 1000).toFixed(1)} s, views built in ${(indexMs / 1000).toFixed(1)} s (load average ${loadAverage()})`,
    );
    // BENCH_COUCH_URL: the other views built and the two databases compacted before the reads.
    const bulkWritten = [api.deps.couch.databases.users, api.deps.couch.databases.projects];
    await settleDatabase('leaderboard', { compact: bulkWritten, limitMs: VIEW_LIMIT_MS });

    // One more ranked member through a refresh: the standing and its count written as usual.
    const newcomer = `benchnew${size}`;
    await review(`bench-new-${size}`, newcomer);
    await refreshStandings(api.deps, newcomer, [EXPERTISE]);
    const first = await page(base);
    const newcomers = sizes.indexOf(size) + 1;
    const total = size + 1 + newcomers;
    if (first.meta.total !== total) throw new Error(`${size}: total ${first.meta.total}`);
    const myPoints = 50 * newcomers;

    const deep = Math.max(1, Math.floor(first.meta.last_page / 2));
    const cases = [
      { name: 'page 1', url: base, token: undefined as string | undefined },
      { name: `deep page (${deep})`, url: `${base}&page=${deep}`, token: undefined },
      { name: 'page 1 + meta.me', url: base, token: me.token },
    ];
    const times = cases.map(() => [] as number[]);
    for (let round = 0; round < runs; round++)
      for (const [index, c] of cases.entries()) {
        const t = performance.now();
        const body = await page(c.url, c.token);
        const ms = performance.now() - t;
        if (body.meta.total !== total || body.data.length !== 20)
          throw new Error(
            `${size} ${c.name}: ${body.meta.total} members, ${body.data.length} rows`,
          );
        if (body.data.some((e, k) => k > 0 && e.points > body.data[k - 1]!.points))
          throw new Error(`${size} ${c.name}: not in order`);
        if (c.token && body.meta.me?.points !== myPoints) throw new Error(`${size}: meta.me wrong`);
        if (round >= WARMUP) times[index]!.push(ms);
      }
    for (const [index, c] of cases.entries())
      console.log(
        `leaderboard: ${size} members, ${c.name}: p50 ${percentile(times[index]!, 50).toFixed(1)} ms, p99 ${percentile(times[index]!, 99).toFixed(1)} ms`,
      );
    for (const [index, c] of cases.entries())
      rows.push({
        size,
        case: c.name.replace(/ \(\d+\)/, ''),
        p50: percentile(times[index]!, 50),
        p99: percentile(times[index]!, 99),
      });
  }

  console.log(
    `\nleaderboard: GET /api/leaderboard, ${runs - WARMUP} reads per case and size (load average ${loadAverage()})\n`,
  );
  const smallest = sizes[0]!;
  const baseOf = (r: Row) => rows.find((b) => b.size === smallest && b.case === r.case)!;
  console.log(
    formatColumns(
      ['members', 'case', 'p50 ms', 'p99 ms', `p99 × ${smallest}`],
      rows.map((r) => [
        String(r.size),
        r.case,
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        formatRatio(ratio(r.p99, baseOf(r).p99)),
      ]),
    ),
  );
  const worst = Math.max(
    ...rows.filter((r) => r.size === largest).map((r) => ratio(r.p99, baseOf(r).p99) ?? Infinity),
  );
  console.log(
    `leaderboard: ${largest} vs ${smallest} members, worst p99 ratio ${formatRatio(worst)} (target within 2x): ${worst <= 2 ? 'met' : 'NOT met'}`,
  );
  return 0;
}

await finish(main);
