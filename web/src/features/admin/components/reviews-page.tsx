import { useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { formatDateTime, plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import { hideReview, listReviews, unhideReview } from '../api/reviews';
import { useConfirm } from '@/components/ui/use-confirm';
import type { AdminReview, AdminReviewStatus, Review } from '../types';
import { PageHeading, PagedList, StatusTabs, pageParam, statusHref } from './admin-list';
import './admin.css';

const TABS: { status: AdminReviewStatus; label: string }[] = [
  { status: 'reported', label: 'Reported' },
  { status: 'hidden', label: 'Hidden' },
  { status: 'published', label: 'Published' },
  { status: 'all', label: 'All' },
];

const REASONS: Record<AdminReview['reports'][number]['reason'], string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this service',
  personal_information: 'Shares personal information',
  not_a_customer: 'Not written by a real customer',
  other: 'Something else',
};

const STATUS_LABELS: Record<Review['status'], string> = {
  pending: 'Pending',
  published: 'Published',
  hidden: 'Hidden',
};

function ReviewRow({
  review,
  onHide,
  onUnhide,
}: {
  review: AdminReview;
  onHide: (review: AdminReview) => void;
  onUnhide: (review: AdminReview) => void;
}) {
  const titleId = useId();
  return (
    <li className="card message" data-testid="admin-review">
      <article aria-labelledby={titleId}>
        <header className="message-header">
          <h2 id={titleId}>
            {review.author.full_name} on{' '}
            {review.gig.id === null ? (
              review.gig.title
            ) : (
              <Link to={buildPath('gigs.show', { id: review.gig.id })}>{review.gig.title}</Link>
            )}
          </h2>
          <p className="muted">
            <span className="badge" data-status={review.status}>
              {STATUS_LABELS[review.status]}
            </span>{' '}
            {review.rating} of 5 stars · about {review.subject.full_name} · order{' '}
            <Link to={buildPath('admin.orders.show', { id: review.order_id })}>
              {review.order_id.slice(0, 8)}
            </Link>{' '}
            · <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
          </p>
        </header>
        <p className="admin-review-text">{review.text}</p>
        {review.hidden && (
          <p>
            <strong>Hidden {formatDateTime(review.hidden.at)}:</strong> {review.hidden.note}
          </p>
        )}
        {review.reports.length > 0 && (
          <>
            <h3>{plural(review.reports.length, 'report')}</h3>
            <ul>
              {review.reports.map((report) => (
                <li key={`${report.by.id}-${report.at}`}>
                  <strong>{REASONS[report.reason]}</strong> by {report.by.full_name},{' '}
                  <time dateTime={report.at}>{formatDateTime(report.at)}</time>
                  {report.details && <>: {report.details}</>}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="message-actions">
          {review.status === 'hidden' ? (
            <button type="button" className="button button-small" onClick={() => onUnhide(review)}>
              Unhide
            </button>
          ) : (
            <button
              type="button"
              className="button button-danger button-small"
              onClick={() => onHide(review)}
            >
              Hide
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

/**
 * /admin/reviews: reviews members reported (with their reports), and the hidden, published or
 * all of them; an admin hides one with a note (audited: it leaves every average) or unhides it.
 */
export function ReviewsPage() {
  const [params] = useSearchParams();
  const requestedStatus = params.get('status');
  const status = (TABS.find((tab) => tab.status === requestedStatus)?.status ??
    'reported') as AdminReviewStatus;
  const page = pageParam(params);
  const { resource, reload, setData } = useResource(`admin-reviews:${status}:${page}`, (signal) =>
    listReviews({ status, page }, { signal }),
  );
  const { ask, dialog } = useConfirm();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();

  const replace = (changed: Review) =>
    setData((current) => ({
      ...current,
      data: current.data.map((r) => (r.id === changed.id ? { ...r, ...changed } : r)),
    }));

  const askHide = (review: AdminReview) =>
    ask({
      title: 'Hide this review?',
      body: (
        <div className="form">
          <p>
            {review.author.full_name}’s review of {review.subject.full_name} leaves the gig page,
            the profile, the averages and the points. The note goes to the audit log and the author.
          </p>
          <div className="field">
            <label htmlFor={noteId}>Note</label>
            <textarea id={noteId} ref={noteRef} rows={3} maxLength={2000} />
          </div>
        </div>
      ),
      confirmLabel: 'Hide review',
      tone: 'danger',
      run: async () => replace(await hideReview(review.id, noteRef.current?.value ?? '')),
      successMessage: 'The review is hidden.',
    });
  const askUnhide = (review: AdminReview) =>
    ask({
      title: 'Unhide this review?',
      body: <p>It counts again in the averages and shows on the gig page and the profile.</p>,
      confirmLabel: 'Unhide review',
      run: async () => replace(await unhideReview(review.id)),
      successMessage: 'The review is visible again.',
    });

  return (
    <div className="admin-page">
      <PageHeading title="Reviews" onRefresh={reload}>
        Reviews members reported, and every review by status. A hidden review no longer counts.
      </PageHeading>
      <StatusTabs label="Review status" tabs={TABS} current={status} hrefFor={statusHref} />
      <PagedList
        resource={resource}
        onRetry={reload}
        what="reviews"
        none={status === 'reported' ? 'No reported reviews. All caught up.' : 'No reviews here.'}
        noun="review"
        className="message-list"
        hrefFor={(p) => statusHref(status, p)}
        pagesLabel="Pages of reviews"
      >
        {(review) => (
          <ReviewRow key={review.id} review={review} onHide={askHide} onUnhide={askUnhide} />
        )}
      </PagedList>
      {dialog}
    </div>
  );
}
