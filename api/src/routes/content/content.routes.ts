import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { parseQuery, readJson } from '../../lib/validation';
import { contactMessageSchema, paginationQuerySchema } from '../../schemas';
import { clientOf } from '../../lib/client';
import * as content from './content.service';

/** Public content: service pages, the contact form and the blog. */
export function contentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/services/:id', async (c) => c.json(await content.getService(deps, c.req.param('id'))))
    .post('/contact', async (c) => {
      const client = clientOf(c, deps.env);
      await deps.rateLimits.hit('contact', { ip: client.ip });
      const input = await readJson(c, contactMessageSchema);
      await deps.rateLimits.hit('contact', { address: input.email });
      await content.submitContactMessage(deps, input, {
        ip: client.ip,
        userId: c.get('auth')?.user.id ?? null,
      });
      return c.json(
        { message: 'Thank you! Your message has reached our team; we emailed you a confirmation.' },
        201,
      );
    })
    .get('/blogs', async (c) => {
      const { page, per_page } = parseQuery(c, paginationQuerySchema);
      return c.json(await content.listPublishedPosts(deps, page, per_page));
    })
    .get('/blogs/:slug', async (c) =>
      c.json(await content.getPublishedPost(deps, c.req.param('slug'))),
    )
    .get('/blogs/:slug/cover', async (c) => {
      const cover = await content.blogCover(deps, c.req.param('slug'));
      c.header('Content-Type', cover.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header(
        'Cache-Control',
        c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      return c.body(new Uint8Array(cover.data));
    });
}
