import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './lib/errors';
import { errorResponse } from './lib/error-handler';
import { MemoRouter } from './lib/memo-router';
import { platformMiddleware } from './middleware';
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
import { openApiDocument } from './openapi';
import { endpoints } from './routes/endpoint';
import { landingPages } from './web/landing-pages';
import { webApp } from './web/static';

const endpoint = endpoints({ tag: 'Platform' });

/**
 * The whole HTTP application. Owns, once: request ids, request logs, security headers, CORS,
 * body limits, compression and the error envelope; routes stay thin.
 */
export function createApp(deps: AppDeps) {
  const { logger, env } = deps;
  // Hono's default router, remembering its answers (lib/memo-router.ts).
  const app = new Hono<AppEnv>({
    router: new MemoRouter(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })),
  });

  const health = healthRoutes(deps);
  for (const layer of platformMiddleware(deps)) {
    // Liveness and readiness: asked often, by balancers and orchestrators rather than browsers,
    // so they answer with request ids, logs and security headers but before CORS, the body
    // limit (they read no body) and compression (a body of a few hundred bytes only grows in
    // gzip); routes/health.
    if (layer.name === 'CORS') app.route('/api/health', health.probes);
    if (layer.path) app.use(layer.path, layer.handler);
    else app.use(layer.handler);
  }

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
