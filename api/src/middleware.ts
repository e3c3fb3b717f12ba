import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './lib/errors';
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
    { name: 'request id', handler: requestId({ headerName: 'X-Request-Id' }) },
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
      handler: secureHeaders({
        overwrite: false,
        contentSecurityPolicy: CONTENT_SECURITY_POLICY,
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: env.PUBLIC_URL?.startsWith('https:')
          ? 'max-age=31536000; includeSubDomains'
          : false,
        referrerPolicy: 'strict-origin-when-cross-origin',
        permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
      }),
    },
    { name: 'CORS', path: '/api/*', handler: corsHeaders(env.CORS_ORIGINS) },
    { name: 'body limit', path: '/api/*', handler: bodyLimits(env) },
    { name: 'compression', handler: compression() },
  ];
}

/**
 * Hono's compress(): gzip or deflate, as the client accepts, for a compressible body of 1 KB or
 * more, or of unknown length. Every `c.json` body states its length here (Content-Length, which
 * the server would send anyway), so a small one passes uncompressed without being read: to read a
 * body of unknown length, @hono/node-server turns its response into a web stream, and compressing
 * a few hundred bytes costs more than it saves. Streaming replication feeds are left alone: they
 * must not be buffered.
 */
function compression(): MiddlewareHandler<AppEnv> {
  const compressLarge = compress();
  return async (c, next) => {
    if (c.req.path.startsWith('/api/sync/')) return next();
    c.json = jsonWithLength(c);
    return compressLarge(c, next);
  };
}

type HeaderRecord = Record<string, string | string[]>;

/** `c.json`, with the body's Content-Length. */
function jsonWithLength(c: Context<AppEnv>): Context<AppEnv>['json'] {
  const json = c.json;
  const body = c.body as (data: string, arg?: unknown, headers?: HeaderRecord) => Response;
  return ((object: unknown, arg?: unknown, headers?: HeaderRecord) => {
    const text: unknown = JSON.stringify(object);
    // undefined (or a function) has no JSON: Hono's own answer, an empty body.
    if (typeof text !== 'string') return json(object as never, arg as never, headers);
    return body(text, arg, {
      'Content-Type': 'application/json',
      ...headers,
      'Content-Length': String(Buffer.byteLength(text)),
    });
  }) as Context<AppEnv>['json'];
}

/**
 * CORS for /api: other origins only when listed in CORS_ORIGINS. A preflight (OPTIONS) is
 * answered by Hono's cors(); any other request gets its headers after the route has answered,
 * on the response it made. (Hono's cors() sets them on a response of its own before the route
 * runs, and `c.header()` after it: each makes Hono build the route's response again, body and
 * headers, which cost a cached read more than everything else together.) A request without an
 * Origin header is not a cross-origin one (a browser sends Origin whenever CORS applies): it gets
 * only `Vary: Origin`, which keeps a cache from answering one with the other.
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
    await next();
    const headers = c.res.headers;
    const origin = c.req.header('origin');
    if (origin) {
      if (allowed.includes(origin)) headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Expose-Headers', exposed);
    }
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
