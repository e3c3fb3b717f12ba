/**
 * Gig search: how `GET /api/gigs` (search and browse) scales with the number of gigs, as ratios
 * against the same query on 1,000 gigs, measured in the same run.
 *
 * For each size N in BENCH_GIG_SIZES (default 1,000, 10,000 and 100,000), one after another:
 *   1. starts, in this process, a fresh real API (`startServer`, embedded database on a fresh
 *      temporary data directory, demo data seeded so the 8 services and the demo agents exist,
 *      logging off, `NODE_ENV=production`);
 *   2. writes N active gigs straight into the catalog database through the admin connection
 *      (`_bulk_docs`, 1,000 a batch), in the shape the API stores (`GigDoc` in gigs.service.ts):
 *      generated with a seeded PRNG, so every run writes the same gigs; titles and descriptions
 *      are drawn from a few hundred travel words with a Zipf distribution (common words common),
 *      destinations from ~150 cities, languages from 15, 1–3 packages;
 *   3. builds the views the search reads (`gigs/search`, `gigs/browse`, `gigsort/sorted`) with
 *      one query each and reports how long that took (information, not a target);
 *   4. checks every measured query once (200, results, and the total the generated gigs predict:
 *      exact when the search read its range to the end, otherwise `total_capped` with a total
 *      above the page and at most the matching gigs), times its parts one request at a time
 *      in-process (the candidates as `searchGigs` reads them and which way, the 301-row window
 *      of the relevance cap, 20 rows, the page's documents, the owners, `searchGigs` as a whole,
 *      one HTTP request), then loads, one at a time with autocannon: the bare Hono `GET /json` of
 *      http-baseline (context: the machine's HTTP floor at that moment), and the queries, each
 *      at BENCH_CONNECTIONS and then at one connection (requests one after another: a search's
 *      latency when it does not queue behind others):
 *        broad   q=<the most frequent word>&service=chef&max_price=50000   the issue's query
 *        narrow  q=<a word of rank 100>&language=Spanish
 *        mixed   400 searches like broad taking turns (the 50 most frequent words x the 8
 *                services): pages the API has not all kept copies of
 *        browse  service=chef&max_price=50000 (no text)
 *      and sorted queries, exact over every match, whose first page must be the first 20 of
 *      the matching generated gigs in order: broad in the four orders (price_asc, price_desc,
 *      newest, rating), a mid-frequency word with a language filter by price, a rare word under
 *      one service by date, no text by price and by rating, and the mixed searches sorted;
 *   5. closes the server and removes its data directory before the next size.
 * Then it prints, per query, req/s, p50 and p99 at each N with the ratios against the same
 * query at the smallest N (1,000 by default: the baseline), and the issue's targets for the
 * broad query: p99 at 100,000 gigs at most 2x p99 at 1,000, and under 100 ms, at each load
 * (printed as met or MISSED; a missed target is not a failure, figures depend on the machine).
 *
 * Run:    npm run bench -- gig-search
 *    or:  npx tsx bench/gig-search.bench.ts
 * Options (environment): BENCH_GIG_SIZES comma-separated sizes (default 1000,10000,100000),
 * BENCH_DURATION seconds per measured query (default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_GIG_QUERIES the queries to measure (names, comma-separated; default all),
 * BENCH_WARMUP seconds of discarded warm-up (default 2), BENCH_GIG_PROFILE_RUNS requests per
 * part in the one-at-a-time profile (default 40), BENCH_GIG_PREP_LIMIT seconds allowed for
 * writing and indexing one size (default 1200; past it that size and the larger ones are not
 * measured and the run fails).
 * Exits 1 if any request failed (error, non-2xx, no results, a wrong total) or a size could not
 * be prepared within its limit.
 *
 * Layout: this file holds the run (watchdog, signals, main and its summary tables); gig-search/
 * holds the rest, each function moved there whole: settings.ts (constants and environment),
 * gigs.ts (the generated gigs), queries.ts (the query table: each row's URL, range and order),
 * scenario.ts (one size: the API, writing, indexing, checks, profile and load) and report.ts
 * (formats, row names, targets).
 */
import path from 'node:path';
import {
  formatMs,
  formatRatio,
  formatTable,
  ratio,
  resultsFileName,
  writeResults,
} from './lib/harness';
import { guardedRun } from './lib/lifecycle';
import { closeBare, startBare } from './lib/servers';
import { dbFigure, EXTERNAL_NA, externalCouch } from './lib/couch-target';
import { CITIES, VOCABULARY } from './gig-search/gigs';
import { BROAD_WORD, NARROW_WORD, QUERIES } from './gig-search/queries';
import {
  describeKey,
  evaluateTargets,
  fmt,
  loadKeys,
  queryTitle,
  seconds,
  sizeLabel,
  table,
} from './gig-search/report';
import { closeApi, runSize, type SizeResult } from './gig-search/scenario';
import {
  BARE,
  BATCH,
  NAME,
  PROFILE_WARMUP,
  SEED,
  TARGET_P99_MS,
  TARGET_P99_RATIO,
  TARGET_SIZE,
  connections,
  durationSeconds,
  loadLabel,
  loads,
  prepLimitSeconds,
  profileRuns,
  sizes,
  warmupSeconds,
} from './gig-search/settings';

// Bounded in time: per size, the preparation limit, the measured runs, the profile and room for
// start-up and shutdown.
const perSizeMs =
  (prepLimitSeconds +
    (1 + QUERIES.length * loads.length) * (durationSeconds + warmupSeconds) +
    180) *
    1000 +
  QUERIES.length * 7 * (profileRuns + PROFILE_WARMUP) * 1000;
const limitMs = sizes.length * perSizeMs + 120_000;
const { leftovers, finish } = guardedRun(NAME, limitMs);
// The size's API and its folders (a signal or the watchdog can come at any point).
leftovers.closeAtEnd(closeApi);

async function main(): Promise<number> {
  console.log(
    `${NAME}: sizes ${sizes.map(fmt).join(', ')} gigs; ${VOCABULARY.length} words ` +
      `(broad word "${BROAD_WORD}", rank 1; narrow word "${NARROW_WORD}", rank 100), ` +
      `${CITIES.length} cities; preparation limit ${prepLimitSeconds} s a size`,
  );
  const started = await startBare();
  leftovers.closeAtEnd(() => closeBare(started.server));

  const results: SizeResult[] = [];
  let failed = false;
  for (const count of sizes) {
    const result = await runSize(count, started.url, results.at(-1));
    results.push(result);
    if (result.status !== 'measured') {
      failed = true;
      const skipped = sizes.filter((n) => n > count);
      if (skipped.length)
        console.error(`  skipping the larger sizes: ${skipped.map(fmt).join(', ')}`);
      break;
    }
    const bad = result.rows.filter((r) => r.errors > 0 || r.non2xx > 0);
    for (const r of bad) {
      console.error(`${NAME}: ${r.name} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
    }
    if (bad.length) failed = true;
  }

  const measured = results.filter((r) => r.status === 'measured');
  if (measured.length) {
    const baseGigs = measured[0]!.gigs;
    console.log(
      `\n${NAME}: per query, against the same query at ${sizeLabel(baseGigs)} (the baseline); ` +
        `the bare Hono route at each size for context`,
    );
    for (const q of [...loadKeys(), 'bare']) {
      const rows = measured.map((r) => {
        const row = r.rows.find((x) => x.query === q)!;
        return { ...row, name: sizeLabel(r.gigs) };
      });
      const title = q === 'bare' ? `${BARE} (${loadLabel(connections)})` : queryTitle(q);
      console.log(`\n${title}`);
      console.log(formatTable(rows, sizeLabel(baseGigs)));
      // CPU time is less sensitive than latency to what else the machine is doing.
      const cpu = rows.map((r) => r.database_cpu_ms_per_request);
      if (cpu.every((c) => c !== undefined)) {
        console.log(
          'database CPU a request: ' +
            rows
              .map(
                (r, i) =>
                  `${r.name} ${cpu[i]!.toFixed(1)} ms (${formatRatio(ratio(cpu[i]!, cpu[0]!))})`,
              )
              .join(', '),
        );
      }
    }
  }
  if (results.length) {
    const cell = (value: number | undefined, show: (v: number) => string) =>
      value === undefined ? '-' : show(value);
    console.log('\nWriting and indexing (views built after writing; information, not a target):');
    console.log(
      table(
        [
          'gigs',
          'write s',
          'docs/s',
          'search rows',
          'search s',
          'rows/s',
          'db CPU s',
          'browse s',
          'sorted s',
          'sorted db CPU s',
          'disk MiB',
        ],
        results.map((r) => [
          fmt(r.gigs),
          cell(r.prep.write_ms, seconds),
          cell(r.prep.write_docs_per_sec, fmt),
          cell(r.prep.search_rows, fmt),
          r.prep.search_index_ms !== undefined
            ? seconds(r.prep.search_index_ms)
            : r.prep.index_unfinished_ms !== undefined
              ? `>${seconds(r.prep.index_unfinished_ms)}`
              : '-',
          cell(r.prep.search_rows_per_sec, fmt),
          r.status === 'measured' || r.prep.search_index_database_cpu_ms !== undefined
            ? dbFigure(r.prep.search_index_database_cpu_ms, seconds)
            : '-',
          cell(r.prep.browse_index_ms, seconds),
          cell(r.prep.sorted_index_ms, seconds),
          r.status === 'measured' || r.prep.sorted_index_database_cpu_ms !== undefined
            ? dbFigure(r.prep.sorted_index_database_cpu_ms, seconds)
            : '-',
          r.prep.disk_bytes
            ? (Object.values(r.prep.disk_bytes).reduce((a, b) => a + b, 0) / 2 ** 20).toFixed(0)
            : externalCouch
              ? EXTERNAL_NA
              : '-',
        ]),
      ),
    );
  }

  const targets = evaluateTargets(results);
  if (targets) {
    const largest = targets[0]!.gigs;
    const note =
      largest === TARGET_SIZE
        ? ''
        : ` (the target is stated for ${fmt(TARGET_SIZE)} gigs; largest measured: ${fmt(largest)})`;
    console.log(`\nTargets (the issue's query is broad)${note}:`);
    for (const t of targets) {
      console.log(
        `  ${`${describeKey(t.query).q.name}, ${loadLabel(t.connections)}`.padEnd(22)} p99 ${formatMs(t.p99_ms)} ms at ${fmt(t.gigs)} vs ` +
          `${formatMs(t.p99_baseline_ms)} ms at ${fmt(t.baseline_gigs)}: ` +
          `${formatRatio(t.p99_ratio)} (<= ${TARGET_P99_RATIO}x: ${t.ratio_met ? 'met' : 'MISSED'}); ` +
          `< ${TARGET_P99_MS} ms: ${t.under_100ms_met ? 'met' : 'MISSED'}`,
      );
    }
  }

  const file = await writeResults(resultsFileName(NAME), {
    benchmark: NAME,
    baseline: `each query at ${fmt(results[0]?.gigs ?? 0)} gigs; ${BARE} for context`,
    settings: {
      sizes,
      connections,
      loads,
      durationSeconds,
      warmupSeconds,
      profileRuns,
      prepLimitSeconds,
      seed: SEED,
      batch: BATCH,
      vocabulary: VOCABULARY.length,
      cities: CITIES.length,
    },
    queries: QUERIES.map((q) => ({ name: q.name, path: `/api/gigs?${q.qs}` })),
    targets: {
      p99_ratio_max: TARGET_P99_RATIO,
      p99_ms_under: TARGET_P99_MS,
      size: TARGET_SIZE,
      results: targets,
    },
    sizes: results,
  });
  console.log(`\n${NAME}: results written to ${path.relative(process.cwd(), file)}`);
  return failed ? 1 : 0;
}

await finish(main);
