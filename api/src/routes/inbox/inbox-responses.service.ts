import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import type { UserDoc } from '../users/users.model';

/**
 * How quickly an agent answers customers in chat (issue 17, reputation), recorded as messages
 * are delivered: one document per conversation in wf_market, `chatresponse:<conversation>`,
 * holding the first message each side sent (id and `sent_at`). Each delivery keeps the earlier
 * of what is stored and its own message, so a retried or resumed delivery changes nothing, and
 * deliveries finishing out of order (two senders' jobs run independently) still record the
 * true firsts. The `reputation/responses` view turns it into "opened by the customer, answered
 * after so many hours".
 */
export interface ChatResponseDoc {
  _id: string;
  _rev?: string;
  type: 'chat_response';
  conversation_id: string;
  agent_id: string;
  customer_id: string;
  customer_first_at: string | null;
  customer_first_message: string | null;
  agent_first_at: string | null;
  agent_first_message: string | null;
}

export const chatResponseId = (conversationId: string) => `chatresponse:${conversationId}`;

/** Whether a message between these two counts: a customer and an agent, either way. */
function parties(sender: UserDoc, recipient: UserDoc) {
  if (sender.role === 'Customer' && recipient.role === 'Agent')
    return { customer: sender, agent: recipient, side: 'customer' as const };
  if (sender.role === 'Agent' && recipient.role === 'Customer')
    return { customer: recipient, agent: sender, side: 'agent' as const };
  return null;
}

/** Records a delivered message (`sentAt` as the recipient's copy has it) in its conversation's record. */
export async function recordChatResponse(
  deps: Pick<AppDeps, 'couch'>,
  message: { id: string; conversationId: string; sentAt: string },
  sender: UserDoc,
  recipient: UserDoc,
): Promise<void> {
  const who = parties(sender, recipient);
  if (!who) return;
  const db = deps.couch.db('market') as DocumentScope<unknown>;
  const id = chatResponseId(message.conversationId);
  const atKey = who.side === 'customer' ? 'customer_first_at' : 'agent_first_at';
  const idKey = who.side === 'customer' ? 'customer_first_message' : 'agent_first_message';
  for (let attempt = 0; ; attempt++) {
    let current: ChatResponseDoc | undefined;
    try {
      current = (await db.get(id)) as unknown as ChatResponseDoc;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    const stored = current?.[atKey];
    // The same message again, or an earlier one of this side is recorded: nothing to do.
    if (stored && (stored < message.sentAt || current?.[idKey] === message.id)) return;
    if (stored === message.sentAt && (current?.[idKey] ?? '') <= message.id) return;
    const doc: ChatResponseDoc = {
      ...(current ?? {
        _id: id,
        type: 'chat_response',
        conversation_id: message.conversationId,
        agent_id: who.agent.id,
        customer_id: who.customer.id,
        customer_first_at: null,
        customer_first_message: null,
        agent_first_at: null,
        agent_first_message: null,
      }),
      [atKey]: message.sentAt,
      [idKey]: message.id,
    };
    try {
      await db.insert(doc as never);
      return;
    } catch (error) {
      // Another delivery wrote it meanwhile: read it again and judge again.
      if (!isConflict(error) || attempt >= 9) throw error;
    }
  }
}
