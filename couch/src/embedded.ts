import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';

export interface EmbeddedCouchOptions {
  /** Where the databases, the generated credentials and the server's config and log live. */
  dir: string;
  /** Fixed port; default: a free loopback port chosen at each start. */
  port?: number;
  /** Delay before the first restart after an unexpected exit; doubles up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** Receives the server's own output lines (it logs every request). */
  onOutput?: (line: string) => void;
  /**
   * While running, the server is asked `GET /` this often (default 5000 ms; 0: never). After
   * `healthFailures` (default 3) answers in a row that fail or take longer than
   * `healthTimeoutMs` (default 2000 ms), the process is killed and restarted like one that
   * died: a server that is alive but hung (stopped, deadlocked) would otherwise never recover.
   * A check that fails while the process is using the CPU (its CPU time advanced by
   * `BUSY_CPU_MS` or more since the last check, read from /proc on Linux) is not counted: the
   * server is busy (building a large index on a loaded machine), not hung; it is killed only
   * once it has been busy without answering for `healthBusyLimitMs` (default 10 minutes).
   */
  healthIntervalMs?: number;
  healthFailures?: number;
  healthTimeoutMs?: number;
  healthBusyLimitMs?: number;
  /**
   * At most this many databases are open at once in the server (the least recently used one no
   * request is using is closed, and opened again when asked for). Default: from the server's
   * descriptor limit, leaving room for everything else (couch/src/child.cjs).
   */
  maxDbsOpen?: number;
  /**
   * The server's descriptor limit (`ulimit -n`, soft and hard). Default: raised to the hard
   * limit where the system allows.
   */
  fileLimit?: number;
}

/** A line the server writes for the API's log (couch/src/child.cjs `notice`). */
export interface EmbeddedNotice {
  level: 'info' | 'warn' | 'error';
  msg: string;
  [field: string]: unknown;
}

/**
 * Worker threads of the database server (libuv's pool, 4 by default). Every LevelDB call of the
 * embedded server (reads, writes, opening and closing a database) runs on them, and closing a
 * database waits for its compaction, which LevelDB runs on one thread shared by every open
 * database: with four closes waiting behind a long compaction, every other request waited too.
 * More threads keep reads and writes going meanwhile (each costs a stack, mostly untouched).
 */
const COUCH_THREADS = 16;

const NOTICE_PREFIX = 'wayfarer-couch: ';

export interface CouchCredentials {
  username: string;
  password: string;
}

export type EmbeddedState = 'stopped' | 'starting' | 'running' | 'down';

const HOST = '127.0.0.1';
const CREDENTIALS_FILE = 'admin-credentials.json';

/**
 * The embedded CouchDB-compatible server (pouchdb-server) used when COUCH_URL is unset.
 *
 * Contract: it listens on loopback only, is never in admin-party mode (an admin generated on
 * first start and kept in `dir`), and is reached only through the API. When the child dies
 * unexpectedly it emits `down`, and it is restarted with back-off; `up` follows once it answers.
 * A running child that stops answering its health check emits `health-check-failed` per failed
 * check (`health-check-busy` for one failed while it was using the CPU), then `unresponsive`
 * when it is killed (and `down` follows, then the restart). `notice` carries the server's own
 * lines for the log (EmbeddedNotice): at start, how many databases it keeps open under which
 * descriptor limit; when it runs out of a resource, which one.
 */
export class EmbeddedCouch extends EventEmitter {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private restartDelay: number;
  private credentials: CouchCredentials | undefined;
  private currentPort: number | undefined;
  private healthTimer: NodeJS.Timeout | undefined;
  state: EmbeddedState = 'stopped';

  constructor(private readonly options: EmbeddedCouchOptions) {
    super();
    this.restartDelay = options.restartDelayMs ?? 1000;
  }

  /** The admin URL (with credentials) of the running server. */
  get url(): string {
    if (!this.credentials || this.currentPort === undefined) {
      throw new Error('The embedded database server has not been started.');
    }
    const { username, password } = this.credentials;
    return `http://${encodeURIComponent(username)}:${encodeURIComponent(password)}@${HOST}:${this.currentPort}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<string> {
    this.stopping = false;
    await mkdir(this.options.dir, { recursive: true });
    this.credentials = await loadOrCreateCredentials(this.options.dir);
    await this.spawnChild();
    return this.url;
  }

  private async spawnChild(): Promise<void> {
    const dir = this.options.dir;
    const credentials = this.credentials!;
    // Restarts reuse the port, so clients holding the URL reconnect to the new process.
    this.currentPort ??= this.options.port ?? (await freePort());
    this.state = 'starting';
    // The server hashes plain-text admin passwords in its config file on start; writing the
    // plain one every time keeps our credentials file the single source of truth.
    await writeFile(
      path.join(dir, 'config.json'),
      JSON.stringify(
        {
          admins: { [credentials.username]: credentials.password },
          log: { file: path.join(dir, 'log.txt'), level: 'warning' },
          couchdb: { uuid: await serverUuid(dir) },
        },
        null,
        2,
      ),
      { mode: 0o600 },
    );
    const childScript = embeddedChildScript();
    const args = [
      childScript,
      '--host',
      HOST,
      '--port',
      String(this.currentPort),
      '--dir',
      dir,
      '--config',
      path.join(dir, 'config.json'),
    ];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '',
      UV_THREADPOOL_SIZE: String(COUCH_THREADS),
    };
    if (this.options.maxDbsOpen !== undefined)
      env.WAYFARER_MAX_DBS_OPEN = String(this.options.maxDbsOpen);
    // In a process group of its own: a signal to the API's group (Ctrl-C in a terminal, a test
    // runner or a supervisor stopping `npm start`) reaches the API only, which writes what it
    // holds (sync checkpoints, gig views) and then stops this server (stop()); sharing the
    // group, the server died first and those writes failed. A killed API still ends it: the
    // IPC channel closes, and the child exits (child.cjs).
    const options: SpawnOptions = {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env,
      detached: true,
    };
    // Through the shell where there is one, to set the descriptor limit: the one asked for, or
    // the soft limit raised to the hard one (Node raises its own too; this keeps it explicit).
    // `exec` keeps the process id and the IPC channel.
    const child = existsSync('/bin/sh')
      ? spawn(
          '/bin/sh',
          [
            '-c',
            'if [ -n "$1" ]; then ulimit -n "$1" || exit 70; else ulimit -n "$(ulimit -H -n)" 2>/dev/null; fi; shift; exec "$@"',
            'sh',
            this.options.fileLimit === undefined ? '' : String(this.options.fileLimit),
            process.execPath,
            ...args,
          ],
          options,
        )
      : spawn(process.execPath, args, options);
    this.child = child;
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.startsWith(NOTICE_PREFIX)) {
          try {
            this.emit('notice', JSON.parse(line.slice(NOTICE_PREFIX.length)) as EmbeddedNotice);
            continue;
          } catch {
            // Not one of ours after all: passed on as it is.
          }
        }
        if (line.trim()) this.options.onOutput?.(line);
      }
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.once('exit', (code, signal) => this.onExit(child, code, signal));

    try {
      await waitUntilUp(this.url, child, 30_000);
    } catch (error) {
      if (this.child === child) child.kill('SIGKILL');
      throw error;
    }
    if (this.child !== child || this.stopping) return;
    this.state = 'running';
    this.restartDelay = this.options.restartDelayMs ?? 1000;
    this.emit('up');
    this.watchHealth(child);
  }

  /**
   * Checks a running child periodically (never while it starts: waitUntilUp bounds that) and
   * kills it after too many failed checks in a row; its exit restarts it. What a check means is
   * decided by `judgeHealthCheck`.
   */
  private watchHealth(child: ChildProcess): void {
    const interval = this.options.healthIntervalMs ?? 5000;
    if (interval <= 0) return;
    const limits: HealthLimits = {
      failures: Math.max(1, this.options.healthFailures ?? 3),
      busyMs: this.options.healthBusyLimitMs ?? 10 * 60_000,
    };
    const timeoutMs = this.options.healthTimeoutMs ?? 2000;
    if (this.healthTimer) clearTimeout(this.healthTimer);
    let state: HealthState = { failures: 0, busySince: undefined };
    let lastCpu = child.pid === undefined ? undefined : cpuTimeMs(child.pid);
    const current = () => this.child === child && this.state === 'running' && !this.stopping;
    const schedule = () => {
      this.healthTimer = setTimeout(() => {
        this.healthTimer = undefined;
        if (!current()) return;
        void answers(this.url, timeoutMs).then((error) => {
          if (!current()) return;
          const cpu = child.pid === undefined ? undefined : cpuTimeMs(child.pid);
          const cpuUsedMs = cpu === undefined || lastCpu === undefined ? undefined : cpu - lastCpu;
          lastCpu = cpu;
          const verdict = judgeHealthCheck(state, { error, cpuUsedMs, now: Date.now() }, limits);
          state = verdict.state;
          if (verdict.event === 'failed') {
            this.emit('health-check-failed', { failures: state.failures, error });
          } else if (verdict.event === 'busy') {
            this.emit('health-check-busy', { error, cpuUsedMs });
          } else if (verdict.event === 'kill') {
            this.emit('unresponsive', { failures: state.failures, pid: child.pid, error });
            child.kill('SIGKILL');
            return;
          }
          schedule();
        });
      }, interval);
      this.healthTimer.unref();
    };
    schedule();
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.stopping) {
      this.state = 'stopped';
      return;
    }
    this.state = 'down';
    this.emit('down', { code, signal });
    const delay = this.restartDelay;
    this.restartDelay = Math.min(delay * 2, this.options.maxRestartDelayMs ?? 30_000);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.spawnChild().catch((error: unknown) => {
        this.emit('restart-failed', error);
        // The failed child's exit schedules the next attempt.
      });
    }, delay);
    this.restartTimer.unref();
  }

  /** Stops the server and waits for the process to exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.healthTimer) clearTimeout(this.healthTimer);
    this.healthTimer = undefined;
    const child = this.child;
    if (!child || child.exitCode !== null) {
      this.state = 'stopped';
      return;
    }
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
    this.state = 'stopped';
  }
}

/**
 * The child's script, found through this package (so it resolves from a bundle too). The
 * embedded server is an optional dependency: a production install (`npm ci --omit=optional`,
 * the Docker image) has none, and must be given COUCH_URL.
 */
function embeddedChildScript(): string {
  const require = createRequire(import.meta.url);
  try {
    require.resolve('pouchdb-server/package.json');
  } catch {
    throw new Error(
      'The embedded database server (the optional pouchdb-server package) is not installed here. Set COUCH_URL to a CouchDB 3 server, or install the optional dependencies (npm install).',
    );
  }
  return require.resolve('@wayfarer/couch/child.cjs');
}

async function loadOrCreateCredentials(dir: string): Promise<CouchCredentials> {
  const file = path.join(dir, CREDENTIALS_FILE);
  if (existsSync(file)) {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CouchCredentials>;
    if (typeof parsed.username === 'string' && typeof parsed.password === 'string') {
      return { username: parsed.username, password: parsed.password };
    }
    throw new Error(`${file} is not valid: expected {"username": "...", "password": "..."}.`);
  }
  const credentials = {
    username: 'wayfarer_admin',
    password: randomBytes(24).toString('base64url'),
  };
  await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return credentials;
}

async function serverUuid(dir: string): Promise<string> {
  const file = path.join(dir, 'server-uuid');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const uuid = randomBytes(16).toString('hex');
  await writeFile(file, uuid);
  return uuid;
}

/** A port that is free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port.'));
      });
    });
  });
}

function basicAuth(url: string): { origin: string; auth: string } {
  const { origin, username, password } = new URL(url);
  const auth =
    'Basic ' +
    Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString(
      'base64',
    );
  return { origin, auth };
}

/** Undefined when the server answers `GET /` within the time; else what went wrong. */
/** CPU time a check must see used since the last one to call an unanswering server busy. */
export const BUSY_CPU_MS = 50;

export interface HealthState {
  /** Failed checks in a row, not counting those made while the server was busy. */
  failures: number;
  /** Since when (epoch ms) every check has failed while the server was busy. */
  busySince: number | undefined;
}

export interface HealthLimits {
  failures: number;
  busyMs: number;
}

export interface HealthCheck {
  /** Why the check failed; undefined when the server answered. */
  error: string | undefined;
  /** CPU time the server used since the previous check; undefined where it cannot be read. */
  cpuUsedMs: number | undefined;
  now: number;
}

/**
 * One health check's verdict. An answer resets everything. A failed check made while the server
 * used the CPU is `busy` (a stopped or deadlocked server uses none), until it has been busy
 * without answering for `busyMs`; any other failed check counts, and `failures` of them in a row
 * kill the server. Where CPU time cannot be read every failed check counts.
 */
export function judgeHealthCheck(
  state: HealthState,
  check: HealthCheck,
  limits: HealthLimits,
): { state: HealthState; event: 'ok' | 'failed' | 'busy' | 'kill' } {
  if (check.error === undefined)
    return { state: { failures: 0, busySince: undefined }, event: 'ok' };
  if (check.cpuUsedMs !== undefined && check.cpuUsedMs >= BUSY_CPU_MS) {
    const busySince = state.busySince ?? check.now;
    if (check.now - busySince >= limits.busyMs)
      return { state: { failures: state.failures + 1, busySince }, event: 'kill' };
    return { state: { failures: state.failures, busySince }, event: 'busy' };
  }
  const failures = state.failures + 1;
  const next = { failures, busySince: undefined };
  return { state: next, event: failures >= limits.failures ? 'kill' : 'failed' };
}

/** The CPU time (user + system, ms) a process has used, from /proc on Linux; else undefined. */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state, field 3;
    // utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

async function answers(url: string, timeoutMs: number): Promise<string | undefined> {
  const { origin, auth } = basicAuth(url);
  try {
    const response = await fetch(`${origin}/`, {
      headers: { authorization: auth },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok ? undefined : `answered ${response.status}`;
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string }; message?: string };
    if (e.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
    return e.cause?.code ?? e.message ?? 'unreachable';
  }
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const { origin, auth } = basicAuth(url);
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The embedded database server exited during start-up (code ${child.exitCode}).`,
      );
    }
    try {
      // Each attempt is bounded too: a child that hangs while starting must not outlast the
      // deadline.
      const response = await fetch(`${origin}/_session`, {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(Math.max(100, Math.min(5000, deadline - Date.now()))),
      });
      const body = (await response.json()) as { userCtx?: { roles?: string[] } };
      if (response.ok && body.userCtx?.roles?.includes('_admin')) return;
      lastError = new Error(`unexpected answer ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `The embedded database server did not start within ${timeoutMs} ms: ${String(lastError)}`,
  );
}
