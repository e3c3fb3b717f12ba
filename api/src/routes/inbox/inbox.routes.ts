import { Hono } from 'hono';
import { z } from 'zod';
import { currentAuth, requireAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { jobId } from '../../jobs/jobs';
import { notFound } from '../../lib/errors';
import { parseQuery, readJson } from '../../lib/validation';
import { blockSchema, sendMessageSchema } from '../../schemas';
import { block, blockedPeople, unblock } from './inbox-blocks.service';
import { sendMessage } from './inbox-delivery.service';
import { listConversations, listMessages, markConversationRead } from './inbox-reading.service';

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
  const deliverNow = async (senderId: string, messageId: string) => {
    const [job] = await deps.jobs.record([
      { kind: 'deliver', user_id: senderId, ref: messageId, order: new Date().toISOString() },
    ]);
    await deps.jobs.runAndWait([
      job ?? { _id: jobId('deliver', senderId, messageId), user_id: senderId, order: '' },
    ]);
    return 'delivered' as const;
  };
  const ownConversation = (conversationId: string, userId: string) => {
    if (
      !conversationId.startsWith('conv:') ||
      !conversationId.slice(5).split(':').includes(userId)
    ) {
      throw notFound('No such conversation.');
    }
  };

  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get('/', async (c) => {
      const search = c.req.query('search');
      return c.json({ data: await listConversations(deps, currentAuth(c).user.id, search) });
    })
    .post('/messages', async (c) => {
      const input = await readJson(c, sendMessageSchema);
      const message = await sendMessage(
        { ...deps, deliver: deliverNow },
        currentAuth(c).user,
        input,
      );
      return c.json({ message }, 201);
    })
    .get('/blocked', async (c) => c.json({ data: await blockedPeople(deps, currentAuth(c).user) }))
    .post('/blocked', async (c) => {
      const { tagname } = await readJson(c, blockSchema);
      await block(deps, currentAuth(c).user, tagname);
      return c.body(null, 204);
    })
    .delete('/blocked/:tagname', async (c) => {
      await unblock(deps, currentAuth(c).user, c.req.param('tagname'));
      return c.body(null, 204);
    })
    .get('/:conversationId/messages', async (c) => {
      const { user } = currentAuth(c);
      const conversationId = c.req.param('conversationId');
      ownConversation(conversationId, user.id);
      const { before, limit } = parseQuery(c, messagesQuery);
      return c.json({
        data: await listMessages(deps, user.id, conversationId, before, limit),
      });
    })
    .post('/:conversationId/read', async (c) => {
      const { user } = currentAuth(c);
      const conversationId = c.req.param('conversationId');
      ownConversation(conversationId, user.id);
      await markConversationRead(deps, user.id, conversationId, new Date().toISOString());
      return c.body(null, 204);
    });
}
