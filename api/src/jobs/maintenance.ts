import type { Logger } from '../lib/logger';

/** One piece of periodic upkeep. What it returns (counts) is logged. */
export interface MaintenanceTask {
  name: string;
  /** Runs until it succeeds once in this process (at start), not at every interval. */
  once?: boolean;
  run(context: { now: number; signal: AbortSignal }): Promise<Record<string, number>>;
}

/**
 * Runs upkeep tasks at start and then every `intervalMs`, one run at a time, each task after the
 * other. A failing task is logged and the next one runs: nothing here rejects into the void.
 * Every API instance runs its own; the tasks are safe to run side by side (they delete with
 * revisions and take a 409 as "someone else did it"). The clock is injectable, so tests move
 * time instead of waiting for it.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly done = new Set<string>();
  private readonly abort = new AbortController();

  constructor(
    private readonly tasks: MaintenanceTask[],
    private readonly options: { intervalMs: number; logger: Logger; now?: () => number },
  ) {}

  /** The first run now (in the background), then one every interval. */
  start(): void {
    void this.runOnce().then(() => this.schedule());
  }

  /** One run of every task; resolves when it is over (a run under way is joined). */
  runOnce(): Promise<void> {
    this.running ??= this.runTasks().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when no run is under way. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Stops the timer and the run under way (between two steps), and waits for it. */
  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (this.abort.signal.aborted) return;
    this.timer = setTimeout(() => {
      void this.runOnce().then(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }

  private async runTasks(): Promise<void> {
    const { logger } = this.options;
    for (const task of this.tasks) {
      if (this.abort.signal.aborted) return;
      if (task.once && this.done.has(task.name)) continue;
      const started = Date.now();
      try {
        const counts = await task.run({
          now: (this.options.now ?? Date.now)(),
          signal: this.abort.signal,
        });
        this.done.add(task.name);
        const did = Object.values(counts).some((n) => n > 0);
        logger[did ? 'info' : 'debug'](
          { task: task.name, ...counts, ms: Date.now() - started },
          'maintenance task done',
        );
      } catch (error) {
        if (this.abort.signal.aborted) return;
        logger.error(
          { err: error, task: task.name },
          'maintenance task failed; it runs again at the next interval',
        );
      }
    }
  }
}
