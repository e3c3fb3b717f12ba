import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/config/env';
import { fakeWebDist } from './server';

export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  child: ChildProcess;
  /** `fetch` relative to the instance's URL. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  /** What the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves once the process has exited (however it ended). */
  exited: Promise<void>;
}

/**
 * Another API instance as a separate process (`api/src/cli/start.ts`, as `npm start` runs it),
 * on a free loopback port. To share a database with a test server, pass its
 * `COUCH_URL: server.deps.couch.url` and the same `JWT_SECRET`; it gets its own DATA_DIR and a
 * tiny web build unless given. Resolves once it prints the address it listens on.
 */
export async function startApiProcess(
  env: Record<string, string>,
  { startTimeoutMs = 60_000 } = {},
): Promise<ApiProcess> {
  const root = repoRoot();
  // One process (node with tsx's loader), not the tsx command, which runs the API in a child of
  // its own: a signal sent to `pid` must reach the API itself (the fault tests SIGKILL it).
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'api', 'src', 'cli', 'start.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        HOST: '127.0.0.1',
        PORT: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        SEED_DEMO: 'false',
        SEED_DEMO_GIGS: 'false',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wf-data-')),
        WEB_DIST: fakeWebDist(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API process did not start in ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /running at (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
  const base = url.replace('localhost', '127.0.0.1');
  return {
    url: base,
    pid: child.pid!,
    child,
    request: (pathname, init) => fetch(base + pathname, init),
    output: () => output,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}
