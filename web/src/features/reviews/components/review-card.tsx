import { REVIEW_TEXT_MAX } from '@wayfarer/api/schemas/review-rules';
import { useId, useState } from 'react';
import { TextAreaField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { Avatar } from '@/components/ui/avatar';
import { Modal } from '@/components/ui/modal';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useForm } from '@/lib/form';
import { notify, notifyError } from '@/stores/notification';
import {
  replyToReview,
  reportReview,
  setHelpful,
  type ReportReason,
  type Review,
} from '../api/reviews';
import { Stars } from '@/components/ui/stars';
import './reviews.css';

const TIER_LABELS: Record<Review['tier'], string> = {
  basic: 'Basic',
  standard: 'Standard',
  premium: 'Premium',
  custom: 'Custom offer',
};

const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this service',
  personal_information: 'Shares personal information',
  not_a_customer: 'Not written by a real customer',
  other: 'Something else',
};

export interface ReviewCardProps {
  review: Review;
  /** The heading level of the author's name (the page decides). */
  headingLevel?: 3 | 4;
  /** Helpful, report and reply, for signed-in members (the list's cards, not the order page). */
  withTools?: boolean;
  /** After an action changed the review (helpful count, reply). */
  onChange?: (review: Review) => void;
}

const errorText = (error: unknown) => {
  if (!(error instanceof ApiError)) return GENERIC_ERROR_MESSAGE;
  const details = Object.values(error.errors).flat();
  return details.length > 0 ? details.join(' ') : error.message;
};

/** One review: who wrote it and from where, the package, date, stars, sub-ratings, text, reply. */
export function ReviewCard({ review, headingLevel = 3, withTools, onChange }: ReviewCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const date = review.published_at ?? review.updated_at;
  return (
    <article
      className="review-card"
      data-testid="review"
      aria-label={`Review by ${review.author.full_name}`}
    >
      <div className="review-card-head">
        <Avatar name={review.author.full_name} src={review.author.avatar} size={36} />
        <div>
          <Heading className="review-author">{review.author.full_name}</Heading>
          <p className="muted">
            {review.author_role === 'customer' && review.traveller_from && (
              <span data-testid="review-from">From {review.traveller_from} · </span>
            )}
            {review.author_role === 'customer' && (
              <span>
                {TIER_LABELS[review.tier]} package: {review.package_name} ·{' '}
              </span>
            )}
            <time dateTime={date}>{formatDate(date)}</time>
          </p>
        </div>
      </div>
      <p className="review-rating">
        <Stars
          value={review.rating}
          label={review.author_role === 'customer' ? 'Overall' : 'Rating'}
        />
      </p>
      {review.author_role === 'customer' && (
        <ul className="review-subratings" aria-label="Details">
          {review.communication !== null && (
            <li>
              Communication: <Stars value={review.communication} label="Communication" />
            </li>
          )}
          {review.as_described !== null && (
            <li>
              As described: <Stars value={review.as_described} label="As described" />
            </li>
          )}
          {review.would_recommend !== null && (
            <li>{review.would_recommend ? 'Would recommend' : 'Would not recommend'}</li>
          )}
        </ul>
      )}
      <p className="review-text">{review.text}</p>
      {review.reply && (
        <div className="review-reply" data-testid="review-reply">
          <p>
            <strong>Reply from {review.subject.full_name}</strong>{' '}
            <span className="muted">{formatDate(review.reply.created_at)}</span>
          </p>
          <p className="review-text">{review.reply.text}</p>
        </div>
      )}
      {withTools && review.viewer && onChange && (
        <ReviewTools review={review} viewer={review.viewer} onChange={onChange} />
      )}
    </article>
  );
}

function ReviewTools({
  review,
  viewer,
  onChange,
}: {
  review: Review;
  viewer: NonNullable<Review['viewer']>;
  onChange: (review: Review) => void;
}) {
  const [isBusy, setBusy] = useState(false);
  const [isReporting, setReporting] = useState(false);
  const [isReplying, setReplying] = useState(false);
  const toggleHelpful = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      onChange(await setHelpful(review.id, !viewer.helpful));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="review-tools">
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={viewer.helpful}
          aria-disabled={isBusy || undefined}
          onClick={() => void toggleHelpful()}
        >
          Helpful ({review.helpful_count})
        </button>
        {viewer.reported ? (
          <span className="muted">You reported this review.</span>
        ) : (
          <button type="button" className="button button-ghost" onClick={() => setReporting(true)}>
            Report
          </button>
        )}
        {viewer.can_reply && !review.reply && !isReplying && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setReplying(true)}
          >
            Reply
          </button>
        )}
      </div>
      {isReplying && (
        <ReplyForm
          reviewId={review.id}
          onCancel={() => setReplying(false)}
          onDone={(next) => {
            setReplying(false);
            onChange(next);
          }}
        />
      )}
      <ReportDialog
        isOpen={isReporting}
        review={review}
        onClose={() => setReporting(false)}
        onDone={() => {
          setReporting(false);
          onChange({ ...review, viewer: { ...viewer, reported: true } });
          notify('Thank you: an administrator will look at this review.');
        }}
      />
    </>
  );
}

function ReplyForm({
  reviewId,
  onCancel,
  onDone,
}: {
  reviewId: string;
  onCancel: () => void;
  onDone: (review: Review) => void;
}) {
  const form = useForm<{ text: string }, Review>({
    initialValues: { text: '' },
    onSubmit: ({ text }) => replyToReview(reviewId, text),
    onSuccess: onDone,
  });
  return (
    <form
      className="form review-reply-form"
      onSubmit={form.submit}
      aria-label="Reply to this review"
    >
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextAreaField
        field={form.field('text')}
        label="Your public reply"
        hint="You can reply once; everyone who reads the review sees it."
        maxLength={REVIEW_TEXT_MAX}
      />
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Posting…">
          Post reply
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReportDialog({
  isOpen,
  review,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  review: Review;
  onClose: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const send = async () => {
    if (isBusy) return;
    if (!reason) {
      setError('Choose why you are reporting this review.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await reportReview(review.id, { reason, details: details.trim() || null });
      onDone();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Report this review"
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-disabled={isBusy || undefined}
            onClick={() => void send()}
          >
            {isBusy ? 'Sending…' : 'Report'}
          </button>
        </>
      }
    >
      <div className="form">
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason | '')}
            aria-invalid={error && !reason ? true : undefined}
          >
            <option value="">Choose a reason</option>
            {Object.entries(REPORT_REASON_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-details`}>Details (optional)</label>
          <textarea
            id={`${id}-details`}
            rows={3}
            maxLength={1000}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
