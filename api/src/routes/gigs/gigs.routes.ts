import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { activeAgentByTagname } from '../inbox/inbox.model';
import { GIG_IMAGES_MAX, gigFieldsSchema, gigPatchSchema, gigSearchSchema } from '../../schemas';
import { clientOf } from '../../lib/client';
import { IMAGE_UPLOAD, sendImage, uploadedImageType } from '../doc-images';
import { endpoints } from '../endpoint';
import { agentStats, countGigView } from './gig-stats.service';
import * as gigs from './gigs.service';

const endpoint = endpoints({ tag: 'Gigs' });

/** Gigs (issue 8 contract): search, read, create, edit, pause, delete, images, the agent's list. */
export function gigRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/gigs',
      endpoint({
        summary: 'Search active gigs',
        description:
          'Every sort is exact over all matches (ties: price by newest, then a fixed order). `meta.total_capped` when the total counts only the matches read so far: a search reads only as far as the page needs, and sorted by relevance it reads at most 300 index rows, so its pages end there.',
        query: gigSearchSchema,
        responses: { 200: '{data: [gig], meta}' },
      }),
      async (c) => c.json(await gigs.searchGigs(deps, c.req.valid('query'))),
    )
    .post(
      '/gigs',
      endpoint({
        summary: 'Create a gig, draft or active',
        auth: 'verified',
        permission: 'gig.create',
        body: gigFieldsSchema,
        responses: { 201: '{gig}' },
      }),
      async (c) => {
        const gig = await gigs.createGig(deps, currentAuth(c).user, c.req.valid('json'));
        return c.json({ gig }, 201);
      },
    )
    .get(
      '/gigs/:id',
      endpoint({
        summary: 'A gig (drafts and paused gigs for their owner and admins only)',
        description: 'A view by anyone but the owner counts once per viewer per gig per hour.',
        auth: 'optional',
        responses: { 200: '{gig}', 404: 'No such gig' },
      }),
      async (c) => {
        const viewer = c.get('auth')?.user;
        const gig = await gigs.getGig(deps, c.req.param('id'), viewer);
        countGigView(deps, gig, { userId: viewer?.id, address: clientOf(c, deps.env).ip });
        return c.json({ gig });
      },
    )
    .patch(
      '/gigs/:id',
      endpoint({
        summary: 'Edit a gig or change its status (owner or admin)',
        auth: 'required',
        body: gigPatchSchema,
        responses: { 200: '{gig}', 403: 'Not yours', 404: 'No such gig', 409: 'Changed meanwhile' },
      }),
      async (c) => {
        const patch = c.req.valid('json');
        return c.json({
          gig: await gigs.updateGig(deps, currentAuth(c).user, c.req.param('id'), patch),
        });
      },
    )
    .delete(
      '/gigs/:id',
      endpoint({
        summary: 'Delete a gig (owner or admin; refused while an order is open)',
        auth: 'required',
        responses: { 204: 'Deleted', 403: 'Not yours', 404: 'No such gig', 409: 'Open orders' },
      }),
      async (c) => {
        await gigs.deleteGig(deps, currentAuth(c).user, c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .post(
      '/gigs/:id/images',
      endpoint({
        summary: `Add an image (at most ${GIG_IMAGES_MAX} per gig)`,
        auth: 'required',
        upload: IMAGE_UPLOAD,
        responses: {
          200: '{gig}',
          403: 'Not yours',
          409: `Already ${GIG_IMAGES_MAX}`,
          413: 'Too large',
          415: 'Not an image',
        },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        const type = uploadedImageType(file);
        return c.json({
          gig: await gigs.addImage(deps, currentAuth(c).user, c.req.param('id'), file, type),
        });
      },
    )
    .delete(
      '/gigs/:id/images/:imageId',
      endpoint({
        summary: 'Remove an image',
        auth: 'required',
        responses: { 200: '{gig}', 403: 'Not yours', 404: 'None' },
      }),
      async (c) =>
        c.json({
          gig: await gigs.removeImage(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.param('imageId'),
          ),
        }),
    )
    .get(
      '/gigs/:id/images/:imageId',
      endpoint({
        summary: 'A gig image',
        description:
          'Cached for a year when the gig is active (image ids are never reused); a draft’s or paused gig’s images are its owner’s and admins’ only, never cached.',
        auth: 'optional',
        responses: { 200: { description: 'The image', media: 'image/*' }, 404: 'None' },
      }),
      async (c) => {
        const image = await gigs.readImage(
          deps,
          c.req.param('id'),
          c.req.param('imageId'),
          c.get('auth')?.user,
        );
        return sendImage(c, image, image.isPublic);
      },
    )
    .get(
      '/users/:tagname/gigs',
      endpoint({
        tag: 'Members',
        summary: 'An agent’s active gigs, newest first (their public profile)',
        auth: 'optional',
        responses: { 200: '{data: [gig summary]}', 404: 'No agent has this tagname' },
      }),
      async (c) => {
        const owner = await activeAgentByTagname(deps, c.req.param('tagname'));
        return c.json({ data: await gigs.activeGigsOf(deps, owner) });
      },
    )
    .get(
      '/agent/gigs',
      endpoint({
        summary: 'The signed-in agent’s gigs, every status',
        permission: 'gig.create',
        responses: { 200: '{data: [gig]}' },
      }),
      async (c) => c.json({ data: await gigs.agentGigs(deps, currentAuth(c).user) }),
    )
    .get(
      '/agent/stats',
      endpoint({
        summary: 'The signed-in agent’s gig views and wishlist saves',
        description:
          'Per UTC day over the last 30 days, totals, and per gig the 30-day and all-time figures and orders.',
        permission: 'gig.create',
        responses: { 200: '{days, totals, gigs}' },
      }),
      async (c) => c.json(await agentStats(deps, currentAuth(c).user)),
    );
}
