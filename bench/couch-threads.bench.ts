/**
 * Why the embedded database server runs with 16 libuv worker threads (couch/src/embedded.ts,
 * issue 24's soak stall): every LevelDB call of pouchdb-server (reads, writes, opening and
 * closing a database) runs on libuv's pool, 4 threads by default, and closing a LevelDB database
 * waits for its pending compaction, which LevelDB runs on one background thread shared by every
 * open database. The server closes the least recently used databases as members come and go
 * (COUCH_MAX_DBS_OPEN): right after a burst of writes, a few closes could hold every worker, and
 * a read of any other database waited behind them.
 *
 * The same LevelDB binding the server loads (leveldown, through pouchdb-adapter-leveldb), in a
 * child process per run (the pool's size is fixed when a process starts): BENCH_THREADS_DBS (24)
 * databases each get BENCH_THREADS_MB (30) MB in batches of a thousand 1 KB values, all at once,
 * then all are closed at once while a probe reads one key of another database every 2 ms. Each
 * setting runs BENCH_THREADS_RUNS (2) times, alternating, on a fresh folder. Reported per run:
 * how long closing them took and the probe reads' p50 and max; then the medians, and the ratios
 * of 16 threads against the default 4 (the baseline, measured in the same run).
 *
 * Run:    npm run bench -- couch-threads
 *    or:  npx tsx bench/couch-threads.bench.ts
 * Exits 1 if a run fails.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatColumns, formatRatio, numberFromEnv, ratio, saveResults } from './lib/harness';
import { guardedRun } from './lib/lifecycle';

const NAME = 'couch-threads';
const dbs = numberFromEnv('BENCH_THREADS_DBS', 24, true, 1);
const megabytes = numberFromEnv('BENCH_THREADS_MB', 30, true, 1);
const runs = numberFromEnv('BENCH_THREADS_RUNS', 2, true, 1);
const SETTINGS = [4, 16] as const;

const require = createRequire(import.meta.url);
/** The leveldown pouchdb-server's LevelDB adapter loads. */
const leveldownPath = require.resolve('leveldown', {
  paths: [path.dirname(require.resolve('pouchdb-adapter-leveldb/package.json'))],
});

/** The child: write, then close every database while probing another (CommonJS, no tsx). */
const CHILD = `
const path = require('path');
const leveldown = require(process.env.LEVELDOWN);
const dir = process.env.DIR, N = Number(process.env.DBS), MB = Number(process.env.MB);
const cb = (f) => new Promise((r, j) => f((e, v) => (e ? j(e) : r(v))));
(async () => {
  const probe = leveldown(path.join(dir, 'probe'));
  await cb((k) => probe.open(k));
  await cb((k) => probe.put('k', 'v', k));
  const all = [];
  for (let i = 0; i < N; i++) {
    const db = leveldown(path.join(dir, 'db' + i));
    await cb((k) => db.open(k));
    all.push(db);
  }
  const value = 'x'.repeat(1000);
  await Promise.all(all.map(async (db) => {
    for (let b = 0; b < MB; b++) {
      const ops = Array.from({ length: 1000 }, (_, k) =>
        ({ type: 'put', key: 'key' + (((b * 1000 + k) * 7919) % (MB * 1000)), value }));
      await cb((k) => db.batch(ops, k));
    }
  }));
  const probes = [];
  let stop = false;
  const prober = (async () => {
    while (!stop) {
      const t = process.hrtime.bigint();
      await cb((k) => probe.get('k', k));
      probes.push(Number(process.hrtime.bigint() - t) / 1e6);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const t0 = process.hrtime.bigint();
  await Promise.all(all.map((db) => cb((k) => db.close(k))));
  const closeMs = Number(process.hrtime.bigint() - t0) / 1e6;
  stop = true;
  await prober;
  await cb((k) => probe.close(k));
  process.stdout.write(JSON.stringify({ closeMs, probes }));
})().catch((e) => { console.error(e); process.exit(1); });
`;

interface RunResult {
  threads: number;
  closeMs: number;
  probeP50: number;
  probeMax: number;
  probes: number;
}

const { leftovers, finish } = guardedRun(NAME, 20 * 60_000);

async function runOnce(threads: number): Promise<RunResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-threads-'));
  leftovers.keep(dir);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], {
      env: {
        ...process.env,
        UV_THREADPOOL_SIZE: String(threads),
        LEVELDOWN: leveldownPath,
        DIR: dir,
        DBS: String(dbs),
        MB: String(megabytes),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the run exited with ${code}`)),
    );
  });
  await rm(dir, { recursive: true, force: true });
  const { closeMs, probes } = JSON.parse(output) as { closeMs: number; probes: number[] };
  const sorted = [...probes].sort((a, b) => a - b);
  return {
    threads,
    closeMs,
    probeP50: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0,
    probeMax: sorted.at(-1) ?? 0,
    probes: sorted.length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<number> {
  console.log(
    `${NAME}: ${dbs} LevelDB databases x ${megabytes} MB each, then all closed at once while ` +
      `another is read every 2 ms; ${runs} run(s) per setting, alternating`,
  );
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++)
    for (const threads of SETTINGS) {
      const result = await runOnce(threads);
      results.push(result);
      console.log(
        `${NAME}: ${threads} threads: closing took ${result.closeMs.toFixed(0)} ms; probe ` +
          `reads p50 ${result.probeP50.toFixed(2)} ms, max ${result.probeMax.toFixed(1)} ms ` +
          `(${result.probes} reads)`,
      );
    }
  const summary = SETTINGS.map((threads) => {
    const mine = results.filter((r) => r.threads === threads);
    return {
      threads,
      closeMs: median(mine.map((r) => r.closeMs)),
      probeMax: median(mine.map((r) => r.probeMax)),
    };
  });
  const [base, more] = summary as [(typeof summary)[0], (typeof summary)[0]];
  console.log(`\n${NAME}: medians; ratios against ${base.threads} threads (below 1 is faster)\n`);
  console.log(
    formatColumns(
      ['threads', 'closing ms', 'probe max ms', 'closing ratio', 'probe max ratio'],
      summary.map((s) => [
        String(s.threads),
        s.closeMs.toFixed(0),
        s.probeMax.toFixed(1),
        formatRatio(ratio(s.closeMs, base.closeMs)),
        formatRatio(ratio(s.probeMax, base.probeMax)),
      ]),
    ),
  );
  await saveResults(NAME, {
    benchmark: NAME,
    baseline: `${base.threads} threads`,
    settings: { dbs, megabytes, runs },
    runs: results,
    summary,
    ratios: {
      closing: ratio(more.closeMs, base.closeMs) ?? null,
      probe_max: ratio(more.probeMax, base.probeMax) ?? null,
    },
  });
  return 0;
}

await finish(main);
