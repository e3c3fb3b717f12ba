/**
 * What a benchmark run leaves behind and must undo however it ends: what it started (servers,
 * a browser), then the temporary folders they used. `guardedRun` (lifecycle.ts) undoes it when
 * main returns or throws, on a signal and on the watchdog:
 *
 *   const { leftovers, finish } = guardedRun('reviews', limitMs);
 *   const started = await startBenchApi({ keep: leftovers.keep });
 *   leftovers.closeAtEnd(() => started.running.close(2000));
 *   …
 *   await finish(main);
 */
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';

export class Leftovers {
  private readonly closers: (() => unknown)[] = [];
  private readonly dirs: string[] = [];
  private cleaning: Promise<void> | undefined;

  /** A temporary folder to remove at the clean-up (bound: pass it as startBenchApi's `keep`). */
  readonly keep = (dir: string): void => {
    this.dirs.push(dir);
  };

  /** Something to close at the clean-up (a server, a browser), before the folders are removed. */
  closeAtEnd(close: () => unknown): void {
    this.closers.push(close);
  }

  /** Whether the clean-up has started. */
  get cleaningUp(): boolean {
    return this.cleaning !== undefined;
  }

  /**
   * Closes everything at once, then removes the folders; once, however many ask (Ctrl-C reaches
   * a benchmark twice under `npm run bench`). A close that fails, or throws, stops neither the
   * others nor the removal of the folders.
   */
  cleanUp(): Promise<void> {
    this.cleaning ??= (async () => {
      await Promise.allSettled(this.closers.map(async (close) => close()));
      await Promise.allSettled(this.dirs.map((d) => rm(d, { recursive: true, force: true })));
    })();
    return this.cleaning;
  }
}

/** The load averages over 1, 5 and 15 minutes, as the benchmarks print them: "1.52, 0.98, 0.70". */
export function loadAverage(values: readonly number[] = loadavg()): string {
  return values.map((l) => l.toFixed(2)).join(', ');
}
