import { describe, expect, it } from 'vitest';
import {
  buildResolution,
  describeResolution,
  EMPTY_RESOLVE_FORM,
  parseRefundAmount,
  type ResolveFormValues,
} from './dispute-resolution';

const TOTAL = { amount: 7500, currency: 'USD' };
const NOTE = 'Half a day was lost; refunded in part.';
const form = (values: Partial<ResolveFormValues>): ResolveFormValues => ({
  ...EMPTY_RESOLVE_FORM,
  note: NOTE,
  ...values,
});

describe('the partial refund typed in dollars', () => {
  it('becomes minor units', () => {
    expect(parseRefundAmount('25', TOTAL)).toEqual({ amount: 2500 });
    expect(parseRefundAmount(' 25.5 ', TOTAL)).toEqual({ amount: 2550 });
    expect(parseRefundAmount('$0.01', TOTAL)).toEqual({ amount: 1 });
    expect(parseRefundAmount('75.00', TOTAL)).toEqual({ amount: 7500 });
  });

  it('is refused when empty, not an amount, nothing, or more than the total', () => {
    expect(parseRefundAmount('  ', TOTAL)).toEqual({
      error: 'Enter the amount to refund, such as 25 or 25.50.',
    });
    for (const text of ['abc', '-5', '25.505', '1e3', '25,5.0.1'])
      expect(parseRefundAmount(text, TOTAL)).toEqual({
        error: 'Enter an amount in USD, such as 25 or 25.50.',
      });
    expect(parseRefundAmount('0', TOTAL)).toEqual({ error: 'The refund is at least $0.01.' });
    expect(parseRefundAmount('0.00', TOTAL)).toEqual({ error: 'The refund is at least $0.01.' });
    expect(parseRefundAmount('75.01', TOTAL)).toEqual({
      error: "The refund is at most the order's total, $75.",
    });
  });

  it('follows the currency: yen have no decimals', () => {
    const yen = { amount: 10_000, currency: 'JPY' };
    expect(parseRefundAmount('2500', yen)).toEqual({ amount: 2500 });
    expect(parseRefundAmount('25.5', yen)).toEqual({
      error: 'Enter an amount in JPY, such as 2500.',
    });
  });
});

describe('the resolve request', () => {
  it('completes with no refund', () => {
    expect(buildResolution(form({ outcome: 'complete', refund_amount: '12' }), TOTAL)).toEqual({
      ok: true,
      resolution: { outcome: 'complete', refund_amount: null, note: NOTE },
      refund: { amount: 0, currency: 'USD' },
    });
  });

  it('refunds everything with no amount (the server refunds the total)', () => {
    expect(buildResolution(form({ outcome: 'refund', refund: 'full' }), TOTAL)).toEqual({
      ok: true,
      resolution: { outcome: 'refund', refund_amount: null, note: NOTE },
      refund: TOTAL,
    });
  });

  it('refunds in part with the amount in cents and the note trimmed', () => {
    expect(
      buildResolution(
        form({ outcome: 'refund', refund: 'partial', refund_amount: '25.50', note: `  ${NOTE} ` }),
        TOTAL,
      ),
    ).toEqual({
      ok: true,
      resolution: { outcome: 'refund', refund_amount: 2550, note: NOTE },
      refund: { amount: 2550, currency: 'USD' },
    });
  });

  it('names every problem by the field the API names', () => {
    expect(buildResolution({ ...EMPTY_RESOLVE_FORM, note: 'ok' }, TOTAL)).toEqual({
      ok: false,
      errors: {
        outcome: ['Choose an outcome: complete the order or refund.'],
        note: ['Write a note both parties will see (at least 5 characters).'],
      },
    });
    expect(
      buildResolution(
        form({ outcome: 'refund', refund: 'partial', refund_amount: '80', note: 'x'.repeat(2001) }),
        TOTAL,
      ),
    ).toEqual({
      ok: false,
      errors: {
        refund_amount: ["The refund is at most the order's total, $75."],
        note: ['At most 2,000 characters.'],
      },
    });
  });
});

describe('what a resolution does to the money', () => {
  const order = {
    total: TOTAL,
    fee: { amount: 750, currency: 'USD' },
    agent_earnings: { amount: 6750, currency: 'USD' },
    customer: { id: 'c', full_name: 'Sofia Marquez', tagname: null, avatar: null },
    agent: { id: 'a', full_name: 'Amara Diallo', tagname: null, avatar: null },
  };

  it('says who gets what', () => {
    expect(describeResolution(order, { amount: 0, currency: 'USD' })).toBe(
      'The order is completed: Amara Diallo is paid $67.50 ($75 less the $7.50 platform fee) and Sofia Marquez gets nothing back.',
    );
    expect(describeResolution(order, TOTAL)).toBe(
      'The order is cancelled: Sofia Marquez gets all $75 back and Amara Diallo is paid nothing.',
    );
    expect(describeResolution(order, { amount: 2550, currency: 'USD' })).toBe(
      'The order is completed with a partial refund: Sofia Marquez gets $25.50 back, and Amara Diallo is paid the other $49.50 less the platform fee.',
    );
  });
});
