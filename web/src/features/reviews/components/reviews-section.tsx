import type { RatingHistogram } from '@wayfarer/api/schemas/reviews';
import { REVIEW_SORTS } from '@wayfarer/api/schemas/review-rules';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import {
  listGigReviews,
  listUserReviews,
  type ReviewListResponse,
  type ReviewSort,
} from '../api/reviews';
import { ReviewCard } from './review-card';
import { Stars } from '@/components/ui/stars';
import './reviews.css';

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  helpful: 'Most helpful first',
};

type ReviewsOf = { kind: 'gig'; id: string } | { kind: 'user'; tagname: string };

export interface ReviewsSectionProps {
  of: ReviewsOf;
  title?: string;
  /** Signed-in members get helpful, report and (the reviewed agent) reply. */
  isSignedIn: boolean;
  /** The empty state's sentence. */
  empty: string;
}

const PER_PAGE = 10;

/** The query's `reviews_sort` and `reviews_page` (kept in the URL, so a page is a link). */
function readQuery(params: URLSearchParams): { sort: ReviewSort; page: number } {
  const sort = params.get('reviews_sort');
  const page = Number(params.get('reviews_page'));
  return {
    sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ReviewSort)
      : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * Published reviews of a gig or a member: the average, the count and the 5-to-1 histogram, then
 * the reviews, sortable by newest or most helpful, ten a page.
 */
export function ReviewsSection({ of, title = 'Reviews', isSignedIn, empty }: ReviewsSectionProps) {
  const [params, setParams] = useSearchParams();
  const { sort, page } = readQuery(params);
  const sortId = useId();
  const headingId = useId();
  const target = of.kind === 'gig' ? of.id : of.tagname;
  const { resource, reload, setData } = useResource(
    `reviews:${of.kind}:${target}:${sort}:${page}:${isSignedIn}`,
    (signal) =>
      of.kind === 'gig'
        ? listGigReviews(of.id, { sort, page, per_page: PER_PAGE }, { signal })
        : listUserReviews(of.tagname, { sort, page, per_page: PER_PAGE }, { signal }),
  );
  const list = resource.data;
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('reviews_page', String(n));
    else next.delete('reviews_page');
    return `?${next.toString()}#reviews`;
  };
  const changeSort = (value: ReviewSort) => {
    const next = new URLSearchParams(params);
    if (value === 'newest') next.delete('reviews_sort');
    else next.set('reviews_sort', value);
    next.delete('reviews_page');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <section
      id="reviews"
      className="gig-section reviews-section"
      aria-labelledby={headingId}
      data-testid="reviews"
    >
      <h2 id={headingId}>{title}</h2>
      {resource.status === 'error' && (
        <div className="alert alert-error" role="alert">
          <p className="alert-body">The reviews could not be loaded: {resource.error.message}</p>
          <button type="button" className="button button-secondary" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {!list && resource.status === 'loading' && (
        <p className="muted" role="status">
          Loading reviews…
        </p>
      )}
      {list && list.meta.count === 0 && <p className="muted">{empty}</p>}
      {list && list.meta.count > 0 && (
        <>
          <Summary meta={list.meta} />
          <div className="review-controls">
            <div className="field filter-field">
              <label htmlFor={sortId}>Sort reviews</label>
              <select
                id={sortId}
                value={sort}
                onChange={(event) => changeSort(event.target.value as ReviewSort)}
              >
                {REVIEW_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {SORT_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <ul className="review-list" aria-busy={resource.status === 'loading' || undefined}>
            {list.data.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  review={review}
                  withTools={isSignedIn}
                  onChange={(next) =>
                    setData((current: ReviewListResponse) => ({
                      ...current,
                      data: current.data.map((r) => (r.id === next.id ? next : r)),
                    }))
                  }
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={list.meta.page}
            lastPage={list.meta.last_page}
            hrefFor={hrefFor}
            label="Pages of reviews"
          />
        </>
      )}
    </section>
  );
}

function Summary({ meta }: { meta: ReviewListResponse['meta'] }) {
  return (
    <div className="review-summary" data-testid="review-summary">
      <div>
        <p className="review-average" data-testid="review-average">
          {meta.average.toFixed(1)}
        </p>
        <Stars value={meta.average} label="Average" />
        <p className="muted" data-testid="review-count">
          {plural(meta.count, 'review')}
        </p>
      </div>
      <Histogram histogram={meta.histogram} count={meta.count} />
    </div>
  );
}

function Histogram({ histogram, count }: { histogram: RatingHistogram; count: number }) {
  const rows = (['5', '4', '3', '2', '1'] as const).map((stars) => ({
    stars,
    n: histogram[stars] ?? 0,
  }));
  return (
    <ul className="review-histogram" aria-label="Reviews by stars">
      {rows.map(({ stars, n }) => (
        <li key={stars} data-testid={`histogram-${stars}`}>
          <span>{stars === '1' ? '1 star' : `${stars} stars`}</span>
          <span className="review-histogram-bar" aria-hidden="true">
            <span style={{ width: `${count ? Math.round((n / count) * 100) : 0}%` }} />
          </span>
          <span>{n}</span>
        </li>
      ))}
    </ul>
  );
}
