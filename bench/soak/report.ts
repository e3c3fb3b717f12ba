/**
 * The soak benchmark's report (see ../soak.bench.ts): the line printed at each sample, the
 * failure rules (first quarter of the run against the last), the tables and the results file.
 */
import { loadavg } from 'node:os';
import { passwordHashing } from '../../api/src/lib/password';
import { formatColumns, formatRatio, percentile, ratio, saveResults } from '../lib/harness';
import { dbFigure, EXTERNAL_NA, externalCouch } from '../lib/couch-target';
import { loadAverage } from '../lib/leftovers';
import {
  MIX,
  NAME,
  ROUTES,
  ROUTE_NAMES,
  fdMargin,
  idleSeconds,
  loadMs,
  maxDbsOpen,
  maxInFlight,
  minutes,
  p99FloorMs,
  rps,
  sampleSeconds,
  seed,
  setupMembers,
  signups,
  type LoadResult,
  type RouteName,
  type Sample,
} from './scenario';

/** Requests a route needs in the first and in the last quarter for its p99s to be compared. */
const MIN_QUARTER_REQUESTS = 100;
/** The p99 rule: the last quarter's p99 above this many times the first quarter's fails. */
const P99_RISE_LIMIT = 2;
/** The descriptor rule's margin: at least `fdMargin`, or this share of the first quarter's most. */
const FD_MARGIN_SHARE = 0.1;
/** Samples the descriptor rule needs in the first and in the last quarter. */
const MIN_QUARTER_SAMPLES = 2;

const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
/** A figure in whole units (MB, a count); a database server's one may be n/a (lib/couch-target.ts). */
const mb = (value: number | undefined) => dbFigure(value, (v) => v.toFixed(0));
const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(0));

/** Quarter of the load (0 to 3) a moment belongs to; the end of the load is in the last. */
const quarterOf = (atMs: number) => Math.max(0, Math.min(3, Math.floor((4 * atMs) / loadMs)));

/** The settings, printed once before the load. */
export function printStart(gigs: number, loadAtStart: number): void {
  const limits = passwordHashing.stats().limits;
  const mix = MIX.map(([route, weight]) => `${route} ${weight}%`).join(', ');
  console.log(
    `${NAME}: ${minutes} min at ${rps} requests/s (open loop, at most ${maxInFlight} in flight), ` +
      `${signups} sign-ups spread over the run, ${setupMembers} members and ${gigs} gigs to ` +
      `start with; the rest of the ticks: ${mix}. Samples every ${sampleSeconds} s. Password ` +
      `hashing ${limits.concurrency} at a time, ${limits.maxQueue} waiting, up to ` +
      `${limits.maxWaitMs} ms; ` +
      (externalCouch
        ? 'the database server is external (BENCH_SOAK_MAX_DBS_OPEN does not apply). '
        : `the database server keeps at most ${maxDbsOpen} databases open. `) +
      `Load average ${loadAtStart.toFixed(2)}.\n`,
  );
}

/** One line per sample: the processes, the requests so far, each route's p50/p99 since the last. */
export function formatSample(sample: Sample): string {
  const routes = ROUTE_NAMES.filter((r) => sample.routes[r])
    .map((r) => `${r} ${ms(sample.routes[r]!.p50_ms)}/${ms(sample.routes[r]!.p99_ms)}`)
    .join(', ');
  return (
    `${NAME} ${clock(sample.atMs).padStart(6)}  api rss ${mb(sample.api_rss_mb)} MB heap ` +
    `${mb(sample.api_heap_used_mb)} MB | ` +
    (externalCouch
      ? `db ${EXTERNAL_NA} | `
      : `db rss ${mb(sample.db_rss_mb)} MB, ${mb(sample.db_fds)} fds ` +
        `(${mb(sample.db_open_databases)} dbs, ${mb(sample.db_open_views)} views) | `) +
    `${sample.requests} req, ${sample.failed} failed, ${sample.skipped} skipped, ` +
    `${sample.in_flight} in flight | p50/p99 ms: ${routes || '(none)'}`
  );
}

interface RouteRow {
  route: RouteName;
  label: string;
  requests: number;
  failed: number;
  statuses: Record<string, number>;
  p50_ms: number | undefined;
  p99_ms: number | undefined;
  first_quarter: { count: number; p99_ms: number | undefined };
  last_quarter: { count: number; p99_ms: number | undefined };
  p99_ratio: number | undefined;
  /** ok, ROSE (the rule failed) or `few` (not enough requests in a quarter to compare). */
  verdict: 'ok' | 'ROSE' | 'few';
}

function routeRows(result: LoadResult): RouteRow[] {
  const { records, statuses } = result.state;
  return ROUTE_NAMES.map((route) => {
    const mine = records.filter((r) => r.route === route);
    const ok = mine.filter((r) => r.ok).map((r) => r.ms);
    const quarter = (q: number) => {
      const times = mine.filter((r) => r.ok && quarterOf(r.startMs) === q).map((r) => r.ms);
      return { count: times.length, p99_ms: times.length ? percentile(times, 99) : undefined };
    };
    const first = quarter(0);
    const last = quarter(3);
    const comparable = first.count >= MIN_QUARTER_REQUESTS && last.count >= MIN_QUARTER_REQUESTS;
    const p99Ratio =
      first.p99_ms === undefined || last.p99_ms === undefined
        ? undefined
        : ratio(last.p99_ms, first.p99_ms);
    const rose =
      comparable &&
      last.p99_ms! > P99_RISE_LIMIT * first.p99_ms! &&
      last.p99_ms! - first.p99_ms! > p99FloorMs;
    return {
      route,
      label: ROUTES[route].label,
      requests: mine.length,
      failed: mine.length - ok.length,
      statuses: statuses[route],
      p50_ms: ok.length ? percentile(ok, 50) : undefined,
      p99_ms: ok.length ? percentile(ok, 99) : undefined,
      first_quarter: first,
      last_quarter: last,
      p99_ratio: p99Ratio,
      verdict: !comparable ? 'few' : rose ? 'ROSE' : 'ok',
    };
  });
}

type Measure =
  | 'api_rss_mb'
  | 'api_heap_used_mb'
  | 'db_rss_mb'
  | 'db_fds'
  | 'db_open_databases'
  | 'db_open_views';

const MEASURES: readonly (readonly [Measure, string])[] = [
  ['api_rss_mb', 'API process rss MB'],
  ['api_heap_used_mb', 'API process heapUsed MB'],
  ['db_rss_mb', 'database rss MB'],
  ['db_fds', 'database descriptors'],
  ['db_open_databases', 'databases with a file open'],
  ['db_open_views', 'view indexes with a file open'],
];

const valuesOf = (samples: readonly Sample[], measure: Measure) =>
  samples.map((s) => s[measure]).filter((v): v is number => v !== undefined);
const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;

function resourceRows(result: LoadResult) {
  const first = result.samples.filter((s) => quarterOf(s.atMs) === 0);
  const last = result.samples.filter((s) => quarterOf(s.atMs) === 3);
  return MEASURES.map(([measure, label]) => {
    const firstValues = valuesOf(first, measure);
    const lastValues = valuesOf(last, measure);
    return {
      measure,
      label,
      first_quarter_mean: mean(firstValues),
      first_quarter_max: firstValues.length ? Math.max(...firstValues) : undefined,
      last_quarter_mean: mean(lastValues),
      last_quarter_min: lastValues.length ? Math.min(...lastValues) : undefined,
      start: result.start[measure],
      drained: result.drained[measure],
      idle: result.idle[measure],
      after_gc: result.afterGc?.[measure],
    };
  });
}

/**
 * The descriptor rule: the last quarter's fewest above the first quarter's most plus the margin,
 * when each quarter has at least MIN_QUARTER_SAMPLES samples.
 */
function descriptorRule(result: LoadResult, rows: ReturnType<typeof resourceRows>) {
  const fds = rows.find((r) => r.measure === 'db_fds')!;
  const counts = [0, 3].map(
    (q) => result.samples.filter((s) => quarterOf(s.atMs) === q && s.db_fds !== undefined).length,
  );
  if (
    fds.first_quarter_max === undefined ||
    fds.last_quarter_min === undefined ||
    Math.min(...counts) < MIN_QUARTER_SAMPLES
  ) {
    return { applied: false as const, rose: false, samples: counts };
  }
  const margin = Math.max(fdMargin, Math.ceil(FD_MARGIN_SHARE * fds.first_quarter_max));
  return {
    applied: true as const,
    first_quarter_max: fds.first_quarter_max,
    last_quarter_min: fds.last_quarter_min,
    margin,
    rose: fds.last_quarter_min > fds.first_quarter_max + margin,
  };
}

/** Prints the tables, writes the results file and returns the exit code (1: a rule failed). */
export async function report(result: LoadResult, gigs: number): Promise<number> {
  const { state, samples } = result;
  const problems: string[] = [];

  const routes = routeRows(result);
  console.log(
    `\n${NAME}: requests (p50 / p99 nearest rank over the run, 2xx only; quarters by start time)\n`,
  );
  console.log(
    formatColumns(
      ['route', 'requests', 'failed', 'p50 ms', 'p99 ms', 'Q1 p99', 'Q4 p99', 'Q4/Q1', 'p99 rule'],
      routes.map((r) => [
        r.label,
        String(r.requests),
        String(r.failed),
        ms(r.p50_ms),
        ms(r.p99_ms),
        `${ms(r.first_quarter.p99_ms)} (${r.first_quarter.count})`,
        `${ms(r.last_quarter.p99_ms)} (${r.last_quarter.count})`,
        formatRatio(r.p99_ratio),
        r.verdict === 'few' ? `n/a (<${MIN_QUARTER_REQUESTS})` : r.verdict,
      ]),
    ),
  );

  const resources = resourceRows(result);
  const cell = mb;
  console.log(
    `\n${NAME}: processes (at the start of the load, means of the samples in the first and ` +
      `last quarter, after the requests in flight finished, after ${idleSeconds} s without ` +
      `requests, and then after a full garbage collection of this process)\n`,
  );
  console.log(
    formatColumns(
      ['', 'start', 'Q1 mean', 'Q4 mean', 'Q4/Q1', 'end of load', 'after idle', 'after GC'],
      resources.map((r) => [
        r.label,
        cell(r.start),
        cell(r.first_quarter_mean),
        cell(r.last_quarter_mean),
        formatRatio(
          r.first_quarter_mean === undefined || r.last_quarter_mean === undefined
            ? undefined
            : ratio(r.last_quarter_mean, r.first_quarter_mean),
        ),
        cell(r.drained),
        cell(r.idle),
        result.afterGc ? cell(r.after_gc) : 'n/a',
      ]),
    ),
  );

  const hashing = passwordHashing.stats();
  const elapsedS = loadMs / 1000;
  console.log(
    `\n${NAME}: ${state.ticks} ticks (${(state.ticks / elapsedS).toFixed(1)}/s), ` +
      `${state.records.length} requests, ${state.skipped} skipped at ${maxInFlight} in flight ` +
      `(most in flight: ${state.maxInFlightSeen}), ${state.signupsDone} of ${signups} sign-ups ` +
      `completed, ${state.messagesSent} messages sent; password hashing: ${hashing.completed} ` +
      `hashes, ${hashing.shed} shed; load average ${loadAverage()}`,
  );

  // The rules.
  if (state.failures.length) {
    const byKind = new Map<string, number>();
    for (const f of state.failures) {
      const key = `${f.route === 'scenario' ? 'scenario' : ROUTES[f.route].label}: ${f.problem.slice(0, 160)}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    problems.push(
      `${state.failures.length} requests failed (no error or non-2xx answer is expected)`,
    );
    console.error(`\n${NAME}: failures (first at ${clock(state.failures[0]!.atMs)}):`);
    for (const [kind, count] of [...byKind].slice(0, 15)) console.error(`  ${count} x ${kind}`);
  }
  if (state.skipped > 0) {
    problems.push(
      `${state.skipped} ticks skipped: ${maxInFlight} requests were in flight (the API did not keep up with ${rps}/s)`,
    );
  }
  if (result.unfinished > 0) problems.push(`${result.unfinished} requests never finished`);
  if (state.signupsDone < signups) {
    problems.push(`only ${state.signupsDone} of ${signups} sign-ups completed`);
  }
  const pids = new Set(
    [result.start, ...samples, result.drained, result.idle].map((s) => s.db_pid),
  );
  if (pids.size > 1) {
    problems.push(`the database server restarted during the run (pids ${[...pids].join(', ')})`);
  }
  const fdRule = descriptorRule(result, resources);
  if (fdRule.applied) {
    console.log(
      `${NAME}: database descriptors: first quarter at most ${fdRule.first_quarter_max}, last ` +
        `quarter at least ${fdRule.last_quarter_min} (margin ${fdRule.margin}): ` +
        (fdRule.rose ? 'ROSE' : 'steady'),
    );
    if (fdRule.rose) {
      problems.push(
        `the database's descriptors rose: at least ${fdRule.last_quarter_min} through the last ` +
          `quarter against at most ${fdRule.first_quarter_max} in the first (margin ${fdRule.margin})`,
      );
    }
  } else {
    console.log(
      `${NAME}: the descriptor rule not applied: ${fdRule.samples.join(' and ')} samples with ` +
        `descriptors in the first and last quarter, ${MIN_QUARTER_SAMPLES} needed in each ` +
        (externalCouch
          ? `(${EXTERNAL_NA}: its descriptors are not this machine's to read)`
          : `(no /proc, or a run too short for BENCH_SOAK_SAMPLE_SECONDS)`),
    );
  }
  for (const r of routes.filter((row) => row.verdict === 'ROSE')) {
    problems.push(
      `${r.label}: p99 ${ms(r.last_quarter.p99_ms)} ms in the last quarter against ` +
        `${ms(r.first_quarter.p99_ms)} ms in the first (${formatRatio(r.p99_ratio)})`,
    );
  }

  await saveResults(NAME, {
    benchmark: NAME,
    baseline: 'the first quarter of the run',
    settings: {
      minutes,
      rps,
      signups,
      max_in_flight: maxInFlight,
      sample_seconds: sampleSeconds,
      idle_seconds: idleSeconds,
      max_dbs_open: maxDbsOpen,
      fd_margin: fdMargin,
      p99_floor_ms: p99FloorMs,
      seed,
      setup_members: setupMembers,
      gigs,
      mix: Object.fromEntries(MIX),
      hashing: hashing.limits,
    },
    load_average_end: loadavg(),
    ticks: state.ticks,
    skipped: state.skipped,
    max_in_flight_seen: state.maxInFlightSeen,
    signups_completed: state.signupsDone,
    messages_sent: state.messagesSent,
    hashing: { completed: hashing.completed, shed: hashing.shed },
    routes,
    resources,
    descriptor_rule: fdRule,
    start: result.start,
    samples,
    drained: result.drained,
    idle: result.idle,
    after_gc: result.afterGc ?? null,
    failures: state.failures.slice(0, 200),
    problems,
  });

  if (problems.length === 0) {
    console.log(`${NAME}: passed`);
    return 0;
  }
  console.error(`\n${NAME}: FAILED`);
  for (const problem of problems) console.error(`  - ${problem}`);
  return 1;
}
