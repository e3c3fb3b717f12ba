/**
 * Runs the benchmarks: every `bench/*.bench.ts`, one after another, each in its own process
 * (`node --import tsx <file>`) so they share no state and never load the machine together.
 *
 *   npm run bench                      all of them
 *   npm run bench -- http-baseline     only those whose file name contains an argument
 *   npm run bench -- --list            list them
 *
 * Exits 1 if any benchmark failed (or none matched).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;
const repoRoot = path.resolve(benchDir, '..');
const SUFFIX = '.bench.ts';

const all = readdirSync(benchDir)
  .filter((f) => f.endsWith(SUFFIX))
  .sort();
const args = process.argv.slice(2);

if (args.includes('--list')) {
  for (const f of all) console.log(f.slice(0, -SUFFIX.length));
  process.exit(0);
}

const filters = args.filter((a) => !a.startsWith('-'));
const selected = filters.length ? all.filter((f) => filters.some((a) => f.includes(a))) : all;
if (selected.length === 0) {
  console.error(
    `No benchmark matches ${filters.map((a) => `"${a}"`).join(', ')}. ` +
      `Available: ${all.map((f) => f.slice(0, -SUFFIX.length)).join(', ') || 'none'}.`,
  );
  process.exit(1);
}

let current: ChildProcess | undefined;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // The benchmark cleans up (servers, temporary data) on the signal, then exits.
    interrupted = true;
    current?.kill(signal);
  });
}

function runOne(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    current = child;
    child.once('error', (error) => {
      console.error(`bench: could not start ${file}:`, error);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const outcomes: { file: string; code: number; seconds: number }[] = [];
for (const file of selected) {
  if (interrupted) break;
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const code = await runOne(file);
  outcomes.push({ file, code, seconds: (Date.now() - started) / 1000 });
}

console.log('\n=== summary ===');
for (const o of outcomes) {
  console.log(`${o.code === 0 ? 'ok    ' : 'FAILED'}  ${o.file}  (${o.seconds.toFixed(1)} s)`);
}
const failed = interrupted || outcomes.some((o) => o.code !== 0);
process.exit(failed ? 1 : 0);
