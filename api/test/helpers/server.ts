import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nano from 'nano';
import { afterAll } from 'vitest';
import { couchNames, GATEWAY_USER } from '@wayfarer/couch';
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
 * TEST_COUCH_URL: a CouchDB 3 server (admin credentials in the URL) the integration tests run
 * against instead of an embedded server each (README, "Testing against CouchDB").
 */
const externalCouchUrl = process.env.TEST_COUCH_URL?.trim() || undefined;

/**
 * True when the tests run against TEST_COUCH_URL. Tests of the embedded server itself (its
 * process, its files) skip then; everything else runs the same on both.
 */
export const externalCouch = externalCouchUrl !== undefined;

/** Name prefixes this test file used on the external server, dropped after the file. */
const prefixesUsed = new Set<string>();

/**
 * The database-name prefix of a data directory on the external server: made up and kept in the
 * directory at its first start, so a restart on the same directory finds its databases again
 * and a fresh directory starts on empty ones, as with the embedded server.
 */
function prefixFor(dataDir: string): string {
  const file = path.join(dataDir, 'test-couch-prefix');
  let prefix: string;
  if (existsSync(file)) {
    prefix = readFileSync(file, 'utf8').trim();
  } else {
    prefix = `wft${randomBytes(5).toString('hex')}_`;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, prefix);
  }
  prefixesUsed.add(prefix);
  return prefix;
}

/** Deletes the databases and the gateway account of one prefix on the external server. */
async function dropPrefix(couchUrl: string, prefix: string): Promise<void> {
  const server = nano({ url: couchUrl });
  const ignoreMissing = (error: unknown) => {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  };
  const names = (await server.db.list()).filter((name) => name.startsWith(prefix));
  // A few at a time: a file may leave a few hundred user databases.
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(
      names.slice(i, i + 8).map((name) => server.db.destroy(name).catch(ignoreMissing)),
    );
  }
  const users = server.use<Record<string, unknown>>('_users');
  const id = `org.couchdb.user:${couchNames(prefix).name(GATEWAY_USER)}`;
  try {
    await users.destroy(id, (await users.get(id))._rev);
  } catch (error) {
    ignoreMissing(error);
  }
}

if (externalCouchUrl) {
  // Registered when a test file imports this module, so it runs after the file's own afterAll
  // hooks (which close its servers).
  afterAll(async () => {
    for (const prefix of prefixesUsed) await dropPrefix(externalCouchUrl, prefix);
    prefixesUsed.clear();
  });
}

/**
 * Where an API on `dataDir` keeps its databases: with TEST_COUCH_URL, that server under the
 * directory's prefix (`COUCH_URL`, `COUCH_DB_PREFIX`); otherwise nothing, so the API runs its
 * embedded server in the directory. For API processes (helpers/api-process.ts) and tools.
 */
export function couchEnvFor(dataDir: string): Record<string, string> {
  return externalCouchUrl
    ? { COUCH_URL: externalCouchUrl, COUCH_DB_PREFIX: prefixFor(dataDir) }
    : {};
}

/**
 * The real API on a fresh data directory, on a free loopback port, with its own embedded
 * database server; or, with TEST_COUCH_URL set, on that server under a name prefix of its own
 * (per data directory), deleted after the test file.
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
    ...couchEnvFor(dataDir),
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
