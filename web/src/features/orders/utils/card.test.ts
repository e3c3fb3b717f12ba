import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { cardFieldErrors, formatCardNumber, formatExpiry, parseExpiry, toCardInput } from './card';

describe('formatCardNumber', () => {
  it('groups digits by four and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('keeps at most 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});

describe('formatExpiry', () => {
  it('adds the slash after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12/295')).toBe('12/29');
  });

  it('pads a month that can only be one digit', () => {
    expect(formatExpiry('4')).toBe('04/');
  });

  it('lets the slash be deleted', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
  });
});

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/29')).toEqual({ exp_month: 12, exp_year: 2029 });
    expect(parseExpiry('3 / 2031')).toEqual({ exp_month: 3, exp_year: 2031 });
    expect(parseExpiry('0129')).toEqual({ exp_month: 1, exp_year: 2029 });
  });

  it('refuses what is not a month and a year', () => {
    expect(parseExpiry('13/29')).toBe(null);
    expect(parseExpiry('00/29')).toBe(null);
    expect(parseExpiry('12/')).toBe(null);
    expect(parseExpiry('')).toBe(null);
  });
});

describe('toCardInput', () => {
  it('is the card the API takes', () => {
    expect(toCardInput({ number: '4242 4242 4242 4242', expiry: '12/29', cvc: ' 123 ' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2029,
      cvc: '123',
    });
  });

  it('refuses a malformed expiry as a field error', () => {
    let error: unknown;
    try {
      toCardInput({ number: '4242', expiry: '1', cvc: '123' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({
      expiry: ['Enter the expiry date as MM/YY, such as 12/29.'],
    });
  });
});

describe('cardFieldErrors', () => {
  it('puts the API card errors under the form fields', () => {
    expect(
      cardFieldErrors({
        'card.number': ['Enter the card number (12 to 19 digits).'],
        'card.exp_month': ['The month is 1 to 12.'],
        'card.exp_year': ['Enter the year with four digits.'],
        body: ['Something else.'],
      }),
    ).toEqual({
      number: ['Enter the card number (12 to 19 digits).'],
      expiry: ['The month is 1 to 12.', 'Enter the year with four digits.'],
      body: ['Something else.'],
    });
  });
});
