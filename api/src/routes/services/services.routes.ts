import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { listActiveServices } from './services.service';

/**
 * `GET /api/getServices`: active services `[{id, name}]`. The spec's client sends it as a GET
 * with a `text/plain` body (name, description, created_by, status); the body is ignored.
 */
export function getServicesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    return c.json(await listActiveServices(deps.couch));
  });
}
