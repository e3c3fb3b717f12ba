/**
 * The gig-search benchmark's settings (see ../gig-search.bench.ts): constants, and what the
 * environment sets (sizes, durations, connections, profile runs, the preparation limit).
 */
import { loadSettings, numberFromEnv } from '../lib/harness';

const NAME = 'gig-search';
const BARE = 'bare hono GET /json';
const BATCH = 1000;
const SEED = 0x9e3779b9;
const TARGET_P99_RATIO = 2;
const TARGET_P99_MS = 100;
const TARGET_SIZE = 100_000;
/** Requests before the timed ones in the one-at-a-time profile (discarded). */
const PROFILE_WARMUP = 5;

// ---------------------------------------------------------------------------------------------
// Settings.

function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_GIG_SIZES?.trim() || '1000,10000,100000';
  const sizes = raw.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 100 || n > 1_000_000)) {
    console.error(`BENCH_GIG_SIZES must be whole numbers from 100 to 1,000,000 (got "${raw}")`);
    process.exit(2);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

const sizes = sizesFromEnv();
const { durationSeconds, connections, warmupSeconds } = loadSettings();
/**
 * Each query is loaded at BENCH_CONNECTIONS, then at one connection: requests one after another,
 * the latency of a search that does not queue behind others.
 */
const loads = [...new Set([connections, 1])];
/** A query's row name at a load: the query alone at BENCH_CONNECTIONS. */
const loadKey = (query: string, load: number) =>
  load === connections ? query : `${query}@${load}`;
const loadLabel = (load: number) => `${load} connection${load === 1 ? '' : 's'}`;
const profileRuns = numberFromEnv('BENCH_GIG_PROFILE_RUNS', 40, true, 1);
const prepLimitSeconds = numberFromEnv('BENCH_GIG_PREP_LIMIT', 1200, false, 10);
/**
 * Where to keep each size's prepared database (`<dir>/<size>`) and reuse it on later runs, so that
 * the long preparation (about an hour for 100,000 gigs on a loaded machine) can be done once and
 * the measurement repeated when the machine is quiet. Unset: a fresh temporary directory a size.
 */
const dataDirRoot = process.env.BENCH_GIG_DATA_DIR?.trim() || undefined;
/**
 * The API's SEARCH_CACHE_MS: 0 (default) measures every search read from the database; the
 * API's default, 1000, measures repeated searches as production serves them (issue 21).
 */
const searchCacheMs = String(numberFromEnv('BENCH_SEARCH_CACHE_MS', 0, true, 0));

export {
  NAME,
  searchCacheMs,
  BARE,
  BATCH,
  SEED,
  TARGET_P99_RATIO,
  TARGET_P99_MS,
  TARGET_SIZE,
  PROFILE_WARMUP,
  sizes,
  durationSeconds,
  connections,
  loads,
  loadKey,
  loadLabel,
  warmupSeconds,
  profileRuns,
  prepLimitSeconds,
  dataDirRoot,
};
