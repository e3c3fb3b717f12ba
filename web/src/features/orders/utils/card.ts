// The checkout's card form: what a person types (spaces in the number, MM/YY) and what the API
// takes (`{number, exp_month, exp_year, cvc}`), and the API's field errors mapped back onto the
// form's three fields.
import type { CardInput } from '@wayfarer/api/schemas/orders';
import { ApiError, type FieldErrors } from '@/lib/api-client';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** The sandbox's test cards (api/src/routes/orders/payments.ts), listed as a hint. */
export const SANDBOX_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0119', outcome: 'fails once, then succeeds when you try again' },
] as const;

/** "4242424242424242" → "4242 4242 4242 4242": digits only, in groups of four, 19 at most. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * What the expiry field shows as it is typed: "1" → "1", "12" → "12/", "1229" → "12/29",
 * "4" → "04/" (no month starts with 4). Deleting the slash is left alone.
 */
export function formatExpiry(text: string, previous = ''): string {
  const deleting = text.length < previous.length;
  let digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "12/29" (or "12 / 2029") → month 12, year 2029; null when it is not a month and a year. */
export function parseExpiry(text: string): { exp_month: number; exp_year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { exp_month: month, exp_year: year };
}

/**
 * The card as the API takes it. A malformed expiry is refused here, as a 422 the form shows by
 * the field (the API cannot say anything about a date it never received).
 */
export function toCardInput(fields: CardFields): CardInput {
  const expiry = parseExpiry(fields.expiry);
  if (!expiry)
    throw new ApiError(422, 'There were some problems with your input.', {
      expiry: ['Enter the expiry date as MM/YY, such as 12/29.'],
    });
  return { number: fields.number.replace(/\D/g, ''), ...expiry, cvc: fields.cvc.trim() };
}

const FIELD_OF: Record<string, keyof CardFields> = {
  'card.number': 'number',
  'card.exp_month': 'expiry',
  'card.exp_year': 'expiry',
  'card.cvc': 'cvc',
};

/** The API's `card.*` field errors under the form's field names (others are kept as they are). */
export function cardFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, sentences] of Object.entries(errors)) {
    const field = FIELD_OF[name] ?? name;
    out[field] = [...(out[field] ?? []), ...sentences];
  }
  return out;
}
