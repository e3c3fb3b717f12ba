import { Hono } from 'hono';
import {
  currentAuth,
  requireAuth,
  requirePermission,
  requireVerified,
} from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { detectType, IMAGE_TYPES } from '../../schemas/file-types';
import { readUploadedFile } from '../../lib/multipart';
import { parseQuery, readJson } from '../../lib/validation';
import {
  GIG_IMAGE_MAX_BYTES,
  gigFieldsSchema,
  gigPatchSchema,
  gigSearchSchema,
} from '../../schemas';
import { clientOf } from '../../lib/client';
import { agentStats, countGigView } from './gig-stats.service';
import * as gigs from './gigs.service';

/** Gigs (issue 8 contract): search, read, create, edit, pause, delete, images, the agent's list. */
export function gigRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/gigs', async (c) => c.json(await gigs.searchGigs(deps, parseQuery(c, gigSearchSchema))))
    .post('/gigs', requireAuth, requireVerified, requirePermission('gig.create'), async (c) => {
      const input = await readJson(c, gigFieldsSchema);
      return c.json({ gig: await gigs.createGig(deps, currentAuth(c).user, input) }, 201);
    })
    .get('/gigs/:id', async (c) => {
      const viewer = c.get('auth')?.user;
      const gig = await gigs.getGig(deps, c.req.param('id'), viewer);
      countGigView(deps, gig, { userId: viewer?.id, address: clientOf(c, deps.env).ip });
      return c.json({ gig });
    })
    .patch('/gigs/:id', requireAuth, async (c) => {
      const patch = await readJson(c, gigPatchSchema);
      return c.json({
        gig: await gigs.updateGig(deps, currentAuth(c).user, c.req.param('id'), patch),
      });
    })
    .delete('/gigs/:id', requireAuth, async (c) => {
      await gigs.deleteGig(deps, currentAuth(c).user, c.req.param('id'));
      return c.body(null, 204);
    })
    .post('/gigs/:id/images', requireAuth, async (c) => {
      const data = await readUploadedFile(c, {
        noun: 'image',
        maxBytes: GIG_IMAGE_MAX_BYTES,
        limitLabel: '2 MB',
      });
      const type = detectType(data);
      if (!type || !IMAGE_TYPES.includes(type))
        throw new AppError(415, 'The image must be a PNG, JPEG or WebP file.');
      return c.json({
        gig: await gigs.addImage(deps, currentAuth(c).user, c.req.param('id'), data, type),
      });
    })
    .delete('/gigs/:id/images/:imageId', requireAuth, async (c) =>
      c.json({
        gig: await gigs.removeImage(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          c.req.param('imageId'),
        ),
      }),
    )
    .get('/gigs/:id/images/:imageId', async (c) => {
      const image = await gigs.readImage(
        deps,
        c.req.param('id'),
        c.req.param('imageId'),
        c.get('auth')?.user,
      );
      c.header('Content-Type', image.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      // An image id is never reused: a changed image has a new URL, so an active gig's images
      // are cached for good. A draft's or paused gig's are its owner's and admins' only: no
      // cache may keep them (nor serve them to someone else).
      c.header(
        'Cache-Control',
        image.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
      );
      return c.body(new Uint8Array(image.data));
    })
    .get('/agent/gigs', requireAuth, requirePermission('gig.create'), async (c) =>
      c.json({ data: await gigs.agentGigs(deps, currentAuth(c).user) }),
    )
    .get('/agent/stats', requireAuth, requirePermission('gig.create'), async (c) =>
      c.json(await agentStats(deps, currentAuth(c).user)),
    );
}
