// The withdrawal form: an amount typed in dollars as the minor units the API takes, and the
// API's field errors (`amount.amount`, `payout_method_id`) under the form's field names.
import { ApiError, INPUT_ERROR_MESSAGE, type FieldErrors } from '@/lib/api-client';
import { toMinorUnits, type Money } from '@/lib/money';
import { renameFieldErrors } from './field-errors';

export interface WithdrawFields {
  amount: string;
  method: string;
}

/**
 * The request the API takes, or an ApiError (422) saying by the field what is missing. Limits
 * (the minimum, the available balance) are the server's to decide: it answers with the figure.
 */
export function toWithdrawalRequest(
  fields: WithdrawFields,
  currency = 'USD',
): { amount: Money; payout_method_id: string } {
  const errors: FieldErrors = {};
  const amount = toMinorUnits(fields.amount, currency);
  if (!fields.amount.trim()) errors.amount = ['Enter the amount to withdraw.'];
  else if (amount === null) errors.amount = ['Enter the amount in dollars, such as 150 or 150.50.'];
  else if (amount <= 0) errors.amount = ['Enter an amount above zero.'];
  if (!fields.method) errors.method = ['Choose a payout method.'];
  if (Object.keys(errors).length) throw new ApiError(422, INPUT_ERROR_MESSAGE, errors);
  return { amount: { amount: amount!, currency }, payout_method_id: fields.method };
}

const FIELD_OF: Record<string, keyof WithdrawFields> = {
  amount: 'amount',
  'amount.amount': 'amount',
  'amount.currency': 'amount',
  payout_method_id: 'method',
};

export function withdrawFieldErrors(errors: FieldErrors): FieldErrors {
  return renameFieldErrors(errors, (name) => FIELD_OF[name] ?? name);
}
