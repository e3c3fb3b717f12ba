import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nano, { type DocumentScope, type ServerScope } from 'nano';
import {
  couchNames,
  EmbeddedCouch,
  GATEWAY_USER,
  type EmbeddedNotice,
  type ServerDatabaseKey,
  type ServerDatabaseNames,
} from '@wayfarer/couch';
import type { Logger } from '../lib/logger';
import {
  couchDispatcher,
  DEFAULT_COUCH_TIMEOUTS,
  fetchWithHeadersTimeout,
  type CouchTimeouts,
} from './timeouts';

type CouchHealth = { ok: true; vendor: string; version: string } | { ok: false; error: string };

export interface Couch {
  server: ServerScope;
  /** Admin URL with credentials: never log it or send it to a client. */
  url: string;
  /** Scheme, host and port, without credentials. */
  origin: string;
  embedded: EmbeddedCouch | undefined;
  /**
   * The name on the server of a database or account of this deployment: `base` after
   * COUCH_DB_PREFIX. Every name the API gives CouchDB goes through here.
   */
  name(base: string): string;
  /** The server databases' names by key. */
  databases: ServerDatabaseNames;
  /** The sync gateway's CouchDB account. */
  gatewayUser: string;
  /** The limits on every request to the database (timeouts.ts). */
  timeouts: CouchTimeouts;
  /**
   * A raw request to the database (the sync gateway's): the headers must come within the
   * timeouts, the body may stream as long as it lasts (feeds).
   */
  fetch(url: string | URL, init: RequestInit): Promise<Response>;
  db<T = Record<string, unknown>>(key: ServerDatabaseKey): DocumentScope<T>;
  /**
   * Writes of this process to a server database, counted as each starts and as each ends: a read
   * that found the same count before and after it overlapped none, and a copy of what it read
   * stays true until the count moves (writes of other API instances are not counted).
   */
  writes(key: ServerDatabaseKey): number;
  ping(timeoutMs?: number): Promise<CouchHealth>;
  stop(): Promise<void>;
}

const RUNNING_FILE = 'running.json';
/** Data directories whose embedded server this process runs (the pid check cannot see these). */
const inUseHere = new Set<string>();

function authHeader(url: URL): string {
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return 'Basic ' + Buffer.from(`${user}:${pass}`).toString('base64');
}

function fromUrl(
  url: string,
  prefix: string,
  embedded: EmbeddedCouch | undefined,
  stop: () => Promise<void>,
  timeouts: CouchTimeouts,
): Couch {
  // nano asks for gzip on every request, and pouchdb-server compresses every answer over 1 KB:
  // on loopback (or a LAN) that is CPU on both ends for nothing, about a quarter of the time of
  // a 42-row view read (bench/README.md, gig-search).
  const server = nano({
    url,
    headers: { 'Accept-Encoding': 'identity' },
    // Every call is bounded in time (a database that stops answering gives a 503, not a hang).
    agentOptions: couchDispatcher(timeouts, (path) => countWrite(path)) as never,
  });
  const parsed = new URL(url);
  const origin = parsed.origin;
  const auth = authHeader(parsed);
  const { name, databases } = couchNames(prefix);
  const writeCounts = new Map<string, number>();
  const serverNames = new Set<string>(Object.values(databases));
  // A write's path names its database as one of its segments (after any path of COUCH_URL).
  const countWrite = (path: string) => {
    for (const segment of path.split('?')[0]!.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        continue;
      }
      if (serverNames.has(decoded)) writeCounts.set(decoded, (writeCounts.get(decoded) ?? 0) + 1);
    }
  };
  return {
    server,
    url,
    origin,
    embedded,
    name,
    databases,
    gatewayUser: name(GATEWAY_USER),
    timeouts,
    fetch: (target, init) => fetchWithHeadersTimeout(target, init, timeouts),
    db: <T>(key: ServerDatabaseKey) => server.use<T>(databases[key]),
    writes: (key: ServerDatabaseKey) => writeCounts.get(databases[key]) ?? 0,
    async ping(timeoutMs = 2000): Promise<CouchHealth> {
      try {
        const response = await fetch(`${origin}/`, {
          headers: { authorization: auth },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { ok: false, error: `answered ${response.status}` };
        const body = (await response.json()) as Record<string, unknown>;
        const vendor = body.couchdb ? 'CouchDB' : 'pouchdb-server';
        const version = String(body.version ?? 'unknown');
        return { ok: true, vendor, version };
      } catch (error) {
        const e = error as { name?: string; cause?: { code?: string }; message?: string };
        return {
          ok: false,
          error:
            e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.message ?? 'unreachable'),
        };
      }
    },
    stop,
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ConnectOptions {
  couchUrl: string | undefined;
  couchDir: string;
  /** COUCH_DB_PREFIX: put before every database and account name (empty: none). */
  dbPrefix?: string;
  /** Default: DEFAULT_COUCH_TIMEOUTS. */
  timeouts?: CouchTimeouts;
  /** The embedded server's health check (EmbeddedCouchOptions); unset: its defaults. */
  health?: { intervalMs?: number; failures?: number; timeoutMs?: number; busyLimitMs?: number };
  /** The embedded server's open-database cap and descriptor limit; unset: its defaults. */
  maxDbsOpen?: number;
  fileLimit?: number;
}

/**
 * COUCH_URL set: that server. Unset: the embedded server in `couchDir`, started here and stopped
 * with `stop()`. A second API on the same data directory is refused, since two database
 * processes must never open the same files.
 */
export async function connectCouch(options: ConnectOptions, logger: Logger): Promise<Couch> {
  const prefix = options.dbPrefix ?? '';
  const timeouts = options.timeouts ?? DEFAULT_COUCH_TIMEOUTS;
  if (options.couchUrl) {
    return fromUrl(options.couchUrl, prefix, undefined, async () => undefined, timeouts);
  }
  const couchDir = path.resolve(options.couchDir);
  if (inUseHere.has(couchDir)) {
    throw new Error(
      `Another Wayfarer API in this process is using ${couchDir}. Set DATA_DIR to another folder.`,
    );
  }
  const runningFile = path.join(options.couchDir, RUNNING_FILE);
  if (existsSync(runningFile)) {
    const running = JSON.parse(await readFile(runningFile, 'utf8')) as { pid?: number };
    if (running.pid && running.pid !== process.pid && processAlive(running.pid)) {
      throw new Error(
        `Another Wayfarer API (pid ${running.pid}) is using ${options.couchDir}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
  }
  const embedded = new EmbeddedCouch({
    dir: options.couchDir,
    onOutput: (line) => logger.debug({ component: 'embedded-couch' }, line),
    healthIntervalMs: options.health?.intervalMs,
    healthFailures: options.health?.failures,
    healthTimeoutMs: options.health?.timeoutMs,
    healthBusyLimitMs: options.health?.busyLimitMs,
    maxDbsOpen: options.maxDbsOpen,
    fileLimit: options.fileLimit,
  });
  embedded.on('notice', ({ level, msg, ...fields }: EmbeddedNotice) =>
    logger[level]({ component: 'embedded-couch', ...fields }, msg),
  );
  embedded.on('down', ({ code, signal }: { code: number | null; signal: string | null }) =>
    logger.error(
      { component: 'embedded-couch', code, signal },
      'The embedded database server stopped unexpectedly; restarting it.',
    ),
  );
  embedded.on('health-check-failed', ({ failures, error }: { failures: number; error: string }) =>
    logger.warn(
      { component: 'embedded-couch', failures, error },
      'the embedded database server did not answer its health check',
    ),
  );
  embedded.on('health-check-busy', ({ error }: { error: string }) =>
    logger.info(
      { component: 'embedded-couch', error },
      'the embedded database server is busy (using the CPU) and slow to answer its health check',
    ),
  );
  embedded.on('unresponsive', ({ failures, pid }: { failures: number; pid: number | undefined }) =>
    logger.error(
      { component: 'embedded-couch', failures, pid },
      'The embedded database server stopped answering; killing it so that it restarts.',
    ),
  );
  embedded.on('up', () =>
    logger.info({ component: 'embedded-couch' }, 'embedded database server is up'),
  );
  embedded.on('restart-failed', (err: unknown) =>
    logger.error(
      { component: 'embedded-couch', err },
      'restarting the embedded database server failed',
    ),
  );
  inUseHere.add(couchDir);
  try {
    const url = await embedded.start();
    const port = Number(new URL(url).port);
    await writeFile(runningFile, JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
    return fromUrl(
      url,
      prefix,
      embedded,
      async () => {
        await embedded.stop();
        await rm(runningFile, { force: true });
        inUseHere.delete(couchDir);
      },
      timeouts,
    );
  } catch (error) {
    inUseHere.delete(couchDir);
    throw error;
  }
}

/**
 * For command-line tools (ddocs:push, admin:create): the database of a running API on this data
 * directory if there is one, else a server started just for the tool.
 */
export async function connectForTool(options: ConnectOptions, logger: Logger): Promise<Couch> {
  if (options.couchUrl) return connectCouch(options, logger);
  const runningFile = path.join(options.couchDir, RUNNING_FILE);
  const credentialsFile = path.join(options.couchDir, 'admin-credentials.json');
  if (existsSync(runningFile) && existsSync(credentialsFile)) {
    const running = JSON.parse(await readFile(runningFile, 'utf8')) as {
      pid?: number;
      port?: number;
    };
    const creds = JSON.parse(await readFile(credentialsFile, 'utf8')) as {
      username: string;
      password: string;
    };
    if (running.pid && running.port && processAlive(running.pid)) {
      const url = `http://${encodeURIComponent(creds.username)}:${encodeURIComponent(creds.password)}@127.0.0.1:${running.port}`;
      return fromUrl(
        url,
        options.dbPrefix ?? '',
        undefined,
        async () => undefined,
        options.timeouts ?? DEFAULT_COUCH_TIMEOUTS,
      );
    }
  }
  return connectCouch(options, logger);
}
