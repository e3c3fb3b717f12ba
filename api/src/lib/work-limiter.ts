import { AppError } from './errors';

export interface WorkLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a slot; one more is shed at once. */
  maxQueue: number;
  /** Longest wait for a slot before the job is shed. */
  maxWaitMs: number;
}

export interface RunOptions {
  /**
   * False for work nobody is waiting on over HTTP (seeding, the admin CLI): it queues without a
   * bound instead of being shed.
   */
  mayShed?: boolean;
}

export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

interface Waiter {
  start: () => void;
  shed: (error: AppError) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Runs expensive jobs a few at a time, with a bounded queue and a bounded wait; the excess is
 * shed with a 503 and a Retry-After estimated from the queue and the recent job time. For work on
 * libuv's thread pool (scrypt), which file and DNS work share: a burst must not take every thread.
 */
export function createWorkLimiter(initial: WorkLimits) {
  let limits = { ...initial };
  let running = 0;
  const queue: Waiter[] = [];
  // Exponentially weighted job time, for Retry-After.
  let averageMs = 100;
  let completed = 0;
  let shedCount = 0;

  const busy = () => {
    shedCount += 1;
    const ahead = running + queue.length;
    const seconds = Math.ceil((ahead * averageMs) / Math.max(1, limits.concurrency) / 1000);
    return new AppError(503, BUSY_MESSAGE, undefined, {
      'Retry-After': String(Math.min(60, Math.max(1, seconds))),
    });
  };

  const next = () => {
    while (running < limits.concurrency && queue.length > 0) {
      const waiter = queue.shift()!;
      clearTimeout(waiter.timer);
      running += 1;
      waiter.start();
    }
  };

  const acquire = (mayShed: boolean): Promise<void> => {
    if (running < limits.concurrency && queue.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    if (mayShed && queue.length >= limits.maxQueue) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve, shed: reject };
      if (mayShed) {
        waiter.timer = setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index === -1) return;
          queue.splice(index, 1);
          waiter.shed(busy());
        }, limits.maxWaitMs);
      }
      queue.push(waiter);
    });
  };

  return {
    async run<T>(job: () => Promise<T>, options: RunOptions = {}): Promise<T> {
      await acquire(options.mayShed ?? true);
      const started = performance.now();
      try {
        return await job();
      } finally {
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        completed += 1;
        running -= 1;
        next();
      }
    },
    /**
     * Throws the 503 `run` would throw now for a job that may be shed: for callers with work to
     * do before their job (reading the account), so a burst is shed before it costs that too.
     */
    assertAccepting() {
      if (running >= limits.concurrency && queue.length >= limits.maxQueue) throw busy();
    },
    configure(next_: WorkLimits) {
      limits = { ...next_ };
      next();
    },
    stats() {
      return { running, queued: queue.length, completed, shed: shedCount, limits: { ...limits } };
    },
  };
}
