import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './lib/errors';
import { errorResponse } from './lib/error-handler';
import { healthRoutes } from './routes/health/health.routes';
import { getServicesRoutes } from './routes/services/services.routes';
import { authenticate } from './auth/middleware';
import { authRoutes } from './routes/auth/auth.routes';
import { devRoutes } from './routes/dev/dev.routes';
import { userRoutes } from './routes/users/users.routes';
import { contentRoutes } from './routes/content/content.routes';
import { GATEWAY_PREFIX, syncGateway } from './routes/sync/gateway';
import { inboxRoutes } from './routes/inbox/inbox.routes';
import { adminRoutes } from './routes/admin/admin.routes';
import { gigRoutes } from './routes/gigs/gigs.routes';
import { portfolioRoutes } from './routes/portfolio/portfolio.routes';
import { reputationRoutes } from './routes/reputation/reputation.routes';
import { adminOrderRoutes, orderRoutes } from './routes/orders/orders.routes';
import { adminWithdrawalRoutes, withdrawalRoutes } from './routes/withdrawals/withdrawals.routes';
import { adminReviewRoutes, reviewRoutes } from './routes/reviews/reviews.routes';
import { jobRoutes } from './routes/jobs/jobs.routes';
import { partyRoutes } from './routes/party/party.routes';
import { leaderboardRoutes } from './routes/leaderboard/leaderboard.routes';
import { projectRoutes } from './routes/projects/projects.routes';
import { ORDER_FILE_MAX_BYTES, ORDER_FILES_MAX } from './routes/orders/order-files';
import { FILE_LIMITS } from './routes/users/accounts-profile.service';
import { openApiDocument } from './openapi';
import { endpoints } from './routes/endpoint';
import { landingPages } from './web/landing-pages';
import { webApp } from './web/static';

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

const endpoint = endpoints({ tag: 'Platform' });

/**
 * The whole HTTP application. Owns, once: request ids, request logs, security headers, CORS,
 * body limits, compression and the error envelope; routes stay thin.
 */
export function createApp(deps: AppDeps) {
  const { logger, env } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms,
    };
    if (c.res.status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.PUBLIC_URL?.startsWith('https:')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );
  // Liveness and readiness: asked often, by balancers and orchestrators rather than browsers,
  // so they answer here, with request ids, logs and security headers but before CORS, the body
  // limit (they read no body) and compression (a body of a few hundred bytes only grows in
  // gzip); routes/health.
  const health = healthRoutes(deps);
  app.route('/api/health', health.probes);
  app.use(
    '/api/*',
    cors({
      // Same-origin requests need no CORS; other origins only when listed in CORS_ORIGINS.
      origin: (origin) => (env.CORS_ORIGINS.includes(origin) ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      credentials: false,
      maxAge: 600,
    }),
  );
  // Uploads have their own (larger) limits, with room for the multipart envelope.
  const uploadLimits: Record<string, number> = {
    '/api/user/avatar': FILE_LIMITS.avatar.maxBytes + 64 * 1024,
    '/api/user/cv': FILE_LIMITS.cv.maxBytes + 64 * 1024,
  };
  const limitFor = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError(413, 'The request body is too large.');
      },
    });
  const defaultLimit = limitFor(env.BODY_LIMIT_BYTES);
  const pathLimits = new Map(
    Object.entries(uploadLimits).map(([path, max]) => [path, limitFor(max)]),
  );
  // Replication batches carry attachments inline (base64), so the sync gateway allows more;
  // image uploads (gig and portfolio images, blog covers) get the image limit.
  const syncLimit = limitFor(env.SYNC_BODY_LIMIT_BYTES);
  const imageLimit = limitFor(FILE_LIMITS.avatar.maxBytes + 64 * 1024);
  const imageUpload = /^\/api\/(admin\/blog\/[^/]+\/cover|(gigs|portfolio)\/[^/]+\/images)$/;
  // Order files: up to five of 5 MB with a delivery or the requirements.
  const orderLimit = limitFor(ORDER_FILES_MAX * ORDER_FILE_MAX_BYTES + 256 * 1024);
  const orderUpload = /^\/api\/orders\/[^/]+\/(deliver|attachments)$/;
  app.use('/api/*', (c, next) => {
    const path = c.req.path;
    const limit = path.startsWith('/api/sync/')
      ? syncLimit
      : imageUpload.test(path)
        ? imageLimit
        : orderUpload.test(path)
          ? orderLimit
          : (pathLimits.get(path) ?? defaultLimit);
    return limit(c, next);
  });
  // Streaming replication feeds must not be buffered by compression.
  app.use(async (c, next) => (c.req.path.startsWith('/api/sync/') ? next() : compress()(c, next)));

  app.route('/api/health', health.status);
  app.route('/api/getServices', getServicesRoutes(deps));
  // Generated from the routes once they all are mounted (below, before the web app).
  const openApi: { document?: ReturnType<typeof openApiDocument> } = {};
  app.get(
    '/api/openapi.json',
    endpoint({
      summary: 'This document',
      description: 'Generated from the routes the server has mounted; read it at /developers/api.',
      responses: { 200: 'OpenAPI 3.1' },
    }),
    (c) => c.json(openApi.document),
  );
  // The refresh route reads its (possibly expired) token itself; everything else is authenticated here.
  const auth = authenticate(deps);
  app.use('/api/*', (c, next) => (c.req.path === '/api/token/refresh' ? next() : auth(c, next)));
  app.route('/api', authRoutes(deps));
  // Before the user routes: /api/user/payout-methods is not the profile /api/user/{tagname}.
  app.route('/api', withdrawalRoutes(deps));
  app.route('/api', userRoutes(deps));
  app.route('/api', contentRoutes(deps));
  // PouchDB reads the server root beside the database to name its replication checkpoints: a
  // stable uuid keeps them valid when the host or port the client uses changes.
  const syncServerInfo = {
    couchdb: 'Welcome',
    version: '3.4.0',
    vendor: { name: 'Wayfarer Market sync gateway' },
    uuid: createHash('sha256')
      .update(deps.jwtSecret)
      .update('sync-server-uuid')
      .digest('hex')
      .slice(0, 32),
  };
  const syncInfo = endpoint({
    tag: 'Sync',
    summary: 'The sync server’s identity (PouchDB names its checkpoints after it)',
    responses: { 200: '{couchdb, version, vendor, uuid}' },
  });
  app.get('/api/sync', syncInfo, (c) => c.json(syncServerInfo));
  app.get('/api/sync/', syncInfo, (c) => c.json(syncServerInfo));
  app.route(GATEWAY_PREFIX, syncGateway(deps));
  app.route('/api/inbox', inboxRoutes(deps));
  app.route('/api/admin', adminRoutes(deps));
  app.route('/api/admin', adminOrderRoutes(deps));
  app.route('/api', orderRoutes(deps));
  app.route('/api', jobRoutes(deps));
  app.route('/api', partyRoutes(deps));
  app.route('/api', leaderboardRoutes(deps));
  app.route('/api', projectRoutes(deps));
  app.route('/api/admin', adminWithdrawalRoutes(deps));
  app.route('/api', reviewRoutes(deps));
  app.route('/api/admin', adminReviewRoutes(deps));
  app.route('/api', gigRoutes(deps));
  app.route('/api', portfolioRoutes(deps));
  app.route('/api', reputationRoutes(deps));
  if (env.NODE_ENV !== 'production') app.route('/api/dev', devRoutes(deps));

  app.all('/api/*', () => {
    throw new AppError(404, 'Not found.');
  });
  app.all('/api', () => {
    throw new AppError(404, 'Not found.');
  });
  openApi.document = openApiDocument(app.routes, deps.version);
  app.use(webApp(deps.paths.webDist, { landingPage: landingPages(deps) }));
  app.notFound((c) => c.json({ message: 'Not found.' }, 404));
  app.onError((error, c) => errorResponse(error, c, logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
