import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { isDirectLocalRequest } from '../../lib/client';
import { forbidden } from '../../lib/errors';
import { endpoints } from '../endpoint';

const endpoint = endpoints({ tag: 'Development' });

/**
 * `GET /api/dev/mail`: the local outbox, outside production only (mounted conditionally). It holds
 * password-reset and verification links for every account, so it is served only to an admin
 * session or to a request made on this machine (a loopback peer with no forwarding header: a
 * proxy on this machine relaying someone else's request adds one).
 */
export function devRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
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
