/**
 * What a process holds, read from /proc (Linux; undefined elsewhere): its resident memory and
 * its open descriptors, with the databases of the embedded server they point into. The soak and
 * user-dbs benchmarks sample the database server's process with these.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

/** VmRSS of a process in MB, from /proc (undefined elsewhere). */
export async function rssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Open descriptors of a process, and the distinct databases and view indexes
 * (`<database>-mrview-<hash>`) under `couchDir` (the embedded server's data directory, one
 * folder per database) it holds a file of.
 */
export async function descriptors(
  pid: number,
  couchDir: string,
): Promise<{ fds: number; databases: number; views: number } | undefined> {
  let entries: string[];
  try {
    entries = await readdir(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  const databases = new Set<string>();
  await Promise.all(
    entries.map(async (fd) => {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const relative = path.relative(couchDir, target);
      if (relative && !relative.startsWith('..') && relative.includes(path.sep)) {
        databases.add(relative.split(path.sep)[0]!);
      }
    }),
  );
  const views = [...databases].filter((name) => name.includes('-mrview-')).length;
  return { fds: entries.length, databases: databases.size - views, views };
}
