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

/**
 * A saved method kept as it is, by its id: its details are never sent back, so a client that
 * keeps a method cannot send them again. No `type`: that is what tells it from a new method.
 */
const keptSchema = z.object({
  type: z.undefined().optional(),
  id: z
    .string({ error: 'Name a saved payout method by its id, or send a new one.' })
    .min(1, 'Name a saved payout method by its id, or send a new one.')
    .max(64, 'Name a saved payout method by its id, or send a new one.'),
});

/** A method with its details: a bank account or a payment-service email. */
const newMethodSchema = z.discriminatedUnion('type', [bankSchema, emailSchema], {
  error: 'A method is bank or email.',
});
export type PayoutMethodInput = z.infer<typeof newMethodSchema>;

/**
 * `PUT /api/user/payout-methods`: the whole list, in order. Each entry is a new method with its
 * details or `{id}` of a saved method to keep as it is (it keeps its id); a saved method not
 * listed is removed, unless a withdrawal still pending is to be paid to it.
 */
export const payoutMethodsSchema = z.object({
  methods: z
    .array(
      z.discriminatedUnion('type', [keptSchema, ...newMethodSchema.options], {
        error: 'A method is bank or email, or {id} of a saved one.',
      }),
      { error: 'List the payout methods.' },
    )
    .max(5, 'At most five payout methods.'),
});
export type PayoutMethodEntry = z.infer<typeof payoutMethodsSchema>['methods'][number];

export const payoutMethodSchema = z.object({
  id: z.string(),
  type: z.enum(['bank', 'email']),
  /** Shown everywhere after saving: "Amara Diallo · FR76 •••• 0189", "a•••@example.com". */
  masked: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export const payoutMethodsResponseSchema = z.object({ methods: z.array(payoutMethodSchema) });

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
