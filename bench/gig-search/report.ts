/**
 * The gig-search benchmark's reporting (see ../gig-search.bench.ts): number formats, table helpers,
 * the names and titles of the rows (a query at a load), and the targets against the smallest
 * size. The per-size tables are printed by runSize (./scenario.ts), the summary by main.
 */
import { dbFigure } from '../lib/couch-target';
import { formatColumns as table, ratio } from '../lib/harness';
import { QUERIES } from './queries';
import type { SizeResult } from './scenario';
import {
  TARGET_P99_MS,
  TARGET_P99_RATIO,
  connections,
  loadKey,
  loadLabel,
  loads,
} from './settings';

// ---------------------------------------------------------------------------------------------
// Small helpers.

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (count: number, ms: number) => (ms > 0 ? (count * 1000) / ms : 0);
const sizeLabel = (n: number) => `N=${fmt(n)}`;

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

const cpuText = (ms: number | undefined) => dbFigure(ms, (v) => `${seconds(v)} s`);

const queryTitle = (key: string) => {
  const { q, load } = describeKey(key);
  const what = q.variants
    ? `${q.variants.length} searches in turn, such as GET /api/gigs?${q.qs}`
    : `GET /api/gigs?${q.qs}`;
  return `${q.name}, ${loadLabel(load)}: ${what}`;
};
const loadKeys = () => QUERIES.flatMap((q) => loads.map((load) => loadKey(q.name, load)));
const describeKey = (key: string) => {
  const [name, load] = key.split('@');
  const q = QUERIES.find((x) => x.name === name)!;
  return { q, load: load === undefined ? connections : Number(load) };
};

function evaluateTargets(results: SizeResult[]) {
  const measured = results.filter((r) => r.status === 'measured');
  const base = measured[0];
  const last = measured.at(-1);
  if (!base || !last || base === last) return undefined;
  const rowOf = (r: SizeResult, query: string) => r.rows.find((row) => row.query === query)!;
  return loadKeys().map((key) => {
    const { load } = describeKey(key);
    const p99Base = rowOf(base, key).p99_ms;
    const p99Last = rowOf(last, key).p99_ms;
    const p99Ratio = ratio(p99Last, p99Base);
    return {
      query: key,
      connections: load,
      baseline_gigs: base.gigs,
      gigs: last.gigs,
      p99_baseline_ms: p99Base,
      p99_ms: p99Last,
      p99_ratio: p99Ratio,
      ratio_met: p99Ratio !== undefined && p99Ratio <= TARGET_P99_RATIO,
      under_100ms_met: p99Last < TARGET_P99_MS,
    };
  });
}

export {
  fmt,
  seconds,
  perSecond,
  sizeLabel,
  table,
  indent,
  cpuText,
  queryTitle,
  loadKeys,
  describeKey,
  evaluateTargets,
};
