import { api } from '@/lib/api-client';
import type { AdminReviewList, AdminReviewStatus, Review } from '../types';

/** GET /api/admin/reviews: reviews with what members reported, by status (reported first). */
export function listReviews(
  query: { status: AdminReviewStatus; page: number },
  options: { signal?: AbortSignal } = {},
): Promise<AdminReviewList> {
  return api.get<AdminReviewList>('/admin/reviews', { ...options, query });
}

/** POST /api/admin/reviews/:id/hide with a note (audited): it no longer counts anywhere. */
export async function hideReview(id: string, note: string): Promise<Review> {
  return (
    await api.post<{ review: Review }>(`/admin/reviews/${encodeURIComponent(id)}/hide`, { note })
  ).review;
}

/** POST /api/admin/reviews/:id/unhide (audited). */
export async function unhideReview(id: string): Promise<Review> {
  return (await api.post<{ review: Review }>(`/admin/reviews/${encodeURIComponent(id)}/unhide`))
    .review;
}
