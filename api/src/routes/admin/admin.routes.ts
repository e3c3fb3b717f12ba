import { Hono, type MiddlewareHandler } from 'hono';
import { currentAuth, requireAuth, requirePermission } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { detectType, IMAGE_TYPES } from '../../schemas/file-types';
import {
  adminUserPatchSchema,
  adminUsersQuerySchema,
  blogInputSchema,
  contactPatchSchema,
  paginationQuerySchema,
  serviceInputSchema,
} from '../../schemas';
import { z } from 'zod';
import { endpoints } from '../endpoint';
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

/** Every admin route needs the Admin role (the guard below checks it for unknown paths too). */
const endpoint = endpoints({ tag: 'Admin', permission: 'admin.manage' });

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
    .get(
      '/stats',
      endpoint({ summary: 'Dashboard figures', responses: { 200: 'Stats' } }),
      async (c) => c.json(await stats(deps)),
    )
    .get(
      '/users',
      endpoint({
        summary: 'Users, filtered and sorted',
        query: adminUsersQuerySchema,
        responses: { 200: '{data: [user], meta}' },
      }),
      async (c) => c.json(await listUsers(deps, c.req.valid('query'))),
    )
    .get(
      '/users/:id',
      endpoint({
        summary: 'A user with activity, counts and audit entries',
        responses: { 200: 'Details', 404: 'No such user' },
      }),
      async (c) => c.json(await userDetails(deps, c.req.param('id'))),
    )
    .patch(
      '/users/:id',
      endpoint({
        summary:
          'Change role, suspend or reactivate (sessions are revoked), mark the email verified',
        body: adminUserPatchSchema,
        responses: { 200: '{user}', 404: 'No such user', 409: 'Not on your own account' },
      }),
      async (c) =>
        c.json({ user: await updateUser(deps, me(c), c.req.param('id'), c.req.valid('json')) }),
    )
    .delete(
      '/users/:id',
      endpoint({
        summary: 'Delete a user and everything only theirs',
        responses: { 204: 'Deleted', 404: 'No such user', 409: 'Not yourself' },
      }),
      async (c) => {
        await deleteUser(deps, me(c), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .get(
      '/audit',
      endpoint({
        summary: 'The audit log, newest first',
        query: paginationQuerySchema,
        responses: { 200: '{data: [entry], meta}' },
      }),
      async (c) => {
        const { page, per_page } = c.req.valid('query');
        return c.json(await listAudit(deps, page, per_page));
      },
    )
    .get(
      '/services',
      endpoint({ summary: 'All services with their gig counts', responses: { 200: '{data}' } }),
      async (c) => c.json({ data: await listServices(deps) }),
    )
    .post(
      '/services',
      endpoint({
        summary: 'Create a service (unique name)',
        body: serviceInputSchema,
        responses: { 201: '{service}' },
      }),
      async (c) => c.json({ service: await createService(deps, me(c), c.req.valid('json')) }, 201),
    )
    .get(
      '/services/:id',
      endpoint({
        summary: 'One service',
        responses: { 200: '{service}', 404: 'No such service' },
      }),
      async (c) => c.json({ service: await getServiceForAdmin(deps, c.req.param('id')) }),
    )
    .put(
      '/services/:id',
      endpoint({
        summary: 'Edit, activate or deactivate a service',
        body: serviceInputSchema,
        responses: { 200: '{service}', 404: 'None' },
      }),
      async (c) =>
        c.json({
          service: await updateService(deps, me(c), c.req.param('id'), c.req.valid('json')),
        }),
    )
    .delete(
      '/services/:id',
      endpoint({
        summary: 'Delete a service without gigs',
        responses: { 204: 'Deleted', 404: 'None', 409: 'It has gigs: deactivate instead' },
      }),
      async (c) => {
        await deleteService(deps, me(c), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .get(
      '/contact-messages',
      endpoint({
        summary: 'Contact messages, open or handled',
        query: contactQuery,
        responses: { 200: '{data: [message], meta}' },
      }),
      async (c) => {
        const { page, per_page, status } = c.req.valid('query');
        return c.json(await listContactMessages(deps, status, page, per_page));
      },
    )
    .patch(
      '/contact-messages/:id',
      endpoint({
        summary: 'Mark a contact message handled or open again',
        body: contactPatchSchema,
        responses: { 200: 'Done', 404: 'None' },
      }),
      async (c) =>
        c.json(
          await setContactHandled(deps, me(c), c.req.param('id'), c.req.valid('json').handled),
        ),
    )
    .get(
      '/blog',
      endpoint({ summary: 'All posts, drafts included', responses: { 200: '{data}' } }),
      async (c) => c.json({ data: await listBlogPosts(deps) }),
    )
    .post(
      '/blog',
      endpoint({
        summary: 'Write a post (Markdown); published or draft',
        body: blogInputSchema,
        responses: { 201: '{post}' },
      }),
      async (c) => c.json({ post: await createBlogPost(deps, me(c), c.req.valid('json')) }, 201),
    )
    .get(
      '/blog/:slug',
      endpoint({ summary: 'One post', responses: { 200: '{post}', 404: 'None' } }),
      async (c) => c.json({ post: await getBlogPost(deps, c.req.param('slug')) }),
    )
    .put(
      '/blog/:slug',
      endpoint({
        summary: 'Edit, publish or unpublish a post',
        body: blogInputSchema,
        responses: { 200: '{post}', 404: 'None' },
      }),
      async (c) =>
        c.json({
          post: await updateBlogPost(deps, me(c), c.req.param('slug'), c.req.valid('json')),
        }),
    )
    .delete(
      '/blog/:slug',
      endpoint({ summary: 'Delete a post', responses: { 204: 'Deleted', 404: 'None' } }),
      async (c) => {
        await deleteBlogPost(deps, me(c), c.req.param('slug'));
        return c.body(null, 204);
      },
    )
    .post(
      '/blog/:slug/cover',
      endpoint({
        summary: 'Upload a post’s cover image',
        upload: {
          noun: 'image',
          accepts: 'PNG, JPEG or WebP',
          maxBytes: 2 * 1024 * 1024,
          limitLabel: '2 MB',
        },
        responses: { 200: '{post}', 404: 'None', 413: 'Too large', 415: 'Not an image' },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        const type = detectType(file);
        if (!type || !IMAGE_TYPES.includes(type))
          throw new AppError(415, 'The cover must be a PNG, JPEG or WebP image.');
        return c.json({
          post: await setBlogCover(deps, me(c), c.req.param('slug'), file, type),
        });
      },
    );
}
