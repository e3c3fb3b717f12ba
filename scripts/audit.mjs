// `npm run audit` (and CI): known vulnerabilities in the production dependencies, against an
// allow-list. Fails on any high or critical advisory that audit-allowlist.json does not list
// with a reason (and, if it says so, an expiry date). Where the registry's audit service cannot
// be reached (an offline machine, a proxy that allows only GET), it says so and passes: the
// audit is a check of the dependencies, not of the network.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FAILING = new Set(['high', 'critical']);
const allowList = JSON.parse(
  readFileSync(process.env.AUDIT_ALLOWLIST ?? new URL('../audit-allowlist.json', import.meta.url)),
);
const today = new Date().toISOString().slice(0, 10);

// AUDIT_JSON: a saved `npm audit --json` report to judge instead (the script's own tests).
const run = process.env.AUDIT_JSON
  ? { stdout: readFileSync(process.env.AUDIT_JSON, 'utf8'), stderr: '' }
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
if (!report || (report.error && !report.vulnerabilities) || report.statusCode) {
  const why = report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').at(-1);
  console.warn(`npm audit could not reach the audit service (${why}); dependency audit skipped.`);
  process.exit(0);
}

const problems = [];
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  if (!FAILING.has(entry.severity)) continue;
  const advisories = entry.via.filter((via) => typeof via === 'object');
  // A package flagged only through another package is reported under that package.
  for (const advisory of advisories) {
    const id = String(advisory.url ?? advisory.source)
      .split('/')
      .at(-1);
    const allowed = allowList.allow.find(
      (a) => a.package === name && a.advisory === id && (!a.until || a.until >= today),
    );
    if (!allowed) problems.push(`${name}: ${advisory.severity} ${id} ${advisory.title ?? ''}`);
  }
}
if (problems.length) {
  console.error(
    'High or critical advisories in production dependencies, not in audit-allowlist.json:',
  );
  for (const line of problems) console.error(`  - ${line}`);
  console.error('Upgrade, or add each to audit-allowlist.json with a reason and an expiry date.');
  process.exit(1);
}
console.log('Dependency audit: no high or critical advisory outside the allow-list.');
