/**
 * The sync benchmark's report (see ../sync.bench.ts): the medians and ratios against the direct
 * route, the targets, the tables, and the results file.
 */
import { loadavg } from 'node:os';
import {
  formatColumns,
  formatMs,
  formatRatio,
  percentile,
  ratio,
  saveResults,
} from '../lib/harness';
import {
  ARRIVAL_LIMIT_MS,
  BASELINE,
  INTERVAL_MS,
  NAME,
  ORDER,
  PROBE_REQUESTS,
  changeCount,
  docCount,
  runs,
  type InitialSync,
  type Probe,
  type Propagation,
  type PullRun,
  type Route,
} from './scenario';
import { dbFigure } from '../lib/couch-target';

const TARGET_RATIO = 1.3;
const TARGET_DOCS_PER_SEC = 2000;

const median = (values: readonly number[]) => percentile(values, 50);
const name = (route: Route) => (route === BASELINE ? `${route} (baseline)` : route);
const cpuCell = (ms: number | undefined, per: number) => dbFigure(ms, (v) => (v / per).toFixed(2));

/** Each route's measured rounds: the median duration as docs/s, and CPU time per run. */
function throughputOf(pulls: readonly PullRun[]) {
  return ORDER.map((route) => {
    const mine = pulls.filter((p) => p.route === route);
    const durations = mine.map((p) => p.ms);
    const medianMs = median(durations);
    const databaseCpu = mine.map((p) => p.cpu.database_ms);
    return {
      route,
      runs: durations.length,
      median_ms: medianMs,
      min_ms: Math.min(...durations),
      max_ms: Math.max(...durations),
      docs_per_sec: docCount / (medianMs / 1000),
      /** Median CPU time per run: this process (API + PouchDB client), the database server. */
      cpu_self_ms: median(mine.map((p) => p.cpu.self_ms)),
      cpu_database_ms: databaseCpu.every((v) => v !== undefined) ? median(databaseCpu) : undefined,
    };
  });
}

/** The profiled round's requests per endpoint, both routes side by side. */
function profileRowsOf(logs: InitialSync['logs']) {
  const endpoints = [
    ...new Set([...logs.direct.endpoints.keys(), ...logs.gateway.endpoints.keys()]),
  ].sort();
  return endpoints.map((endpoint) => {
    const d = logs.direct.endpoints.get(endpoint);
    const g = logs.gateway.endpoints.get(endpoint);
    return {
      endpoint,
      direct_requests: d?.requests ?? 0,
      direct_ms: d?.ms ?? 0,
      direct_kb: (d?.bytes ?? 0) / 1024,
      gateway_requests: g?.requests ?? 0,
      gateway_ms: g?.ms ?? 0,
      gateway_kb: (g?.bytes ?? 0) / 1024,
      failed: (d?.failed ?? 0) + (g?.failed ?? 0),
    };
  });
}

export interface SyncFigures {
  loadAtStart: number;
  expected: Record<Route, number>;
  initial: InitialSync;
  probes: Probe[];
  propagations: Propagation[];
}

/** Prints the tables and writes the results file. */
export async function report({
  loadAtStart,
  expected,
  initial,
  probes,
  propagations,
}: SyncFigures): Promise<void> {
  const { pulls, profiled, logs } = initial;
  const throughput = throughputOf(pulls);
  const baseThroughput = throughput.find((t) => t.route === BASELINE)!;
  const gatewayThroughput = throughput.find((t) => t.route === 'gateway')!;
  const durationRatio = ratio(gatewayThroughput.median_ms, baseThroughput.median_ms);
  const baseProp = propagations.find((p) => p.route === BASELINE)!;
  const gatewayProp = propagations.find((p) => p.route === 'gateway')!;

  console.log(`\nInitial sync: ${docCount} drafts, one-shot pull into a fresh local LevelDB\n`);
  console.log(
    formatColumns(
      [
        'route',
        'runs',
        'median s',
        'min s',
        'max s',
        'docs/s',
        'duration ratio',
        'docs/s ratio',
        'cpu ms/doc api+client',
        'cpu ms/doc db',
      ],
      throughput.map((t) => [
        name(t.route),
        String(t.runs),
        (t.median_ms / 1000).toFixed(2),
        (t.min_ms / 1000).toFixed(2),
        (t.max_ms / 1000).toFixed(2),
        t.docs_per_sec.toFixed(0),
        formatRatio(ratio(t.median_ms, baseThroughput.median_ms)),
        formatRatio(ratio(t.docs_per_sec, baseThroughput.docs_per_sec)),
        cpuCell(t.cpu_self_ms, docCount),
        cpuCell(t.cpu_database_ms, docCount),
      ]),
    ),
  );
  const ratioMet = durationRatio !== undefined && durationRatio <= TARGET_RATIO;
  const rateMet = gatewayThroughput.docs_per_sec >= TARGET_DOCS_PER_SEC;
  console.log(
    `\ntargets: gateway/direct duration ${formatRatio(durationRatio)} ` +
      `(target <= ${TARGET_RATIO.toFixed(2)}x): ${ratioMet ? 'met' : 'MISSED'}; ` +
      `gateway ${gatewayThroughput.docs_per_sec.toFixed(0)} docs/s ` +
      `(target >= ${TARGET_DOCS_PER_SEC}): ${rateMet ? 'met' : 'MISSED'}`,
  );

  console.log(`\nRequests of the profiled round, per endpoint (time = request to last byte)\n`);
  const profileRows = profileRowsOf(logs);
  const perRequest = (ms: number, n: number) => (n ? (ms / n).toFixed(2) : '-');
  console.log(
    formatColumns(
      [
        'endpoint',
        'direct n',
        'direct ms',
        'ms/req',
        'gateway n',
        'gateway ms',
        'ms/req',
        'time ratio',
        'failed',
      ],
      profileRows.map((r) => [
        r.endpoint,
        String(r.direct_requests),
        r.direct_ms.toFixed(0),
        perRequest(r.direct_ms, r.direct_requests),
        String(r.gateway_requests),
        r.gateway_ms.toFixed(0),
        perRequest(r.gateway_ms, r.gateway_requests),
        formatRatio(ratio(r.gateway_ms, r.direct_ms)),
        String(r.failed),
      ]),
    ),
  );
  console.log(
    `(profiled round: direct ${(profiled[0]!.ms / 1000).toFixed(2)} s, ` +
      `gateway ${(profiled[1]!.ms / 1000).toFixed(2)} s; requests overlap, so the times add ` +
      `up to more than the round)`,
  );

  console.log(`\nOne small request at a time (${PROBE_REQUESTS} each)\n`);
  console.log(
    formatColumns(
      ['request', 'n', 'p50 ms', 'p99 ms', 'p50 ratio'],
      probes.map((p, i) => [
        i === 0 ? `${p.name} (baseline)` : p.name,
        String(p.requests),
        formatMs(p.p50_ms),
        formatMs(p.p99_ms),
        formatRatio(ratio(p.p50_ms, probes[0]!.p50_ms)),
      ]),
    ),
  );

  console.log(
    `\nPropagation: ${changeCount} changes from device A to device B, one every ${INTERVAL_MS} ms, ` +
      `both in a live sync\n`,
  );
  const requestCount = (p: Propagation) =>
    Object.values(p.requests).reduce((sum, e) => sum + e.requests, 0);
  console.log(
    formatColumns(
      [
        'route',
        'changes',
        'p50 ms',
        'p99 ms',
        'max ms',
        'p50 ratio',
        'p99 ratio',
        'retries',
        'requests/change',
        'cpu ms/change api+client',
        'cpu ms/change db',
      ],
      propagations.map((p) => [
        name(p.route),
        String(p.changes),
        formatMs(p.p50_ms),
        formatMs(p.p99_ms),
        formatMs(p.max_ms),
        formatRatio(ratio(p.p50_ms, baseProp.p50_ms)),
        formatRatio(ratio(p.p99_ms, baseProp.p99_ms)),
        String(p.retries),
        (requestCount(p) / p.changes).toFixed(1),
        cpuCell(p.cpu.self_ms, p.changes),
        cpuCell(p.cpu.database_ms, p.changes),
      ]),
    ),
  );

  await saveResults(NAME, {
    benchmark: NAME,
    baseline: BASELINE,
    load_average: { start: loadAtStart, end: loadavg()[0] },
    settings: {
      docs: docCount,
      runs,
      propagation_changes: changeCount,
      propagation_interval_ms: INTERVAL_MS,
      arrival_limit_ms: ARRIVAL_LIMIT_MS,
    },
    initial_sync: {
      expected_docs_written: expected,
      throughput,
      gateway_direct_duration_ratio: durationRatio,
      targets: {
        max_ratio: TARGET_RATIO,
        min_gateway_docs_per_sec: TARGET_DOCS_PER_SEC,
        ratio_met: ratioMet,
        docs_per_sec_met: rateMet,
      },
      runs: pulls,
      profiled: { runs: profiled, endpoints: profileRows },
    },
    per_request: probes,
    propagation: {
      rows: propagations,
      p50_ratio: ratio(gatewayProp.p50_ms, baseProp.p50_ms),
      p99_ratio: ratio(gatewayProp.p99_ms, baseProp.p99_ms),
    },
  });
}
