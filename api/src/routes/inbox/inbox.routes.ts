import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { currentAuth, requireAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../lib/errors';
import { blockSchema, sendMessageSchema } from '../../schemas';
import { block, blockedPeople, unblock } from './inbox-blocks.service';
import { deliverer, sendMessage } from './inbox-delivery.service';
import { listConversations, listMessages, markConversationRead } from './inbox-reading.service';
import { endpoints } from '../endpoint';

const endpoint = endpoints({ tag: 'Inbox', auth: 'required' });

const messagesQuery = z.object({
  before: z.string().datetime({ error: 'before must be an ISO 8601 date.' }).optional(),
  limit: z.coerce.number().int().min(1).max(100, 'At most 100 messages at a time.').default(50),
});

/**
 * The inbox (API.md `GET /api/inbox`) and messaging for clients that do not sync. Devices that
 * sync write messages and read markers into their own database instead; the sync gateway
 * records the same jobs these routes run.
 */
export function inboxRoutes(deps: AppDeps) {
  const deliverNow = deliverer(deps);
  /** 404 for a conversation the caller is not in, before its query is read. */
  const ownConversation: MiddlewareHandler<AppEnv> = async (c, next) => {
    const conversationId = c.req.param('conversationId') ?? '';
    const userId = currentAuth(c).user.id;
    if (
      !conversationId.startsWith('conv:') ||
      !conversationId.slice(5).split(':').includes(userId)
    ) {
      throw notFound('No such conversation.');
    }
    await next();
  };

  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      endpoint({
        summary: 'Conversations, newest first',
        query: z.object({
          search: z.string().optional().describe('Only conversations with this name or text'),
        }),
        responses: { 200: '{data: [conversation]}' },
      }),
      async (c) => {
        const { search } = c.req.valid('query');
        return c.json({ data: await listConversations(deps, currentAuth(c).user.id, search) });
      },
    )
    .post(
      '/messages',
      endpoint({
        summary: 'Send a Markdown message',
        description:
          'Its id is chosen by the client, so a retry is stored once. Devices that sync write messages into their own database instead.',
        body: sendMessageSchema,
        responses: {
          201: '{message}',
          403: 'Blocked or unverified',
          409: 'Another message has this id',
          422: 'Self, unknown tagname or too long',
        },
      }),
      async (c) => {
        const message = await sendMessage(
          { ...deps, deliver: deliverNow },
          currentAuth(c).user,
          c.req.valid('json'),
        );
        return c.json({ message }, 201);
      },
    )
    .get(
      '/blocked',
      endpoint({ summary: 'People you blocked', responses: { 200: '{data: [person]}' } }),
      async (c) => c.json({ data: await blockedPeople(deps, currentAuth(c).user) }),
    )
    .post(
      '/blocked',
      endpoint({
        summary: 'Block a member: their messages are refused',
        body: blockSchema,
        responses: { 204: 'Blocked', 422: 'Unknown or self' },
      }),
      async (c) => {
        await block(deps, currentAuth(c).user, c.req.valid('json').tagname);
        return c.body(null, 204);
      },
    )
    .delete(
      '/blocked/:tagname',
      endpoint({ summary: 'Unblock a member', responses: { 204: 'Unblocked' } }),
      async (c) => {
        await unblock(deps, currentAuth(c).user, c.req.param('tagname'));
        return c.body(null, 204);
      },
    )
    .get(
      '/:conversationId/messages',
      ownConversation,
      endpoint({
        summary: 'Messages of one of your conversations, oldest first',
        query: messagesQuery,
        responses: { 200: '{data: [message]}', 404: 'Not your conversation' },
      }),
      async (c) => {
        const { before, limit } = c.req.valid('query');
        const { user } = currentAuth(c);
        const conversationId = c.req.param('conversationId');
        return c.json({
          data: await listMessages(deps, user.id, conversationId, before, limit),
        });
      },
    )
    .post(
      '/:conversationId/read',
      ownConversation,
      endpoint({
        summary: 'Mark a conversation read (read receipts)',
        responses: { 204: 'Done', 404: 'Not your conversation' },
      }),
      async (c) => {
        const { user } = currentAuth(c);
        const conversationId = c.req.param('conversationId');
        await markConversationRead(deps, user.id, conversationId, new Date().toISOString());
        return c.body(null, 204);
      },
    );
}
