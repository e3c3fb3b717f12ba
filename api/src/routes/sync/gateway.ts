import { Hono, type Context } from 'hono';
import { bearerToken, currentAuth } from '../../auth/middleware';
import { verifyAccessToken } from '../../auth/tokens';
import type { AppDeps, AppEnv } from '../../context';
import { ensureUserDb, userDbName } from '../../couch/userdb';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { gatewayPassword } from '../../lib/secrets';
import { filterArrayMember, filterLines } from './json-stream';
import { jobsFor } from '../../jobs/handlers';

export const GATEWAY_PREFIX = '/api/sync/db';

const NOT_HERE = 'This is not available through the sync gateway.';
const isDesignId = (id: unknown) => typeof id === 'string' && id.startsWith('_design/');
const notDesign = (entry: Record<string, unknown>) =>
  !isDesignId(entry.id) && !isDesignId(entry.key);

type Route =
  | { kind: 'db' }
  | { kind: 'endpoint'; name: string }
  | { kind: 'local'; id: string }
  | { kind: 'doc'; id: string }
  | { kind: 'attachment'; id: string; name: string };

/**
 * Splits the raw (still percent-encoded) path after the prefix into segments, decoding each
 * exactly once. The upstream path is rebuilt from the decoded values with our own encoding, so
 * nothing in the request can smuggle another database, `..`, or a second decoding.
 */
export function parseGatewayPath(rawPath: string): Route {
  if (rawPath === '' || rawPath === '/') return { kind: 'db' };
  if (!rawPath.startsWith('/')) throw forbidden(NOT_HERE);
  const segments = rawPath.slice(1).split('/');
  if (segments.at(-1) === '') segments.pop();
  const decoded = segments.map((segment) => {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      throw new AppError(400, 'The path is not correctly encoded.');
    }
    if (
      value === '' ||
      value === '.' ||
      value === '..' ||
      /[/\\]/.test(value) ||
      value.includes('\0') ||
      value.includes('%')
    ) {
      throw forbidden(NOT_HERE);
    }
    return value;
  });
  const [first, second, ...rest] = decoded as [string, string | undefined, ...string[]];
  if (first === '_local') {
    if (second === undefined || rest.length) throw forbidden(NOT_HERE);
    return { kind: 'local', id: `_local/${second}` };
  }
  if (first.startsWith('_')) {
    if (second !== undefined) throw forbidden(NOT_HERE);
    return { kind: 'endpoint', name: first };
  }
  if (second === undefined) return { kind: 'doc', id: first };
  if (rest.length) throw forbidden(NOT_HERE);
  return { kind: 'attachment', id: first, name: second };
}

/** Which method each endpoint accepts; anything else (design docs, _security, views...) is 403. */
const ENDPOINTS: Record<string, string[]> = {
  _changes: ['GET', 'POST'],
  _revs_diff: ['POST'],
  _bulk_docs: ['POST'],
  _bulk_get: ['POST'],
  _all_docs: ['GET', 'POST'],
  _find: ['POST'],
  _ensure_full_commit: ['POST'],
};

const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'if-none-match', 'if-match'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'x-couch-update-newedits',
];

function checkMethod(route: Route, method: string) {
  const allowed =
    route.kind === 'db'
      ? ['GET', 'HEAD']
      : route.kind === 'endpoint'
        ? (ENDPOINTS[route.name] ?? [])
        : route.kind === 'attachment'
          ? ['GET', 'HEAD']
          : ['GET', 'HEAD', 'PUT', 'DELETE'];
  if (!allowed.includes(method)) throw forbidden(NOT_HERE);
}

/** Query parameters that make CouchDB run code or read views are refused. */
function checkQuery(url: URL) {
  const filter = url.searchParams.get('filter');
  if (filter !== null && filter !== '_doc_ids' && filter !== '_selector')
    throw forbidden('Only the _doc_ids and _selector filters are available.');
  if (url.searchParams.has('view')) throw forbidden(NOT_HERE);
}

/** Bodies that name documents: no design document may be written or fetched. */
function checkBody(route: Route, body: unknown) {
  if (route.kind !== 'endpoint') return;
  const docs = (body as { docs?: unknown })?.docs;
  if (route.name === '_bulk_docs' || route.name === '_bulk_get') {
    if (!Array.isArray(docs)) throw new AppError(400, 'The body needs a "docs" list.');
    for (const doc of docs) {
      const id = (doc as { _id?: unknown; id?: unknown })?.[
        route.name === '_bulk_docs' ? '_id' : 'id'
      ];
      if (typeof id === 'string' && id.startsWith('_'))
        throw forbidden('Design and system documents cannot be written or read here.');
      if (route.name === '_bulk_get' && typeof id !== 'string')
        throw new AppError(400, 'Every entry needs an "id".');
    }
  }
  if (route.name === '_all_docs' || route.name === '_changes') {
    const keys =
      (body as { keys?: unknown; doc_ids?: unknown })?.keys ??
      (body as { doc_ids?: unknown })?.doc_ids;
    if (Array.isArray(keys) && keys.some(isDesignId)) throw forbidden(NOT_HERE);
  }
}

/**
 * `/api/sync/db`: the caller's own database, in the CouchDB replication protocol, and nothing
 * else. The token picks the database; CouchDB is reached with the gateway's non-admin account
 * (member of user databases only), so CouchDB itself also refuses server databases, design
 * documents and `_security`.
 */
export function syncGateway(deps: AppDeps) {
  const authorization =
    'Basic ' +
    Buffer.from(`${deps.couch.gatewayUser}:${gatewayPassword(deps.jwtSecret)}`).toString('base64');
  const repaired = new Set<string>();

  const forward = async (c: Context<AppEnv>) => {
    const { user } = currentAuth(c);
    const url = new URL(c.req.url);
    const route = parseGatewayPath(url.pathname.slice(GATEWAY_PREFIX.length));
    const method = c.req.method;
    checkMethod(route, method);
    checkQuery(url);

    const db = userDbName(deps.couch, user.id);
    const path =
      route.kind === 'db'
        ? ''
        : route.kind === 'endpoint'
          ? `/${route.name}`
          : route.kind === 'local'
            ? `/_local/${encodeURIComponent(route.id.slice('_local/'.length))}`
            : route.kind === 'doc'
              ? `/${encodeURIComponent(route.id)}`
              : `/${encodeURIComponent(route.id)}/${encodeURIComponent(route.name)}`;
    const upstream = `${deps.couch.origin}/${db}${path}${url.search}`;

    // Uncompressed upstream: a compressing server holds back streamed feeds (heartbeats
    // included) until its buffer fills.
    const headers = new Headers({ authorization, 'accept-encoding': 'identity' });
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }

    // Bodies that name documents are read and checked; others stream through untouched.
    let body: string | ReadableStream<Uint8Array> | null = null;
    let written: unknown[] = [];
    if (method === 'DELETE' && route.kind === 'doc' && route.id.startsWith('wishitem:')) {
      written = [{ _id: route.id, _deleted: true }];
    } else if (
      method === 'PUT' &&
      route.kind === 'doc' &&
      /^(message|readmark|wishitem):/.test(route.id)
    ) {
      // Messages, read markers and wishlist items cause work for the server: read them to record it.
      const text = await c.req.text();
      try {
        written = [JSON.parse(text)];
      } catch {
        throw new AppError(400, 'The request body is not valid JSON.');
      }
      body = text;
    } else if (method === 'POST' || method === 'PUT') {
      if (
        route.kind === 'endpoint' &&
        ['_bulk_docs', '_bulk_get', '_all_docs', '_changes'].includes(route.name)
      ) {
        const text = await c.req.text();
        let parsed: unknown = {};
        if (text) {
          try {
            parsed = JSON.parse(text);
          } catch {
            throw new AppError(400, 'The request body is not valid JSON.');
          }
        }
        checkBody(route, parsed);
        if (route.name === '_bulk_docs') written = (parsed as { docs: unknown[] }).docs;
        body = text;
      } else {
        body = c.req.raw.body;
      }
    }

    // The work these writes cause is recorded before CouchDB accepts them, so an API that stops
    // right after cannot lose it; it runs once the write is in.
    const jobs = await deps.jobs.record(jobsFor(user.id, written));

    // A feed held open past the token's expiry is closed then; the client's next request gets
    // a 401 and refreshes its token.
    const token = bearerToken(c)!;
    const claims = await verifyAccessToken(deps.jwtSecret, token);
    const expiresInMs = claims.ok ? claims.claims.exp * 1000 - Date.now() : 0;
    const abort = new AbortController();
    const onClientGone = () => abort.abort();
    c.req.raw.signal?.addEventListener('abort', onClientGone);
    const expiry = setTimeout(() => abort.abort(), Math.max(0, Math.min(expiresInMs, 2 ** 31 - 1)));

    let response: Response;
    try {
      response = await deps.couch.fetch(upstream, {
        method,
        headers,
        body,
        signal: abort.signal,
        redirect: 'manual',
        ...(body && typeof body !== 'string' ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      clearTimeout(expiry);
      c.req.raw.signal?.removeEventListener('abort', onClientGone);
      // The write may have landed though nobody heard the answer (a client that gave up), and
      // the device will not send it again: the recorded jobs run anyway. A job whose input is
      // not there finds out and is dropped after a grace period.
      if (jobs.length) deps.jobs.run(jobs);
      if (abort.signal.aborted) {
        // The client went away (PouchDB cancels its feeds and checkpoints when it stops or goes
        // offline): nobody is left to answer, so this is not a server error.
        if (c.req.raw.signal?.aborted) return new Response(null, { status: 499 });
        throw new AppError(401, 'Your session has expired. Please log in again.');
      }
      throw error;
    }

    // The database may be missing (created by an older version, or lost): repair once.
    if (
      (response.status === 404 || response.status === 401 || response.status === 403) &&
      route.kind === 'db' &&
      !repaired.has(db)
    ) {
      repaired.add(db);
      await response.body?.cancel();
      clearTimeout(expiry);
      await ensureUserDb(deps.couch, user.id);
      return forward(c);
    }

    // Run whatever the answer: a _bulk_docs may be partly accepted, and a job without its
    // input is harmless (see the catch above).
    if (jobs.length) deps.jobs.run(jobs);

    const responseHeaders = new Headers();
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value) responseHeaders.set(name, value);
    }
    responseHeaders.set('cache-control', 'no-store');

    let stream = response.body;
    if (stream && response.ok && route.kind === 'endpoint') {
      const feed = url.searchParams.get('feed');
      if (route.name === '_changes') {
        stream = stream.pipeThrough(
          feed === 'continuous' ? filterLines(notDesign) : filterArrayMember('results', notDesign),
        );
      } else if (route.name === '_all_docs') {
        stream = stream.pipeThrough(filterArrayMember('rows', notDesign));
      }
    }
    if (stream) {
      const cleanup = new TransformStream<Uint8Array, Uint8Array>({
        flush() {
          clearTimeout(expiry);
          c.req.raw.signal?.removeEventListener('abort', onClientGone);
        },
      });
      stream = stream.pipeThrough(cleanup);
    } else {
      clearTimeout(expiry);
    }
    return new Response(method === 'HEAD' ? null : stream, {
      status: response.status,
      headers: responseHeaders,
    });
  };

  return new Hono<AppEnv>()
    .all('/*', async (c) => {
      if (!c.get('auth')) throw unauthorized();
      return forward(c);
    })
    .all('/', async (c) => {
      if (!c.get('auth')) throw unauthorized();
      return forward(c);
    });
}
