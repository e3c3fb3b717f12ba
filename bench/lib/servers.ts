/**
 * The settings of a benchmark that loads the API with data of its own: no demo gigs, no order
 * timer running meanwhile, no rate limit in the way.
 */
export const LOADED_API_ENV: Record<string, string> = {
  SEED_DEMO_GIGS: 'false',
  ORDER_TIMER_INTERVAL_SECONDS: '3600',
  RATE_LIMIT_PER_IP: '100000000',
  RATE_LIMIT_PER_ADDRESS: '100000000',
};

/**
 * The servers the benchmarks load: the real API in this process (embedded database on a fresh
 * data directory, or the CouchDB of BENCH_COUCH_URL emptied first), and a bare Hono route, the
 * machine's HTTP floor at that moment.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { parseEnv } from '../../api/src/config/env';
import { startServer, type RunningServer } from '../../api/src/server';
import { benchCouchUrl, couchEnv, couchTarget, emptyServer } from './couch-target';

const HOST = '127.0.0.1';

/**
 * Starts the API on loopback, on a new temporary data directory (and, unless `env.WEB_DIST`
 * names a built web app, an empty one for it): logging off, `NODE_ENV=production`, any port;
 * `env` adds or overrides settings. `keep` is told each directory made, for the clean-up.
 * With BENCH_COUCH_URL, the API uses that server (`COUCH_URL`) instead of an embedded one in the
 * data directory, after the product's databases there were deleted (lib/couch-target.ts): each
 * API starts on empty databases either way.
 */
export async function startBenchApi(options: {
  env?: Record<string, string>;
  keep: (dir: string) => void;
  /** A data directory to use and leave in place (created if missing); else a fresh temporary one. */
  dataDir?: string;
}): Promise<{ running: RunningServer; url: string }> {
  let dataDir = options.dataDir;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-data-'));
    options.keep(dataDir);
  }
  let webDist = options.env?.WEB_DIST;
  if (!webDist) {
    webDist = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-web-'));
    options.keep(webDist);
  }
  const external = benchCouchUrl();
  if (external) {
    const deleted = await emptyServer(couchTarget(external));
    console.log(
      `external database server ${couchTarget(external).base}: ${deleted.length} databases of the product deleted`,
    );
  }
  const env = parseEnv({
    PORT: '0',
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'production',
    ...options.env,
    ...couchEnv(),
    WEB_DIST: webDist,
  });
  const running = await startServer(env);
  return { running, url: `http://${HOST}:${running.port}` };
}

/** `GET /json` answering a small array, with nothing else in the way. */
export function startBare(): Promise<{ server: ServerType; url: string }> {
  const app = new Hono();
  app.get('/json', (c) => c.json([{ id: 'a', name: 'A' }]));
  return serveApp(app);
}

/** Serves `app` on @hono/node-server, on loopback and any port, as the API is served. */
export function serveApp(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Promise<{ server: ServerType; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: HOST }, (info: AddressInfo) =>
      resolve({ server, url: `http://${HOST}:${info.port}` }),
    );
    server.once('error', reject);
  });
}

export function closeBare(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
