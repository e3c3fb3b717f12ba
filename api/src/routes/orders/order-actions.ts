/**
 * Order actions taken offline. The device writes `orderaction:<id>` (status `pending`) into the
 * user's own database; the sync gateway records a durable job for it before the write lands
 * (the same path as chat messages: jobs/handlers.ts), and the job applies it here once, through
 * the same state machine as the HTTP routes. The order remembers the ids it applied, so a job
 * run twice (a crash after applying, two instances) applies nothing twice. The outcome is
 * written back on the action (`applied`, or `refused` with the reason the user reads), and the
 * order's mirror follows through the outbox.
 */
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import { AppError } from '../../lib/errors';
import type { JobResult } from '../../jobs/jobs';
import { userKey, type UserDoc } from '../users/users.model';
import { orderActionDocSchema, type OrderActionDoc } from '../../schemas/userdb-docs';
import { orderActionId } from '../../schemas/userdb-rules';
import { act, type OrdersDeps, type PartyAction } from './orders.service';

/** The action as the routes take it; a refusal when its text is missing or too short. */
function partyAction(doc: OrderActionDoc): PartyAction | string {
  const text = (value: string | undefined, min: number) =>
    (value ?? '').trim().length >= min ? (value ?? '').trim() : null;
  switch (doc.action) {
    case 'accept':
    case 'cancel_accept':
    case 'cancel_decline':
    case 'start':
      return { kind: doc.action };
    case 'deliver': {
      const message = text(doc.message, 1);
      return message
        ? { kind: 'deliver', message, files: [] }
        : 'Write a message with the delivery.';
    }
    case 'revision':
    case 'cancel':
    case 'dispute': {
      const reason = text(doc.reason, 5);
      return reason ? { kind: doc.action, reason } : 'Say why (at least 5 characters).';
    }
  }
}

export async function applyOfflineAction(
  deps: OrdersDeps,
  userId: string,
  actionId: string,
): Promise<JobResult> {
  const db = deps.couch.server.use(userDbName(deps.couch, userId));
  let doc: OrderActionDoc;
  try {
    doc = (await db.get(orderActionId(actionId))) as unknown as OrderActionDoc;
  } catch (error) {
    if (isNotFound(error)) return 'missing';
    throw error;
  }
  if (doc.status !== 'pending') return 'done';
  let user: UserDoc;
  try {
    user = (await deps.couch.db('users').get(userKey(userId))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return 'done'; // the account is gone
    throw error;
  }
  let status: 'applied' | 'refused';
  let outcome: string;
  const action = partyAction(doc);
  if (typeof action === 'string') {
    status = 'refused';
    outcome = action;
  } else if (user.status !== 'active') {
    status = 'refused';
    outcome = 'This account is suspended.';
  } else {
    try {
      const order = await act(deps, user, doc.order_id, action, doc.id);
      status = 'applied';
      outcome = order.timeline.at(-1)?.event ?? 'Applied';
    } catch (error) {
      // A refusal the user can read (403/404/409/422); anything else is retried.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      status = 'refused';
      outcome = error.message;
    }
  }
  for (;;) {
    try {
      const decided = orderActionDocSchema.parse({
        ...doc,
        status,
        outcome,
        decided_at: deps.clock.now().toISOString(),
      });
      await db.insert(decided as never);
      return 'done';
    } catch (error) {
      if (!isConflict(error)) throw error;
      doc = (await db.get(doc._id)) as unknown as OrderActionDoc;
      if (doc.status !== 'pending') return 'done';
    }
  }
}
