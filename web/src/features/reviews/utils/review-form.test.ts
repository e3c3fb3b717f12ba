import { describe, expect, it } from 'vitest';
import type { Review } from '@wayfarer/api/schemas/reviews';
import { buildReview, EMPTY_REVIEW, valuesOf } from './review-form';

const text = 'Amara knew every stall by name.';

describe('buildReview', () => {
  it("asks the customer for every star, the recommendation and the text, in the API's words", () => {
    const built = buildReview('customer', EMPTY_REVIEW);
    expect(built).toEqual({
      ok: false,
      errors: {
        rating: ['Rate the service overall from 1 to 5 stars.'],
        communication: ['Rate communication from 1 to 5 stars.'],
        as_described: ['Rate how well the service matched its description from 1 to 5 stars.'],
        would_recommend: ['Say whether you would recommend this agent.'],
        text: ['Write at least 10 characters.'],
      },
    });
  });

  it("sends the customer's fields with the text trimmed and the recommendation as a boolean", () => {
    const built = buildReview('customer', {
      rating: 5,
      communication: 4,
      as_described: 3,
      would_recommend: 'no',
      text: `  ${text}  `,
    });
    expect(built).toEqual({
      ok: true,
      input: { rating: 5, communication: 4, as_described: 3, would_recommend: false, text },
    });
  });

  it("sends only the rating and the text for the agent's side, whatever else the form holds", () => {
    const built = buildReview('agent', { ...EMPTY_REVIEW, rating: 2, communication: 5, text });
    expect(built).toEqual({ ok: true, input: { rating: 2, text } });
    expect(buildReview('agent', { ...EMPTY_REVIEW, text })).toEqual({
      ok: false,
      errors: { rating: ['Rate the customer from 1 to 5 stars.'] },
    });
  });
});

describe('valuesOf', () => {
  it("fills the form from the member's review for editing", () => {
    const review = {
      rating: 4,
      communication: 5,
      as_described: 4,
      would_recommend: true,
      text,
    } as Review;
    expect(valuesOf(review)).toEqual({
      rating: 4,
      communication: 5,
      as_described: 4,
      would_recommend: 'yes',
      text,
    });
    expect(
      valuesOf({
        rating: 3,
        communication: null,
        as_described: null,
        would_recommend: null,
        text,
      } as Review),
    ).toEqual({ ...EMPTY_REVIEW, rating: 3, text });
    expect(valuesOf(null)).toBe(EMPTY_REVIEW);
  });
});
