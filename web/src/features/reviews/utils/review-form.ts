// The review form's values, how they become the request, and the checks made before anything
// is sent or kept for later (the API's own schemas, so a review queued offline is not refused
// for a missing star once the device is back online).
import {
  agentReviewSchema,
  customerReviewSchema,
  type Review,
  type ReviewInput,
} from '@wayfarer/api/schemas/reviews';
import type { FieldErrors } from '@/lib/api-client';

export type ReviewSide = 'customer' | 'agent';

export interface ReviewFormValues {
  rating: number;
  communication: number;
  as_described: number;
  /** '' until chosen. */
  would_recommend: '' | 'yes' | 'no';
  text: string;
}

export const EMPTY_REVIEW: ReviewFormValues = {
  rating: 0,
  communication: 0,
  as_described: 0,
  would_recommend: '',
  text: '',
};

/** The form's values for an existing review (editing it). */
export function valuesOf(review: Review | null): ReviewFormValues {
  if (!review) return EMPTY_REVIEW;
  return {
    rating: review.rating,
    communication: review.communication ?? 0,
    as_described: review.as_described ?? 0,
    would_recommend: review.would_recommend === null ? '' : review.would_recommend ? 'yes' : 'no',
    text: review.text,
  };
}

export type BuiltReview = { ok: true; input: ReviewInput } | { ok: false; errors: FieldErrors };

/** The request body for `side`, or the field errors the API would answer. */
export function buildReview(side: ReviewSide, values: ReviewFormValues): BuiltReview {
  const stars = (n: number) => (n >= 1 ? n : undefined);
  const candidate =
    side === 'customer'
      ? {
          rating: stars(values.rating),
          communication: stars(values.communication),
          as_described: stars(values.as_described),
          would_recommend:
            values.would_recommend === '' ? undefined : values.would_recommend === 'yes',
          text: values.text,
        }
      : { rating: stars(values.rating), text: values.text };
  const schema = side === 'customer' ? customerReviewSchema : agentReviewSchema;
  const result = schema.safeParse(candidate);
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'text');
    (errors[name] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}
