/**
 * The gig-search benchmark's scenario (see ../gig-search.bench.ts): one size at a time, a fresh
 * API, the generated gigs written and indexed, every query checked, profiled one request at a
 * time and loaded with autocannon.
 */
import http from 'node:http';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { SERVER_DATABASES } from '@wayfarer/couch';
import { formatTable, measure, percentile, type MeasureResult } from '../lib/harness';
import { searchCandidates, searchGigs, type GigDoc } from '../../api/src/routes/gigs/gigs.service';
import { tokenize } from '../../api/src/routes/gigs/search-text';
import { gigSearchSchema, SEARCH_CANDIDATES } from '../../api/src/schemas';
import type { RunningServer } from '../../api/src/server';
import { databaseCpuMs } from '../lib/cpu';
import { prng } from '../lib/random';
import { startBenchApi } from '../lib/servers';
import {
  databaseLabel,
  dbFigure,
  externalCouch,
  isStillBuilding,
  settleDatabase,
  untilBuilt,
} from '../lib/couch-target';
import { CITIES, DEMO_AGENT_EMAILS, VOCABULARY, indexedTokens, makeGig } from './gigs';
import { QUERIES, sortFields, type Expected, type Query, type SortFields } from './queries';
import { cpuText, fmt, indent, perSecond, seconds, sizeLabel, table } from './report';
import {
  BARE,
  BATCH,
  NAME,
  PROFILE_WARMUP,
  SEED,
  connections,
  durationSeconds,
  loadKey,
  loadLabel,
  loads,
  dataDirRoot,
  searchCacheMs,
  prepLimitSeconds,
  profileRuns,
  warmupSeconds,
} from './settings';

const cpuDelta = (start: number | undefined, end: number | undefined) =>
  start === undefined || end === undefined ? undefined : end - start;

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await dirBytes(full);
    else if (entry.isFile()) {
      // A compaction may remove a file between the listing and its stat: it no longer counts.
      const size = await stat(full).then(
        (s) => s.size,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return 0;
          throw error;
        },
      );
      total += size;
    }
  }
  return total;
}

/** Disk use of the catalog database and of each of its view indexes (pouchdb-server layout). */
async function catalogDisk(couchDir: string): Promise<Record<string, number>> {
  const sizesOnDisk: Record<string, number> = {};
  for (const entry of await readdir(couchDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith(SERVER_DATABASES.catalog)) {
      sizesOnDisk[entry.name] = await dirBytes(path.join(couchDir, entry.name));
    }
  }
  return sizesOnDisk;
}

class TimeLimit extends Error {}

/**
 * One GET to the database server without a client time-out (nano's fetch gives up on headers
 * after 300 s; building a large view takes longer), abandoned when `deadline` passes.
 */
function databaseGet(couchUrl: string, pathname: string, deadline: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(couchUrl + pathname), (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) {
          // The status and the answer's `error`, as nano's errors carry them (isStillBuilding).
          let couchError: unknown;
          try {
            couchError = (JSON.parse(text) as { error?: unknown }).error;
          } catch {
            couchError = undefined;
          }
          reject(
            Object.assign(
              new Error(`${pathname} answered ${response.statusCode}: ${text.slice(0, 200)}`),
              { statusCode: response.statusCode, error: couchError },
            ),
          );
        } else resolve(JSON.parse(text));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    const timer = setTimeout(
      () => {
        request.destroy();
        reject(new TimeLimit(`${pathname}: time limit passed`));
      },
      Math.max(0, deadline - Date.now()),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// State for the clean-up (a signal or the watchdog can come at any point).

let api: RunningServer | undefined;
const tempDirs = new Set<string>();

async function closeApi(): Promise<void> {
  const running = api;
  api = undefined;
  await running?.close(2000).catch(() => undefined);
  await Promise.allSettled([...tempDirs].map((d) => rm(d, { recursive: true, force: true })));
  tempDirs.clear();
}

// ---------------------------------------------------------------------------------------------
// One size.

interface Prep {
  gigs: number;
  write_ms: number;
  write_docs_per_sec: number;
  write_database_cpu_ms: number | undefined;
  /** Rows the search view emits (two per word of a gig: under its service and under '*'). */
  search_rows: number;
  search_index_ms: number;
  search_rows_per_sec: number;
  search_index_database_cpu_ms: number | undefined;
  browse_rows: number;
  browse_index_ms: number;
  browse_index_database_cpu_ms: number | undefined;
  /** Rows of gigsort/sorted (four a gig: by price and by date, under its service and '*'). */
  sorted_rows: number;
  sorted_index_ms: number;
  sorted_index_database_cpu_ms: number | undefined;
  /** When the time limit stopped the indexing: how long it had run. */
  index_unfinished_ms: number | undefined;
  /** Then: the search index's build time extrapolated from the previous size's rows/s. */
  search_index_estimate_ms: number;
  index_unfinished_database_cpu_ms: number | undefined;
  /** Then: the database CPU the whole search index needs, at the previous size's CPU per row. */
  search_index_estimate_database_cpu_ms: number;
  disk_bytes: Record<string, number>;
  expected: Record<string, Expected>;
}

interface ProfileRow {
  query: string;
  part: string;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** CPU time of the database server's process per call (all calls of the part averaged). */
  database_cpu_ms: number | undefined;
  note?: string;
}

interface SizeResult {
  gigs: number;
  status: 'measured' | 'not measured';
  reason?: string;
  prep: Partial<Prep>;
  checks: Record<string, { total: number; shown: number; total_capped: boolean }>;
  profile: ProfileRow[];
  rows: (MeasureResult & { query: string; database_cpu_ms_per_request: number | undefined })[];
  load_average: { start: number; end: number };
}

async function ownerIds(running: RunningServer): Promise<string[]> {
  const users = running.deps.couch.db('users');
  const ids: string[] = [];
  for (const email of DEMO_AGENT_EMAILS) {
    const reservation = (await users.get(`email:${email}`)) as unknown as { user_id: string };
    ids.push(reservation.user_id);
  }
  return ids;
}

async function writeGigs(
  running: RunningServer,
  count: number,
  deadline: number,
  prep: Partial<Prep>,
  /** false: the gigs are already in a reused database; generate them only for the expectations. */
  write = true,
): Promise<void> {
  const catalog = running.deps.couch.db('catalog');
  const owners = await ownerIds(running);
  const rng = prng(SEED);
  const expected: Record<string, Expected> = Object.fromEntries(
    QUERIES.map((q) => [q.name, { range: 0, matches: 0 }]),
  );
  const sortedMatches = new Map(
    QUERIES.filter((q) => q.order).map((q) => [q.name, [] as SortFields[]]),
  );
  let searchRows = 0;
  let written = 0;
  let writeMs = 0;
  let lastReport = Date.now();
  const dbPid = running.deps.couch.embedded?.pid;
  const cpuStart = await databaseCpuMs(dbPid);
  while (written < count) {
    const docs: GigDoc[] = [];
    for (let i = 0; i < Math.min(BATCH, count - written); i++) {
      const doc = makeGig(rng, owners);
      const tokens = new Set(indexedTokens(doc));
      searchRows += 2 * tokens.size;
      for (const q of QUERIES) {
        if (!q.inRange(doc, tokens)) continue;
        expected[q.name]!.range += 1;
        if (!q.passes(doc)) continue;
        expected[q.name]!.matches += 1;
        if (q.order) sortedMatches.get(q.name)!.push(sortFields(doc));
      }
      docs.push(doc);
    }
    const started = performance.now();
    const results = write ? await catalog.bulk({ docs: docs as never[] }) : [];
    writeMs += performance.now() - started;
    const failed = results.filter((r) => r.error);
    if (failed.length) {
      throw new Error(`_bulk_docs refused ${failed.length} gigs: ${JSON.stringify(failed[0])}`);
    }
    written += docs.length;
    prep.gigs = written;
    prep.write_ms = writeMs;
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      console.log(
        `  … ${fmt(written)} gigs written in ${seconds(writeMs)} s ` +
          `(${fmt(perSecond(written, writeMs))} docs/s)`,
      );
    }
    if (Date.now() > deadline) {
      throw new TimeLimit(`writing: ${fmt(written)} of ${fmt(count)} gigs written`);
    }
  }
  for (const q of QUERIES) {
    if (q.order)
      expected[q.name]!.first = sortedMatches
        .get(q.name)!
        .sort(q.order)
        .slice(0, 20)
        .map((g) => g.id);
  }
  prep.write_docs_per_sec = perSecond(written, writeMs);
  prep.write_database_cpu_ms = cpuDelta(cpuStart, await databaseCpuMs(dbPid));
  prep.search_rows = searchRows;
  prep.browse_rows = 2 * count;
  prep.sorted_rows = 4 * count;
  prep.expected = expected;
}

/** Queries a view once (limit 1), which waits until its index has caught up with every gig. */
async function buildView(
  running: RunningServer,
  view: 'gigs/search' | 'gigs/browse' | 'gigsort/sorted' | 'gigword/sorted',
  deadline: number,
): Promise<{ ms: number; cpu: number | undefined }> {
  const dbPid = running.deps.couch.embedded?.pid;
  const cpuStart = await databaseCpuMs(dbPid);
  const started = performance.now();
  const progress = setInterval(() => {
    void databaseCpuMs(dbPid).then((cpu) =>
      console.log(
        `  … building ${view}: ${seconds(performance.now() - started)} s, ` +
          `database CPU ${cpuText(cpuDelta(cpuStart, cpu))}`,
      ),
    );
  }, 60_000);
  try {
    // Asked again while CouchDB 3.4 answers 500 timeout (or 503) during a long build.
    await untilBuilt(
      view,
      () =>
        databaseGet(
          running.deps.couch.url,
          `/${SERVER_DATABASES.catalog}/_design/${view.replace('/', '/_view/')}?limit=1`,
          deadline,
        ),
      { limitMs: Math.max(0, deadline - Date.now()), onRetry: () => undefined },
    ).catch((error: unknown) => {
      throw isStillBuilding(error) ? new TimeLimit(`${view}: still being built`) : error;
    });
  } finally {
    clearInterval(progress);
  }
  return {
    ms: performance.now() - started,
    cpu: cpuDelta(cpuStart, await databaseCpuMs(dbPid)),
  };
}

interface SearchBody {
  data: { id: string; owner: { id: string } }[];
  meta: { total: number; total_capped: boolean };
}

/** One request: 200, results, and the total the generated gigs predict. */
async function checkQuery(apiUrl: string, q: Query, expected: Expected): Promise<SearchBody> {
  const url = `${apiUrl}/api/gigs?${q.qs}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as SearchBody;
  // Sorted by relevance, the search reads the range only until the page and one more row
  // matched (search-window.ts): then the total counts the matches read so far (total_capped),
  // at most all of them and more than the page. Read to its end, the total is exact.
  const problems: string[] = [];
  if (body.data.length === 0) problems.push('no results');
  if (body.meta.total_capped) {
    if (body.meta.total > expected.matches || body.meta.total <= body.data.length) {
      problems.push(
        `total ${body.meta.total} (capped): expected more than the page and at most ${expected.matches}`,
      );
    }
    if (expected.range <= body.meta.total) {
      problems.push(`total_capped although the range holds only ${expected.range} gigs`);
    }
  } else if (body.meta.total !== expected.matches) {
    problems.push(`total ${body.meta.total}, expected ${expected.matches}`);
  }
  if (body.data.length !== Math.min(20, body.meta.total)) {
    problems.push(`${body.data.length} results on the first page of ${body.meta.total}`);
  }
  // Sorted: exactly the first 20 of all the matching generated gigs, in order.
  const shown = body.data.map((g) => g.id);
  if (expected.first && shown.join() !== expected.first.join()) {
    const at = expected.first.findIndex((id, i) => id !== shown[i]);
    problems.push(
      `first page differs from the true order at row ${at + 1}: ` +
        `${shown[at] ?? 'nothing'} instead of ${expected.first[at]}`,
    );
  }
  if (problems.length) throw new Error(`${url}: ${problems.join('; ')}`);
  return body;
}

async function timeRuns(
  run: () => Promise<unknown>,
  dbPid: number | undefined,
): Promise<{ times: number[]; databaseCpuMs: number | undefined }> {
  for (let i = 0; i < PROFILE_WARMUP; i++) await run();
  const times: number[] = [];
  const cpuStart = await databaseCpuMs(dbPid);
  for (let i = 0; i < profileRuns; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const cpu = cpuDelta(cpuStart, await databaseCpuMs(dbPid));
  return { times, databaseCpuMs: cpu === undefined ? undefined : cpu / profileRuns };
}

/** Each part of a search, one request at a time (no load), timed here to the hundredth of a ms. */
async function profile(running: RunningServer, apiUrl: string): Promise<ProfileRow[]> {
  const catalog = running.deps.couch.db('catalog');
  const users = running.deps.couch.db('users');
  const dbPid = running.deps.couch.embedded?.pid;
  const rows: ProfileRow[] = [];
  for (const q of QUERIES) {
    const query = gigSearchSchema.parse(Object.fromEntries(new URLSearchParams(q.qs)));
    const first = await searchGigs(running.deps, query);
    const pageKeys = first.data.map((g) => `gig:${g.id}`);
    const ownerKeys = [...new Set(first.data.map((g) => `user:${g.owner.id}`))];
    const word = query.q ? tokenize(query.q)[0] : undefined;
    const scope = query.service ?? '*';
    const readRange = (limit: number) =>
      word
        ? catalog.view('gigs', 'search', {
            startkey: [word, scope],
            endkey: [word, scope, {}],
            limit,
          })
        : catalog.view('gigs', 'browse', { startkey: [scope], endkey: [scope, {}], limit });
    const view = `gigs/${word ? 'search' : 'browse'}`;
    const range = await readRange(SEARCH_CANDIDATES + 1);
    const candidates = await searchCandidates(running.deps, query);
    const parts: [string, () => Promise<unknown>, string?][] = [
      [
        `candidates (${q.order ? 'search-plan' : view})`,
        () => searchCandidates(running.deps, query),
        `as searchGigs reads them (${candidates.plan}): ${fmt(candidates.rowsRead)} rows in ` +
          `${candidates.reads} read${candidates.reads === 1 ? '' : 's'}, ` +
          `${candidates.matches.length} kept`,
      ],
      [
        `view read, whole window`,
        () => readRange(SEARCH_CANDIDATES + 1),
        `${range.rows.length} rows, ${fmt(JSON.stringify(range).length / 1024)} KiB (the relevance cap)`,
      ],
      [`view read, 20 rows only`, () => readRange(20), 'for the cost per row'],
      ['page documents', () => catalog.fetch({ keys: pageKeys }), `${pageKeys.length} docs`],
      ['owners', () => users.fetch({ keys: ownerKeys }), `${ownerKeys.length} users`],
      ['searchGigs (all of it)', () => searchGigs(running.deps, query)],
      [
        'HTTP GET /api/gigs',
        () => fetch(`${apiUrl}/api/gigs?${q.qs}`).then((r) => r.arrayBuffer()),
      ],
    ];
    for (const [part, run, note] of parts) {
      const { times, databaseCpuMs: cpu } = await timeRuns(run, dbPid);
      rows.push({
        query: q.name,
        part,
        p50_ms: percentile(times, 50),
        p99_ms: percentile(times, 99),
        max_ms: Math.max(...times),
        database_cpu_ms: cpu,
        ...(note ? { note } : {}),
      });
    }
  }
  return rows;
}

/** What a kept database holds: checked before it is reused (BENCH_GIG_DATA_DIR). */
interface PreparedMarker {
  gigs: number;
  seed: number;
  words: number;
  cities: number;
  prepared_at: string;
}

const MARKER = 'bench-gig-search-prepared.json';

function preparedMarker(count: number): PreparedMarker {
  return {
    gigs: count,
    seed: SEED,
    words: VOCABULARY.length,
    cities: CITIES.length,
    prepared_at: new Date().toISOString(),
  };
}

/** The marker of a kept database written and indexed by an earlier run, if it matches. */
async function reusable(dataDir: string, count: number): Promise<PreparedMarker | undefined> {
  let found: PreparedMarker;
  try {
    found = JSON.parse(await readFile(path.join(dataDir, MARKER), 'utf8')) as PreparedMarker;
  } catch {
    return undefined;
  }
  const wanted = preparedMarker(count);
  for (const key of ['gigs', 'seed', 'words', 'cities'] as const) {
    if (found[key] !== wanted[key]) {
      throw new Error(
        `${dataDir} was prepared with ${key} ${found[key]}, this run needs ${wanted[key]}: ` +
          'remove it or choose another BENCH_GIG_DATA_DIR',
      );
    }
  }
  return found;
}

async function runSize(
  count: number,
  bareUrl: string,
  previous: SizeResult | undefined,
): Promise<SizeResult> {
  const result: SizeResult = {
    gigs: count,
    status: 'not measured',
    prep: {},
    checks: {},
    profile: [],
    rows: [],
    load_average: { start: loadavg()[0]!, end: 0 },
  };
  try {
    // BENCH_COUCH_URL: the gigs are written to that server through HTTP every run (its databases
    // are emptied as each API starts), so there is no data directory to keep.
    const dataDir =
      dataDirRoot && !externalCouch
        ? path.join(path.resolve(dataDirRoot), String(count))
        : undefined;
    if (dataDirRoot && externalCouch) {
      console.log(
        `${NAME}: BENCH_GIG_DATA_DIR does not apply to BENCH_COUCH_URL: writing the gigs`,
      );
    }
    const reused = dataDir ? await reusable(dataDir, count) : undefined;
    // A kept directory without its marker is an unfinished preparation: start it again.
    if (dataDir && !reused) await rm(dataDir, { recursive: true, force: true });
    console.log(
      `\n${NAME}: ${sizeLabel(count)}: ` +
        (reused
          ? `starting an API on the database prepared at ${reused.prepared_at} in ${dataDir}…`
          : `starting a fresh API (${databaseLabel()}${dataDir ? ` in ${dataDir}, kept` : ''})…`),
    );
    const started = await startBenchApi({
      dataDir,
      env: {
        SEED_DEMO: 'true',
        // The services and agents, not the demo gigs: the data set is the generated one alone.
        SEED_DEMO_GIGS: 'false',
        RATE_LIMIT_PER_IP: '1000000',
        // The search itself, every request (default): the queries repeat, so shared answers
        // (SEARCH_CACHE_MS) would measure the cache. BENCH_SEARCH_CACHE_MS measures with it.
        SEARCH_CACHE_MS: searchCacheMs,
      },
      keep: (dir) => tempDirs.add(dir),
    });
    const running = started.running;
    api = running;
    const apiUrl = started.url;
    const deadline = Date.now() + prepLimitSeconds * 1000;
    const prep = result.prep;
    let indexStarted: number | undefined;
    let indexCpuStart: number | undefined;

    try {
      await writeGigs(running, count, deadline, prep, !reused);
      if (reused) console.log(`  reused ${fmt(count)} gigs (generated again for the expectations)`);
      else
        console.log(
          `  wrote ${fmt(count)} gigs in ${seconds(prep.write_ms!)} s ` +
            `(${fmt(prep.write_docs_per_sec!)} docs/s, ${fmt(BATCH)} a batch; ` +
            `database CPU ${cpuText(prep.write_database_cpu_ms)})`,
        );
      indexStarted = Date.now();
      indexCpuStart = await databaseCpuMs(running.deps.couch.embedded?.pid);
      // A design document changed since a reused database was prepared is built under its staged
      // name and swapped in after the API starts (ARCHITECTURE.md, design documents): until then
      // the views below would answer from the old version, with the build running under the load.
      const swapStarted = performance.now();
      const swap = await running.designSwap.done;
      if (swap.failed.length) {
        throw new Error(
          `design documents left staged: ${swap.failed.map((f) => f.label).join(', ')}`,
        );
      }
      if (swap.swapped.length) {
        console.log(
          `  built and swapped in ${swap.swapped.join(', ')} in ${seconds(performance.now() - swapStarted)} s`,
        );
      }
      const search = await buildView(running, 'gigs/search', deadline);
      prep.search_index_ms = search.ms;
      prep.search_rows_per_sec = perSecond(prep.search_rows!, search.ms);
      prep.search_index_database_cpu_ms = search.cpu;
      console.log(
        `  indexed gigs/search in ${seconds(search.ms)} s: ${fmt(prep.search_rows!)} rows ` +
          `(${fmt(prep.search_rows! / count)} a gig), ${fmt(prep.search_rows_per_sec)} rows/s, ` +
          `${fmt(perSecond(count, search.ms))} gigs/s; database CPU ${cpuText(search.cpu)}`,
      );
      const browse = await buildView(running, 'gigs/browse', deadline);
      prep.browse_index_ms = browse.ms;
      prep.browse_index_database_cpu_ms = browse.cpu;
      console.log(
        `  indexed gigs/browse in ${seconds(browse.ms)} s: ${fmt(prep.browse_rows!)} rows, ` +
          `${fmt(perSecond(count, browse.ms))} gigs/s; database CPU ${cpuText(browse.cpu)}`,
      );
      const sorted = await buildView(running, 'gigsort/sorted', deadline);
      prep.sorted_index_ms = sorted.ms;
      prep.sorted_index_database_cpu_ms = sorted.cpu;
      console.log(
        `  indexed gigsort/sorted in ${seconds(sorted.ms)} s: ${fmt(prep.sorted_rows!)} rows, ` +
          `${fmt(perSecond(count, sorted.ms))} gigs/s; database CPU ${cpuText(sorted.cpu)}`,
      );
      // A word's own rows by price and by date under the gig's service and under '*': four a
      // word of a gig, twice the rows of gigs/search (two a word).
      const words = await buildView(running, 'gigword/sorted', deadline);
      console.log(
        `  indexed gigword/sorted in ${seconds(words.ms)} s: ${fmt(2 * prep.search_rows!)} rows, ` +
          `${fmt(perSecond(count, words.ms))} gigs/s; database CPU ${cpuText(words.cpu)}`,
      );
      if (dataDir && !reused) {
        await writeFile(path.join(dataDir, MARKER), JSON.stringify(preparedMarker(count)));
      }
    } catch (error) {
      if (!(error instanceof TimeLimit)) throw error;
      const indexMs = indexStarted === undefined ? undefined : Date.now() - indexStarted;
      prep.index_unfinished_ms = indexMs;
      if (indexMs !== undefined) {
        prep.index_unfinished_database_cpu_ms = cpuDelta(
          indexCpuStart,
          await databaseCpuMs(running.deps.couch.embedded?.pid),
        );
      }
      // Indexing time grows with the rows emitted: extrapolate from the size before this one,
      // by its rows per second (on this machine, as loaded then) and by its database CPU per row
      // (what the index needs with a whole core to itself).
      const rate = previous?.prep.search_rows_per_sec;
      const cpuPerRow =
        previous?.prep.search_index_database_cpu_ms !== undefined && previous.prep.search_rows
          ? previous.prep.search_index_database_cpu_ms / previous.prep.search_rows
          : undefined;
      if (rate && prep.search_rows) {
        prep.search_index_estimate_ms = (prep.search_rows / rate) * 1000;
      }
      if (cpuPerRow !== undefined && prep.search_rows) {
        prep.search_index_estimate_database_cpu_ms = cpuPerRow * prep.search_rows;
      }
      result.reason =
        `preparation passed BENCH_GIG_PREP_LIMIT (${prepLimitSeconds} s): ${error.message}; ` +
        `${fmt(prep.gigs ?? 0)} gigs written in ${seconds(prep.write_ms ?? 0)} s ` +
        `(${fmt(perSecond(prep.gigs ?? 0, prep.write_ms ?? 0))} docs/s)` +
        (indexMs === undefined
          ? ''
          : `; gigs/search (${fmt(prep.search_rows ?? 0)} rows) unfinished after ` +
            `${seconds(indexMs)} s` +
            (prep.search_index_estimate_ms === undefined
              ? ''
              : `, would take ~${(prep.search_index_estimate_ms / 60_000).toFixed(1)} min at the ` +
                `${fmt(rate!)} rows/s of ${sizeLabel(previous!.gigs)}`) +
            (prep.index_unfinished_database_cpu_ms === undefined
              ? ''
              : ` (database CPU so far ${cpuText(prep.index_unfinished_database_cpu_ms)}, ` +
                `${Math.round((100 * prep.index_unfinished_database_cpu_ms) / indexMs)} % of a core` +
                (prep.search_index_estimate_database_cpu_ms === undefined
                  ? ')'
                  : `; the whole index needs ~${(prep.search_index_estimate_database_cpu_ms / 60_000).toFixed(1)} ` +
                    `min of database CPU at the ${(cpuPerRow! * 1000).toFixed(0)} µs a row of ` +
                    `${sizeLabel(previous!.gigs)})`)));
      console.error(`  ${sizeLabel(count)} not measured: ${result.reason}`);
      return result;
    }
    // Read from the embedded server's files; an external server's are not this machine's.
    if (!externalCouch) prep.disk_bytes = await catalogDisk(running.deps.paths.couchDir);
    // BENCH_COUCH_URL: every view built and the written databases compacted before measuring.
    await settleDatabase(NAME, {
      compact: [running.deps.couch.databases.catalog, running.deps.couch.databases.users],
      limitMs: prepLimitSeconds * 1000,
    });

    for (const q of QUERIES) {
      const expected = prep.expected![q.name]!;
      const body = await checkQuery(apiUrl, q, expected);
      result.checks[q.name] = {
        total: body.meta.total,
        shown: body.data.length,
        total_capped: body.meta.total_capped,
      };
      console.log(
        `  ${q.name.padEnd(18)} GET /api/gigs?${q.qs}: index range ${fmt(expected.range)} gigs, ` +
          `total ${fmt(body.meta.total)}${body.meta.total_capped ? ' (capped)' : ''}` +
          ` of ${fmt(expected.matches)} matching gigs, ${body.data.length} on the page`,
      );
    }

    result.profile = await profile(running, apiUrl);
    console.log(
      `\n  One request at a time (${profileRuns} each, after ${PROFILE_WARMUP} discarded), ms:`,
    );
    console.log(
      indent(
        table(
          ['query', 'part', 'p50', 'p99', 'max', 'database CPU', 'size'],
          result.profile.map((r) => [
            r.query,
            r.part,
            r.p50_ms.toFixed(2),
            r.p99_ms.toFixed(2),
            r.max_ms.toFixed(2),
            dbFigure(r.database_cpu_ms, (v) => v.toFixed(1)),
            r.note ?? '',
          ]),
          2,
        ),
      ),
    );

    const load = loadavg()[0]!;
    console.log(
      `\n  Loading, one at a time: ${loads.map(loadLabel).join(', then ')}, ${warmupSeconds} s warm-up + ` +
        `${durationSeconds} s each (load average ${load.toFixed(2)}` +
        `${load > cpus().length ? `, above the ${cpus().length} cores: figures will be noisy` : ''})`,
    );
    const dbPid = running.deps.couch.embedded?.pid;
    const targets = [
      { query: 'bare', name: BARE, url: `${bareUrl}/json`, load: connections },
      ...QUERIES.flatMap((q) =>
        loads.map((load) => ({
          query: loadKey(q.name, load),
          name: `${q.name} ${sizeLabel(count)}${load === connections ? '' : ` ${loadLabel(load)}`}`,
          url: `${apiUrl}/api/gigs?${q.qs}`,
          paths: q.variants?.map((qs) => `/api/gigs?${qs}`),
          load,
        })),
      ),
    ];
    for (const t of targets) {
      const cpuStart = await databaseCpuMs(dbPid);
      const row = await measure(t.name, {
        url: t.url,
        ...('paths' in t && t.paths ? { paths: t.paths } : {}),
        connections: t.load,
        durationSeconds,
        warmupSeconds,
      });
      const cpu = cpuDelta(cpuStart, await databaseCpuMs(dbPid));
      // The database's CPU covers the warm-up too: divide by the requests of both runs.
      const warmShare = warmupSeconds > 0 ? (durationSeconds + warmupSeconds) / durationSeconds : 1;
      const dbPerRequest =
        t.query === 'bare' || cpu === undefined || row.total === 0
          ? undefined
          : cpu / (row.total * warmShare);
      result.rows.push({ ...row, query: t.query, database_cpu_ms_per_request: dbPerRequest });
      console.log(
        `  ${t.name}: ${row.requests_per_sec.toFixed(0)} req/s, p50 ${row.p50_ms} ms, ` +
          `p99 ${row.p99_ms} ms, ${row.total} requests, ${row.errors} errors, ` +
          `${row.non2xx} non-2xx` +
          (dbPerRequest === undefined
            ? ''
            : `, database CPU ~${dbPerRequest.toFixed(1)} ms a request`),
      );
    }
    // The same answers after the load as before it.
    for (const q of QUERIES) await checkQuery(apiUrl, q, prep.expected![q.name]!);
    console.log('');
    console.log(indent(formatTable(result.rows, BARE)));
    result.status = 'measured';
    return result;
  } finally {
    result.load_average.end = loadavg()[0]!;
    await closeApi();
  }
}

export { closeApi, runSize };
export type { SizeResult };
