import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toWithdrawalRequest, withdrawFieldErrors } from './amount';

function errorsOf(amount: string, method = 'm1') {
  try {
    toWithdrawalRequest({ amount, method });
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).errors;
  }
  throw new Error('expected field errors');
}

describe('toWithdrawalRequest', () => {
  it('turns dollars into cents for the chosen method', () => {
    expect(toWithdrawalRequest({ amount: '150', method: 'm1' })).toEqual({
      amount: { amount: 15000, currency: 'USD' },
      payout_method_id: 'm1',
    });
    expect(toWithdrawalRequest({ amount: ' $1,234.5 ', method: 'm1' }).amount.amount).toBe(123450);
    expect(toWithdrawalRequest({ amount: '0.05', method: 'm1' }).amount.amount).toBe(5);
  });

  it('says what is wrong with the amount by its field', () => {
    expect(errorsOf('')).toEqual({ amount: ['Enter the amount to withdraw.'] });
    for (const bad of ['abc', '-5', '10.555', '1e3'])
      expect(errorsOf(bad), bad).toEqual({
        amount: ['Enter the amount in dollars, such as 150 or 150.50.'],
      });
    expect(errorsOf('0')).toEqual({ amount: ['Enter an amount above zero.'] });
  });

  it('asks for a payout method', () => {
    expect(errorsOf('10', '')).toEqual({ method: ['Choose a payout method.'] });
  });
});

describe('withdrawFieldErrors', () => {
  it("puts the API's errors (amount.amount, payout_method_id) by the form's fields", () => {
    expect(
      withdrawFieldErrors({
        'amount.amount': ['You can withdraw at most 162.00 USD now.'],
        payout_method_id: ['Choose one of your saved payout methods.'],
        other: ['Kept.'],
      }),
    ).toEqual({
      amount: ['You can withdraw at most 162.00 USD now.'],
      method: ['Choose one of your saved payout methods.'],
      other: ['Kept.'],
    });
  });
});
