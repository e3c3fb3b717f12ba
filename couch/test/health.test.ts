import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUSY_CPU_MS, cpuTimeMs, judgeHealthCheck, type HealthState } from '../src/embedded';

const limits = { failures: 3, busyMs: 60_000 };
const fresh: HealthState = { failures: 0, busySince: undefined };

function run(checks: { error?: string; cpuUsedMs?: number; now: number }[]) {
  let state = fresh;
  return checks.map((check) => {
    const verdict = judgeHealthCheck(
      state,
      { error: check.error, cpuUsedMs: check.cpuUsedMs, now: check.now },
      limits,
    );
    state = verdict.state;
    return verdict.event;
  });
}

describe('judgeHealthCheck', () => {
  it('kills a server that fails its checks while using no CPU (stopped, deadlocked)', () => {
    const idle = { error: 'no answer within 2000 ms', cpuUsedMs: 0 };
    expect(run([0, 5, 10].map((s) => ({ ...idle, now: s * 1000 })))).toEqual([
      'failed',
      'failed',
      'kill',
    ]);
  });

  it('counts every failure where CPU time cannot be read', () => {
    const unknown = { error: 'no answer within 2000 ms', cpuUsedMs: undefined };
    expect(run([0, 5, 10].map((s) => ({ ...unknown, now: s * 1000 })))).toEqual([
      'failed',
      'failed',
      'kill',
    ]);
  });

  it('keeps a busy server (using the CPU) until it has been busy without answering too long', () => {
    const busy = { error: 'no answer within 2000 ms', cpuUsedMs: 1800 };
    const events = run([0, 5, 10, 15, 30, 59, 60].map((s) => ({ ...busy, now: s * 1000 })));
    expect(events).toEqual(['busy', 'busy', 'busy', 'busy', 'busy', 'busy', 'kill']);
  });

  it('resets on an answer, so a busy server that answers now and then is never killed', () => {
    const busy = { error: 'no answer within 2000 ms', cpuUsedMs: 1800 };
    const checks = [];
    for (let s = 0; s <= 600; s += 5)
      checks.push(s % 50 === 45 ? { now: s * 1000 } : { ...busy, now: s * 1000 });
    expect(run(checks)).not.toContain('kill');
  });

  it('does not let busy checks hide failures after the server went idle', () => {
    const busy = { error: 'no answer within 2000 ms', cpuUsedMs: 1800 };
    const idle = { error: 'no answer within 2000 ms', cpuUsedMs: BUSY_CPU_MS - 1 };
    expect(
      run([
        { ...busy, now: 0 },
        { ...idle, now: 5000 },
        { ...idle, now: 10_000 },
        { ...idle, now: 15_000 },
      ]),
    ).toEqual(['busy', 'failed', 'failed', 'kill']);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux')('cpuTimeMs', () => {
  it('sees a spinning process use CPU time and a stopped one use none', async () => {
    const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    try {
      const pid = child.pid!;
      const start = cpuTimeMs(pid)!;
      // However loaded the machine, a spinning process gets some CPU within seconds.
      for (let i = 0; i < 100 && cpuTimeMs(pid)! - start < BUSY_CPU_MS; i++) await pause(100);
      expect(cpuTimeMs(pid)! - start).toBeGreaterThanOrEqual(BUSY_CPU_MS);
      process.kill(pid, 'SIGSTOP');
      await pause(100);
      const stopped = cpuTimeMs(pid)!;
      await pause(500);
      expect(cpuTimeMs(pid)! - stopped).toBeLessThan(BUSY_CPU_MS);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is undefined for a process that does not exist', () => {
    expect(cpuTimeMs(2 ** 22 + 12_345)).toBeUndefined();
  });
});
