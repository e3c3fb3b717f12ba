import type { DraftDoc } from '@wayfarer/api/schemas/userdb-docs';
import { REVIEW_TEXT_MAX, REVIEW_WINDOW_DAYS } from '@wayfarer/api/schemas/reviews';
import { useState } from 'react';
import { ChoiceField, TextAreaField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { DraftNotice } from '@/components/form/draft-notice';
import { ApiError, INPUT_ERROR_MESSAGE } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useForm } from '@/lib/form';
import { deviceId, useDraft } from '@/lib/local-db-drafts';
import { upsertLocalDoc, useLocalDoc } from '@/lib/local-db';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { getOrderReviews, saveReview, type OrderReviews, type Review } from '../api/reviews';
import { outboxDoc, outboxId, pendingOf, type PendingReview } from '../utils/outbox';
import {
  buildReview,
  valuesOf,
  type ReviewFormValues,
  type ReviewSide,
} from '../utils/review-form';
import { ReviewCard } from './review-card';
import { StarInput } from '@/components/ui/stars';
import './reviews.css';

export interface OrderReviewsSectionProps {
  orderId: string;
  side: ReviewSide;
  /** The other party's name ("Amara Diallo"). */
  otherName: string;
  /** Reviews open once the order is completed; nothing shows before. */
  isCompleted: boolean;
  /** When it completed: offline, the window's end is worked out from it. */
  completedAt?: string | null;
}

/**
 * What the page knows with the server out of reach: the window from the order's completion
 * date, and a new review to write (it is kept on the device and sent on reconnect); whether one
 * was already written is known again once online.
 */
function offlineState(completedAt: string | null | undefined): OrderReviews {
  const closes = completedAt
    ? new Date(Date.parse(completedAt) + REVIEW_WINDOW_DAYS * 86_400_000).toISOString()
    : null;
  return {
    window_closes_at: closes,
    can_review: closes === null || closes > new Date().toISOString(),
    mine: null,
    theirs: null,
    theirs_submitted: false,
  };
}

/**
 * The order page's reviews, for either party once the order is completed: the viewer's review
 * form (the customer's with sub-ratings, the agent's with one rating), the double-blind state,
 * editing until publication, the other side's review once published, and the window's end.
 */
export function OrderReviewsSection({
  orderId,
  side,
  otherName,
  isCompleted,
  completedAt,
}: OrderReviewsSectionProps) {
  if (!isCompleted) return null;
  return <Loaded orderId={orderId} side={side} otherName={otherName} completedAt={completedAt} />;
}

function Loaded({
  orderId,
  side,
  otherName,
  completedAt,
}: Omit<OrderReviewsSectionProps, 'isCompleted'>) {
  const { resource, reload, setData } = useResource(`order-reviews:${orderId}`, (signal) =>
    getOrderReviews(orderId, { signal }),
  );
  const queued = useLocalDoc<DraftDoc>(outboxId(orderId));
  const pending = pendingOf(queued);
  const [isEditing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The server out of reach (offline, or not answering): the form still works from the device.
  const unreachable = isUnreachable(resource);
  const state = resource.data ?? (unreachable ? offlineState(completedAt) : undefined);

  return (
    <section className="card" aria-labelledby="order-reviews-title" data-testid="order-reviews">
      <h2 id="order-reviews-title">Reviews</h2>
      <div role="status">{done && <p className="alert alert-success">{done}</p>}</div>
      {unreachable && !resource.data && (
        <p className="muted" data-testid="reviews-offline">
          You are offline: a review you write now is kept on this device and sent once you are back
          online.
        </p>
      )}
      {resource.status === 'error' && !unreachable && (
        <div className="alert alert-error" role="alert">
          <p className="alert-body">The reviews could not be loaded: {resource.error.message}</p>
          <button type="button" className="button button-secondary" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {!state && resource.status === 'loading' && (
        <p className="muted" role="status">
          Loading the reviews…
        </p>
      )}
      {state && (
        <>
          <WindowLine state={state} />
          {pending && (
            <PendingNotice
              error={pending.error}
              onDiscard={() =>
                void upsertLocalDoc<DraftDoc>(outboxId(orderId), () => null).catch(() => undefined)
              }
            />
          )}
          {state.mine && !isEditing && (
            <MyReview
              review={state.mine}
              otherName={otherName}
              windowClosesAt={state.window_closes_at}
              canEdit={state.can_review && state.mine.status === 'pending'}
              onEdit={() => {
                setDone(null);
                setEditing(true);
              }}
            />
          )}
          {state.can_review && (!state.mine || isEditing) && !(pending && !pending.error) && (
            <ReviewForm
              orderId={orderId}
              side={side}
              otherName={otherName}
              review={state.mine}
              onCancel={state.mine ? () => setEditing(false) : undefined}
              onSaved={(review) => {
                setEditing(false);
                setData((current) => ({ ...current, mine: review }));
                setDone(
                  review.status === 'published'
                    ? 'Thank you: your review is published.'
                    : 'Thank you: your review is in.',
                );
              }}
              onQueued={() => {
                setEditing(false);
                setDone(null);
              }}
              onRefused={reload}
            />
          )}
          {!state.mine && !state.can_review && !pending && (
            <p className="muted">The time to review this order has passed.</p>
          )}
          <TheirReview state={state} otherName={otherName} side={side} />
        </>
      )}
    </section>
  );
}

function WindowLine({ state }: { state: OrderReviews }) {
  if (!state.window_closes_at) return null;
  const date = formatDate(state.window_closes_at);
  return (
    <p className="muted review-state" data-testid="review-window">
      {state.can_review
        ? `Reviews can be written until ${date}.`
        : `The review window closed on ${date}.`}
    </p>
  );
}

function PendingNotice({ error, onDiscard }: { error: string | null; onDiscard: () => void }) {
  if (error) {
    return (
      <div className="alert alert-error" role="alert" data-testid="review-refused">
        <div className="alert-body">
          <p className="alert-title">Your review written offline was not accepted.</p>
          <p>{error}</p>
          <button type="button" className="button button-secondary" onClick={onDiscard}>
            Discard it
          </button>
        </div>
      </div>
    );
  }
  return (
    <p className="review-queued review-state" data-testid="review-queued">
      Your review is saved on this device and will be sent as soon as you are back online.
    </p>
  );
}

function MyReview({
  review,
  otherName,
  windowClosesAt,
  canEdit,
  onEdit,
}: {
  review: Review;
  otherName: string;
  windowClosesAt: string | null;
  canEdit: boolean;
  onEdit: () => void;
}) {
  return (
    <div className="review-mine" data-testid="my-review">
      <h3>Your review</h3>
      {review.status === 'pending' ? (
        <p className="review-state" data-testid="review-blind-state">
          Your review is in. It is published when {otherName} reviews too
          {windowClosesAt ? ` or on ${formatDate(windowClosesAt)}` : ''}, whichever comes first;
          until then only you can see it.
        </p>
      ) : review.status === 'hidden' ? (
        <p className="review-state">
          An administrator hid your review{review.hidden ? `: ${review.hidden.note}` : '.'}
        </p>
      ) : (
        <p className="review-state">Your review is published.</p>
      )}
      <ReviewCard review={review} headingLevel={4} />
      {canEdit && (
        <button type="button" className="button button-secondary" onClick={onEdit}>
          Edit your review
        </button>
      )}
    </div>
  );
}

function TheirReview({
  state,
  otherName,
  side,
}: {
  state: OrderReviews;
  otherName: string;
  side: ReviewSide;
}) {
  const title = side === 'customer' ? `${otherName}’s review of you` : `${otherName}’s review`;
  if (state.theirs) {
    return (
      <div className="review-theirs" data-testid="their-review">
        <h3>{title}</h3>
        <ReviewCard review={state.theirs} headingLevel={4} />
      </div>
    );
  }
  return (
    <p className="muted review-state" data-testid="their-review-state">
      {state.theirs_submitted
        ? `${otherName} has reviewed this order. You will see it once it is published.`
        : `${otherName} has not reviewed this order yet.`}
    </p>
  );
}

type Outcome = { kind: 'sent'; review: Review } | { kind: 'queued' };

function ReviewForm({
  orderId,
  side,
  otherName,
  review,
  onCancel,
  onSaved,
  onQueued,
  onRefused,
}: {
  orderId: string;
  side: ReviewSide;
  otherName: string;
  review: Review | null;
  onCancel?: () => void;
  onSaved: (review: Review) => void;
  onQueued: () => void;
  onRefused: () => void;
}) {
  const mode: PendingReview['mode'] = review ? 'edit' : 'create';
  const [initialValues] = useState(() => valuesOf(review));
  const queue = async (input: Parameters<typeof saveReview>[1]): Promise<Outcome> => {
    const pending: PendingReview = {
      order_id: orderId,
      mode,
      input,
      queued_at: new Date().toISOString(),
      error: null,
    };
    await upsertLocalDoc<DraftDoc>(outboxId(orderId), () => outboxDoc(pending, deviceId()));
    return { kind: 'queued' };
  };
  const form = useForm<ReviewFormValues, Outcome>({
    initialValues,
    onSubmit: async (values) => {
      const built = buildReview(side, values);
      if (!built.ok) throw new ApiError(422, INPUT_ERROR_MESSAGE, built.errors);
      if (!navigator.onLine) return queue(built.input);
      try {
        return { kind: 'sent', review: await saveReview(orderId, built.input, mode) };
      } catch (error) {
        if (error instanceof ApiError && error.isNetworkError) return queue(built.input);
        if (error instanceof ApiError && (error.status === 409 || error.status === 403))
          onRefused();
        throw error;
      }
    },
    onSuccess: (outcome) => {
      draft.clear();
      if (outcome.kind === 'sent') onSaved(outcome.review);
      else onQueued();
    },
  });
  const draft = useDraft('review', orderId, form.values);
  const resume = (fields: ReviewFormValues) => {
    for (const [name, value] of Object.entries(fields)) {
      form.setValue(name as keyof ReviewFormValues, value as never);
    }
  };
  const who = side === 'customer' ? otherName : `${otherName} as a customer`;

  return (
    <form
      className="form review-form"
      onSubmit={form.submit}
      aria-label={review ? 'Edit your review' : 'Write your review'}
      noValidate
    >
      <h3>{review ? 'Edit your review' : `Review ${who}`}</h3>
      <p className="muted">
        {otherName} will not see your review until they have written theirs or the review window
        closes.
      </p>
      <DraftNotice draft={draft} onResume={resume} />
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <StarInput
        field={form.field('rating')}
        legend={side === 'customer' ? 'Overall rating' : 'Rating'}
      />
      {side === 'customer' && (
        <>
          <StarInput field={form.field('communication')} legend="Communication" />
          <StarInput field={form.field('as_described')} legend="Service as described" />
          <ChoiceField
            field={form.field('would_recommend')}
            legend={`Would you recommend ${otherName}?`}
            choices={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
          />
        </>
      )}
      <TextAreaField
        field={form.field('text')}
        label="Your review"
        hint={
          side === 'customer'
            ? 'What was it like? Other travellers will read this.'
            : 'How was working with this customer?'
        }
        maxLength={REVIEW_TEXT_MAX}
        rows={5}
      />
      <div className="form-actions">
        <SubmitButton isBusy={form.isBusy} busyText="Sending…">
          {review ? 'Save changes' : 'Submit review'}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
