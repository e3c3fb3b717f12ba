import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { healthResponseSchema, type HealthResponse } from '../../schemas';
import { endpoints } from '../endpoint';

const endpoint = endpoints({ tag: 'Platform' });

/** `GET /api/health`: the API and its database. 503 (with a message) when the database is down. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      summary: 'API and database status',
      responses: {
        200: { description: 'Both up', schema: healthResponseSchema },
        503: { description: 'The database is unreachable', schema: healthResponseSchema },
      },
    }),
    async (c) => {
      const couch = await deps.couch.ping();
      const api = {
        status: 'ok' as const,
        version: deps.version,
        uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
      };
      const embedded = deps.couch.embedded !== undefined;
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
    },
  );
}
