import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { outboxDoc, outboxId, outcomeOf, pendingOf, type PendingReview } from './outbox';

const pending: PendingReview = {
  order_id: 'o1',
  mode: 'create',
  input: { rating: 4, text: 'On time and curious about everything.' },
  queued_at: '2026-01-02T03:04:05.000Z',
  error: null,
};

describe('the review outbox', () => {
  it('keeps a pending review as a draft document of its own, and reads it back', () => {
    const doc = outboxDoc(pending, 'device-1');
    expect(doc).toMatchObject({
      _id: 'draft:review-outbox:o1',
      type: 'draft',
      form: 'review-outbox',
      key: 'o1',
      device: 'device-1',
    });
    expect(outboxId('o1')).toBe(doc._id);
    expect(pendingOf(doc)).toEqual(pending);
    expect(pendingOf({ fields: { rating: 4 } })).toBeNull();
    expect(pendingOf(null)).toBeNull();
  });

  it('retries when no answer came or the server failed, and keeps a refusal with its reason', () => {
    expect(outcomeOf(new ApiError(0, 'No connection.'))).toEqual({ kind: 'retry' });
    expect(outcomeOf(new ApiError(503, 'Down.'))).toEqual({ kind: 'retry' });
    expect(outcomeOf(new ApiError(401, 'Log in.'))).toEqual({ kind: 'retry' });
    expect(outcomeOf(new Error('boom'))).toEqual({ kind: 'retry' });
    expect(outcomeOf(new ApiError(409, 'The review window closed on 3 January.'))).toEqual({
      kind: 'refused',
      reason: 'The review window closed on 3 January.',
    });
    expect(
      outcomeOf(new ApiError(422, 'Invalid.', { text: ['Write at least 10 characters.'] })),
    ).toEqual({ kind: 'refused', reason: 'Write at least 10 characters.' });
  });
});
