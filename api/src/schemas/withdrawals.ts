/**
 * Withdrawals and payout methods (issue 16): what the API takes and answers.
 */
import { z } from 'zod';
import type { Money } from './orders';

/**
 * ISO 13616 check: move the first four characters to the end, letters to numbers, mod 97 = 1.
 * The web app checks a typed IBAN with it too, before sending it.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) =>
    String(ch.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

const bankSchema = z.object({
  type: z.literal('bank'),
  holder: z
    .string({ error: 'Enter the account holder.' })
    .trim()
    .min(2, 'Enter the account holder.')
    .max(100, 'At most 100 characters.'),
  iban: z
    .string({ error: 'Enter the IBAN.' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isValidIban, 'This IBAN is not valid: check it for a typing mistake.'),
  bic: z
    .string({ error: 'Enter the SWIFT/BIC code.' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
          'A SWIFT/BIC code has 8 or 11 characters.',
        ),
    ),
});

const emailSchema = z.object({
  type: z.literal('email'),
  email: z.email({ error: 'Enter the email address of the payment account.' }).max(200),
});

export const payoutMethodsSchema = z.object({
  methods: z
    .array(
      z.discriminatedUnion('type', [bankSchema, emailSchema], {
        error: 'A method is bank or email.',
      }),
    )
    .max(5, 'At most five payout methods.'),
});
export type PayoutMethodInput = z.infer<typeof payoutMethodsSchema>['methods'][number];

export interface PayoutMethod {
  id: string;
  type: 'bank' | 'email';
  /** Shown everywhere after saving: "Amara Diallo · FR76 •••• 0189", "a•••@example.com". */
  masked: string;
}

export const withdrawalRequestSchema = z.object({
  amount: z.object(
    {
      amount: z
        .number({ error: 'Enter the amount in cents.' })
        .int('The amount is a whole number of cents.')
        .min(1, 'Enter an amount above zero.'),
      currency: z.literal('USD', { error: 'Withdrawals are in USD.' }).default('USD'),
    },
    { error: 'Enter the amount.' },
  ),
  payout_method_id: z
    .string({ error: 'Choose a payout method.' })
    .min(1, 'Choose a payout method.'),
});

export const withdrawalApproveSchema = z.object({
  reference: z
    .string({ error: 'Enter the transfer reference.' })
    .trim()
    .min(3, 'Enter the transfer reference (at least 3 characters).')
    .max(100, 'At most 100 characters.'),
});
export const withdrawalRejectSchema = z.object({
  reason: z
    .string({ error: 'Say why.' })
    .trim()
    .min(5, 'Say why (at least 5 characters).')
    .max(1000, 'At most 1,000 characters.'),
});

const WITHDRAWAL_STATUSES = ['requested', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawalListQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES, { error: 'Unknown status.' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export interface Withdrawal {
  id: string;
  agent: { id: string; full_name: string };
  amount: Money;
  method: PayoutMethod;
  status: WithdrawalStatus;
  reference: string | null;
  reason: string | null;
  requested_at: string;
  decided_at: string | null;
  decided_by: string | null;
}
