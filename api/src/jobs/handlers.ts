import { randomUUID } from 'node:crypto';
import type { DocumentScope } from 'nano';
import type { Couch } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import { userDbName } from '../couch/userdb';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { readMarkerId, USERDB_PREFIX, type ReadMarkerDoc } from '../schemas';
import { recountSaves } from '../routes/gigs/gig-stats.service';
import { deliverMessage, deliverMessages } from '../routes/inbox/inbox-delivery.service';
import { markConversationRead } from '../routes/inbox/inbox-reading.service';
import type { JobDoc, JobKind, JobResult } from './jobs';
import { applyOfflineAction } from '../routes/orders/order-actions';
import type { OrdersDeps } from '../routes/orders/orders.service';

type Deps = {
  couch: Couch;
  logger: Logger;
  /** When messages are sent (lib/clock.ts: tests move it). */
  clock: Clock;
  /** What order actions need (the whole app's deps, built after the job runner). */
  orders: () => OrdersDeps;
};

/**
 * What the jobs do: deliver a pending message; apply a read marker (read receipts); recount the
 * gigs a user saved to wishlists (gig stats); apply an order action taken offline.
 */
export function jobHandlers(deps: Deps): Record<JobKind, (job: JobDoc) => Promise<JobResult>> {
  return {
    async deliver(job) {
      const outcome = await deliverMessage(deps, job.user_id, job.ref);
      return outcome === 'missing' ? 'missing' : 'done';
    },
    async read(job) {
      const [conversationId] = job.ref.split('|');
      const db = deps.couch.server.use(
        userDbName(deps.couch, job.user_id),
      ) as DocumentScope<unknown>;
      let marker: ReadMarkerDoc;
      try {
        marker = (await db.get(readMarkerId(conversationId!))) as unknown as ReadMarkerDoc;
      } catch (error) {
        if (isNotFound(error)) return 'missing';
        throw error;
      }
      await markConversationRead(deps, job.user_id, conversationId!, marker.read_at);
      return 'done';
    },
    async saves(job) {
      await recountSaves(deps, job.user_id);
      return 'done';
    },
    async order(job) {
      return applyOfflineAction(deps.orders(), job.user_id, job.ref);
    },
  };
}

/**
 * What jobs do together: the deliveries queued for one sender, delivered as one batch
 * (deliverMessages: about the database requests of one message).
 */
export function jobBatchHandlers(
  deps: Deps,
): Partial<Record<JobKind, (jobs: JobDoc[]) => Promise<JobResult[]>>> {
  return {
    async deliver(jobs) {
      const senderId = jobs[0]!.user_id;
      if (jobs.some((job) => job.user_id !== senderId))
        throw new Error('a batch of deliveries has one sender');
      const outcomes = await deliverMessages(
        deps,
        senderId,
        jobs.map((job) => job.ref),
      );
      return outcomes.map((outcome) => (outcome === 'missing' ? 'missing' : 'done'));
    },
  };
}

/**
 * The jobs a batch of documents written by a user causes (pending messages, pending order
 * actions, read markers, one saves recount per batch that touches wishlist items).
 */
export function jobsFor(userId: string, docs: unknown[]) {
  const jobs: { kind: JobKind; user_id: string; ref: string; order: string }[] = [];
  let wishlistChanged = false;
  for (const raw of docs) {
    // Wishlist items saved or removed: the gigs' save counts are brought up to date.
    const docId = (raw as { _id?: unknown })?._id;
    if (typeof docId === 'string' && docId.startsWith(USERDB_PREFIX.wishlistItem))
      wishlistChanged = true;
    const doc = raw as {
      _deleted?: boolean;
      type?: unknown;
      status?: unknown;
      id?: unknown;
      created_at?: unknown;
      conversation_id?: unknown;
      read_at?: unknown;
    };
    if (!doc || doc._deleted) continue;
    if (doc.type === 'message' && doc.status === 'pending' && typeof doc.id === 'string') {
      jobs.push({
        kind: 'deliver',
        user_id: userId,
        ref: doc.id,
        order: String(doc.created_at ?? ''),
      });
    } else if (
      doc.type === 'order_action' &&
      doc.status === 'pending' &&
      typeof doc.id === 'string'
    ) {
      jobs.push({
        kind: 'order',
        user_id: userId,
        ref: doc.id,
        order: String(doc.created_at ?? ''),
      });
    } else if (
      doc.type === 'read_marker' &&
      typeof doc.conversation_id === 'string' &&
      typeof doc.read_at === 'string'
    ) {
      jobs.push({
        kind: 'read',
        user_id: userId,
        ref: `${doc.conversation_id}|${doc.read_at}`,
        order: doc.read_at,
      });
    }
  }
  if (wishlistChanged) {
    const now = new Date().toISOString();
    jobs.push({ kind: 'saves', user_id: userId, ref: `${now}-${randomUUID()}`, order: now });
  }
  return jobs;
}
