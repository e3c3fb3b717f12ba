// The payout method form: what the agent typed, checked the way the API checks it (the IBAN's
// checksum included), as the method the API takes; and the list a save sends, since the API
// takes the whole list: the saved methods by their ids, a new one with its details.
import { isValidIban } from '@wayfarer/api/schemas/withdrawals';
import { ApiError, INPUT_ERROR_MESSAGE, type FieldErrors } from '@/lib/api-client';
import type { PayoutMethod, PayoutMethodEntry, PayoutMethodInput, Withdrawal } from '../types';
import { renameFieldErrors } from './field-errors';

export interface PayoutFields {
  kind: 'bank' | 'email' | '';
  holder: string;
  iban: string;
  bic: string;
  email: string;
}

export const EMPTY_PAYOUT_FIELDS: PayoutFields = {
  kind: '',
  holder: '',
  iban: '',
  bic: '',
  email: '',
};

const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** An IBAN as people read it: groups of four ("GB82 WEST 1234 ..."). */
export function groupIban(text: string): string {
  return compact(text).replace(/(.{4})(?=.)/g, '$1 ');
}

const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The method as the API takes it, or an ApiError (422) with the form's field names, so the form
 * shows what is wrong by the field before anything is sent. The server checks again.
 */
export function toPayoutMethodInput(fields: PayoutFields): PayoutMethodInput {
  const errors: FieldErrors = {};
  if (fields.kind === 'bank') {
    const holder = fields.holder.trim();
    const iban = compact(fields.iban);
    const bic = compact(fields.bic);
    if (holder.length < 2) errors.holder = ['Enter the account holder.'];
    else if (holder.length > 100) errors.holder = ['At most 100 characters.'];
    if (!iban) errors.iban = ['Enter the IBAN.'];
    else if (!isValidIban(iban))
      errors.iban = ['This IBAN is not valid: check it for a typing mistake.'];
    if (!bic) errors.bic = ['Enter the SWIFT/BIC code.'];
    else if (!BIC.test(bic)) errors.bic = ['A SWIFT/BIC code has 8 or 11 characters.'];
    if (Object.keys(errors).length) throw new ApiError(422, INPUT_ERROR_MESSAGE, errors);
    return { type: 'bank', holder, iban, bic };
  }
  if (fields.kind === 'email') {
    const email = fields.email.trim();
    if (!EMAIL.test(email) || email.length > 200)
      throw new ApiError(422, INPUT_ERROR_MESSAGE, {
        email: ['Enter the email address of the payment account.'],
      });
    return { type: 'email', email };
  }
  throw new ApiError(422, INPUT_ERROR_MESSAGE, {
    kind: ['Choose a bank transfer or a payment service.'],
  });
}

/**
 * The API's errors for the method at `index` of the list it was sent (`methods.2.iban`) under
 * the form's field names; errors about other entries or the whole list keep their names.
 */
export function payoutFieldErrors(errors: FieldErrors, index: number): FieldErrors {
  const own = `methods.${index}`;
  return renameFieldErrors(errors, (name) =>
    name.startsWith(`${own}.`) ? name.slice(own.length + 1) : name === own ? 'kind' : name,
  );
}

/**
 * The whole list for PUT /api/user/payout-methods: every saved method kept by its id (the API
 * never sends details back, and needs none to keep one) but `remove`, in their order, then
 * `add` last, so the API's errors for it are at the index `methodsToSend` gave it.
 */
export function methodsToSend(
  saved: readonly PayoutMethod[],
  change: { remove?: string; add?: PayoutMethodInput },
): PayoutMethodEntry[] {
  const kept: PayoutMethodEntry[] = saved
    .filter((method) => method.id !== change.remove)
    .map((method) => ({ id: method.id }));
  return change.add ? [...kept, change.add] : kept;
}

/** The ids of the saved methods a withdrawal still pending is to be paid to (they cannot go). */
export function methodsInUse(
  withdrawals: readonly Pick<Withdrawal, 'status' | 'method'>[],
): Set<string> {
  return new Set(withdrawals.filter((w) => w.status === 'requested').map((w) => w.method.id));
}
