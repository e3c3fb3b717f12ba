import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { sharedResult } from '../../lib/shared-result';
import {
  healthResponseSchema,
  liveResponseSchema,
  type HealthResponse,
  type LiveResponse,
} from '../../schemas';
import { endpoints } from '../endpoint';

const endpoint = endpoints({ tag: 'Platform' });

/** How long one answer of the database counts for readiness: at most one ping per this, per instance. */
export const READY_CHECK_MS = 1000;

/**
 * Health, in two kinds (docs/DEPLOYMENT.md says which check uses which):
 * - `GET /api/health/live`, liveness: the process answers HTTP. Never asks the database, so a
 *   database outage does not get a healthy API restarted.
 * - `GET /api/health/ready`, readiness: the database answered too; 503 (with a message) when it
 *   did not. The database is pinged at most once per READY_CHECK_MS whatever the traffic:
 *   callers share the ping under way and its answer for that long (lib/shared-result.ts).
 * `GET /api/health`, the original route (the web app's status, the e2e server wait), gives the
 * readiness answer, from the same ping.
 *
 * `probes` (live, ready) are for load balancers and orchestrators, which ask often and from no
 * browser: the app mounts them before CORS, the body limit and compression (app.ts). `status`
 * (`/api/health`) stays behind the whole chain, CORS included, as before.
 */
export function healthRoutes(deps: AppDeps) {
  const embedded = deps.couch.embedded !== undefined;
  const database = sharedResult(() => deps.couch.ping(), {
    maxAgeMs: READY_CHECK_MS,
    now: () => deps.clock.now().getTime(),
  });
  const apiStatus = (): LiveResponse => ({
    status: 'ok',
    version: deps.version,
    uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
  });

  const readiness = async (c: Context<AppEnv>) => {
    const couch = await database.get();
    const api = apiStatus();
    c.header('Cache-Control', 'no-store');
    if (couch.ok) {
      const body: HealthResponse = {
        status: 'ok',
        api,
        couch: { status: 'ok', embedded, vendor: couch.vendor, version: couch.version },
      };
      return c.json(body, 200);
    }
    const body: HealthResponse = {
      status: 'error',
      message: embedded
        ? 'The database server is unreachable. The embedded server is being restarted.'
        : 'The database server is unreachable.',
      api,
      couch: { status: 'down', embedded, error: couch.error },
    };
    return c.json(body, 503);
  };
  const readinessResponses = {
    200: { description: 'Both up', schema: healthResponseSchema },
    503: { description: 'The database is unreachable', schema: healthResponseSchema },
  };
  const probeNote =
    'For infrastructure, not browsers: no CORS headers, never compressed (`/api/health` has both).';

  const status = new Hono<AppEnv>().get(
    '/',
    endpoint({
      summary: 'API and database status (the answer of /api/health/ready)',
      description: `The database's answer is at most ${READY_CHECK_MS} ms old.`,
      responses: readinessResponses,
    }),
    readiness,
  );
  const probes = new Hono<AppEnv>()
    .get(
      '/live',
      endpoint({
        summary: 'Liveness: the API process answers (the database is not asked)',
        description: `For a container health check or a restart policy. ${probeNote}`,
        responses: { 200: { description: 'The API is up', schema: liveResponseSchema } },
      }),
      (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(apiStatus(), 200);
      },
    )
    .get(
      '/ready',
      endpoint({
        summary: 'Readiness: the API and its database answer',
        description:
          `For a load balancer choosing where to send traffic. The database is asked at most ` +
          `once per ${READY_CHECK_MS} ms per API instance; every caller in between gets that ` +
          `answer. ${probeNote}`,
        responses: readinessResponses,
      }),
      readiness,
    );
  return { probes, status };
}
