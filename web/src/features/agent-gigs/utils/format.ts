import { plural } from '@/lib/format';

/** "4.8 (12 reviews)", or that there is none yet. */
export function formatRating(rating: { average: number; count: number }): string {
  if (rating.count === 0) return 'No ratings yet';
  return `${rating.average.toFixed(1)} (${plural(rating.count, 'review')})`;
}
