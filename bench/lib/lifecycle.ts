/**
 * The life of a benchmark run: what must be undone however the run ends (main returns or throws,
 * a signal, the watchdog), and the handlers that see to it.
 *
 * A benchmark that starts servers or makes temporary folders (lib/leftovers.ts: closed, then
 * removed):
 *
 *   const { leftovers, finish } = guardedRun('http-baseline', limitMs);
 *   const started = await startBenchApi({ keep: leftovers.keep });
 *   leftovers.closeAtEnd(() => started.running.close(2000));
 *   await finish(main);          // main's code is the exit code; the clean-up always runs
 *
 * One that starts the API and PouchDB clients (sync, delivery) uses BenchRun, which also owns
 * the clean-up (live replications, the API, local databases, temporary folders, in that order)
 * and fails the run on an error nobody caught:
 *
 *   const run = new BenchRun('sync');
 *   run.guard(limitMs);
 *   await run.finish(main);
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import type { RunningServer } from '../../api/src/server';
import { startBenchApi } from './servers';
import { databaseLabel } from './couch-target';
import { Leftovers } from './leftovers';

/**
 * Guards a run whose clean-up is its `leftovers` (what it starts and the folders it makes are
 * added there as they come; cleaned up once, however many ways ask): a watchdog stops it after
 * `limitMs`, a signal stops it cleanly (Ctrl-C reaches the process twice under `npm run bench`,
 * from the terminal and from run.ts: every signal waits for the same clean-up).
 * `finish(main)` runs main, cleans up and exits with main's code (1 if it threw).
 */
export function guardedRun(
  name: string,
  limitMs: number,
): { leftovers: Leftovers; finish: (main: () => Promise<number>) => Promise<never> } {
  const leftovers = new Leftovers();
  stopWhenAsked(
    name,
    limitMs,
    (code) => void leftovers.cleanUp().finally(() => process.exit(code)),
    () => leftovers.cleaningUp,
  );
  return {
    leftovers,
    async finish(main) {
      let code = 1;
      try {
        code = await main();
      } catch (error) {
        console.error(`${name} failed:`, error);
      } finally {
        await leftovers.cleanUp();
      }
      process.exit(code);
    },
  };
}

/** The watchdog (exit 1 after `limitMs`) and the signals (exit 130), both through `stop`. */
function stopWhenAsked(
  name: string,
  limitMs: number,
  stop: (code: number) => void,
  isStopping: () => boolean,
): void {
  const watchdog = setTimeout(() => {
    console.error(`${name}: still running after ${Math.round(limitMs / 1000)} s; stopping.`);
    stop(1);
  }, limitMs);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!isStopping()) console.error(`${name}: ${signal}; stopping.`);
      stop(130);
    });
  }
}

/** A live replication or changes feed. */
export interface Cancelable {
  cancel(): void;
}

export class BenchRun {
  /** Live replications and feeds: cancelled first at the clean-up. */
  readonly liveHandles = new Set<Cancelable>();
  /** Set when a signal or the watchdog stops the run: what fails after that is the shutdown's doing. */
  stopping = false;
  /** Set when the clean-up starts: requests cut off by it are expected to fail. */
  shuttingDown = false;
  private api: RunningServer | undefined;
  private readonly tempDirs: string[] = [];
  private readonly openDbs = new Set<PouchDB>();
  private cleaning: Promise<void> | undefined;
  private localCounter = 0;

  constructor(readonly name: string) {}

  /** Replications and feeds first (they would fail on closed databases), then the server, then the rest. */
  cleanUp(): Promise<void> {
    this.shuttingDown = true;
    this.cleaning ??= (async () => {
      for (const handle of this.liveHandles) handle.cancel();
      this.liveHandles.clear();
      await this.api?.close(2000).catch(() => undefined);
      await Promise.allSettled([...this.openDbs].map((db) => db.close()));
      this.openDbs.clear();
      await Promise.allSettled(this.tempDirs.map((d) => rm(d, { recursive: true, force: true })));
    })();
    return this.cleaning;
  }

  /** Cleans up and exits with `code`. */
  stop(code: number): void {
    this.stopping = true;
    void this.cleanUp().finally(() => process.exit(code));
  }

  /**
   * At start-up: an error nobody caught fails the run (once the clean-up has started, a request
   * it cut off may reject inside PouchDB with nobody listening: that is ignored), a watchdog stops
   * it after `limitMs`, and a signal stops it cleanly. Ctrl-C reaches the process twice under
   * `npm run bench` (from the terminal and from run.ts): every signal waits for the same clean-up.
   */
  guard(limitMs: number): void {
    for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
      process.on(event, (error: unknown) => {
        if (this.stopping || this.shuttingDown) return;
        console.error(`${this.name} failed (${event}):`, error);
        this.stop(1);
      });
    }
    stopWhenAsked(
      this.name,
      limitMs,
      (code) => this.stop(code),
      () => this.stopping,
    );
  }

  /** Runs `main`, cleans up, and exits with main's code (1 if it threw). */
  async finish(main: () => Promise<number>): Promise<void> {
    let code = 1;
    try {
      code = await main();
    } catch (error) {
      // Stopped by a signal or the watchdog: the error is the shutdown's, and stop() exits.
      if (!this.stopping) console.error(`${this.name} failed:`, error);
    } finally {
      await this.cleanUp();
    }
    if (!this.stopping) process.exit(code);
  }

  /**
   * The start of the run: a temporary folder for the local databases, the load average (with a
   * warning when the machine is busy), and the API (`startBenchApi`, lib/servers.ts) with `env`.
   * All of it is undone at the clean-up.
   */
  async start(env: Record<string, string>): Promise<{
    pouchDir: string;
    loadAtStart: number;
    running: RunningServer;
    apiUrl: string;
  }> {
    const pouchDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-pouch-'));
    this.tempDirs.push(pouchDir);
    const load = loadAtStart(this.name);
    console.log(`${this.name}: starting the API (${databaseLabel()})…`);
    const started = await startBenchApi({ env, keep: (dir) => this.tempDirs.push(dir) });
    this.api = started.running;
    return { pouchDir, loadAtStart: load, running: started.running, apiUrl: started.url };
  }

  /** A new local database (LevelDB) in `dir`, closed at the clean-up. */
  openLocal(dir: string, label: string): PouchDB {
    this.localCounter += 1;
    const db = new PouchDB(path.join(dir, `${label}-${this.localCounter}`));
    this.openDbs.add(db);
    return db;
  }

  /** A remote database (an HTTP client), closed at the clean-up. */
  keepOpen(db: PouchDB): PouchDB {
    this.openDbs.add(db);
    return db;
  }

  /** Destroys a local database opened by `openLocal`. */
  async dropLocal(db: PouchDB): Promise<void> {
    this.openDbs.delete(db);
    await db.destroy();
  }
}

/**
 * The load average at the start. Everything shares the cores: when the machine is busy with other
 * work (a load above the number of cores), the figures will be noisy, and it says so.
 */
function loadAtStart(name: string): number {
  const load = loadavg()[0]!;
  if (load > cpus().length) {
    console.warn(
      `${name}: the machine is busy (load average ${load.toFixed(1)} on ` +
        `${cpus().length} cores): expect noisy figures, latencies most of all.`,
    );
  }
  return load;
}
