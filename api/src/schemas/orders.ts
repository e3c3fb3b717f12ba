/**
 * Orders (issue 15): the requests the API takes and the order it answers with. The state
 * machine itself lives in the API (routes/orders/order-machine.ts); the statuses and the
 * actions are here because the web app shows them.
 */
import { z } from 'zod';
import { GIG_TIERS } from './gigs';
import { ORDER_STATUSES } from './userdb-rules';

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A `pending_payment` order expires after this long. */
export const PAYMENT_WINDOW_MINUTES = 30;
/** A delivered order completes by itself this long after its last delivery. */
export const AUTO_COMPLETE_DAYS = 3;

export type OrderAction =
  | 'pay'
  | 'start'
  | 'deliver'
  | 'accept'
  | 'revision'
  | 'cancel'
  | 'cancel_accept'
  | 'cancel_decline'
  | 'dispute';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const reason = (what: string) =>
  z
    .string({ error: `Say ${what}.` })
    .trim()
    .min(5, `Say ${what} (at least 5 characters).`)
    .max(2000, 'At most 2,000 characters.');

export const createOrderSchema = z
  .object({
    gig_id: z.string({ error: 'Choose a gig.' }).trim().min(1, 'Choose a gig.').max(80),
    tier: z.enum(GIG_TIERS, { error: 'Choose a package: basic, standard or premium.' }),
    extras: z
      .array(z.number().int('An extra is given by its number.').min(0), {
        error: 'Extras are a list of extra numbers.',
      })
      .max(10, 'At most 10 extras.')
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Each extra at most once.'),
    service_date: z
      .string({ error: 'Choose the date of the service.' })
      .regex(isoDate, 'Choose the date of the service.'),
    service_end_date: z
      .string()
      .regex(isoDate, 'The end date is a date such as 2027-03-14.')
      .nullish()
      .transform((v) => v ?? null),
    travellers: z
      .number({ error: 'Enter the number of travellers.' })
      .int('Travellers are a whole number.')
      .min(1, 'At least 1 traveller.')
      .max(500, 'At most 500 travellers.'),
    meeting_place: z
      .string()
      .trim()
      .max(200, 'At most 200 characters.')
      .nullish()
      .transform((v) => v || null),
    requirements: z.string().trim().max(5000, 'At most 5,000 characters.').default(''),
  })
  .superRefine((input, ctx) => {
    if (input.service_end_date && input.service_end_date < input.service_date)
      ctx.addIssue({
        code: 'custom',
        path: ['service_end_date'],
        message: 'The end date is on or after the start date.',
      });
  });
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const cardSchema = z.object({
  card: z.object(
    {
      number: z
        .string({ error: 'Enter the card number.' })
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (12 to 19 digits).')),
      exp_month: z.coerce
        .number({ error: 'Enter the expiry month.' })
        .int('Enter the expiry month.')
        .min(1, 'The month is 1 to 12.')
        .max(12, 'The month is 1 to 12.'),
      exp_year: z.coerce
        .number({ error: 'Enter the expiry year.' })
        .int('Enter the expiry year.')
        .min(2000, 'Enter the year with four digits.')
        .max(2100, 'Enter the year with four digits.'),
      cvc: z
        .string({ error: 'Enter the security code.' })
        .regex(/^\d{3,4}$/, 'The security code is 3 or 4 digits.'),
    },
    { error: 'Enter the card details.' },
  ),
});
export type CardInput = z.infer<typeof cardSchema>['card'];

export const deliverSchema = z.object({
  message: z
    .string({ error: 'Write a message with the delivery.' })
    .trim()
    .min(1, 'Write a message with the delivery.')
    .max(5000, 'At most 5,000 characters.'),
});

export const reasonSchema = z.object({ reason: reason('why') });
export const revisionSchema = z.object({ reason: reason('what should change') });
export const disputeSchema = z.object({ reason: reason('what went wrong') });

export const resolveDisputeSchema = z
  .object({
    outcome: z.enum(['complete', 'refund'], { error: 'The outcome is complete or refund.' }),
    refund_amount: z
      .number({ error: 'The refund is a whole number of cents.' })
      .int('The refund is a whole number of cents.')
      .min(1, 'The refund is at least 1 cent.')
      .nullish()
      .transform((v) => v ?? null),
    note: z
      .string({ error: 'Write a note both parties will see.' })
      .trim()
      .min(5, 'Write a note both parties will see (at least 5 characters).')
      .max(2000, 'At most 2,000 characters.'),
  })
  .superRefine((input, ctx) => {
    if (input.outcome === 'complete' && input.refund_amount !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: 'A completed order refunds nothing.',
      });
  });

export const orderListQuerySchema = z.object({
  as: z.enum(['customer', 'agent'], { error: 'as is customer or agent.' }).default('customer'),
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status.' }).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminOrderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status.' }).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export interface Money {
  amount: number;
  currency: string;
}

export interface OrderParty {
  id: string;
  full_name: string;
  tagname: string | null;
  avatar: string | null;
}

export interface OrderFile {
  id: string;
  name: string;
  content_type: string;
  size: number;
  url: string;
}

export interface OrderDelivery {
  id: string;
  message: string;
  files: OrderFile[];
  at: string;
}

export interface OrderEvent {
  at: string;
  /** Who: a user (customer, agent, admin) or a timer. */
  actor: { kind: 'customer' | 'agent' | 'admin' | 'timer'; id: string | null; name: string };
  event: string;
  note: string | null;
}

/** How an admin settled a dispute. */
export interface DisputeResolution {
  outcome: 'complete' | 'refund';
  refund: Money;
  note: string;
  at: string;
}

export interface OrderDispute {
  opened_by: 'customer' | 'agent';
  reason: string;
  at: string;
  resolution: DisputeResolution | null;
}

/** A gig's package tier, or `custom`: an order made from an accepted offer on a job (issue 18). */
export type OrderTier = (typeof GIG_TIERS)[number] | 'custom';
/** The package name of an order made from an offer. */
export const CUSTOM_OFFER_NAME = 'Custom offer';

export interface Order {
  id: string;
  status: OrderStatus;
  /**
   * The gig ordered. An order made from an offer names the offer's gig if it had one, else
   * `id` is null and the title is the job's.
   */
  gig: { id: string | null; title: string; service_id: string };
  /** The job and offer an order was made from (issue 18); null for an order of a gig. */
  job: { id: string; offer_id: string } | null;
  customer: OrderParty;
  agent: OrderParty;
  package: {
    tier: OrderTier;
    name: string;
    price: Money;
    delivery_days: number;
    revisions: number;
  };
  extras: { index: number; title: string; price: Money; delivery_days: number }[];
  travel: {
    service_date: string;
    service_end_date: string | null;
    travellers: number;
    meeting_place: string | null;
  };
  requirements: string;
  attachments: OrderFile[];
  total: Money;
  /** The platform's fee, taken from the agent's side. */
  fee: Money;
  /** What the agent gets when the order completes: total - fee. */
  agent_earnings: Money;
  refunded: Money;
  revisions_used: number;
  revisions_allowed: number;
  deliveries: OrderDelivery[];
  revision_requests: { reason: string; at: string }[];
  cancellation: {
    requested_by: 'customer' | 'agent';
    reason: string;
    at: string;
  } | null;
  dispute: OrderDispute | null;
  timeline: OrderEvent[];
  created_at: string;
  paid_at: string | null;
  due_at: string | null;
  delivered_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  expires_at: string | null;
  auto_complete_at: string | null;
  /** What the viewer may do now (the server refuses the rest). */
  actions: OrderAction[];
  conversation_with: string | null;
}

/** `GET /api/balance`: the caller's balances, derived from the ledger (money objects). */
export interface Balance {
  /** Agent: cleared earnings that can be withdrawn. */
  available: Money;
  /** Agent: released to them, still clearing (CLEARANCE_DAYS). */
  pending_clearance: Money;
  /** Agent: asked to be paid out, not paid yet. */
  pending_payout: Money;
  /** Agent: paid out. */
  withdrawn: Money;
  /** Agent: everything ever released to them. */
  earned: Money;
  /** Customer: paid minus refunded. */
  spent: Money;
  /** Customer: held in escrow for their paid, open orders. */
  in_escrow: Money;
}

export interface LedgerCheck {
  ok: boolean;
  checked_orders: number;
  checked_entries: number;
  sums: { currency: string; sum: number }[];
  negative_balances: { account: string; currency: string; balance: number }[];
  differences: {
    order_id: string;
    status: string;
    missing: string[];
    unexpected: string[];
  }[];
}
