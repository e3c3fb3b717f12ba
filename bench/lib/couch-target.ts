/**
 * BENCH_COUCH_URL: the benchmarks against a CouchDB 3 server of one's own (admin credentials in
 * the URL) instead of an embedded server each, so the embedded and the production figures are
 * measured the same way (bench/README.md, "Against CouchDB").
 *
 * Set, every API a benchmark starts (`startBenchApi`) first empties that server of the product's
 * databases and then uses it (`COUCH_URL`); before measuring, a benchmark waits until every
 * view is built and no compaction is running (`settleDatabase`). Only the CouchDB 3 HTTP API is
 * used, which pouchdb-server implements too: the same code checks against either.
 */
import { GATEWAY_USER, SERVER_DATABASES } from '@wayfarer/couch';

/** What a figure of the database server's process (CPU, rss, descriptors) shows for this one. */
export const EXTERNAL_NA = 'n/a (external server)';

/** The member databases' names start with this (api/src/couch/userdb.ts, no prefix here). */
const USER_DB_PREFIX = 'userdb-';

/** BENCH_COUCH_URL, trimmed; undefined when unset or empty (the embedded server). */
export function benchCouchUrl(): string | undefined {
  return process.env.BENCH_COUCH_URL?.trim() || undefined;
}

/** True when the benchmarks run against BENCH_COUCH_URL. */
export const externalCouch = benchCouchUrl() !== undefined;

/** The settings that point an API at BENCH_COUCH_URL (none: the embedded server). */
export function couchEnv(): Record<string, string> {
  const url = benchCouchUrl();
  return url ? { COUCH_URL: url } : {};
}

type Fetch = typeof fetch;

/** A CouchDB server reached with the admin credentials of its URL. */
export interface CouchTarget {
  /** Scheme, host and port (and any path), without credentials. */
  base: string;
  request(pathname: string, init?: RequestInit): Promise<Response>;
}

export function couchTarget(url: string, fetchImpl: Fetch = fetch): CouchTarget {
  const parsed = new URL(url);
  const authorization =
    'Basic ' +
    Buffer.from(
      `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
    ).toString('base64');
  parsed.username = '';
  parsed.password = '';
  const base = parsed.href.replace(/\/+$/, '');
  return {
    base,
    request: (pathname, init = {}) =>
      fetchImpl(base + pathname, {
        ...init,
        headers: {
          authorization,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
  };
}

/**
 * The product's databases among a server's: the server databases (wf_users, wf_catalog, ...)
 * and the member databases (`userdb-<hex>`). Never CouchDB's own (`_users`, `_replicator`,
 * `_global_changes`) nor anything else on the server.
 */
export function productDatabases(names: readonly string[]): string[] {
  const server = new Set<string>(Object.values(SERVER_DATABASES));
  return names.filter((name) => server.has(name) || name.startsWith(USER_DB_PREFIX));
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) {
    throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
  return (await response.json()) as T;
}

/** The product's databases on the server now. */
async function listProductDatabases(target: CouchTarget): Promise<string[]> {
  return productDatabases(await json<string[]>(await target.request('/_all_dbs'), 'GET /_all_dbs'));
}

/**
 * Deletes every product database (`productDatabases`) and the sync gateway's account in
 * `_users` (the product's one document there; the API creates it again), a few at a time.
 * Returns the databases deleted.
 */
export async function emptyServer(target: CouchTarget): Promise<string[]> {
  const names = await listProductDatabases(target);
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(
      names.slice(i, i + 8).map(async (name) => {
        const response = await target.request(`/${encodeURIComponent(name)}`, {
          method: 'DELETE',
        });
        if (!response.ok && response.status !== 404) {
          throw new Error(`DELETE /${name}: ${response.status} ${await response.text()}`);
        }
        await response.body?.cancel();
      }),
    );
  }
  const account = `/_users/${encodeURIComponent(`org.couchdb.user:${GATEWAY_USER}`)}`;
  const found = await target.request(account);
  if (found.ok) {
    const { _rev } = (await found.json()) as { _rev: string };
    const deleted = await target.request(`${account}?rev=${encodeURIComponent(_rev)}`, {
      method: 'DELETE',
    });
    if (!deleted.ok) throw new Error(`DELETE ${account}: ${deleted.status}`);
    await deleted.body?.cancel();
  } else {
    await found.body?.cancel();
  }
  return names;
}

/**
 * An answer that means "the index is still being built, ask again": CouchDB 3.4 answers a view
 * read that outlasts its wait while a large index builds with 500 `{"error":"timeout"}`; 503 and
 * 504 are a busy server's or a proxy's. `error` is the answer's `error` field.
 */
function stillBuilding(status: number, error: unknown): boolean {
  return status === 503 || status === 504 || (status === 500 && error === 'timeout');
}

/**
 * The same for a thrown error: nano's (`statusCode`, `error`: the answer's), or the database
 * client's time limit on the answer's headers (a slow pouchdb-server; the build goes on).
 */
export function isStillBuilding(error: unknown): boolean {
  const e = error as { statusCode?: unknown; error?: unknown; code?: unknown } | undefined;
  if (typeof e?.statusCode === 'number') return stillBuilding(e.statusCode, e.error);
  return e?.code === 'UND_ERR_HEADERS_TIMEOUT';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `read()` (a view read, or a call that makes one), asked again while it fails with an error that
 * means its index is still being built (`isStillBuilding`), for up to `limitMs`; any other error,
 * or the same one past the limit, is thrown. On the embedded server with the benchmarks' long
 * time limits it succeeds or fails at once, as before.
 */
export async function untilBuilt<T>(
  what: string,
  read: () => Promise<T>,
  options: { limitMs: number; retryDelayMs?: number; onRetry?: (what: string) => void },
): Promise<T> {
  const deadline = Date.now() + options.limitMs;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (!isStillBuilding(error) || Date.now() >= deadline) throw error;
      (
        options.onRetry ??
        ((w) => console.log(`${w}: the index is still being built; asking again`))
      )(what);
      await sleep(Math.min(options.retryDelayMs ?? 1000, Math.max(0, deadline - Date.now())));
    }
  }
}

function errorField(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown }).error;
  } catch {
    return undefined;
  }
}

interface DesignDoc {
  _id: string;
  language?: string;
  views?: Record<string, unknown>;
}

export interface WaitOptions {
  /** The databases to look at; default: every product database on the server. */
  databases?: string[];
  /** Give up (throw) after this long, in ms. */
  limitMs: number;
  /** Between two attempts of a read that answered "still building", in ms. */
  retryDelayMs?: number;
  /** Told of each retry. */
  onRetry?: (view: string, status: number) => void;
}

/**
 * Reads one row of every view of every JavaScript design document of `databases`, each until it
 * answers: a read that answers 500 `{"error":"timeout"}` (CouchDB 3.4, while a large index
 * builds) or 503 is asked again; any other failure throws. The product has no Mango indexes
 * (design-docs has no `indexes/` folder), so design documents in `query` are not read.
 * Returns how many views were read and how many reads were retried.
 */
export async function waitForViews(
  target: CouchTarget,
  options: WaitOptions,
): Promise<{ views: number; retries: number }> {
  const deadline = Date.now() + options.limitMs;
  const databases = options.databases ?? (await listProductDatabases(target));
  let views = 0;
  let retries = 0;
  for (const db of databases) {
    const range = `startkey=${encodeURIComponent('"_design/"')}&endkey=${encodeURIComponent('"_design0"')}`;
    const { rows } = await json<{ rows: { doc?: DesignDoc }[] }>(
      await target.request(`/${encodeURIComponent(db)}/_all_docs?${range}&include_docs=true`),
      `design documents of ${db}`,
    );
    for (const { doc } of rows) {
      if (!doc || (doc.language ?? 'javascript') !== 'javascript') continue;
      const ddoc = doc._id.slice('_design/'.length);
      for (const view of Object.keys(doc.views ?? {})) {
        const label = `${db}/${ddoc}/${view}`;
        const url = `/${encodeURIComponent(db)}/_design/${encodeURIComponent(ddoc)}/_view/${encodeURIComponent(view)}?limit=1`;
        for (;;) {
          const remaining = deadline - Date.now();
          if (remaining <= 0) throw new Error(`${label}: not built within ${options.limitMs} ms`);
          const response = await target.request(url, { signal: AbortSignal.timeout(remaining) });
          const body = await response.text();
          if (response.ok) break;
          if (!stillBuilding(response.status, errorField(body))) {
            throw new Error(`${label}: ${response.status} ${body.slice(0, 200)}`);
          }
          retries += 1;
          options.onRetry?.(label, response.status);
          await sleep(Math.min(options.retryDelayMs ?? 1000, Math.max(0, deadline - Date.now())));
        }
        views += 1;
      }
    }
  }
  return { views, retries };
}

/**
 * Asks for a compaction of `compact` (`POST /{db}/_compact`), then waits until no database of
 * `databases` (default: every product database) has `compact_running`: a compaction (started
 * here, or by CouchDB's own daemon after a bulk load) would otherwise share the machine with the
 * measurement. pouchdb-server compacts within the request and reports no `compact_running`.
 */
export async function waitForCompaction(
  target: CouchTarget,
  options: {
    /** The databases to watch; default: every product database on the server. */
    databases?: string[];
    /** The databases to compact first. */
    compact?: string[];
    /** Give up (throw) after this long, in ms. */
    limitMs: number;
    /** Between two looks at a database that is compacting, in ms. */
    pollMs?: number;
  },
): Promise<{ polls: number }> {
  const deadline = Date.now() + options.limitMs;
  for (const db of options.compact ?? []) {
    const response = await target.request(`/${encodeURIComponent(db)}/_compact`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
    await json<unknown>(response, `POST /${db}/_compact`);
  }
  const databases = options.databases ?? (await listProductDatabases(target));
  let polls = 0;
  for (const db of databases) {
    for (;;) {
      const info = await json<{ compact_running?: boolean }>(
        await target.request(`/${encodeURIComponent(db)}`),
        `GET /${db}`,
      );
      if (!info.compact_running) break;
      if (Date.now() >= deadline) {
        throw new Error(`${db}: still compacting after ${options.limitMs} ms`);
      }
      polls += 1;
      await sleep(options.pollMs ?? 500);
    }
  }
  return { polls };
}

/**
 * Before measuring, on BENCH_COUCH_URL only (the embedded server is left as the benchmarks
 * always measured it): waits until every view of the product's databases (or of `databases`) is
 * built, compacts `compact` (databases just written in bulk, so CouchDB's compaction daemon does
 * not start on them during the measurement) and waits until no compaction runs. Says what it
 * waited for. `limitMs`: default 20 minutes.
 */
export async function settleDatabase(
  name: string,
  options: { databases?: string[]; compact?: string[]; limitMs?: number } = {},
): Promise<void> {
  const url = benchCouchUrl();
  if (!url) return;
  const target = couchTarget(url);
  const limitMs = options.limitMs ?? 20 * 60_000;
  const started = Date.now();
  const { views, retries } = await waitForViews(target, {
    databases: options.databases,
    limitMs,
    onRetry: (view, status) =>
      console.log(`${name}: ${view} is still being built (${status}); asking again`),
  });
  const { polls } = await waitForCompaction(target, {
    databases: options.databases,
    compact: options.compact,
    limitMs,
  });
  console.log(
    `${name}: external server settled in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${views} views built (${retries} reads retried)` +
      (options.compact?.length ? `, ${options.compact.join(', ')} compacted` : '') +
      (polls ? `, waited for compaction (${polls} polls)` : ', no compaction running'),
  );
}

/** Which database server the benchmarks use, for their messages. */
export function databaseLabel(): string {
  const url = benchCouchUrl();
  return url ? `external database server ${couchTarget(url).base}` : 'embedded database';
}

/**
 * A figure of the database server's process (CPU, rss, descriptors: read from /proc for the
 * embedded server's child), formatted; or why there is none: `n/a (external server)` on
 * BENCH_COUCH_URL, whose process is not this machine's to read, else `n/a`.
 */
export function dbFigure(value: number | undefined, format: (value: number) => string): string {
  if (value !== undefined) return format(value);
  return externalCouch ? EXTERNAL_NA : 'n/a';
}
