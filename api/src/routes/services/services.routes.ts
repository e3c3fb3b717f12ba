import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../context';
import { serviceSummarySchema } from '../../schemas';
import { endpoints } from '../endpoint';
import { listActiveServices } from './services.service';

const endpoint = endpoints({ tag: 'Services' });

/**
 * `GET /api/getServices`: active services `[{id, name}]`. The spec's client sends it as a GET
 * with a `text/plain` body (name, description, created_by, status); the body is ignored.
 */
export function getServicesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      summary: 'Active services [{id, name}]',
      description: 'Also answers the spec’s GET with a `text/plain` body, which it ignores.',
      responses: { 200: { description: 'The list', schema: z.array(serviceSummarySchema) } },
    }),
    async (c) => c.json(await listActiveServices(deps.couch)),
  );
}
