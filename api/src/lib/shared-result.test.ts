import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { sharedResult } from './shared-result';

/** A load whose calls are counted and whose answers the test releases one at a time. */
function controlledLoad() {
  const pending: ((value: string) => void)[] = [];
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<string>((resolve) => pending.push(resolve));
  };
  return {
    load,
    calls: () => calls,
    /** Answers the oldest load still waiting. */
    answer: async (value: string) => {
      pending.shift()!(value);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('sharedResult', () => {
  it('runs one load for callers that come while it is under way, and gives them all its answer', async () => {
    const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));
    const { load, calls, answer } = controlledLoad();
    const result = sharedResult(load, { maxAgeMs: 1000, now: () => clock.now().getTime() });
    const callers = Array.from({ length: 50 }, () => result.get());
    // Time passes while the load waits: still the same load.
    clock.advance(5000);
    callers.push(result.get());
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls()).toBe(1);
    await answer('up');
    expect(await Promise.all(callers)).toEqual(Array(51).fill('up'));
  });

  it('keeps the answer for maxAgeMs after the load settled, then loads again', async () => {
    const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));
    const { load, calls, answer } = controlledLoad();
    const result = sharedResult(load, { maxAgeMs: 1000, now: () => clock.now().getTime() });
    const first = result.get();
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(300); // the load took 300 ms: the answer is kept until 1300 ms
    await answer('up');
    await expect(first).resolves.toBe('up');

    clock.advance(999);
    await expect(result.get()).resolves.toBe('up');
    expect(calls()).toBe(1);

    clock.advance(1);
    const second = result.get();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls()).toBe(2);
    await answer('down');
    await expect(second).resolves.toBe('down');
    await expect(result.get()).resolves.toBe('down');
    expect(calls()).toBe(2);
  });

  it('shares and keeps a failed load like an answer', async () => {
    const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));
    let calls = 0;
    const result = sharedResult(
      () => {
        calls += 1;
        throw new Error('refused');
      },
      { maxAgeMs: 1000, now: () => clock.now().getTime() },
    );
    await expect(Promise.all([result.get(), result.get()])).rejects.toThrow('refused');
    await expect(result.get()).rejects.toThrow('refused');
    expect(calls).toBe(1);
    clock.advance(1000);
    await expect(result.get()).rejects.toThrow('refused');
    expect(calls).toBe(2);
  });

  it('loads again when the clock moves back', async () => {
    const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));
    let calls = 0;
    const result = sharedResult(async () => ++calls, {
      maxAgeMs: 1000,
      now: () => clock.now().getTime(),
    });
    await expect(result.get()).resolves.toBe(1);
    clock.advance(-1);
    await expect(result.get()).resolves.toBe(2);
  });
});
