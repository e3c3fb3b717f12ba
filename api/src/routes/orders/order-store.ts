/**
 * Reading and writing orders (wf_market `order:<id>`): the one read, the one compare-and-set
 * write every change goes through, and the order as the API shows it.
 */
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { notFound } from '../../lib/errors';
import type { Order, OrderParty } from '../../schemas/orders';
import type { UserDoc } from '../users/users.model';
import * as machine from './order-machine';
import type { OrderDoc } from './order-machine';

const money = (amount: number, currency: string) => ({ amount, currency });

export function partyOf(
  user: Pick<UserDoc, 'id' | 'full_name' | 'tagname' | 'avatar'>,
): OrderParty {
  return { id: user.id, full_name: user.full_name, tagname: user.tagname, avatar: user.avatar };
}

/** The order as the API shows it to `viewer` (a party or an admin). */
export function toOrder(doc: OrderDoc, viewerId: string | null, now: Date): Order {
  const role = viewerId ? machine.roleOf(doc, viewerId) : null;
  const currency = doc.total.currency;
  const released = doc.total.amount - doc.refunded;
  const fee = machine.feeOf(released, doc.fee_bps);
  return {
    id: doc.id,
    status: doc.status,
    gig: doc.gig,
    job: doc.job ?? null,
    customer: doc.customer,
    agent: doc.agent,
    package: doc.package,
    extras: doc.extras,
    travel: doc.travel,
    requirements: doc.requirements,
    attachments: doc.attachments,
    total: doc.total,
    fee: money(fee, currency),
    agent_earnings: money(released - fee, currency),
    refunded: money(doc.refunded, currency),
    revisions_used: doc.revisions_used,
    revisions_allowed: doc.revisions_allowed,
    deliveries: doc.deliveries,
    revision_requests: doc.revision_requests,
    cancellation: doc.cancellation,
    dispute: doc.dispute
      ? {
          opened_by: doc.dispute.opened_by,
          reason: doc.dispute.reason,
          at: doc.dispute.at,
          resolution: doc.dispute.resolution
            ? {
                outcome: doc.dispute.resolution.outcome,
                refund: doc.dispute.resolution.refund,
                note: doc.dispute.resolution.note,
                at: doc.dispute.resolution.at,
              }
            : null,
        }
      : null,
    timeline: doc.timeline,
    created_at: doc.created_at,
    paid_at: doc.paid_at,
    due_at: doc.due_at,
    delivered_at: doc.delivered_at,
    completed_at: doc.completed_at,
    cancelled_at: doc.cancelled_at,
    expires_at: doc.expires_at,
    auto_complete_at: doc.auto_complete_at,
    actions: machine.actionsFor(doc, role, now),
    conversation_with:
      role === 'customer' ? doc.agent_id : role === 'agent' ? doc.customer_id : null,
  };
}

export async function readOrder(deps: Pick<AppDeps, 'couch'>, id: string): Promise<OrderDoc> {
  try {
    const doc = (await deps.couch.db('market').get(machine.orderKey(id))) as unknown as OrderDoc;
    if (doc.type !== 'order') throw notFound('No such order.');
    return doc;
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such order.');
    throw error;
  }
}

/**
 * Reads, decides, writes; decides again on a conflict. `decide` throws the 403/409 that the
 * current state calls for. Returns the written order.
 */
export async function mutate(
  deps: Pick<AppDeps, 'couch'>,
  id: string,
  decide: (order: OrderDoc) => OrderDoc,
): Promise<OrderDoc> {
  const db = deps.couch.db('market');
  for (let attempt = 0; ; attempt++) {
    const current = await readOrder(deps, id);
    const next = decide(current);
    if (next === current) return current;
    try {
      const result = await db.insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      if (!isConflict(error) || attempt >= 8) throw error;
    }
  }
}
