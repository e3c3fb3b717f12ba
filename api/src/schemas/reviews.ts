/**
 * Reviews, ratings and reputation (issue 17): the requests the API takes and what it answers.
 * The web app and the tests import these; the API's reviews service and its views build them.
 *
 * Rules (PRODUCT.md): after an order completes, each side may review the other once, within
 * REVIEW_WINDOW_DAYS of `completed_at`. A review is published when both are in or when the window
 * closes (a timer), never before: until then only its author sees it (double-blind), and the author
 * may edit it. A published review of an agent may get one public reply from that agent. Anyone
 * signed in may report a review; an admin may hide it with a note, and a hidden review no longer
 * counts anywhere (averages, counts, histogram, points, levels).
 *
 * Endpoints (the contract, plus what its pages need):
 *   POST /api/orders/{id}/review          201 {review}     the caller's side's review (below)
 *   PUT  /api/orders/{id}/review          200 {review}     edit it while still pending
 *   GET  /api/orders/{id}/reviews         200 OrderReviews a party's view of the order's reviews
 *   GET  /api/gigs/{id}/reviews           ReviewListResponse (published customer reviews)
 *   GET  /api/users/{tagname}/reviews     ReviewListResponse (reviews the user received)
 *   GET  /api/users/{tagname}/reputation  200 {reputation: Reputation} (public)
 *   GET  /api/agent/level                 200 {progress: SellerLevelProgress} (the agent's own)
 *   POST /api/reviews/{id}/reply          201 {review}     the reviewed agent, once
 *   POST /api/reviews/{id}/helpful        200 {review}     mark helpful (once per member);
 *   DELETE /api/reviews/{id}/helpful      200 {review}     take it back
 *   POST /api/reviews/{id}/report         201 {}           once per member (409 after)
 *   GET  /api/admin/reviews               list of AdminReview (reports attached)
 *   POST /api/admin/reviews/{id}/hide     200 {review}     with a note; audited
 *   POST /api/admin/reviews/{id}/unhide   200 {review}     audited
 */
import { z } from 'zod';
import type { OrderTier } from './orders';
import { REVIEW_SORTS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './review-rules';

// Seller levels and reputation live in a module without zod (the web app's gig page and
// dashboard import their values); every name stays importable from here.
export * from './reputation';
// Likewise the review rules the gig page's reviews list reads (sorts, text limits).
export * from './review-rules';

/**
 * Points (leaderboard): the one rule, shared with the projects issue (a lecturer's review of a
 * participant, 1-5 stars, awards the same points per expertise). A published, not hidden review of
 * an agent adds `REVIEW_POINTS[rating]` to the agent's entry for the gig's service.
 */
export const REVIEW_POINTS: Readonly<Record<1 | 2 | 3 | 4 | 5, number>> = {
  1: 0,
  2: 0,
  3: 10,
  4: 30,
  5: 50,
};
export function pointsForRating(rating: number): number {
  return REVIEW_POINTS[Math.min(5, Math.max(1, Math.round(rating))) as 1 | 2 | 3 | 4 | 5];
}

const stars = (what: string) =>
  z
    .number({ error: `Rate ${what} from 1 to 5 stars.` })
    .int(`Rate ${what} from 1 to 5 stars.`)
    .min(1, `Rate ${what} from 1 to 5 stars.`)
    .max(5, `Rate ${what} from 1 to 5 stars.`);

const reviewText = z
  .string({ error: 'Write a few words about your experience.' })
  .trim()
  .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters.`)
  .max(REVIEW_TEXT_MAX, 'At most 2,000 characters.');

/** The customer reviews the agent. */
export const customerReviewSchema = z.object({
  rating: stars('the service overall'),
  communication: stars('communication'),
  as_described: stars('how well the service matched its description'),
  would_recommend: z.boolean({ error: 'Say whether you would recommend this agent.' }),
  text: reviewText,
});
export type CustomerReviewInput = z.infer<typeof customerReviewSchema>;

/** The agent reviews the customer. */
export const agentReviewSchema = z.object({
  rating: stars('the customer'),
  text: reviewText,
});
export type AgentReviewInput = z.infer<typeof agentReviewSchema>;

/**
 * `POST /api/orders/{id}/review` (create, 201) and `PUT /api/orders/{id}/review` (edit before
 * publication, 200) take the caller's side's shape: the customer's fields are all required from
 * the customer (422 on each missing one), and refused from the agent (422).
 */
export const reviewInputSchema = z.object({
  rating: stars('this order'),
  communication: stars('communication').optional(),
  as_described: stars('how well the service matched its description').optional(),
  would_recommend: z.boolean().optional(),
  text: reviewText,
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewReplySchema = z.object({
  text: z
    .string({ error: 'Write your reply.' })
    .trim()
    .min(2, 'Write your reply.')
    .max(REVIEW_TEXT_MAX, 'At most 2,000 characters.'),
});

export const REVIEW_REPORT_REASONS = [
  'spam',
  'offensive',
  'off_topic',
  'personal_information',
  'not_a_customer',
  'other',
] as const;
export const reviewReportSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: 'Choose why you are reporting this review.' }),
  details: z
    .string()
    .trim()
    .max(1000, 'At most 1,000 characters.')
    .nullish()
    .transform((v) => v || null),
});

export const hideReviewSchema = z.object({
  note: z
    .string({ error: 'Write a note for the audit log and the author.' })
    .trim()
    .min(5, 'Write a note (at least 5 characters).')
    .max(2000, 'At most 2,000 characters.'),
});

export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'sort is newest or helpful.' }).default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
});

/** `GET /api/users/{tagname}/reviews`: reviews the user received (`as` says in which role). */
export const userReviewListQuerySchema = reviewListQuerySchema.extend({
  as: z.enum(['agent', 'customer'], { error: 'as is agent or customer.' }).optional(),
});

export const adminReviewListQuerySchema = z.object({
  status: z
    .enum(['reported', 'hidden', 'published', 'all'], {
      error: 'status is reported, hidden, published or all.',
    })
    .default('reported'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export type ReviewStatus = 'pending' | 'published' | 'hidden';

export interface ReviewPerson {
  id: string;
  tagname: string | null;
  full_name: string;
  avatar: string | null;
}

export interface Review {
  id: string;
  order_id: string;
  /** id null: an order made from an offer on a job that named no gig (issue 18). */
  gig: { id: string | null; title: string; service_id: string };
  /** The package the customer bought (`custom`: an offer's terms). */
  tier: OrderTier;
  package_name: string;
  /** Who wrote it: the order's customer reviews the agent, the agent reviews the customer. */
  author_role: 'customer' | 'agent';
  author: ReviewPerson;
  subject: ReviewPerson;
  /** The customer's country (their profile's location) or, failing that, the order's destination. */
  traveller_from: string | null;
  rating: number;
  /** The customer's review only. */
  communication: number | null;
  as_described: number | null;
  would_recommend: boolean | null;
  text: string;
  /** `pending` is seen by its author alone; `hidden` by admins (and the author, with the note). */
  status: ReviewStatus;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  reply: { text: string; created_at: string } | null;
  helpful_count: number;
  /** For the signed-in viewer: whether they marked it helpful / reported it. */
  viewer: { helpful: boolean; reported: boolean; can_reply: boolean; can_edit: boolean } | null;
  /** Admins (and the author once hidden): the moderation note. */
  hidden: { note: string; at: string } | null;
}

/** Stars 5 to 1 → how many published, not hidden reviews gave that rating. */
export type RatingHistogram = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface RatingSummary {
  /** Average of the published, not hidden reviews' overall rating, 2 decimals; 0 when none. */
  average: number;
  count: number;
  histogram: RatingHistogram;
  /** Customer reviews only (the agent's side): averages of the sub-ratings, 0 when none. */
  communication: number;
  as_described: number;
  /** Share (0-1) of customer reviews that would recommend. */
  would_recommend: number;
}

/** `GET /api/gigs/{id}/reviews` and `GET /api/users/{tagname}/reviews`. */
export interface ReviewListResponse {
  data: Review[];
  meta: {
    page: number;
    per_page: number;
    total: number;
    last_page: number;
    average: number;
    count: number;
    histogram: RatingHistogram;
  };
}

/** `GET /api/orders/{id}/reviews`: the order's review state as one of its parties sees it. */
export interface OrderReviews {
  /** When the window closes: completed_at + REVIEW_WINDOW_DAYS; null until completed. */
  window_closes_at: string | null;
  /** The caller may still write (or edit) their review. */
  can_review: boolean;
  mine: Review | null;
  /** The other side's review, once published; before that only whether it exists. */
  theirs: Review | null;
  theirs_submitted: boolean;
}

/** `GET /api/admin/reviews`: a review with what members reported. */
export interface AdminReview extends Review {
  reports: {
    reason: (typeof REVIEW_REPORT_REASONS)[number];
    details: string | null;
    by: ReviewPerson;
    at: string;
  }[];
}
