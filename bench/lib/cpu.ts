/**
 * CPU time of the processes a benchmark loads: its own (the API and the clients it runs in this
 * process, or a thread of it) and the database server's, read from /proc (Linux; undefined elsewhere). CPU time is
 * less sensitive than latency to what else the machine is doing.
 */
import { readFileSync } from 'node:fs';

/**
 * CPU time so far of the process or thread a /proc stat file describes (`/proc/<pid>/stat`,
 * `/proc/thread-self/stat`); undefined where there is no /proc. Read synchronously: an
 * asynchronous read runs on a libuv worker thread, for which `/proc/thread-self` would stand.
 */
export function statCpuMs(statFile: string): number | undefined {
  try {
    const text = readFileSync(statFile, 'utf8');
    // Fields after the command name: state is field 3, utime 14 and stime 15 (clock ticks, 100
    // per second on Linux).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU time used by the database server's process so far, from /proc (undefined elsewhere). */
export const databaseCpuMs = (pid: number | undefined): Promise<number | undefined> =>
  Promise.resolve(pid === undefined ? undefined : statCpuMs(`/proc/${pid}/stat`));

/** CPU time used so far by this process (API and clients) and by the database server's. */
export interface CpuSnapshot {
  self_ms: number;
  /** undefined where /proc is not available. */
  database_ms: number | undefined;
}

export async function cpuSnapshot(databasePid: number | undefined): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  return {
    self_ms: (usage.user + usage.system) / 1000,
    database_ms: await databaseCpuMs(databasePid),
  };
}

/** The CPU time used between two snapshots. */
export function cpuSince(start: CpuSnapshot, end: CpuSnapshot): CpuSnapshot {
  return {
    self_ms: end.self_ms - start.self_ms,
    database_ms:
      start.database_ms === undefined || end.database_ms === undefined
        ? undefined
        : end.database_ms - start.database_ms,
  };
}
