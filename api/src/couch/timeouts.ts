import { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/**
 * Time limits on every request to the database, so a database that stops answering (a stopped
 * process, a stalled disk, a partition) costs a request a bounded wait and a 503, never a hang.
 *
 * Node's `fetch` (which nano uses too) sends requests through an undici dispatcher. The limits
 * are undici's own per-request dispatch options: `headersTimeout` (from the request until the
 * response headers) and `bodyTimeout` (the longest pause between two pieces of the body). A
 * request past either fails with `UND_ERR_HEADERS_TIMEOUT` / `UND_ERR_BODY_TIMEOUT`, which
 * `isCouchUnreachable` (errors.ts) turns into a 503. The sync gateway's raw requests use undici's
 * `request` with the same limits (fetchWithHeadersTimeout).
 */

export interface CouchTimeouts {
  /** Every request: until the headers, and the longest pause within the body. */
  timeoutMs: number;
  /** View and `_find` reads, which wait for their index to catch up (a build can take minutes). */
  viewTimeoutMs: number;
}

export const DEFAULT_COUCH_TIMEOUTS: CouchTimeouts = { timeoutMs: 10_000, viewTimeoutMs: 60_000 };

/** undici's dispatcher interface, as much of it as fetch uses. */
interface Dispatcher {
  dispatch(options: Record<string, unknown>, handler: DispatchHandler): boolean;
}

/** The (long-standing) callback handler fetch passes to a dispatcher. */
interface DispatchHandler {
  onConnect?(abort: (reason?: unknown) => void, context?: unknown): void;
  onResponseStarted?(): void;
  onHeaders?(
    status: number,
    headers: unknown,
    resume: () => void,
    statusText?: string,
  ): boolean | void;
  onData?(chunk: Uint8Array): boolean | void;
  onComplete?(trailers: unknown): void;
  onError?(error: Error): void;
  onUpgrade?(...args: unknown[]): void;
  onBodySent?(...args: unknown[]): void;
  onRequestSent?(): void;
  onRequestStart?: unknown;
}

/**
 * Node's global dispatcher (the one a plain `fetch` uses). undici keeps it under this registered
 * symbol so that every copy of undici in a process (Node's bundled one, an npm one) shares it;
 * it exists once fetch has loaded, which is always the case inside a dispatch.
 */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

function globalDispatcher(): Dispatcher {
  const dispatcher = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER] as
    Dispatcher | undefined;
  if (!dispatcher) throw new Error('No global fetch dispatcher: the database timeouts need one.');
  return dispatcher;
}

const VIEW_PATH = /\/_design\/[^/]+\/_view\/|\/_find(\?|$)|\/_explain(\?|$)/;

/** Milliseconds a feed may legitimately stay silent: its heartbeat, else its timeout. */
function feedSilenceMs(path: string): number {
  const query = path.indexOf('?');
  if (query < 0) return 0;
  const params = new URLSearchParams(path.slice(query + 1));
  const feed = params.get('feed');
  if (feed !== 'longpoll' && feed !== 'continuous' && feed !== 'eventsource') return 0;
  // CouchDB holds a feed's headers until it has something to send: the first change, a
  // heartbeat newline, or the end of the feed's timeout (60 s unless asked otherwise).
  const timeout = Number(params.get('timeout') ?? 60_000);
  const rawHeartbeat = params.get('heartbeat');
  const heartbeat = rawHeartbeat === 'true' ? 60_000 : Number(rawHeartbeat ?? NaN);
  const waits = [timeout, heartbeat].filter((n) => Number.isFinite(n) && n > 0);
  return waits.length ? Math.min(...waits) : 60_000;
}

/**
 * The dispatcher nano uses: every request gets the timeouts (the view one for view and `_find`
 * reads), and the response is handed to fetch only once its body is complete.
 *
 * Why whole bodies: nano reads a body after fetch resolved, and handles a body that fails half
 * way badly (a JSON body resolves the call with `''`; any other leaves the call pending forever
 * and rejects a promise nobody handles). Held back here, such a failure happens before the
 * headers reach fetch, so the call rejects like any connection error. nano reads every body
 * into memory anyway; the API uses none of its streaming calls.
 */
export function couchDispatcher(
  timeouts: CouchTimeouts,
  onWrite?: (path: string) => void,
): Dispatcher {
  return {
    dispatch(options, handler) {
      const path = String(options.path ?? '');
      const limit = VIEW_PATH.test(path) ? timeouts.viewTimeoutMs : timeouts.timeoutMs;
      const timed = { ...options, headersTimeout: limit, bodyTimeout: limit };
      if (onWrite && isWrite(String(options.method ?? 'GET'), path)) {
        // Once as it starts and once as it ends (whichever way): a read that saw the same count
        // before and after it overlapped no write of this process (seq-cache users, search).
        onWrite(path);
        handler = whenSettled(handler, () => onWrite(path));
      }
      // A handler of undici's newer interface (not what fetch passes today): timeouts only.
      if (typeof handler.onRequestStart === 'function' || typeof handler.onHeaders !== 'function')
        return globalDispatcher().dispatch(timed, handler);
      return globalDispatcher().dispatch(timed, wholeBody(handler));
    },
  };
}

/** Reads sent as POST (a body of keys or a selector): everything else but GET/HEAD writes. */
const READ_BY_POST =
  /\/(_all_docs|_bulk_get|_find|_explain|_changes|_revs_diff|_missing_revs|_design_docs)(\?|$)|\/_view\/[^/?]+(\?|$)/;

/** Whether a request to the database may change a document (or an index, or a database). */
export function isWrite(method: string, path: string): boolean {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || verb === 'OPTIONS') return false;
  return !(verb === 'POST' && READ_BY_POST.test(path));
}

/** `handler`, with `settled` called once when the request completes or fails. */
function whenSettled(handler: DispatchHandler, settled: () => void): DispatchHandler {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      settled();
    }
  };
  return new Proxy(handler, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'onComplete' || key === 'onError') {
        return (...args: unknown[]) => {
          once();
          return typeof value === 'function'
            ? (value as (...a: unknown[]) => unknown).apply(target, args)
            : undefined;
        };
      }
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** Forwards a response to `handler` only once it has arrived whole. */
function wholeBody(handler: DispatchHandler): DispatchHandler {
  let head: [number, unknown, string | undefined] | undefined;
  const chunks: Uint8Array[] = [];
  const forward: DispatchHandler = {
    onHeaders(status, headers, resume, statusText) {
      // Informational answers (1xx) pass at once; fetch ignores them.
      if (status < 200) return handler.onHeaders!(status, headers, resume, statusText);
      head = [status, headers, statusText];
      return true;
    },
    onData(chunk) {
      chunks.push(chunk);
      return true;
    },
    onComplete(trailers) {
      if (head) {
        const [status, headers, statusText] = head;
        // Nothing is left to resume: the whole body is here.
        handler.onHeaders!(status, headers, () => undefined, statusText);
        for (const chunk of chunks) handler.onData?.(chunk);
      }
      chunks.length = 0;
      handler.onComplete?.(trailers);
    },
    onError(error) {
      chunks.length = 0;
      handler.onError?.(error);
    },
  };
  for (const name of [
    'onConnect',
    'onResponseStarted',
    'onUpgrade',
    'onBodySent',
    'onRequestSent',
  ] as const) {
    const method = handler[name] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof method === 'function')
      (forward as Record<string, unknown>)[name] = (...args: unknown[]) =>
        method.apply(handler, args);
  }
  return forward;
}

/**
 * The connections of raw requests (the sync gateway's), kept open between requests as fetch's
 * are (undici's default keep-alive).
 */
const rawAgent = new Agent();

/** Statuses whose answer has no body (a Response with one cannot be made). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function headerRecord(init: RequestInit['headers']): Record<string, string> | undefined {
  if (!init) return undefined;
  if (init instanceof Headers) return Object.fromEntries(init);
  if (Array.isArray(init)) return Object.fromEntries(init.map(([k, v]) => [k, v ?? '']));
  return init as Record<string, string>;
}

/**
 * A request to the database with a bound on the wait for the response headers; the body streams
 * as long as it lasts (a feed's may stay quiet, see feedSilenceMs). A database that does not
 * answer in time rejects with `UND_ERR_HEADERS_TIMEOUT`, a 503 once it reaches the error handler.
 *
 * Made with undici's `request`, not `fetch`: the sync gateway makes several of these per message
 * synced, and `fetch` (its Request, Headers and body objects, per the web specification) cost
 * about three times the CPU of `request` with its answer wrapped in a `Response`, for the same
 * small answer on loopback (bench/README.md, delivery, session 18). The answer is still a standard
 * `Response`, its body the request's stream.
 */
export async function fetchWithHeadersTimeout(
  url: string | URL,
  init: RequestInit,
  timeouts: CouchTimeouts,
): Promise<Response> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const path = target.pathname + target.search;
  const limit =
    (VIEW_PATH.test(path) ? timeouts.viewTimeoutMs : timeouts.timeoutMs) + feedSilenceMs(path);
  const method = (init.method ?? 'GET').toUpperCase();
  const answer = await request(target, {
    method: method as never,
    headers: headerRecord(init.headers),
    body: (init.body ?? null) as string | Uint8Array | null,
    signal: init.signal ?? undefined,
    headersTimeout: limit,
    bodyTimeout: 0,
    dispatcher: rawAgent,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  if (method === 'HEAD' || NULL_BODY_STATUSES.has(answer.statusCode)) {
    await answer.body.dump();
    return new Response(null, { status: answer.statusCode, headers });
  }
  return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, {
    status: answer.statusCode,
    headers,
  });
}
