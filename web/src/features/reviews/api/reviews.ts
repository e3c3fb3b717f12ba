// The reviews API (issue 17) as the web app uses it: an order's reviews for its parties, the
// published reviews of a gig or a member, and what members do with a review (helpful, report,
// the agent's reply). Shapes come from the API's schemas (types only).
import type {
  REVIEW_REPORT_REASONS,
  OrderReviews,
  Review,
  ReviewInput,
  ReviewListResponse,
  ReviewSort,
} from '@wayfarer/api/schemas/reviews';
import { api } from '@/lib/api-client';

export type { OrderReviews, Review, ReviewInput, ReviewListResponse, ReviewSort };
export type ReportReason = (typeof REVIEW_REPORT_REASONS)[number];

type Options = { signal?: AbortSignal };

const orderPath = (id: string, rest: string) => `/orders/${encodeURIComponent(id)}/${rest}`;
const reviewPath = (id: string, rest: string) => `/reviews/${encodeURIComponent(id)}/${rest}`;

/** GET /api/orders/:id/reviews: the viewer's review, the other side's once published, the window. */
export function getOrderReviews(orderId: string, options: Options = {}): Promise<OrderReviews> {
  return api.get<OrderReviews>(orderPath(orderId, 'reviews'), options);
}

/**
 * POST /api/orders/:id/review (a first review, 201) or PUT (an edit while still pending, 200):
 * the caller's side's fields only.
 */
export async function saveReview(
  orderId: string,
  input: ReviewInput,
  mode: 'create' | 'edit',
): Promise<Review> {
  const send = mode === 'create' ? api.post : api.put;
  return (await send<{ review: Review }>(orderPath(orderId, 'review'), input)).review;
}

export interface ReviewListQuery {
  sort: ReviewSort;
  page: number;
  per_page?: number;
}

/** GET /api/gigs/:id/reviews: the gig's published reviews with its average and histogram. */
export function listGigReviews(
  gigId: string,
  query: ReviewListQuery,
  options: Options = {},
): Promise<ReviewListResponse> {
  return api.get<ReviewListResponse>(`/gigs/${encodeURIComponent(gigId)}/reviews`, {
    ...options,
    query: { ...query },
  });
}

/** GET /api/users/:tagname/reviews: the reviews a member received. */
export function listUserReviews(
  tagname: string,
  query: ReviewListQuery & { as?: 'agent' | 'customer' },
  options: Options = {},
): Promise<ReviewListResponse> {
  return api.get<ReviewListResponse>(`/users/${encodeURIComponent(tagname)}/reviews`, {
    ...options,
    query: { ...query },
  });
}

/** POST or DELETE /api/reviews/:id/helpful: the member's "helpful" mark. */
export async function setHelpful(reviewId: string, helpful: boolean): Promise<Review> {
  const path = reviewPath(reviewId, 'helpful');
  return (
    helpful ? await api.post<{ review: Review }>(path) : await api.delete<{ review: Review }>(path)
  ).review;
}

/** POST /api/reviews/:id/report: once per member (409 after). */
export async function reportReview(
  reviewId: string,
  report: { reason: ReportReason; details: string | null },
): Promise<void> {
  await api.post(reviewPath(reviewId, 'report'), report);
}

/** POST /api/reviews/:id/reply: the reviewed agent's one public reply. */
export async function replyToReview(reviewId: string, text: string): Promise<Review> {
  return (await api.post<{ review: Review }>(reviewPath(reviewId, 'reply'), { text })).review;
}
