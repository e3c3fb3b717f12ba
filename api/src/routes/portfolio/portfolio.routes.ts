import { Hono } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import {
  PORTFOLIO_IMAGES_MAX,
  PORTFOLIO_MAX,
  portfolioFieldsSchema,
  portfolioOrderSchema,
  portfolioPatchSchema,
} from '../../schemas';
import { IMAGE_UPLOAD, sendImage, uploadedImageType } from '../doc-images';
import { endpoints } from '../endpoint';
import { activeAgentByTagname } from '../inbox/inbox.model';
import * as portfolio from './portfolio.service';

const endpoint = endpoints({ tag: 'Portfolio' });

const NOT_IN_SPEC =
  'Not in the spec (issue 20): an agent’s portfolio, their profile’s Projects tab.';

/**
 * An agent's portfolio projects (issue 20, not in the spec or API.md): public per agent, and the
 * agent's own list, create, edit, order, delete and pictures.
 */
export function portfolioRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/users/:tagname/portfolio',
      endpoint({
        tag: 'Members',
        summary: 'An agent’s portfolio projects, in the order they chose (their public profile)',
        description: NOT_IN_SPEC,
        auth: 'optional',
        responses: { 200: '{data: [portfolio project]}', 404: 'No agent has this tagname' },
      }),
      async (c) => {
        const owner = await activeAgentByTagname(deps, c.req.param('tagname'));
        return c.json({ data: await portfolio.publicPortfolio(deps, owner) });
      },
    )
    .get(
      '/agent/portfolio',
      endpoint({
        summary: 'The signed-in agent’s portfolio projects, with their revisions and linked orders',
        description: NOT_IN_SPEC,
        permission: 'portfolio.manage',
        responses: { 200: '{data: [own portfolio project]}' },
      }),
      async (c) => c.json({ data: await portfolio.ownPortfolio(deps, currentAuth(c).user) }),
    )
    .put(
      '/agent/portfolio/order',
      endpoint({
        summary: 'Put the signed-in agent’s portfolio projects in the order to show them',
        description: `${NOT_IN_SPEC} \`ids\` names each of the agent’s projects once.`,
        permission: 'portfolio.manage',
        body: portfolioOrderSchema,
        responses: { 200: '{data: [own portfolio project]}', 409: 'Changed meanwhile' },
      }),
      async (c) =>
        c.json({
          data: await portfolio.reorderPortfolio(
            deps,
            currentAuth(c).user,
            c.req.valid('json').ids,
          ),
        }),
    )
    .post(
      '/portfolio',
      endpoint({
        summary: `Add a project to the signed-in agent’s portfolio (at most ${PORTFOLIO_MAX})`,
        description: `${NOT_IN_SPEC} It shows first; \`order_id\` links one of the agent’s completed orders.`,
        auth: 'verified',
        permission: 'portfolio.manage',
        body: portfolioFieldsSchema,
        responses: { 201: '{project}', 409: `Already ${PORTFOLIO_MAX} projects` },
      }),
      async (c) => {
        const project = await portfolio.createProject(
          deps,
          currentAuth(c).user,
          c.req.valid('json'),
        );
        return c.json({ project }, 201);
      },
    )
    .get(
      '/portfolio/:id',
      endpoint({
        summary: 'A portfolio project (its agent also gets the revision and the linked order)',
        description: NOT_IN_SPEC,
        auth: 'optional',
        responses: { 200: '{project}', 404: 'No such project' },
      }),
      async (c) =>
        c.json({
          project: await portfolio.getProject(deps, c.req.param('id'), c.get('auth')?.user),
        }),
    )
    .patch(
      '/portfolio/:id',
      endpoint({
        summary: 'Edit a portfolio project (its agent)',
        description: `${NOT_IN_SPEC} With \`revision\` (as read), an edit of a project changed since is refused.`,
        permission: 'portfolio.manage',
        body: portfolioPatchSchema,
        responses: {
          200: '{project}',
          403: 'Not yours',
          404: 'No such project',
          409: 'Changed meanwhile',
        },
      }),
      async (c) =>
        c.json({
          project: await portfolio.updateProject(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        }),
    )
    .delete(
      '/portfolio/:id',
      endpoint({
        summary: 'Delete a portfolio project (its agent, or an admin)',
        description: NOT_IN_SPEC,
        auth: 'required',
        responses: { 204: 'Deleted', 403: 'Not yours', 404: 'No such project' },
      }),
      async (c) => {
        await portfolio.deleteProject(deps, currentAuth(c).user, c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .post(
      '/portfolio/:id/images',
      endpoint({
        summary: `Add a picture to a portfolio project (at most ${PORTFOLIO_IMAGES_MAX})`,
        description: `${NOT_IN_SPEC} The first picture is the project’s cover.`,
        permission: 'portfolio.manage',
        upload: IMAGE_UPLOAD,
        responses: {
          200: '{project}',
          403: 'Not yours',
          404: 'No such project',
          409: `Already ${PORTFOLIO_IMAGES_MAX}`,
          413: 'Too large',
          415: 'Not an image',
        },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        const type = uploadedImageType(file);
        return c.json({
          project: await portfolio.addImage(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            file,
            type,
          ),
        });
      },
    )
    .delete(
      '/portfolio/:id/images/:imageId',
      endpoint({
        summary: 'Remove a picture from a portfolio project',
        description: NOT_IN_SPEC,
        permission: 'portfolio.manage',
        responses: { 200: '{project}', 403: 'Not yours', 404: 'None' },
      }),
      async (c) =>
        c.json({
          project: await portfolio.removeImage(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.param('imageId'),
          ),
        }),
    )
    .get(
      '/portfolio/:id/images/:imageId',
      endpoint({
        summary: 'A portfolio project’s picture',
        description: `${NOT_IN_SPEC} Cached for a year (picture ids are never reused).`,
        responses: { 200: { description: 'The image', media: 'image/*' }, 404: 'None' },
      }),
      async (c) =>
        sendImage(
          c,
          await portfolio.readImage(deps, c.req.param('id'), c.req.param('imageId')),
          true,
        ),
    );
}
