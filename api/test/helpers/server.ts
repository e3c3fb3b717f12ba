import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../src/config/env';
import { createLogger } from '../../src/lib/logger';
import { startServer, type RunningServer } from '../../src/server';

export interface TestServer extends RunningServer {
  dataDir: string;
  webDist: string;
  /** `fetch` relative to the server's URL. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
}

/** A tiny built web app, so static serving is tested without building the real one. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Wayfarer Market</title><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/**
 * The real API on a fresh data directory with its own embedded database server, on a free
 * loopback port.
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wf-data-')),
): Promise<TestServer> {
  const webDist = overrides.WEB_DIST ?? fakeWebDist();
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    WEB_DIST: webDist,
    // Tests search data sets of their own; the demo gigs are seeded only where a test asks.
    SEED_DEMO_GIGS: 'false',
    ...overrides,
  });
  const server = await startServer(env, createLogger(env));
  const base = `http://127.0.0.1:${server.port}`;
  return {
    ...server,
    url: base,
    dataDir,
    webDist,
    request: (pathname, init) => fetch(base + pathname, init),
  };
}
