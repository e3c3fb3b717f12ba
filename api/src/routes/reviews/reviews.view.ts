/** Reviews and rating figures as the API shows them (api/src/schemas/reviews.ts). */
import type { RatingHistogram, RatingSummary, Review } from '../../schemas/reviews';
import type { ReviewDoc } from './reviews.model';

export interface Viewer {
  id: string;
  admin: boolean;
  helpful: boolean;
  reported: boolean;
}

/**
 * The review as `viewer` may see it. Callers show a pending review to its author only and a
 * hidden one to admins and its author (double-blind and moderation are decided before this).
 */
export function toReview(doc: ReviewDoc, viewer: Viewer | null, now: Date): Review {
  const isAuthor = viewer?.id === doc.author_id;
  const published = doc.status === 'published';
  return {
    id: doc.id,
    order_id: doc.order_id,
    gig: doc.gig,
    tier: doc.tier,
    package_name: doc.package_name,
    author_role: doc.author_role,
    author: doc.author,
    subject: doc.subject,
    traveller_from: doc.traveller_from,
    rating: doc.rating,
    communication: doc.communication,
    as_described: doc.as_described,
    would_recommend: doc.would_recommend,
    text: doc.text,
    status: doc.hidden ? 'hidden' : doc.status,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    published_at: doc.published_at,
    reply: doc.reply,
    helpful_count: doc.helpful_count,
    viewer: viewer
      ? {
          helpful: viewer.helpful,
          reported: viewer.reported,
          can_reply:
            viewer.id === doc.subject_id &&
            doc.author_role === 'customer' &&
            published &&
            !doc.hidden &&
            !doc.reply,
          can_edit: isAuthor && !published && now.getTime() < Date.parse(doc.window_closes_at),
        }
      : null,
    hidden:
      doc.hidden && (viewer?.admin || isAuthor)
        ? { note: doc.hidden.note, at: doc.hidden.at }
        : null,
  };
}

/** The `reviews/stats` sum (see its map) as figures; zeros when there is none. */
export function toSummary(sum: number[] | undefined): RatingSummary {
  const s = sum ?? [];
  const count = s[0] ?? 0;
  const customers = s[10] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  const histogram: RatingHistogram = {
    '1': s[2] ?? 0,
    '2': s[3] ?? 0,
    '3': s[4] ?? 0,
    '4': s[5] ?? 0,
    '5': s[6] ?? 0,
  };
  return {
    average: count ? round((s[1] ?? 0) / count) : 0,
    count,
    histogram,
    communication: customers ? round((s[7] ?? 0) / customers) : 0,
    as_described: customers ? round((s[8] ?? 0) / customers) : 0,
    would_recommend: customers ? round((s[9] ?? 0) / customers) : 0,
  };
}
