import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';

/** `GET /api/dev/mail`: the local outbox, outside production only (mounted conditionally). */
export function devRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/mail', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await deps.mailer.outbox() });
  });
}
