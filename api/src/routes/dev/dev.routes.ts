import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../context';
import { isDirectLocalRequest } from '../../lib/client';
import { ManualClock } from '../../lib/clock';
import { forbidden } from '../../lib/errors';
import { endpoints } from '../endpoint';

const endpoint = endpoints({ tag: 'Development' });

const clockSchema = z.object({
  advance_ms: z.number({ error: 'advance_ms is a number of milliseconds.' }).int().min(0),
});

/**
 * Development and test helpers, outside production only (mounted conditionally).
 * `GET /api/dev/mail`: the local outbox. It holds password-reset and verification links for every
 * account, so it is served only to an admin session or to a request made on this machine (a
 * loopback peer with no forwarding header: a proxy on this machine relaying someone else's
 * request adds one). `POST /api/dev/clock`: with TEST_CLOCK, moves the API's clock (lib/clock.ts)
 * and runs the order timers once, from this machine only.
 */
export function devRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/clock',
      endpoint({
        summary: 'Move the test clock forward and run the order timers (TEST_CLOCK only)',
        description: 'From this machine only, with TEST_CLOCK=true; never in production.',
        body: clockSchema,
        responses: { 200: '{now}', 403: 'No test clock, or not from this machine' },
      }),
      async (c) => {
        if (!(deps.clock instanceof ManualClock) || !isDirectLocalRequest(c))
          throw forbidden('The clock moves only under TEST_CLOCK, from this machine.');
        const now = deps.clock.advance(c.req.valid('json').advance_ms);
        await deps.orderTimers?.sweep();
        return c.json({ now: now.toISOString() });
      },
    )
    .get(
      '/mail',
      endpoint({
        summary: 'The local mail outbox (not in production)',
        description:
          'Served to an admin session, or to a request from this machine with no forwarding header.',
        auth: 'optional',
        responses: {
          200: '{data: [mail]}',
          403: 'Neither an admin nor a direct local request',
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const isAdmin = c.get('auth')?.user.role === 'Admin';
        if (!isAdmin && !isDirectLocalRequest(c)) {
          throw forbidden(
            'The development outbox is only for administrators and for requests from this machine.',
          );
        }
        return c.json({ data: await deps.mailer.outbox() });
      },
    );
}
