import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../context';
import { limitByIp } from '../../lib/rate-limit';
import { contactMessageSchema, paginationQuerySchema } from '../../schemas';
import { clientOf } from '../../lib/client';
import { endpoints } from '../endpoint';
import * as content from './content.service';
import { uploadedFileHeaders } from '../../lib/uploaded-file';

const endpoint = endpoints({ tag: 'Content' });

/** Public content: service pages, the contact form and the blog. */
export function contentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/services/:id',
      endpoint({
        tag: 'Services',
        summary: 'A public service page (active services only)',
        responses: { 200: '{id, name, description, icon}', 404: 'No such service' },
      }),
      async (c) => c.json(await content.getService(deps, c.req.param('id'))),
    )
    .post(
      '/contact',
      limitByIp(deps, 'contact'),
      endpoint({
        summary: 'Send a message to the team; stored for admins, confirmed by mail',
        auth: 'optional',
        body: contactMessageSchema,
        responses: { 201: '{message}', 429: 'Rate limited' },
      }),
      async (c) => {
        const input = c.req.valid('json');
        await deps.rateLimits.hit('contact', { address: input.email });
        await content.submitContactMessage(deps, input, {
          ip: clientOf(c, deps.env).ip,
          userId: c.get('auth')?.user.id ?? null,
        });
        return c.json(
          {
            message: 'Thank you! Your message has reached our team; we emailed you a confirmation.',
          },
          201,
        );
      },
    )
    .get(
      '/blogs',
      endpoint({
        summary: 'Published blog posts, newest first',
        query: paginationQuerySchema,
        responses: { 200: '{data: [post], meta}' },
      }),
      async (c) => {
        const { page, per_page } = c.req.valid('query');
        return c.json(await content.listPublishedPosts(deps, page, per_page));
      },
    )
    .get(
      '/blogs/:slug',
      endpoint({
        summary: 'One published post (Markdown body)',
        responses: { 200: 'The post', 404: 'No such post' },
      }),
      async (c) => c.json(await content.getPublishedPost(deps, c.req.param('slug'))),
    )
    .get(
      '/blogs/:slug/cover',
      endpoint({
        summary: 'A published post’s cover image',
        description: 'Cached for a year when `?v=` (its version) is given.',
        query: z.object({ v: z.string().optional().describe('The cover’s version, for caching') }),
        responses: { 200: { description: 'The image', media: 'image/*' }, 404: 'None' },
      }),
      async (c) => {
        const cover = await content.blogCover(deps, c.req.param('slug'));
        uploadedFileHeaders(c, cover.contentType);
        c.header(
          'Cache-Control',
          c.req.valid('query').v ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        return c.body(new Uint8Array(cover.data));
      },
    );
}
