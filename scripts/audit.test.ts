import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-audit-'));
const script = path.join(import.meta.dirname, 'audit.mjs');

function audit(report: unknown, allow: unknown[] = []) {
  const reportFile = path.join(dir, `report-${Math.random()}.json`);
  const allowFile = path.join(dir, `allow-${Math.random()}.json`);
  writeFileSync(reportFile, JSON.stringify(report));
  writeFileSync(allowFile, JSON.stringify({ allow }));
  const run = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { ...process.env, AUDIT_JSON: reportFile, AUDIT_ALLOWLIST: allowFile },
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

const advisory = (severity: string) => ({
  vulnerabilities: {
    hono: {
      severity,
      via: [{ source: 1, url: 'https://github.com/advisories/GHSA-aaaa', severity, title: 'X' }],
    },
  },
});

describe('scripts/audit.mjs', () => {
  it('fails on a high advisory, naming it', () => {
    const run = audit(advisory('high'));
    expect(run.status).toBe(1);
    expect(run.output).toContain('hono: high GHSA-aaaa');
  });

  it('passes a moderate one, and a listed one until its date', () => {
    expect(audit(advisory('moderate')).status).toBe(0);
    const listed = { package: 'hono', advisory: 'GHSA-aaaa', reason: 'r', until: '2999-01-01' };
    expect(audit(advisory('critical'), [listed]).status).toBe(0);
    expect(audit(advisory('critical'), [{ ...listed, until: '2000-01-01' }]).status).toBe(1);
  });

  it('passes with a warning when the audit service cannot be reached', () => {
    const run = audit({ message: '405 Method Not Allowed', statusCode: 405 });
    expect(run.status).toBe(0);
    expect(run.output).toContain('dependency audit skipped');
  });
});
