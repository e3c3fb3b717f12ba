/**
 * The local-queries benchmark's report (see ../local-queries.bench.ts): p50 and p95 of each pair,
 * the ratios now / before, the verdict, and the results file.
 */
import path from 'node:path';
import {
  formatColumns,
  formatRatio,
  percentile,
  ratio,
  resultsFileName,
  writeResults,
} from '../lib/harness';
import {
  CONVERSATIONS,
  FEW_UNREAD,
  MESSAGES,
  NAME,
  NOTIFICATIONS,
  PEOPLE_WAITING,
  RUNS,
  WARMUP,
  mismatches,
  type Pair,
} from './scenario';

/** Prints the index builds and the pairs, writes the results file; the exit code. */
export async function report(
  builds: { index: string; ms: number }[],
  pairs: Pair[],
): Promise<number> {
  let exitCode = 0;
  const ms = (value: number) => value.toFixed(2);
  const rows = pairs.map((pair) => {
    const b50 = percentile(pair.before, 50);
    const b95 = percentile(pair.before, 95);
    const n50 = percentile(pair.now, 50);
    const n95 = percentile(pair.now, 95);
    return { ...pair, b50, b95, n50, n95, r50: ratio(n50, b50), r95: ratio(n95, b95) };
  });
  console.log(`\nIndex and view builds (once per device, over the data above):`);
  console.log(
    formatColumns(
      ['index', 'ms'],
      builds.map((b) => [b.index, ms(b.ms)]),
    ),
  );
  console.log(
    `\nQueries, ${RUNS} runs each (before = hand filter, the baseline; now = find, or the local view for unread; ratio = now / before):`,
  );
  console.log(
    formatColumns(
      [
        'query',
        'before p50',
        'before p95',
        'now p50',
        'now p95',
        'p50 ratio',
        'p95 ratio',
        'verdict',
      ],
      rows.map((r) => [
        r.name,
        ms(r.b50),
        ms(r.b95),
        ms(r.n50),
        ms(r.n95),
        formatRatio(r.r50),
        formatRatio(r.r95),
        r.informational ? 'info' : (r.r50 ?? 2) <= 1 && (r.r95 ?? 2) <= 1 ? 'not slower' : 'SLOWER',
      ]),
    ),
  );
  if (mismatches) {
    console.error(`\n${mismatches} answers differed from the hand filter's.`);
    exitCode = 1;
  }
  const file = await writeResults(resultsFileName(NAME), {
    settings: { MESSAGES, CONVERSATIONS, NOTIFICATIONS, RUNS, WARMUP, PEOPLE_WAITING, FEW_UNREAD },
    builds,
    rows: rows.map(({ before, now, ...row }) => ({
      ...row,
      runs: before.length,
      samples: now.length,
    })),
    mismatches,
  });
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
  return exitCode;
}
