/**
 * An order's review window (issue 17), a timer of the orders' kind: one document per completed
 * order, `reviewwindow:<order>`, created by the order's follow-up when it completes, holds the
 * step still to run and when (`reviews/due`):
 *
 *   remind_at_completion (at completed_at) → remind_before_close (closes_at − 3 days) → close
 *
 * A reminder goes to each side that has not reviewed yet (notification id
 * `review-reminder:<order>-<role>-<step>`: written once); the close publishes whatever is
 * pending. Each step is done, then the document moves on by a compare-and-set, so two sweeps
 * never both move it; the orders' sweep runs it (on one instance, under `lease:order-timers`,
 * at start and every ORDER_TIMER_INTERVAL_SECONDS), with time from `deps.clock`.
 */
import { isConflict, isNotFound } from '../../couch/errors';
import { REVIEW_REMINDER_DAYS_BEFORE_CLOSE, REVIEW_WINDOW_DAYS } from '../../schemas/reviews';
import type { OrderDoc } from '../orders/order-machine';
import { orderReviewDocs, publishOrderReviews, resumeGigSync, tell } from './review-publication';
import type { ReviewDeps } from './review-publication';
import { windowKey, type ReviewWindowDoc, type WindowStep } from './reviews.model';

const DAY_MS = 86_400_000;

/** When the window of an order completed at `completedAt` closes. */
export function windowClosesAt(completedAt: string): string {
  return new Date(Date.parse(completedAt) + REVIEW_WINDOW_DAYS * DAY_MS).toISOString();
}

function stepAfter(
  doc: ReviewWindowDoc,
  step: WindowStep,
): Pick<ReviewWindowDoc, 'next' | 'next_at'> {
  if (step === 'remind_at_completion')
    return {
      next: 'remind_before_close',
      next_at: new Date(
        Date.parse(doc.closes_at) - REVIEW_REMINDER_DAYS_BEFORE_CLOSE * DAY_MS,
      ).toISOString(),
    };
  if (step === 'remind_before_close') return { next: 'close', next_at: doc.closes_at };
  return { next: null, next_at: null };
}

async function readWindow(deps: ReviewDeps, orderId: string): Promise<ReviewWindowDoc | null> {
  try {
    return (await deps.couch.db('market').get(windowKey(orderId))) as unknown as ReviewWindowDoc;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function remind(deps: ReviewDeps, doc: ReviewWindowDoc, step: WindowStep) {
  const reviews = await orderReviewDocs(deps, doc.order_id);
  const closes = new Date(doc.closes_at).toUTCString().slice(0, 16);
  for (const role of ['customer', 'agent'] as const) {
    if (reviews[role]) continue;
    const other = role === 'customer' ? 'the agent' : 'the traveller';
    await tell(deps, role === 'customer' ? doc.customer_id : doc.agent_id, {
      kind: 'review-reminder',
      key: `${doc.order_id}-${role}-${step === 'remind_at_completion' ? 'completion' : 'close'}`,
      title:
        step === 'remind_at_completion'
          ? 'Leave a review'
          : `${REVIEW_REMINDER_DAYS_BEFORE_CLOSE} days left to leave a review`,
      body: `How did “${doc.gig_title}” go? Review ${other} by ${closes}; reviews are published when both sides are in or the window closes.`,
      link: `/orders/${doc.order_id}`,
    });
  }
}

/**
 * Runs every step of the order's window that is due by now, each once: the step's work, then
 * the compare-and-set that moves the window on (a conflict: another sweep moved it; read again).
 */
export async function advanceWindow(deps: ReviewDeps, orderId: string): Promise<void> {
  for (let guard = 0; guard < 8; guard++) {
    const doc = await readWindow(deps, orderId);
    if (!doc || !doc.next || !doc.next_at) return;
    const now = deps.clock.now();
    if (Date.parse(doc.next_at) > now.getTime()) return;
    const step = doc.next;
    if (step === 'close') await publishOrderReviews(deps, orderId);
    // A reminder whose time went by without a sweep (a long downtime) is not sent once the
    // window has closed: the close is.
    else if (now.getTime() < Date.parse(doc.closes_at)) await remind(deps, doc, step);
    try {
      await deps.couch.db('market').insert({
        ...doc,
        ...stepAfter(doc, step),
        closed_at: step === 'close' ? now.toISOString() : doc.closed_at,
      } as never);
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}

/** Opens the window of a completed order (once: the id is the order's) and runs what is due. */
export async function openReviewWindow(deps: ReviewDeps, order: OrderDoc): Promise<void> {
  if (order.status !== 'completed' || !order.completed_at) return;
  const doc: ReviewWindowDoc = {
    _id: windowKey(order.id),
    type: 'review_window',
    order_id: order.id,
    customer_id: order.customer_id,
    agent_id: order.agent_id,
    gig_title: order.gig.title,
    completed_at: order.completed_at,
    closes_at: windowClosesAt(order.completed_at),
    next: 'remind_at_completion',
    next_at: order.completed_at,
    closed_at: null,
  };
  try {
    await deps.couch.db('market').insert(doc as never);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  await advanceWindow(deps, order.id);
}

/** The orders' sweep's part: every window step due by now, and unfinished gig ratings. */
export async function sweepReviews(deps: ReviewDeps): Promise<{ steps: number }> {
  const due = await deps.couch.db('market').view('reviews', 'due', {
    endkey: deps.clock.now().toISOString(),
    limit: 500,
  } as never);
  for (const row of due.rows as unknown as { id: string }[]) {
    const orderId = row.id.slice('reviewwindow:'.length);
    await advanceWindow(deps, orderId).catch((error: unknown) =>
      deps.logger.warn(
        { err: error, order: orderId },
        'a review window step failed; it is retried',
      ),
    );
  }
  await resumeGigSync(deps);
  return { steps: due.rows.length };
}
