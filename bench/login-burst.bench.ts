/**
 * Login burst: does a burst of password checks slow the rest of the API down?
 *
 * Starts, in this process, the real API (`startServer`, embedded database on a fresh temporary
 * data directory or BENCH_COUCH_URL's emptied, demo data seeded, logging off, `NODE_ENV=production`, rate limits out of the
 * way) and loads, with autocannon:
 *   1. `GET /api/getServices` alone                       the baseline
 *   2. `GET /api/getServices` during a login burst       `BENCH_BURST` connections sending
 *      `POST /api/login` with a wrong password as fast as they are answered (each answer costs an
 *      scrypt hash, on libuv's thread pool)
 * and prints getServices' req/s, p50 and p99 with ratios to the baseline, plus what the burst got
 * (answers per status: 422 checked, 503 shed with Retry-After), then writes the figures to
 * bench/results/.
 *
 * Run:    npm run bench -- login-burst
 *    or:  npx tsx bench/login-burst.bench.ts
 * Options (environment): BENCH_DURATION seconds per phase (default 10), BENCH_CONNECTIONS
 * getServices connections (default 10), BENCH_BURST login connections (default 100),
 * BENCH_WARMUP seconds of discarded warm-up (default 2). BENCH_COMPARE=0 skips the comparison phase (3.
 * below). The API's own PASSWORD_HASH_* settings apply when set.
 * Exits 1 if getServices errored or answered non-2xx, or a login answered other than 422 or 503.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import {
  loadSettings,
  measure,
  numberFromEnv,
  printTable,
  resultsFileName,
  writeResults,
  type MeasureResult,
} from './lib/harness';
import { passwordHashing } from '../api/src/lib/password';
import { guardedRun } from './lib/lifecycle';
import { startBenchApi } from './lib/servers';
import { databaseLabel, settleDatabase } from './lib/couch-target';

const BASELINE = 'getServices alone';
const { durationSeconds, connections, warmupSeconds } = loadSettings();

const burstConnections = numberFromEnv('BENCH_BURST', 100, true, 1);
const compare = numberFromEnv('BENCH_COMPARE', 1, true, 0) > 0;

// Bounded in time: the phases plus generous room for start-up and shutdown.
const { leftovers, finish } = guardedRun(
  'login-burst',
  ((compare ? 3 : 2) * (durationSeconds + warmupSeconds + 1) + 10 + 120) * 1000,
);

/** Answers per status code of an autocannon run. */
function statuses(result: autocannon.Result): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    counts[code] = stat.count ?? 0;
  }
  return counts;
}

async function main(): Promise<number> {
  console.log(`login-burst: starting the API (${databaseLabel()})…`);
  const hashingEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('PASSWORD_HASH_') && entry[1] !== undefined,
    ),
  );
  const started = await startBenchApi({
    env: { RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_PER_ADDRESS: '100000000', ...hashingEnv },
    keep: leftovers.keep,
  });
  const api = started.running;
  leftovers.closeAtEnd(() => api.close(2000));
  await settleDatabase('login-burst');
  const servicesUrl = `${started.url}/api/getServices`;
  const check = await fetch(servicesUrl, { signal: AbortSignal.timeout(10_000) });
  if (!check.ok) throw new Error(`${servicesUrl} answered ${check.status}`);
  const limits = passwordHashing.stats().limits;
  console.log(
    `login-burst: getServices at ${connections} connections, login burst at ${burstConnections}, ` +
      `${warmupSeconds} s warm-up + ${durationSeconds} s each; hashing ${limits.concurrency} at ` +
      `a time, ${limits.maxQueue} waiting, for at most ${limits.maxWaitMs} ms\n`,
  );

  const alone = await measure(BASELINE, {
    url: servicesUrl,
    connections,
    durationSeconds,
    warmupSeconds,
  });

  // The burst runs through the warm-up and the measured run of the phase, and a little longer,
  // so the measured getServices requests all meet it.
  const duringBurst = async (name: string) => {
    const burst = autocannon({
      url: `${started.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sofia@wayfarer.test', password: 'not-her-password' }),
      connections: burstConnections,
      duration: warmupSeconds + durationSeconds + 1,
    });
    const row = await measure(name, {
      url: servicesUrl,
      connections,
      durationSeconds,
      warmupSeconds,
    });
    const result = await burst;
    return { row, burst: result, statuses: statuses(result) };
  };
  const limited = await duringBurst('getServices during the login burst');
  const during = limited.row;
  const burstResult = limited.burst;
  const burstStatuses = limited.statuses;

  // For comparison (not a target): the same burst with hashing bounded only by the thread pool,
  // as before the limit. The limit is the process's, so it is lifted for this phase only.
  let unbounded: Awaited<ReturnType<typeof duringBurst>> | undefined;
  if (compare) {
    passwordHashing.configure({ concurrency: 1024, maxQueue: 1_000_000, maxWaitMs: 3_600_000 });
    try {
      unbounded = await duringBurst('getServices during the burst, hashing unbounded');
    } finally {
      passwordHashing.configure(limits);
    }
  }

  const rows: MeasureResult[] = [alone, during, ...(unbounded ? [unbounded.row] : [])];
  for (const row of rows) {
    console.log(
      `  ${row.name}: ${row.requests_per_sec.toFixed(0)} req/s, p50 ${row.p50_ms} ms, ` +
        `p99 ${row.p99_ms} ms, ${row.total} requests, ${row.errors} errors, ${row.non2xx} non-2xx`,
    );
  }
  console.log(
    `  login burst: ${burstResult.requests.total} answers ${JSON.stringify(burstStatuses)}, ` +
      `${burstResult.errors} errors`,
  );
  if (unbounded) {
    console.log(
      `  login burst, hashing unbounded: ${unbounded.burst.requests.total} answers ` +
        `${JSON.stringify(unbounded.statuses)}, ${unbounded.burst.errors} errors`,
    );
  }
  console.log('');
  printTable(rows, BASELINE);
  const p99Ratio = alone.p99_ms > 0 ? during.p99_ms / alone.p99_ms : undefined;
  console.log(
    `\nlogin-burst: getServices p99 during the burst / alone = ${
      p99Ratio === undefined ? 'n/a (p99 alone under 1 ms)' : p99Ratio.toFixed(2)
    }`,
  );

  const file = await writeResults(resultsFileName('login-burst'), {
    benchmark: 'login-burst',
    baseline: BASELINE,
    settings: { connections, burstConnections, durationSeconds, warmupSeconds, hashing: limits },
    rows,
    getservices_p99_ratio: p99Ratio ?? null,
    login_burst: {
      total: burstResult.requests.total,
      statuses: burstStatuses,
      errors: burstResult.errors,
    },
    unbounded_login_burst: unbounded
      ? {
          total: unbounded.burst.requests.total,
          statuses: unbounded.statuses,
          errors: unbounded.burst.errors,
        }
      : null,
  });
  console.log(`login-burst: results written to ${path.relative(process.cwd(), file)}`);

  const problems: string[] = [];
  for (const r of [alone, during]) {
    if (r.errors > 0 || r.non2xx > 0)
      problems.push(`${r.name} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
  }
  const unexpected = Object.keys(burstStatuses).filter((code) => code !== '422' && code !== '503');
  if (unexpected.length) problems.push(`logins answered ${unexpected.join(', ')}`);
  for (const problem of problems) console.error(`login-burst: ${problem}`);
  return problems.length > 0 ? 1 : 0;
}

await finish(main);
