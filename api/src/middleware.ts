import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './lib/errors';
import {
  carryPlatformHeaders,
  hasPlatformHeaders,
  platformBodyLength,
  platformHeaders,
  startPlatformHeaders,
} from './lib/platform-headers';
import { ORDER_FILE_MAX_BYTES, ORDER_FILES_MAX } from './routes/orders/order-files';
import { FILE_LIMITS } from './routes/users/accounts-profile.service';

/** The Content-Security-Policy the web app is built to pass: no inline script, no third parties. */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** One layer of the platform middleware: `app.use(path, handler)`, or every path without one. */
export interface PlatformLayer {
  name: string;
  path?: string;
  handler: MiddlewareHandler<AppEnv>;
}

/**
 * The middleware every request goes through before its route, in order: request id, request
 * log, security headers, CORS, body limit, compression. A list rather than `app.use` calls so
 * that bench/http-baseline.bench.ts (`BENCH_LAYERS=1`) can add them one by one to a bare app
 * and say what each costs.
 */
export function platformMiddleware(deps: AppDeps): PlatformLayer[] {
  const { logger, env } = deps;
  return [
    { name: 'request id', handler: requestIds() },
    {
      name: 'request log',
      handler: async (c, next) => {
        const started = performance.now();
        await next();
        const status = c.res.status;
        const failed = status >= 500;
        // The entry is not even built at a level that would drop it (LOG_LEVEL=warn, say).
        if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
        const entry = {
          requestId: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        };
        if (failed) logger.error(entry, 'request failed');
        else logger.info(entry, 'request');
      },
    },
    {
      name: 'security headers',
      // A header the route set itself stands (an uploaded file's stricter policy,
      // lib/uploaded-file.ts); every other response gets the app's.
      handler: securityHeaders(
        secureHeaders({
          overwrite: false,
          contentSecurityPolicy: CONTENT_SECURITY_POLICY,
          crossOriginEmbedderPolicy: false,
          strictTransportSecurity: env.PUBLIC_URL?.startsWith('https:')
            ? 'max-age=31536000; includeSubDomains'
            : false,
          referrerPolicy: 'strict-origin-when-cross-origin',
          permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
        }),
      ),
    },
    { name: 'CORS', path: '/api/*', handler: corsHeaders(env.CORS_ORIGINS) },
    { name: 'body limit', path: '/api/*', handler: bodyLimits(env) },
    { name: 'compression', handler: compression() },
  ];
}

/** Stands for `next` when a layer runs Hono's middleware on a response the route already made. */
const answered = async () => {};

/**
 * Hono's requestId(), keeping its rules (a caller's X-Request-Id of word characters, `-` and `=`,
 * up to 255, else a random UUID), with the header given the way of lib/platform-headers.ts. This
 * first layer starts the request's record of platform headers.
 */
function requestIds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let id = c.req.header('x-request-id');
    if (!id || id.length > 255 || /[^\w\-=]/.test(id)) id = crypto.randomUUID();
    c.set('requestId', id);
    startPlatformHeaders(c).record['x-request-id'] = id;
    await next();
    if (hasPlatformHeaders(c)) return;
    const headers = c.res.headers;
    if (!headers.has('x-request-id')) headers.set('X-Request-Id', id);
  };
}

/**
 * Hono's secureHeaders() `secure`: the headers it sets on a response without any are put in the
 * request's record; a response made without the record gets them from `secure` itself. (They are
 * learnt from `secure` once, at start, so the two ways cannot differ; until then, the second.)
 */
function securityHeaders(secure: MiddlewareHandler): MiddlewareHandler<AppEnv> {
  let fixed: Readonly<Record<string, string>> | undefined;
  void headersSetBy(secure).then((headers) => {
    fixed = Object.freeze(headers);
  });
  return async (c, next) => {
    const state = platformHeaders(c);
    if (state) {
      if (fixed) state.fixed = fixed;
      else state.fit = false;
    }
    await next();
    if (!hasPlatformHeaders(c)) await secure(c, answered);
  };
}

/** The headers `handler` puts on an empty 204 answer, lower-case names. */
async function headersSetBy(handler: MiddlewareHandler): Promise<Record<string, string>> {
  const app = new Hono();
  app.use(handler);
  app.get('/', (c) => c.body(null, 204));
  const res = await app.request('/');
  return Object.fromEntries(res.headers);
}

/**
 * Hono's compress(): gzip or deflate, as the client accepts, for a compressible body of 1 KB or
 * more, or of unknown length. Every `c.json` body states its length (Content-Length, which
 * the server would send anyway), so a small one passes uncompressed without being read: to read a
 * body of unknown length, @hono/node-server turns its response into a web stream, and compressing
 * a few hundred bytes costs more than it saves. A small JSON answer made with the platform
 * headers is passed by its length without reading its headers. Streaming replication feeds are
 * left alone: they must not be buffered.
 */
function compression(): MiddlewareHandler<AppEnv> {
  const compressLarge = compress();
  return async (c, next) => {
    if (c.req.path.startsWith('/api/sync/')) return next();
    await next();
    const length = platformBodyLength(c);
    if (length !== undefined && length < COMPRESS_MIN_BYTES) return;
    const res = c.res;
    await compressLarge(c, answered);
    carryPlatformHeaders(c, res);
  };
}

/** compress()'s own threshold. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * CORS for /api: other origins only when listed in CORS_ORIGINS. A preflight (OPTIONS) is
 * answered by Hono's cors(); any other request gets its headers after the route has answered,
 * on the response it made, or with it (lib/platform-headers.ts). (Hono's cors() sets them on a
 * response of its own before the route runs, and `c.header()` after it: each makes Hono build
 * the route's response again, body and headers, which cost a cached read more than everything
 * else together.) A request without an Origin header is not a cross-origin one (a browser sends
 * Origin whenever CORS applies): it gets only `Vary: Origin`, which keeps a cache from answering
 * one with the other.
 */
function corsHeaders(allowed: readonly string[]): MiddlewareHandler<AppEnv> {
  const exposeHeaders = ['X-Request-Id', 'Retry-After'];
  const preflight = cors({
    origin: (origin) => (allowed.includes(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders,
    credentials: false,
    maxAge: 600,
  });
  const exposed = exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('origin');
    const permitted = origin !== undefined && allowed.includes(origin);
    const state = platformHeaders(c);
    if (state) {
      if (origin) {
        if (permitted) state.over['access-control-allow-origin'] = origin;
        state.over['access-control-expose-headers'] = exposed;
      }
      state.vary = state.vary ? `${state.vary}, Origin` : 'Origin';
    }
    await next();
    if (hasPlatformHeaders(c)) return;
    const headers = c.res.headers;
    if (origin) {
      if (permitted) headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Expose-Headers', exposed);
    }
    // Once: the response may have been made again from one that has it already.
    if (!/(^|,)\s*origin\s*(,|$)/i.test(headers.get('vary') ?? ''))
      headers.append('Vary', 'Origin');
  };
}

/**
 * BODY_LIMIT_BYTES, with larger limits for uploads and replication. A GET or HEAD has no body
 * here (@hono/node-server gives them none, whatever the client sent), so nothing is checked; a
 * request that states its Content-Length (without a Transfer-Encoding) is judged by it, as Hono's
 * bodyLimit() does. Only a body of unstated length goes through bodyLimit(), which counts it as it
 * arrives: it has to open the request's body stream, and that alone costs a request more than a
 * cached read's whole work.
 */
function bodyLimits(env: AppDeps['env']): MiddlewareHandler<AppEnv> {
  // Uploads have their own (larger) limits, with room for the multipart envelope.
  const uploadLimits = new Map<string, number>([
    ['/api/user/avatar', FILE_LIMITS.avatar.maxBytes + 64 * 1024],
    ['/api/user/cv', FILE_LIMITS.cv.maxBytes + 64 * 1024],
  ]);
  // Replication batches carry attachments inline (base64), so the sync gateway allows more;
  // image uploads (gig and portfolio images, blog covers) get the image limit.
  const imageLimit = FILE_LIMITS.avatar.maxBytes + 64 * 1024;
  const imageUpload = /^\/api\/(admin\/blog\/[^/]+\/cover|(gigs|portfolio)\/[^/]+\/images)$/;
  // Order files: up to five of 5 MB with a delivery or the requirements.
  const orderLimit = ORDER_FILES_MAX * ORDER_FILE_MAX_BYTES + 256 * 1024;
  const orderUpload = /^\/api\/orders\/[^/]+\/(deliver|attachments)$/;
  const maxSizeFor = (path: string) =>
    path.startsWith('/api/sync/')
      ? env.SYNC_BODY_LIMIT_BYTES
      : imageUpload.test(path)
        ? imageLimit
        : orderUpload.test(path)
          ? orderLimit
          : (uploadLimits.get(path) ?? env.BODY_LIMIT_BYTES);

  const tooLarge = () => new AppError(413, 'The request body is too large.');
  const counters = new Map<number, MiddlewareHandler>();
  const counterFor = (maxSize: number) => {
    let counter = counters.get(maxSize);
    if (!counter) {
      counter = bodyLimit({
        maxSize,
        onError: () => {
          throw tooLarge();
        },
      });
      counters.set(maxSize, counter);
    }
    return counter;
  };
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const maxSize = maxSizeFor(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge();
      return next();
    }
    return counterFor(maxSize)(c, next);
  };
}
