/**
 * PouchDB clients of a user's database, as the web app runs them (web/src/lib/local-db), with
 * every HTTP request they make counted and timed per endpoint: the request log behind the
 * benchmarks' profile tables.
 */
import http from 'node:http';
import https from 'node:https';
import PouchDB from 'pouchdb';

/**
 * The client settings the web app uses (web/src/lib/local-db): batches of 500 documents, so a
 * first sync makes a fifth of the round trips of PouchDB's default 100. Every route and client
 * of a benchmark gets the same settings, so a ratio compares the routes only.
 */
export const CLIENT_BATCH_SIZE = 500;

/** Count and time of the HTTP requests clients made to one endpoint. */
export interface EndpointStats {
  requests: number;
  /** Answers with a status of 400 or more (a live replication retries them). */
  failed: number;
  ms: number;
  bytes: number;
}

export interface RequestLog {
  /**
   * true: each response is read whole here, and timed from the request to its last byte (for
   * one-shot replications). false: timed to the response headers, the body left streaming (for
   * live feeds, whose long polls stay open until a change comes).
   */
  wholeBody: boolean;
  endpoints: Map<string, EndpointStats>;
}

export const requestLog = (wholeBody: boolean): RequestLog => ({ wholeBody, endpoints: new Map() });

/** Requests per endpoint, by endpoint name. */
export const sortedEndpoints = (log: RequestLog): [string, EndpointStats][] =>
  [...log.endpoints].sort(([a], [b]) => a.localeCompare(b));

/** `GET _changes`, `POST _bulk_get`, `PUT _local`, `GET (db)`... from a request to a database. */
function endpointOf(url: string, method: string, dbPath: string): string {
  const pathname = new URL(url).pathname;
  if (pathname !== dbPath && !pathname.startsWith(`${dbPath}/`)) {
    return `${method.toUpperCase()} ${pathname}`;
  }
  const first = pathname.slice(dbPath.length).replace(/^\//, '').split('/')[0] ?? '';
  const name = first === '' ? '(db)' : first.startsWith('_') ? first : '(doc)';
  return `${method.toUpperCase()} ${name}`;
}

/**
 * Told of each request as it leaves (its endpoint, `started` on performance.now()); what it
 * returns is told of the response when its headers are in.
 */
export type RequestWatcher = (
  endpoint: string,
  init: RequestInit | undefined,
  started: number,
) => ((response: Response, answered: number) => void) | undefined;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A browser keeps its connections to a server open between requests (up to six at once over
 * HTTP/1.1). PouchDB's fetch in Node (node-fetch) closes each connection after its request unless
 * given an agent, which made every simulated client open a TCP connection per request: work for
 * the benchmark and for the API that no browser asks for. Each client gets agents of its own, as
 * each device has its own connections.
 */
function browserLikeAgent(): (url: URL) => http.Agent {
  const options = { keepAlive: true, maxSockets: 6 };
  const plain = new http.Agent(options);
  const secure = new https.Agent(options);
  return (url) => (url.protocol === 'https:' ? secure : plain);
}

/**
 * The client's fetch: PouchDB's own over connections kept open (browserLikeAgent), plus (for the
 * gateway) the bearer token; each request counted in `log` (see RequestLog) and shown to `watch`.
 */
export function clientFetch(
  dbUrl: string,
  token: string | undefined,
  log: RequestLog | undefined,
  watch?: RequestWatcher,
): (url: string, init?: RequestInit) => Promise<Response> {
  const dbPath = new URL(dbUrl).pathname;
  const agent = browserLikeAgent();
  return async (url, init) => {
    // `agent` is node-fetch's own option (RequestInit does not know it).
    let options = { ...init, agent } as RequestInit;
    if (token) {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      options = { ...options, headers };
    }
    if (!log) return PouchDB.fetch(url, options);
    const key = endpointOf(url, options?.method ?? 'GET', dbPath);
    const started = performance.now();
    const answered = watch?.(key, init, started);
    const response = await PouchDB.fetch(url, options);
    answered?.(response, performance.now());
    const body = log.wholeBody ? await response.arrayBuffer() : undefined;
    const entry = log.endpoints.get(key) ?? { requests: 0, failed: 0, ms: 0, bytes: 0 };
    entry.requests += 1;
    if (response.status >= 400) entry.failed += 1;
    entry.ms += performance.now() - started;
    entry.bytes += body?.byteLength ?? 0;
    log.endpoints.set(key, entry);
    if (!body) return response;
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** A client of the caller's own database through the sync gateway (bearer token). */
export function gatewayDb(
  apiUrl: string,
  token: string,
  log?: RequestLog,
  watch?: RequestWatcher,
): PouchDB {
  const url = gatewayUrl(apiUrl);
  return new PouchDB(url, { fetch: clientFetch(url, token, log, watch) });
}

export const gatewayUrl = (apiUrl: string) => `${apiUrl}/api/sync/db`;
