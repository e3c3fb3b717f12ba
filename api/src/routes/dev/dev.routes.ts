import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { isDirectLocalRequest } from '../../lib/client';
import { forbidden } from '../../lib/errors';
import { ManualClock } from '../../lib/clock';
import { readJson } from '../../lib/validation';
import { z } from 'zod';

const clockSchema = z.object({
  advance_ms: z.number({ error: 'advance_ms is a number of milliseconds.' }).int().min(0),
});

/**
 * `GET /api/dev/mail`: the local outbox, outside production only (mounted conditionally). It holds
 * password-reset and verification links for every account, so it is served only to an admin
 * session or to a request made on this machine (a loopback peer with no forwarding header: a
 * proxy on this machine relaying someone else's request adds one).
 */
export function devRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/clock', async (c) => {
      // TEST_CLOCK only: move the API's clock forward, then run the order timers once.
      if (!(deps.clock instanceof ManualClock) || !isDirectLocalRequest(c))
        throw forbidden('The clock moves only under TEST_CLOCK, from this machine.');
      const { advance_ms } = await readJson(c, clockSchema);
      const now = deps.clock.advance(advance_ms);
      await deps.orderTimers?.sweep();
      return c.json({ now: now.toISOString() });
    })
    .get('/mail', async (c) => {
      c.header('Cache-Control', 'no-store');
      const isAdmin = c.get('auth')?.user.role === 'Admin';
      if (!isAdmin && !isDirectLocalRequest(c)) {
        throw forbidden(
          'The development outbox is only for administrators and for requests from this machine.',
        );
      }
      return c.json({ data: await deps.mailer.outbox() });
    });
}
