/**
 * Reviews as stored in `wf_market` (issue 17). Every id is deterministic, so a retry or a double
 * click writes once: a side's review of an order, a member's helpful vote and report of a review,
 * and an order's review window (its reminders and its close).
 */
import type { OrderTier } from '../../schemas/orders';
import type { REVIEW_REPORT_REASONS, RatingSummary, ReviewPerson } from '../../schemas/reviews';

export type ReviewRole = 'customer' | 'agent';

export interface ReviewDoc {
  _id: string;
  _rev?: string;
  type: 'review';
  /** `<order>-<role>`: the id in `/api/reviews/{id}`. */
  id: string;
  order_id: string;
  author_role: ReviewRole;
  author_id: string;
  subject_id: string;
  /** id null: an order made from an offer that named no gig (issue 18). */
  gig: { id: string | null; title: string; service_id: string };
  tier: OrderTier;
  package_name: string;
  author: ReviewPerson;
  subject: ReviewPerson;
  traveller_from: string | null;
  rating: number;
  communication: number | null;
  as_described: number | null;
  would_recommend: boolean | null;
  text: string;
  /** Pending until both sides are in or the window closes; hiding is `hidden`, not a status. */
  status: 'pending' | 'published';
  created_at: string;
  updated_at: string;
  published_at: string | null;
  window_closes_at: string;
  reply: { text: string; created_at: string } | null;
  /** Counted from the `review_helpful` documents (reviews/votes) after each vote. */
  helpful_count: number;
  /** Counted from the `review_report` documents (reviews/reports) after each report. */
  report_count: number;
  reported_at: string | null;
  hidden: { note: string; at: string; by: string } | null;
  /** Set in the write that publishes, hides or unhides a customer review; cleared once the
   * gig document's rating follows (reviews/followup: the sweep repairs a crash between). */
  gig_sync: boolean;
  /** Set in the write that publishes the review; cleared once its author has been told
   * ("your review was published"): a crash between leaves it for the sweep (reviews/followup). */
  notify_published?: boolean;
}

export interface ReviewVoteDoc {
  _id: string;
  _rev?: string;
  type: 'review_helpful';
  review_id: string;
  user_id: string;
  at: string;
}

export interface ReviewReportDoc {
  _id: string;
  _rev?: string;
  type: 'review_report';
  review_id: string;
  reason: (typeof REVIEW_REPORT_REASONS)[number];
  details: string | null;
  by: ReviewPerson;
  at: string;
}

/** The steps of an order's review window, in order; `next` is the one still to run. */
export type WindowStep = 'remind_at_completion' | 'remind_before_close' | 'close';

export interface ReviewWindowDoc {
  _id: string;
  _rev?: string;
  type: 'review_window';
  order_id: string;
  customer_id: string;
  agent_id: string;
  gig_title: string;
  completed_at: string;
  closes_at: string;
  next: WindowStep | null;
  /** When `next` is due (reviews/due); null once the window closed. */
  next_at: string | null;
  closed_at: string | null;
}

/**
 * A gig's figures as `reviews/stats` reduced them when a review of it was last published, hidden
 * or unhidden (written with the gig's `rating`, by the same compare-and-set path and repaired the
 * same way). The gig page reads this one document: on the embedded server a reduce reads every
 * row of its key at each query, so the page would grow with the reviews.
 */
export interface ReviewStatsDoc {
  _id: string;
  _rev?: string;
  type: 'review_stats';
  gig_id: string;
  summary: RatingSummary;
}

export const gigStatsKey = (gigId: string) => `reviewstats:gig:${gigId}`;
export const reviewId = (orderId: string, role: ReviewRole) => `${orderId}-${role}`;
export const reviewKey = (id: string) => `review:${id}`;
export const voteKey = (id: string, userId: string) => `review_helpful:${id}:${userId}`;
export const reportKey = (id: string, userId: string) => `review_report:${id}:${userId}`;
export const windowKey = (orderId: string) => `reviewwindow:${orderId}`;

/** `<order>-customer` → the order and the role, or null for an id of another shape. */
export function parseReviewId(id: string): { orderId: string; role: ReviewRole } | null {
  const match = /^([A-Za-z0-9_-]{1,64})-(customer|agent)$/.exec(id);
  return match ? { orderId: match[1]!, role: match[2] as ReviewRole } : null;
}
