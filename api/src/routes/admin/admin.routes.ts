import { Hono, type MiddlewareHandler } from 'hono';
import { currentAuth, requireAuth, requirePermission } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { detectType, IMAGE_TYPES } from '../../schemas/file-types';
import { readUploadedFile } from '../../lib/multipart';
import { parseQuery, readJson } from '../../lib/validation';
import {
  adminUserPatchSchema,
  adminUsersQuerySchema,
  blogInputSchema,
  contactPatchSchema,
  paginationQuerySchema,
  serviceInputSchema,
} from '../../schemas';
import { z } from 'zod';
import { listAudit, stats } from './admin-audit.service';
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  listBlogPosts,
  setBlogCover,
  updateBlogPost,
} from './admin-blog.service';
import { listContactMessages, setContactHandled } from './admin-contact.service';
import {
  createService,
  deleteService,
  getServiceForAdmin,
  listServices,
  updateService,
} from './admin-services.service';
import { deleteUser, listUsers, updateUser, userDetails } from './admin-users.service';

/**
 * `/api/admin/*`: every route checks the Admin role on the server, except `/api/admin/login`
 * (in the auth routes), which must stay open.
 */
export function adminRoutes(deps: AppDeps) {
  const isAdmin = requirePermission('admin.manage');
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.path === '/api/admin/login') return next();
    return requireAuth(c, async () => {
      await isAdmin(c, next);
    });
  };
  const me = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => currentAuth(c).user;
  const contactQuery = paginationQuerySchema.extend({
    status: z.enum(['open', 'handled'], { error: 'status is open or handled.' }).default('open'),
  });

  return new Hono<AppEnv>()
    .use('*', guard)
    .get('/stats', async (c) => c.json(await stats(deps)))
    .get('/users', async (c) => c.json(await listUsers(deps, parseQuery(c, adminUsersQuerySchema))))
    .get('/users/:id', async (c) => c.json(await userDetails(deps, c.req.param('id')!)))
    .patch('/users/:id', async (c) => {
      const patch = await readJson(c, adminUserPatchSchema);
      return c.json({ user: await updateUser(deps, me(c), c.req.param('id')!, patch) });
    })
    .delete('/users/:id', async (c) => {
      await deleteUser(deps, me(c), c.req.param('id')!);
      return c.body(null, 204);
    })
    .get('/audit', async (c) => {
      const { page, per_page } = parseQuery(c, paginationQuerySchema);
      return c.json(await listAudit(deps, page, per_page));
    })
    .get('/services', async (c) => c.json({ data: await listServices(deps) }))
    .post('/services', async (c) => {
      const input = await readJson(c, serviceInputSchema);
      return c.json({ service: await createService(deps, me(c), input) }, 201);
    })
    .get('/services/:id', async (c) =>
      c.json({ service: await getServiceForAdmin(deps, c.req.param('id')!) }),
    )
    .put('/services/:id', async (c) => {
      const input = await readJson(c, serviceInputSchema);
      return c.json({ service: await updateService(deps, me(c), c.req.param('id')!, input) });
    })
    .delete('/services/:id', async (c) => {
      await deleteService(deps, me(c), c.req.param('id')!);
      return c.body(null, 204);
    })
    .get('/contact-messages', async (c) => {
      const { page, per_page, status } = parseQuery(c, contactQuery);
      return c.json(await listContactMessages(deps, status, page, per_page));
    })
    .patch('/contact-messages/:id', async (c) => {
      const { handled } = await readJson(c, contactPatchSchema);
      return c.json(await setContactHandled(deps, me(c), c.req.param('id')!, handled));
    })
    .get('/blog', async (c) => c.json({ data: await listBlogPosts(deps) }))
    .post('/blog', async (c) => {
      const input = await readJson(c, blogInputSchema);
      return c.json({ post: await createBlogPost(deps, me(c), input) }, 201);
    })
    .get('/blog/:slug', async (c) =>
      c.json({ post: await getBlogPost(deps, c.req.param('slug')!) }),
    )
    .put('/blog/:slug', async (c) => {
      const input = await readJson(c, blogInputSchema);
      return c.json({ post: await updateBlogPost(deps, me(c), c.req.param('slug')!, input) });
    })
    .delete('/blog/:slug', async (c) => {
      await deleteBlogPost(deps, me(c), c.req.param('slug')!);
      return c.body(null, 204);
    })
    .post('/blog/:slug/cover', async (c) => {
      const data = await readUploadedFile(c, {
        noun: 'image',
        maxBytes: 2 * 1024 * 1024,
        limitLabel: '2 MB',
      });
      const type = detectType(data);
      if (!type || !IMAGE_TYPES.includes(type))
        throw new AppError(415, 'The cover must be a PNG, JPEG or WebP image.');
      return c.json({
        post: await setBlogCover(deps, me(c), c.req.param('slug')!, data, type),
      });
    });
}
