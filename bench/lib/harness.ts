/**
 * Shared helpers for the benchmark scripts in bench/ (see bench/README.md).
 *
 * - `measure()` runs autocannon against one URL: a short warm-up run that is thrown away, then
 *   the measured run. Always one at a time: the machine has two cores, and two load generators
 *   would measure each other.
 * - `printTable()` prints rows side by side with ratios against a baseline row measured in the
 *   same run, which is how figures are reported (absolute numbers depend on the machine).
 * - `writeResults()` keeps the figures, with the machine and the command, in bench/results/
 *   (`saveResults()` also says where).
 * - `percentile()` and `summarize()` are for benchmarks that time things themselves (e.g. message
 *   delivery).
 */
import { cpus } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

export interface MeasureOptions {
  url: string;
  /**
   * Paths on the url's host to take turns (each request the next one, all connections sharing
   * the turn): a load of many different requests rather than one repeated.
   */
  paths?: readonly string[];
  method?: autocannon.Request['method'];
  headers?: Record<string, string>;
  body?: string | Buffer;
  connections: number;
  durationSeconds: number;
  /** Length of the discarded warm-up run; 0 skips it. Default 2 s (capped at the duration). */
  warmupSeconds?: number;
  /**
   * autocannon on a worker thread of its own, so that the server's thread serves alone (by
   * default the load generator shares it, and its cost, the same per request whatever is
   * measured, narrows every ratio). Plain repeated requests only: autocannon cannot hand a
   * function (rotating paths, a callback) to a worker.
   */
  ownThread?: boolean;
}

export interface MeasureResult {
  name: string;
  /** Mean of the per-second request counts over the measured run. */
  requests_per_sec: number;
  /**
   * Latency percentiles from autocannon, in milliseconds, 2xx responses only. Its histogram keeps
   * whole milliseconds (truncated), so 0 means under 1 ms.
   */
  p50_ms: number;
  p99_ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
  /** Completed requests in the measured run. */
  total: number;
  url: string;
  connections: number;
  duration_s: number;
}

/** Default length of the discarded warm-up run, in seconds. */
const DEFAULT_WARMUP_SECONDS = 2;

/** The directory results are written to (git-ignored). */
const RESULTS_DIR = path.resolve(import.meta.dirname, '..', 'results');

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

function run(options: MeasureOptions, durationSeconds: number): Promise<autocannon.Result> {
  const paths = options.paths;
  if (options.ownThread && paths?.length) {
    throw new Error('ownThread cannot load rotating paths (autocannon workers)');
  }
  let turn = 0;
  return autocannon({
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                path: paths[turn++ % paths.length]!,
              }),
            },
          ],
        }
      : {}),
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: durationSeconds,
    ...(options.ownThread ? { workers: 1 } : {}),
  });
}

/** Loads one URL with autocannon: warm-up (discarded), then the measured run. */
export async function measure(name: string, options: MeasureOptions): Promise<MeasureResult> {
  if (!(options.durationSeconds > 0)) throw new RangeError('durationSeconds must be positive');
  if (!Number.isInteger(options.connections) || options.connections < 1) {
    throw new RangeError('connections must be a positive whole number');
  }
  const warmup = Math.min(options.warmupSeconds ?? DEFAULT_WARMUP_SECONDS, options.durationSeconds);
  if (warmup > 0) await run(options, warmup);
  const result = await run(options, options.durationSeconds);
  return {
    name,
    requests_per_sec: result.requests.average,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
    url: options.url,
    connections: options.connections,
    duration_s: result.duration,
  };
}

/**
 * The `p`th percentile (0-100) of `values` by the nearest-rank method: the smallest value with
 * at least p% of the values at or below it, so always one of the samples. Does not modify
 * `values`.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values');
  if (!(p >= 0 && p <= 100))
    throw new RangeError(`percentile must be between 0 and 100 (got ${p})`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** What benchmarks that time things themselves report of the times (ms). */
export interface Summary {
  count: number;
  /** Nearest rank, as `percentile`. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
}

/** The summary of `values`, or undefined when there are none. */
export function summarize(values: readonly number[]): Summary | undefined {
  if (values.length === 0) return undefined;
  return {
    count: values.length,
    p50_ms: percentile(values, 50),
    p99_ms: percentile(values, 99),
    max_ms: Math.max(...values),
    mean_ms: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

/** `value / baseline`, or undefined when there is nothing to divide by. */
export function ratio(value: number, baseline: number): number | undefined {
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return undefined;
  return value / baseline;
}

/** A ratio as shown in tables: two decimals and an "x" (`0.42x`), or `n/a`. */
export function formatRatio(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${value.toFixed(2)}x`;
}

/**
 * Milliseconds as shown in tables: whole numbers as they are (autocannon's percentiles are whole
 * milliseconds, truncated: 0 means under 1 ms), others with two decimals.
 */
export function formatMs(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

type TableRow = Pick<
  MeasureResult,
  'name' | 'requests_per_sec' | 'p50_ms' | 'p99_ms' | 'errors' | 'non2xx'
>;

/**
 * A fixed-width table: req/s, p50, p99, the ratios against the row named `baselineName`
 * (req/s ratio = row / baseline: below 1 is slower; p99 ratio = row / baseline: above 1 is
 * slower) and `failed` (connection errors + non-2xx answers).
 */
export function formatTable(rows: readonly TableRow[], baselineName: string): string {
  const base = rows.find((r) => r.name === baselineName);
  if (!base) throw new Error(`no row named "${baselineName}" to use as the baseline`);
  const header = ['benchmark', 'req/s', 'p50 ms', 'p99 ms', 'req/s ratio', 'p99 ratio', 'failed'];
  const body = rows.map((r) => [
    r.name === baselineName ? `${r.name} (baseline)` : r.name,
    r.requests_per_sec.toFixed(0),
    formatMs(r.p50_ms),
    formatMs(r.p99_ms),
    formatRatio(ratio(r.requests_per_sec, base.requests_per_sec)),
    formatRatio(ratio(r.p99_ms, base.p99_ms)),
    String(r.errors + r.non2xx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Prints `formatTable(rows, baselineName)`. */
export function printTable(rows: readonly TableRow[], baselineName: string): void {
  console.log(formatTable(rows, baselineName));
}

/** How this process was started, e.g. `BENCH_DURATION=5 node --import tsx bench/x.bench.ts`. */
function commandLine(): string {
  const rel = (arg: string) => (path.isAbsolute(arg) ? path.relative(REPO_ROOT, arg) || '.' : arg);
  const env = Object.entries(process.env)
    .filter(([key, value]) => key.startsWith('BENCH_') && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${withoutPassword(value ?? '')}`);
  return [...env, 'node', ...nodeFlags(process.execArgv), ...process.argv.slice(1).map(rel)].join(
    ' ',
  );
}

/**
 * A setting as the results file shows it: a URL's password (BENCH_COUCH_URL's admin) as `***`,
 * anything else as it is.
 */
export function withoutPassword(value: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = '***';
    return url.href;
  } catch {
    return value;
  }
}

/** Node's flags, with tsx's loader (absolute paths when started by `npx tsx`) as `--import tsx`. */
export function nodeFlags(execArgv: readonly string[]): string[] {
  const flags: string[] = [];
  let tsx = false;
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const next = execArgv[i + 1];
    if (['--import', '--require', '--loader', '-r'].includes(arg) && next !== undefined) {
      i++;
      if (next === 'tsx' || /[\\/]node_modules[\\/]tsx[\\/]/.test(next)) tsx = true;
      else flags.push(arg, next);
    } else if (/[\\/]node_modules[\\/]tsx[\\/]/.test(arg) || /^--import=tsx$/.test(arg)) {
      tsx = true;
    } else {
      flags.push(arg);
    }
  }
  return tsx ? ['--import', 'tsx', ...flags] : flags;
}

/**
 * Writes `data` as JSON to bench/results/`file`, with the date, Node version, CPU and command
 * line. Returns the path written.
 */
export async function writeResults(file: string, data: unknown): Promise<string> {
  const target = path.resolve(RESULTS_DIR, file);
  if (path.dirname(target) !== RESULTS_DIR) {
    throw new Error(`results file must be a plain file name (got "${file}")`);
  }
  const cpuList = cpus();
  const record = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: { model: cpuList[0]?.model ?? 'unknown', count: cpuList.length },
    command: commandLine(),
    /** Where the API kept its data: the embedded server, or BENCH_COUCH_URL's (no password). */
    database: process.env.BENCH_COUCH_URL?.trim()
      ? withoutPassword(process.env.BENCH_COUCH_URL.trim())
      : 'embedded',
    data,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(target, JSON.stringify(record, null, 2) + '\n');
  return target;
}

/** Writes `data` as the run's results file and says where: `<benchmark>: results written to …`. */
export async function saveResults(benchmark: string, data: unknown): Promise<void> {
  const file = await writeResults(resultsFileName(benchmark), data);
  console.log(`\n${benchmark}: results written to ${path.relative(process.cwd(), file)}`);
}

/** A results file name with the time in it, e.g. `http-baseline-2025-01-31T10-00-00-000Z.json`. */
export function resultsFileName(benchmark: string, date = new Date()): string {
  return `${benchmark}-${date.toISOString().replace(/[:.]/g, '-')}.json`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * `promise`, or after `ms` a rejection naming `what` (a function: read when the time is up), and
 * `onTimeout` runs.
 */
export async function within<T>(
  ms: number,
  what: string | (() => string),
  promise: PromiseLike<T>,
  onTimeout?: () => void,
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      const name = typeof what === 'string' ? what : what();
      reject(new Error(`${name}: no result within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A fixed-width table: the first `left` columns left-aligned, the others right-aligned. */
export function formatColumns(header: string[], rows: string[][], left = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A setting from the environment, or `fallback`; a bad value stops the benchmark (exit 2). */
export function numberFromEnv(
  name: string,
  fallback: number,
  integer: boolean,
  min: number,
): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    console.error(`${name} must be a ${integer ? 'whole ' : ''}number >= ${min} (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The load settings the autocannon benchmarks share: BENCH_DURATION, BENCH_CONNECTIONS, BENCH_WARMUP. */
export function loadSettings() {
  return {
    durationSeconds: numberFromEnv('BENCH_DURATION', 10, false, 0.5),
    connections: numberFromEnv('BENCH_CONNECTIONS', 10, true, 1),
    warmupSeconds: numberFromEnv('BENCH_WARMUP', DEFAULT_WARMUP_SECONDS, false, 0),
  };
}
