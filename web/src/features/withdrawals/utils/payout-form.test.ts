import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  EMPTY_PAYOUT_FIELDS,
  groupIban,
  methodsInUse,
  methodsToSend,
  payoutFieldErrors,
  toPayoutMethodInput,
  type PayoutFields,
} from './payout-form';

const bank = (patch: Partial<PayoutFields> = {}): PayoutFields => ({
  ...EMPTY_PAYOUT_FIELDS,
  kind: 'bank',
  holder: ' Kenji Morimoto ',
  iban: 'gb82 west 1234 5698 7654 32',
  bic: 'deut de ff',
  ...patch,
});

function errorsOf(fields: PayoutFields): Record<string, string[]> {
  try {
    toPayoutMethodInput(fields);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    return (error as ApiError).errors;
  }
  throw new Error('expected field errors');
}

describe('toPayoutMethodInput', () => {
  it('takes a bank account with spaces and lower case as the API stores it', () => {
    expect(toPayoutMethodInput(bank())).toEqual({
      type: 'bank',
      holder: 'Kenji Morimoto',
      iban: 'GB82WEST12345698765432',
      bic: 'DEUTDEFF',
    });
    // Other countries' lengths, an 11-character BIC.
    expect(
      toPayoutMethodInput(bank({ iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'BNPAFRPPXXX' })),
    ).toMatchObject({ iban: 'FR1420041010050500013M02606', bic: 'BNPAFRPPXXX' });
    expect(toPayoutMethodInput(bank({ iban: 'DE89370400440532013000' }))).toMatchObject({
      iban: 'DE89370400440532013000',
    });
  });

  it('refuses an IBAN whose checksum is wrong (one digit mistyped, two swapped)', () => {
    expect(errorsOf(bank({ iban: 'GB82 WEST 1234 5698 7654 33' }))).toEqual({
      iban: ['This IBAN is not valid: check it for a typing mistake.'],
    });
    expect(errorsOf(bank({ iban: 'GB82 WEST 1234 5698 7654 23' })).iban).toHaveLength(1);
    expect(errorsOf(bank({ iban: 'GB82' })).iban).toHaveLength(1);
    expect(errorsOf(bank({ iban: '' })).iban).toEqual(['Enter the IBAN.']);
  });

  it('says every problem of a bank account at once, by its field', () => {
    expect(errorsOf(bank({ holder: 'K', iban: 'XX00', bic: 'DEUT' }))).toEqual({
      holder: ['Enter the account holder.'],
      iban: ['This IBAN is not valid: check it for a typing mistake.'],
      bic: ['A SWIFT/BIC code has 8 or 11 characters.'],
    });
  });

  it('takes a payment-service email, and asks for a kind first', () => {
    expect(
      toPayoutMethodInput({ ...EMPTY_PAYOUT_FIELDS, kind: 'email', email: ' k@pay.example ' }),
    ).toEqual({ type: 'email', email: 'k@pay.example' });
    expect(errorsOf({ ...EMPTY_PAYOUT_FIELDS, kind: 'email', email: 'nope' })).toEqual({
      email: ['Enter the email address of the payment account.'],
    });
    expect(Object.keys(errorsOf(EMPTY_PAYOUT_FIELDS))).toEqual(['kind']);
  });
});

describe('groupIban', () => {
  it('groups by four as typed or pasted', () => {
    expect(groupIban('gb82west12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(groupIban('GB82 WE')).toBe('GB82 WE');
  });
});

describe('payoutFieldErrors', () => {
  it("puts the API's errors for the added method by the form's fields", () => {
    expect(
      payoutFieldErrors(
        {
          'methods.1.iban': ['Bad IBAN.'],
          'methods.1.bic': ['Bad BIC.'],
          'methods.1': ['This method is listed twice.'],
          'methods.0.email': ['Other.'],
          methods: ['At most five payout methods.'],
        },
        1,
      ),
    ).toEqual({
      iban: ['Bad IBAN.'],
      bic: ['Bad BIC.'],
      kind: ['This method is listed twice.'],
      'methods.0.email': ['Other.'],
      methods: ['At most five payout methods.'],
    });
  });
});

describe('methodsToSend', () => {
  const saved = [
    { id: 'm1', type: 'bank' as const, masked: 'Kenji · GB82 •••• 5432' },
    { id: 'm2', type: 'email' as const, masked: 'k•••@pay.example' },
  ];
  const added = { type: 'email' as const, email: 'new@pay.example' };

  it('keeps every saved method by its id, whatever this page knows of it, and adds the new one last', () => {
    expect(methodsToSend(saved, { add: added })).toEqual([{ id: 'm1' }, { id: 'm2' }, added]);
    expect(methodsToSend([], { add: added })).toEqual([added]);
  });

  it('leaves out only the method removed', () => {
    expect(methodsToSend(saved, { remove: 'm1' })).toEqual([{ id: 'm2' }]);
    expect(methodsToSend([saved[0]!], { remove: 'm1' })).toEqual([]);
  });
});

describe('methodsInUse', () => {
  it('names the methods of the withdrawals still pending only', () => {
    const method = (id: string) => ({ id, type: 'bank' as const, masked: id });
    expect(
      methodsInUse([
        { status: 'requested', method: method('m1') },
        { status: 'paid', method: method('m2') },
        { status: 'cancelled', method: method('m3') },
        { status: 'requested', method: method('m1') },
      ]),
    ).toEqual(new Set(['m1']));
  });
});
