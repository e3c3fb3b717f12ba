import type { GigSummary } from '@wayfarer/api/schemas';
import { plural } from '@/lib/format';

/** "★ 4.8 (12 reviews)", or that there are none yet: ratings come from completed orders only. */
export function RatingText({ rating }: { rating: GigSummary['rating'] }) {
  if (rating.count === 0) return <span className="gig-rating muted">No reviews yet</span>;
  const average = rating.average.toFixed(1);
  return (
    <span className="gig-rating">
      <span aria-hidden="true">★ </span>
      <span className="visually-hidden">Rated </span>
      {average}
      <span className="visually-hidden"> out of 5</span>{' '}
      <span className="muted">({plural(rating.count, 'review')})</span>
    </span>
  );
}
