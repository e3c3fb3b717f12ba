import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The headers the platform middleware puts on every answer (request id, security headers, CORS),
 * gathered before the route runs, so that a JSON answer can be made with all of them at once.
 *
 * Why: a header set on a finished response goes through a WHATWG `Headers` object (validated,
 * lower-cased, sorted, then copied into Node's), while @hono/node-server writes a response made
 * with a plain header object straight to Node. For a small cached read (`GET /api/getServices`)
 * the first way cost about as much as everything else the API does (bench/README.md,
 * http-baseline, "Session 19").
 *
 * How: the first layer starts a record for the request (`startPlatformHeaders`) and gives the
 * context a `c.json` that answers with the record's headers, the route's own (`c.header()` before
 * it answers, and `c.json`'s third argument, stand over the platform's, as with `overwrite:
 * false`), Content-Type and Content-Length. Each layer adds its headers to the record before
 * calling the route and, after it, leaves a response made that way alone (`hasPlatformHeaders`);
 * any other response (a file, a stream, a redirect, a compressed body) gets its headers set the
 * usual way, which must give the same result when run on a response that already has them.
 */
export interface PlatformHeaders {
  /** Lower-case names, the same for every request (the security headers), not copied per request. */
  fixed?: Readonly<Record<string, string>>;
  /** Lower-case names. Filled by the layers before the route runs; the route's own stand. */
  readonly record: Record<string, string>;
  /** Lower-case names: set over the route's own (CORS, as its layer sets them after it). */
  readonly over: Record<string, string>;
  /** Appended to the route's own Vary, if any. */
  vary?: string;
  /** false when a layer could not give its headers this way: `c.json` is Hono's own then. */
  fit: boolean;
  /** The answer `c.json` made with them. */
  answer?: Response;
  /** Its body's length in bytes, when known. */
  answerBytes?: number;
  /** The route's headers set before it answers (lower-case names), and its c.status(). */
  own?: Record<string, string>;
  status?: number;
}

/** This request's record, if the first layer started one. */
export function platformHeaders(c: Context<AppEnv>): PlatformHeaders | undefined {
  return c.get('platformHeaders');
}

/** The record, if the context's response was made with every platform header already on it. */
function answeredWith(c: Context<AppEnv>): PlatformHeaders | undefined {
  const state = platformHeaders(c);
  return state?.answer !== undefined && state.answer === c.res ? state : undefined;
}

/** Whether the context's response was made with every platform header already on it. */
export function hasPlatformHeaders(c: Context<AppEnv>): boolean {
  return answeredWith(c) !== undefined;
}

/** The length of the context's response body, if it was made with the platform headers. */
export function platformBodyLength(c: Context<AppEnv>): number | undefined {
  return answeredWith(c)?.answerBytes;
}

/** Records that the context's response, made again from `from` with its headers, has them too. */
export function carryPlatformHeaders(c: Context<AppEnv>, from: Response): void {
  const state = platformHeaders(c);
  if (state?.answer !== undefined && state.answer === from && c.res !== from) {
    state.answer = c.res;
    state.answerBytes = undefined;
  }
}

type HeaderValues = Record<string, string | string[]>;
type Json = (object: unknown, arg?: unknown, headers?: HeaderValues) => Response;

/**
 * Starts the request's record and installs, on this context only, the `c.json` that uses it.
 * `c.header()` and `c.status()` are wrapped to keep what the route sets before it answers
 * (Hono keeps that in a private field the new `c.json` cannot read); they still do what they did.
 *
 * Each function is made by a factory of its own, holding only what it needs: made here, they
 * shared this function's scope (the record among it), and young garbage collections under load
 * took 3.5-4.5 ms instead of 1 (measured; bench/README.md, http-baseline, "Session 19").
 */
export function startPlatformHeaders(c: Context<AppEnv>): PlatformHeaders {
  const state: PlatformHeaders = { record: {}, over: {}, fit: true };
  c.set('platformHeaders', state);
  c.header = keepingHeaders(c, state);
  c.status = keepingStatus(c, state);
  c.json = jsonWithHeaders(c, state);
  return state;
}

/** `c.header()`, keeping what the route sets before it answers in `state.own`. */
function keepingHeaders(c: Context<AppEnv>, state: PlatformHeaders): Context<AppEnv>['header'] {
  const header = c.header;
  return ((name: string, value?: string, options?: { append?: boolean }) => {
    if (!c.finalized) {
      if (options?.append) state.fit = false;
      else if (value === undefined) {
        if (state.own) delete state.own[name.toLowerCase()];
      } else (state.own ??= {})[name.toLowerCase()] = value;
    }
    header(name, value as string, options);
  }) as Context<AppEnv>['header'];
}

/** `c.status()`, keeping the status in `state.status`. */
function keepingStatus(c: Context<AppEnv>, state: PlatformHeaders): Context<AppEnv>['status'] {
  const status = c.status;
  return ((code: Parameters<Context['status']>[0]) => {
    state.status = code;
    status(code);
  }) as Context<AppEnv>['status'];
}

/** `c.json`, answering with the platform headers (or Hono's way, with Content-Length). */
function jsonWithHeaders(c: Context<AppEnv>, state: PlatformHeaders): Context<AppEnv>['json'] {
  const json = c.json as unknown as Json;
  const body = c.body as unknown as (
    data: string,
    arg?: unknown,
    headers?: HeaderValues,
  ) => Response;
  return ((object: unknown, arg?: unknown, headers?: HeaderValues) => {
    const text: unknown = JSON.stringify(object);
    // undefined (or a function) has no JSON: Hono's own answer, an empty body.
    if (typeof text !== 'string') return json(object, arg, headers);
    const bytes = Buffer.byteLength(text);
    const length = String(bytes);
    if (!state.fit || c.finalized || (arg !== undefined && typeof arg !== 'number')) {
      // Hono's way, with the body's length stated (compression() skips a small body by it).
      return body(text, arg, {
        'Content-Type': 'application/json',
        ...headers,
        'Content-Length': length,
      });
    }
    // Object.assign rather than a spread literal: measured 8-11 µs less a request under load
    // (bench/README.md, http-baseline, "Session 19"), all of it in garbage collection.
    const out: Record<string, string> = Object.assign({}, state.fixed, state.record, state.own);
    out['content-type'] = 'application/json';
    if (headers) {
      for (const name in headers) {
        const value = headers[name];
        // Several values for one name: Hono's way keeps them all.
        if (typeof value !== 'string') return json(object, arg, headers);
        out[name.toLowerCase()] = value;
      }
    }
    Object.assign(out, state.over);
    if (state.vary) out.vary = out.vary ? `${out.vary}, ${state.vary}` : state.vary;
    // secureHeaders() removes it from every answer; nothing here sets it, but a route could.
    delete out['x-powered-by'];
    out['content-length'] = length;
    const res = new Response(text, {
      status: typeof arg === 'number' ? arg : (state.status ?? 200),
      headers: out,
    });
    state.answer = res;
    state.answerBytes = bytes;
    return res;
  }) as Context<AppEnv>['json'];
}
