import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { BUSY_MESSAGE, createWorkLimiter } from './work-limiter';

/** A job that runs until the test lets it finish. */
function heldJob() {
  let finish: () => void = () => undefined;
  const done = new Promise<string>((resolve) => (finish = () => resolve('done')));
  return { job: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkLimiter', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most `concurrency` jobs at once and starts the queued ones in order', async () => {
    const limiter = createWorkLimiter({ concurrency: 2, maxQueue: 10, maxWaitMs: 60_000 });
    const jobs = [heldJob(), heldJob(), heldJob()];
    const runs = jobs.map((j) => limiter.run(j.job));
    await settle();
    expect(limiter.stats()).toMatchObject({ running: 2, queued: 1 });
    jobs[0]!.finish();
    await settle();
    expect(limiter.stats()).toMatchObject({ running: 2, queued: 0 });
    jobs[1]!.finish();
    jobs[2]!.finish();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    expect(limiter.stats()).toMatchObject({ running: 0, queued: 0, completed: 3, shed: 0 });
  });

  it('sheds beyond the queue at once with a 503 and Retry-After', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const first = heldJob();
    const second = heldJob();
    const running = limiter.run(first.job);
    const queued = limiter.run(second.job);
    const error = await limiter.run(heldJob().job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, message: BUSY_MESSAGE });
    expect(Number((error as AppError).headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    first.finish();
    second.finish();
    await Promise.all([running, queued]);
    expect(limiter.stats()).toMatchObject({ completed: 2, shed: 1 });
  });

  it('tells in advance whether a job would be shed', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const first = heldJob();
    const second = heldJob();
    const running = limiter.run(first.job);
    expect(() => limiter.assertAccepting()).not.toThrow();
    const queued = limiter.run(second.job);
    expect(() => limiter.assertAccepting()).toThrow(BUSY_MESSAGE);
    first.finish();
    second.finish();
    await Promise.all([running, queued]);
    expect(() => limiter.assertAccepting()).not.toThrow();
  });

  it('sheds a job that waited longer than maxWaitMs', async () => {
    vi.useFakeTimers();
    const limiter = createWorkLimiter({ concurrency: 1, maxQueue: 5, maxWaitMs: 500 });
    const first = heldJob();
    const running = limiter.run(first.job);
    const waiting = limiter.run(heldJob().job).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(limiter.stats().queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toMatchObject({ status: 503 });
    expect(limiter.stats().queued).toBe(0);
    first.finish();
    await running;
  });

  it('queues work that may not be shed, without bound', async () => {
    vi.useFakeTimers();
    const limiter = createWorkLimiter({ concurrency: 1, maxQueue: 0, maxWaitMs: 10 });
    const first = heldJob();
    const running = limiter.run(first.job);
    const patient = limiter.run(async () => 'seeded', { mayShed: false });
    await vi.advanceTimersByTimeAsync(10_000);
    first.finish();
    expect(await patient).toBe('seeded');
    await running;
  });

  it('frees the slot when a job fails', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxQueue: 0, maxWaitMs: 10 });
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
