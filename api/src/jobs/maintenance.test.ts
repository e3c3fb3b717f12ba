import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Maintenance, type MaintenanceTask } from './maintenance';

const silent = pino({ level: 'silent' });

describe('Maintenance', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every task at start and each interval; a failing task stops neither the others nor the timer', async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    let clock = 1_000;
    const tasks: MaintenanceTask[] = [
      {
        name: 'once',
        once: true,
        run: ({ now }) => (seen.push(`once@${now}`), Promise.resolve({})),
      },
      { name: 'broken', run: () => Promise.reject(new Error('database down')) },
      { name: 'purge', run: ({ now }) => (seen.push(`purge@${now}`), Promise.resolve({ n: 1 })) },
    ];
    const maintenance = new Maintenance(tasks, {
      intervalMs: 60_000,
      logger: silent,
      now: () => clock,
    });
    maintenance.start();
    await maintenance.idle();
    expect(seen).toEqual(['once@1000', 'purge@1000']);

    clock = 61_000;
    await vi.advanceTimersByTimeAsync(60_000);
    await maintenance.idle();
    expect(seen).toEqual(['once@1000', 'purge@1000', 'purge@61000']);
    await maintenance.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(seen).toHaveLength(3);
  });

  it('retries a task meant for the start until it has succeeded once', async () => {
    let calls = 0;
    const maintenance = new Maintenance(
      [
        {
          name: 'designs',
          once: true,
          run: () => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve({})),
        },
      ],
      { intervalMs: 60_000, logger: silent },
    );
    await maintenance.runOnce();
    await maintenance.runOnce();
    await maintenance.runOnce();
    expect(calls).toBe(2);
  });

  it('joins a run under way instead of starting a second one', async () => {
    let calls = 0;
    let release!: () => void;
    const maintenance = new Maintenance(
      [
        {
          name: 'slow',
          run: () => (calls++, new Promise((resolve) => (release = () => resolve({})))),
        },
      ],
      { intervalMs: 60_000, logger: silent },
    );
    const first = maintenance.runOnce();
    const second = maintenance.runOnce();
    release();
    await Promise.all([first, second]);
    expect(calls).toBe(1);
  });
});
