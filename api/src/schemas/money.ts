import { z } from 'zod';

/** Money: integer minor units and an ISO 4217 currency code. */
export const moneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof moneySchema>;
