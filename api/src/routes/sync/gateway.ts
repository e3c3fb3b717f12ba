import { Hono, type Context } from 'hono';
import { bearerToken, currentAuth } from '../../auth/middleware';
import { checkSession } from '../../auth/sessions';
import { verifyAccessToken } from '../../auth/tokens';
import type { AppDeps, AppEnv, AuthContext } from '../../context';
import { isCouchUnreachable } from '../../couch/errors';
import { ensureUserDb, userDbName } from '../../couch/userdb';
import { AppError, forbidden, unauthorized, unavailable } from '../../lib/errors';
import { gatewayPassword } from '../../lib/secrets';
import { ttlCache } from '../../lib/ttl-cache';
import { USERDB_PREFIX } from '../../schemas/userdb-rules';
import { checkBody } from './bodies';
import { CheckpointCache } from './checkpoints';
import { SeenRevisions } from './seen-revisions';
import { filterArrayMember, filterLines } from './json-stream';
import { boundedLongPoll, emptyChanges, longPollBoundMs } from './longpoll';
import { checkQuery, revisionsForLatest, toSearch, type GatewayRoute } from './query';
import { jobsFor } from '../../jobs/handlers';
import { endpoints } from '../endpoint';

export const GATEWAY_PREFIX = '/api/sync/db';

/** Each API's gateway checkpoints, to write out at shutdown (flushCheckpoints). */
const gatewayCheckpoints = new WeakMap<AppDeps, CheckpointCache>();

/** Writes the checkpoints the database has not had yet (shutdown; tests). */
export async function flushCheckpoints(deps: AppDeps): Promise<void> {
  await gatewayCheckpoints.get(deps)?.flush();
}

const endpoint = endpoints({ tag: 'Sync', auth: 'required' });

/**
 * How long the answer of `GET /` (the database's information) is given again without asking the
 * database. PouchDB reads it after every replicated batch and when a replication starts, only for
 * its progress figures (`update_seq` against the checkpoint: pouchdb's replicate, `createTask`
 * and after each batch), which the app does not show; a figure half a minute old does there.
 * (It was 5 s: at 50 messages a second, a request in three messages.)
 */
const DB_INFO_MS = 30_000;

const NOT_HERE = 'This is not available through the sync gateway.';
const isDesignId = (id: unknown) => typeof id === 'string' && id.startsWith('_design/');
const notDesign = (entry: Record<string, unknown>) =>
  !isDesignId(entry.id) && !isDesignId(entry.key);

type Route = GatewayRoute;

/**
 * Splits the raw (still percent-encoded) path after the prefix into segments, decoding each
 * exactly once. The upstream path is rebuilt from the decoded values with our own encoding, so
 * nothing in the request can smuggle another database, `..`, or a second decoding.
 */
function parseGatewayPath(rawPath: string): Route {
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
    // `_local/_security` is where the embedded server keeps a database's _security object:
    // writing it would change who may open the database (on CouchDB it is an ordinary local
    // document; no client of ours uses that id).
    if (second === undefined || second === '_security' || rest.length) throw forbidden(NOT_HERE);
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

/**
 * Which method each endpoint accepts: the replication protocol, nothing else (design docs,
 * _security, views, _find, _purge... are 403).
 */
const ENDPOINTS: Record<string, string[]> = {
  _changes: ['GET', 'POST'],
  _revs_diff: ['POST'],
  _bulk_docs: ['POST'],
  _bulk_get: ['POST'],
  _all_docs: ['GET', 'POST'],
};

const FORWARDED_REQUEST_HEADERS = ['accept', 'if-none-match', 'if-match'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'x-couch-update-newedits',
];

function checkMethod(route: GatewayRoute, method: string) {
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

/** The most of a CouchDB error answer the gateway reads (they are a line of JSON). */
const MAX_ERROR_BODY = 64 * 1024;
const GENERIC_REASON = 'The database refused this request.';

/**
 * A CouchDB error reason as a client may see it: one line of text. Anything else (a stack
 * trace with the server's paths, a dump) is replaced.
 */
function safeReason(reason: unknown): string {
  if (typeof reason !== 'string') return GENERIC_REASON;
  if (
    reason.length > 500 ||
    /[\r\n]/.test(reason) ||
    /node_modules|\(\/|\bat \S+:\d+:\d+/.test(reason) ||
    /^(RangeError|TypeError|ReferenceError|SyntaxError|Error)\b/.test(reason)
  )
    return GENERIC_REASON;
  return reason;
}

function safeCouchError(entry: Record<string, unknown>): Record<string, unknown> {
  const error =
    typeof entry.error === 'string' && /^[a-z_]{1,40}$/.test(entry.error) ? entry.error : 'error';
  return { ...entry, error, reason: safeReason(entry.reason) };
}

async function readLimited(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      break;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The response body as the client gets it; `end` runs once, however it ends (done, failed,
 * cancelled by the client). An abort of `signal` stops it at once: a change feed is ended
 * (a continuous feed's client sees it end, a long poll's an incomplete answer, and the next
 * request gets the 401), anything else is cut off, so that no partial document or attachment
 * looks complete. A client that went away is not answered.
 */
function guarded(
  stream: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  end: () => void,
  { isFeed }: { isFeed: boolean },
): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  let ended = false;
  const finish = () => {
    if (ended) return false;
    ended = true;
    signal.removeEventListener('abort', onAbort);
    end();
    return true;
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onAbort = () => {
    if (!finish()) return;
    const reason: unknown = signal.reason;
    if (isFeed || !(reason instanceof AppError)) controller.close();
    else controller.error(reason);
    reader.cancel(reason).catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort);
    },
    async pull(c) {
      try {
        const { value, done } = await reader.read();
        if (ended) return;
        if (done) {
          finish();
          c.close();
        } else c.enqueue(value);
      } catch (error) {
        if (finish()) c.error(error);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}

/**
 * `/api/sync/db`: the caller's own database, in the CouchDB replication protocol, and nothing
 * else. The token picks the database; CouchDB is reached with the gateway's non-admin account
 * (member of user databases only), so CouchDB itself also refuses server databases, design
 * documents and `_security`. Methods, query parameters (query.ts) and bodies (bodies.ts) are
 * allow-listed; every request is registered in LiveSessions while it is open, so a revocation
 * closes it at once.
 */
export function syncGateway(deps: AppDeps) {
  const authorization =
    'Basic ' +
    Buffer.from(`${deps.couch.gatewayUser}:${gatewayPassword(deps.jwtSecret)}`).toString('base64');
  const repaired = new Set<string>();
  const live = deps.liveSessions;
  const checkpoints = new CheckpointCache(async (db, id, doc) => {
    const response = await deps.couch.fetch(
      `${deps.couch.origin}/${db}/_local/${encodeURIComponent(id.slice('_local/'.length))}`,
      {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      },
    );
    const text = await response.text();
    // A 404 to a PUT of a local document: the database itself is gone (a deleted account's).
    if (response.status === 404) return null;
    if (!response.ok)
      throw new Error(`the database answered ${response.status}: ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { rev: string }).rev;
  }, deps.logger);
  gatewayCheckpoints.set(deps, checkpoints);
  const seen = new SeenRevisions();
  const dbInfo = ttlCache<string, string>({ ttlMs: DB_INFO_MS, maxEntries: 10_000 });
  const latestIsSafe = deps.couch.embedded !== undefined;

  /**
   * The session as this request may use it: if it or its user changed since it was read, it
   * is read again (the change may have ended it, and its feeds were closed before this one
   * was registered).
   */
  const current = async (auth: AuthContext): Promise<AuthContext> => {
    let now = auth;
    for (let attempt = 0; live.changedSince(now.mark, now.user.id, now.sessionId); attempt++) {
      if (attempt === 3) throw unavailable('Your session is changing. Please try again.');
      const mark = live.mark();
      const check = await checkSession(deps.couch, now.user.id, now.sessionId);
      if (!check.ok) throw unauthorized(check.message);
      if (check.user.role !== auth.user.role)
        throw unauthorized('Your account type changed. Please log in again.');
      now = { ...now, user: check.user, session: check.session, mark };
    }
    return now;
  };

  const upstreamFailed = (c: Context<AppEnv>, status: number, detail: string) => {
    deps.logger.error(
      { requestId: c.get('requestId'), upstreamStatus: status, path: c.req.path, detail },
      'the database failed a sync request',
    );
    return status === 503
      ? unavailable()
      : new AppError(502, 'The database could not complete this request. Please try again.');
  };

  const forward = async (c: Context<AppEnv>): Promise<Response> => {
    const auth = currentAuth(c);
    const { user } = auth;
    const url = new URL(c.req.url);
    const route = parseGatewayPath(url.pathname.slice(GATEWAY_PREFIX.length));
    const method = c.req.method;
    checkMethod(route, method);
    const query = checkQuery(route, method, url.search);

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
    let upstream = `${deps.couch.origin}/${db}${path}${query.search}`;

    // Uncompressed upstream: a compressing server holds back streamed feeds (heartbeats
    // included) until its buffer fills.
    const headers = new Headers({ authorization, 'accept-encoding': 'identity' });
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }

    // Every body is JSON: read, bounded and checked (bodies.ts), sent as checked.
    const checked = checkBody(
      route,
      method,
      query.params,
      method === 'POST' || method === 'PUT' ? await c.req.text() : '',
    );
    const body = checked.text;
    if (body !== null) headers.set('content-type', 'application/json');
    let written = checked.written;
    if (
      method === 'DELETE' &&
      route.kind === 'doc' &&
      route.id.startsWith(USERDB_PREFIX.wishlistItem)
    )
      written = [{ _id: route.id, _deleted: true }];

    // A feed held open past the token's expiry is closed then; the client's next request gets
    // a 401 and refreshes its token.
    const claims = await verifyAccessToken(deps.jwtSecret, bearerToken(c)!);
    const expiresInMs = claims.ok ? claims.claims.exp * 1000 - Date.now() : 0;

    // Registered before anything is written: a revocation from here on closes this request.
    const owner = await current(auth);
    // The database's information read in the last few seconds is answered again (see DB_INFO_MS).
    const infoRead = route.kind === 'db' && method === 'GET' && !query.search;
    const info = infoRead ? dbInfo.get(db) : undefined;
    if (info)
      return new Response(info.value, {
        status: 200,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      });
    // A checkpoint clients wrote through this instance is read, and written again, in memory;
    // the database gets the latest one shortly after (checkpoints.ts).
    if (route.kind === 'local') {
      const json = { 'content-type': 'application/json', 'cache-control': 'no-store' };
      if (method === 'GET' || method === 'HEAD') {
        const kept = checkpoints.get(db, route.id);
        if (kept !== undefined)
          return new Response(method === 'GET' ? kept : null, {
            status: 200,
            headers: { ...json, etag: `"${checkpoints.rev(db, route.id)}"` },
          });
      } else if (method === 'PUT' && body !== null) {
        const answer = checkpoints.accept(db, route.id, body);
        if (answer !== undefined) return new Response(answer, { status: 201, headers: json });
        checkpoints.forget(db, route.id);
      } else if (method === 'DELETE') {
        // The client names the revision it was answered; the database knows its own.
        const rev = query.params.get('rev') ?? c.req.header('if-match')?.replaceAll('"', '');
        const dbRev = rev && checkpoints.databaseRev(db, route.id, rev);
        checkpoints.forget(db, route.id);
        if (dbRev) {
          headers.delete('if-match');
          upstream = `${deps.couch.origin}/${db}${path}${toSearch(new Map([['rev', dbRev]]))}`;
        }
      }
    }
    const abort = new AbortController();
    const release = live.open(
      { sessionId: owner.sessionId, session: owner.session, user: owner.user },
      (reason) => abort.abort(reason),
    );
    const onClientGone = () => abort.abort();
    c.req.raw.signal?.addEventListener('abort', onClientGone);
    const expiry = setTimeout(
      () => abort.abort(new AppError(401, 'Your session has expired. Please log in again.')),
      Math.max(0, Math.min(expiresInMs, 2 ** 31 - 1)),
    );
    let released = false;
    let bound: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(bound);
      if (released) return;
      released = true;
      clearTimeout(expiry);
      c.req.raw.signal?.removeEventListener('abort', onClientGone);
      release();
    };

    // A long poll is bounded by its timeout (longpoll.ts): until the server's answer starts,
    // by cancelling the request; after, by ending the answer if no change has come.
    const isLongPoll =
      route.kind === 'endpoint' &&
      route.name === '_changes' &&
      query.params.get('feed') === 'longpoll';
    const since = query.params.get('since');
    const cut = new AbortController();
    let timeUp: (() => void) | undefined;
    let answered = false;
    if (isLongPoll)
      bound = setTimeout(
        () => {
          if (answered) timeUp?.();
          else cut.abort();
        },
        longPollBoundMs(query.params.get('timeout')),
      );

    let jobs: Awaited<ReturnType<typeof deps.jobs.record>> = [];
    let response: Response;
    try {
      // The work these writes cause is recorded before CouchDB accepts them, so an API that
      // stops right after cannot lose it; it runs once the write is in.
      jobs = await deps.jobs.record(jobsFor(user.id, written));
      // `latest=true` for a revision the document does not have made pouchdb-server exit
      // (pouchdb's latest() throws in a callback). The embedded server answers it as missing
      // (couch/src/child.cjs), as CouchDB does; with any other server such revisions are found
      // with `_revs_diff` first, a round trip more, and asked for as they are, except those this
      // instance's feed of the database named (they are there: seen-revisions.ts).
      const wanted = latestIsSafe
        ? {}
        : seen.unseen(db, revisionsForLatest(route, query.params, body));
      if (Object.keys(wanted).length) {
        const diff = await deps.couch.fetch(`${deps.couch.origin}/${db}/_revs_diff`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(wanted),
          signal: abort.signal,
        });
        let missing = true;
        if (diff.ok) {
          const found = (await diff.json()) as Record<string, { missing?: unknown[] }>;
          missing = Object.values(found).some((entry) => (entry.missing?.length ?? 0) > 0);
        } else await diff.body?.cancel();
        if (missing) {
          const params = new Map(query.params);
          params.delete('latest');
          upstream = `${deps.couch.origin}/${db}${path}${toSearch(params)}`;
        }
      }
      abort.signal.throwIfAborted();
      response = await deps.couch.fetch(upstream, {
        method,
        headers,
        body,
        signal: isLongPoll ? AbortSignal.any([abort.signal, cut.signal]) : abort.signal,
        redirect: 'manual',
      });
      answered = true;
    } catch (error) {
      done();
      if (cut.signal.aborted && !abort.signal.aborted) {
        // The server had not begun to answer when the time was up: no change came.
        return new Response(emptyChanges(since), {
          status: 200,
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        });
      }
      // The write may have landed though nobody heard the answer (a client that gave up), and
      // the device will not send it again: the recorded jobs run anyway. A job whose input is
      // not there finds out and is dropped after a grace period.
      if (jobs.length) deps.jobs.run(jobs);
      if (abort.signal.aborted) {
        // The client went away (PouchDB cancels its feeds and checkpoints when it stops or goes
        // offline): nobody is left to answer, so this is not a server error.
        if (c.req.raw.signal?.aborted) return new Response(null, { status: 499 });
        const reason: unknown = abort.signal.reason;
        throw reason instanceof AppError
          ? reason
          : new AppError(401, 'Your session has expired. Please log in again.');
      }
      if (isCouchUnreachable(error)) throw unavailable();
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
      done();
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

    // Reads what the database answered (short answers only), the request then being over.
    const read = async (max: number) => {
      try {
        return await readLimited(response, max);
      } catch (error) {
        if (abort.signal.aborted && abort.signal.reason instanceof AppError)
          throw abort.signal.reason;
        throw error;
      } finally {
        done();
      }
    };
    // A server error never reaches the client as it came (it may carry a stack trace).
    if (response.status >= 500) {
      const detail = await read(2048).catch(() => '');
      throw upstreamFailed(c, response.status, detail);
    }
    if (infoRead && response.ok) {
      const text = await read(MAX_ERROR_BODY);
      dbInfo.set(db, text);
      responseHeaders.set('content-type', 'application/json');
      return new Response(text, { status: response.status, headers: responseHeaders });
    }
    // A checkpoint written: kept for the next read of it (the answer is a line of JSON).
    if (route.kind === 'local' && method === 'PUT' && response.ok && body !== null) {
      const text = await read(MAX_ERROR_BODY);
      try {
        const { rev } = JSON.parse(text) as { rev?: unknown };
        if (typeof rev === 'string') checkpoints.written(db, route.id, body, rev);
      } catch {
        // Not the answer a write gets: nothing is kept.
      }
      responseHeaders.set('content-type', 'application/json');
      return new Response(text, { status: response.status, headers: responseHeaders });
    }
    // Error answers and _bulk_docs results are short: read, and their reasons made safe.
    const bulkResult = response.ok && route.kind === 'endpoint' && route.name === '_bulk_docs';
    if ((response.status >= 400 || bulkResult) && method !== 'HEAD') {
      const text = await read(bulkResult ? Infinity : MAX_ERROR_BODY);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (bulkResult && !Array.isArray(parsed))
        throw upstreamFailed(c, response.status, text.slice(0, 2048));
      const safe = Array.isArray(parsed)
        ? parsed.map((entry: unknown) =>
            entry && typeof entry === 'object' && 'error' in entry
              ? safeCouchError(entry as Record<string, unknown>)
              : entry,
          )
        : parsed && typeof parsed === 'object'
          ? safeCouchError(parsed as Record<string, unknown>)
          : { error: 'error', reason: GENERIC_REASON };
      responseHeaders.set('content-type', 'application/json');
      return new Response(JSON.stringify(safe), {
        status: response.status,
        headers: responseHeaders,
      });
    }

    let stream = response.body;
    if (method === 'HEAD' || !stream) {
      await stream?.cancel().catch(() => undefined);
      done();
      return new Response(null, { status: response.status, headers: responseHeaders });
    }
    if (isLongPoll && response.ok) {
      const bounded = boundedLongPoll(stream, since);
      stream = bounded.stream;
      timeUp = bounded.timeUp;
    }
    if (response.ok && route.kind === 'endpoint') {
      if (route.name === '_changes') {
        // Revisions the feed names are noted only where a pull checks them (not the embedded
        // server's: it answers a revision it lacks itself).
        const keep = latestIsSafe
          ? notDesign
          : (entry: Record<string, unknown>) => {
              seen.note(db, entry);
              return notDesign(entry);
            };
        stream = stream.pipeThrough(
          query.params.get('feed') === 'continuous'
            ? filterLines(keep)
            : filterArrayMember('results', keep),
        );
      } else if (route.name === '_all_docs') {
        stream = stream.pipeThrough(filterArrayMember('rows', notDesign));
      }
    }
    const isFeed = route.kind === 'endpoint' && route.name === '_changes';
    return new Response(guarded(stream, abort.signal, done, { isFeed }), {
      status: response.status,
      headers: responseHeaders,
    });
  };

  return new Hono<AppEnv>()
    .all(
      '/*',
      endpoint({
        summary: 'The caller’s own database in the CouchDB replication protocol',
        description: [
          'A passthrough to the signed-in user’s database: `_changes`, `_revs_diff`, `_bulk_docs`, `_bulk_get`, `_all_docs`, `_local/{id}` and documents by id (their attachments read only); anything else is a 403.',
          'Query parameters are an allow-list per endpoint with the values PouchDB’s replicator sends (the `_changes` filter only `_doc_ids`); JSON bodies are checked field by field (no design documents, attachments as stubs or base64, a document body’s `_id` equal to the path’s). Feeds stream and end when the session is revoked.',
        ].join('\n\n'),
        methods: ['get', 'head', 'post', 'put', 'delete'],
        responses: {
          200: 'As CouchDB answers (error reasons reduced to one line)',
          400: 'A query parameter, value or body the gateway does not take, a body nested over 64 levels, or a body `_id` other than the path’s',
          403: 'Not available through the gateway',
          502: 'The database failed the request',
          503: 'The database is unavailable',
        },
      }),
      (c) => forward(c),
    )
    .all(
      '/',
      endpoint({
        summary: 'The caller’s database information',
        methods: ['get', 'head'],
        responses: { 200: 'As CouchDB answers', 503: 'The database is unavailable' },
      }),
      (c) => forward(c),
    );
}
