// Reviews written offline (issue 17): kept in the user's database as a draft document
// `draft:review-outbox:<order id>` (drafts sync to the member's other devices), sent by the
// outbox (components/review-outbox.tsx) when the app starts signed in and whenever the device
// comes back online, then removed. A review the API refuses stays, with the reason, for the
// order page to show.
import type { DraftDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { ReviewInput } from '@wayfarer/api/schemas/reviews';
import { draftId } from '@wayfarer/api/schemas/userdb-rules';
import { ApiError } from '@/lib/api-client';

const OUTBOX_FORM = 'review-outbox';
export const OUTBOX_PREFIX = draftId(OUTBOX_FORM, '');

export const outboxId = (orderId: string) => draftId(OUTBOX_FORM, orderId);

export interface PendingReview {
  order_id: string;
  mode: 'create' | 'edit';
  input: ReviewInput;
  queued_at: string;
  /** Why the API refused it; null while it waits to be sent. */
  error: string | null;
}

/** The pending review a draft document holds, or null when it is not one. */
export function pendingOf(doc: Pick<DraftDoc, 'fields'> | null | undefined): PendingReview | null {
  const fields = doc?.fields as Partial<PendingReview> | undefined;
  if (!fields || typeof fields.order_id !== 'string' || typeof fields.input !== 'object') {
    return null;
  }
  return {
    order_id: fields.order_id,
    mode: fields.mode === 'edit' ? 'edit' : 'create',
    input: fields.input,
    queued_at: typeof fields.queued_at === 'string' ? fields.queued_at : '',
    error: typeof fields.error === 'string' ? fields.error : null,
  };
}

export function outboxDoc(pending: PendingReview, device: string): DraftDoc {
  return {
    _id: outboxId(pending.order_id),
    type: 'draft',
    form: OUTBOX_FORM,
    key: pending.order_id,
    fields: { ...pending },
    updated_at: new Date().toISOString(),
    device,
  };
}

/**
 * What to do with a pending review after trying to send it: `sent` (remove it), `retry` (no
 * answer or a server failure: keep it as it is for the next try) or `refused` with the reason
 * (keep it with the reason, for the member to see and fix).
 */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'retry' } | { kind: 'refused'; reason: string };

export function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'retry' };
  if (error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500) {
    return { kind: 'retry' };
  }
  const details = Object.values(error.errors).flat();
  return { kind: 'refused', reason: details.length > 0 ? details.join(' ') : error.message };
}
