/**
 * Jobs and offers (issue 18): a customer posts what they need, agents answer with offers, and
 * accepting one makes an order at its terms (schemas/orders.ts, `Order.job`). The requests the
 * API takes (zod, field errors as sentences) and the answers it gives; the API keeps the rules
 * (api/src/routes/jobs/), the web app imports this file through `@wayfarer/api/schemas/jobs`.
 */
import { z } from 'zod';
import type { Money, OrderFile, OrderParty } from './orders';

export const JOB_STATUSES = ['open', 'closed', 'expired'] as const; // closed: by the customer or by an accepted offer
export type JobStatus = (typeof JOB_STATUSES)[number];
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** How long a job stays open unless the customer says otherwise (`open_days`: 1..60). */
export const JOB_OPEN_DAYS_DEFAULT = 14;
export const JOB_OPEN_DAYS_MAX = 60;
/** The customer hears this long before their open job expires. */
export const JOB_EXPIRY_WARNING_HOURS = 24;
/** An agent keeps at most this many saved searches of the board. */
export const SAVED_SEARCHES_MAX = 10;

export type JobBudget =
  { kind: 'fixed'; amount: Money } | { kind: 'range'; min: Money; max: Money };

export type JobAction = 'edit' | 'close' | 'offer';
export type OfferAction = 'edit' | 'withdraw' | 'accept' | 'decline';

export interface Job {
  id: string;
  title: string;
  service_id: string;
  /** Markdown. */
  description: string;
  /** The request sends {amount, currency} or {min, max} (both money, one currency, min < max). */
  budget: JobBudget;
  /** YYYY-MM-DD. */
  start_date: string;
  end_date: string | null;
  destination: string;
  travellers: number;
  open_days: number;
  /** Same shape as an order's files (content-checked, size-limited, like order attachments). */
  attachments: OrderFile[];
  status: JobStatus;
  customer: OrderParty;
  offer_count: number;
  accepted_offer_id: string | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  closed_at: string | null;
  /** What the viewer may do now: 'edit' | 'close' | 'offer' (an agent without an offer on an open job). */
  actions: JobAction[];
  /** For an agent viewer: their own offer on this job, if any. */
  my_offer: Offer | null;
}

export interface Offer {
  id: string;
  job_id: string;
  job_title: string;
  agent: OrderParty & {
    rating: number | null;
    rating_count: number;
    level: string;
    response_time_hours: number | null;
  };
  price: Money;
  delivery_days: number;
  revisions: number;
  message: string;
  gig: { id: string; title: string } | null;
  status: OfferStatus;
  /** Set once accepted. */
  order_id: string | null;
  created_at: string;
  updated_at: string;
  actions: OfferAction[];
}

/** `GET /api/jobs/{id}`: the job, and for its customer only, every offer. */
export interface JobDetail {
  job: Job;
  /** Present only for the job's customer. */
  offers?: Offer[];
}

/** An agent's saved search of the board: the board's query string fields. */
export interface SavedJobSearch {
  id: string;
  /** What the agent called it (defaults to a summary of the filters). */
  name: string;
  query: JobSearchQuery;
  created_at: string;
}

// Requests ------------------------------------------------------------------------------------

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const budgetMoney = (what: string) =>
  z.object(
    {
      amount: z
        .number({ error: `Enter the ${what} in whole cents.` })
        .int(`The ${what} is a whole number of cents.`)
        .min(500, `The ${what} is at least 5.00.`)
        .max(10_000_000, `The ${what} is at most 100,000.00.`),
      currency: z
        .string({ error: 'Give the currency, such as USD.' })
        .regex(/^[A-Z]{3}$/, 'The currency is a three-letter code such as USD.')
        .default('USD'),
    },
    { error: `Enter the ${what}.` },
  );

/** `{amount, currency}` (a fixed budget) or `{min, max}` (a range of the same currency, min < max). */
export const jobBudgetSchema = z
  .union(
    [
      budgetMoney('budget').strict(),
      z.object({ min: budgetMoney('lowest budget'), max: budgetMoney('highest budget') }).strict(),
    ],
    { error: 'Give a budget: an amount, or a lowest and a highest amount.' },
  )
  .superRefine((budget, ctx) => {
    if (!('min' in budget)) return;
    if (budget.min.currency !== budget.max.currency)
      ctx.addIssue({
        code: 'custom',
        path: ['max', 'currency'],
        message: 'Both ends of the range are in the same currency.',
      });
    else if (budget.min.amount >= budget.max.amount)
      ctx.addIssue({
        code: 'custom',
        path: ['max', 'amount'],
        message: 'The highest budget is more than the lowest.',
      });
  })
  .transform((budget): JobBudget =>
    'min' in budget
      ? { kind: 'range', min: budget.min, max: budget.max }
      : { kind: 'fixed', amount: { amount: budget.amount, currency: budget.currency } },
  );

const jobFields = {
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(10, 'A title has at least 10 characters.')
    .max(100, 'A title has at most 100 characters.'),
  service_id: z.string({ error: 'Choose a service.' }).trim().min(1, 'Choose a service.').max(60),
  description: z
    .string({ error: 'Describe what you need.' })
    .trim()
    .min(30, 'Write at least 30 characters.')
    .max(5000, 'At most 5,000 characters.'),
  budget: jobBudgetSchema,
  start_date: z
    .string({ error: 'Choose the start date.' })
    .regex(isoDate, 'Choose the start date, such as 2027-03-14.'),
  end_date: z
    .string()
    .regex(isoDate, 'The end date is a date such as 2027-03-14.')
    .nullish()
    .transform((v) => v || null),
  destination: z
    .string({ error: 'Enter the destination.' })
    .trim()
    .min(2, 'Enter the destination.')
    .max(100, 'At most 100 characters.'),
  travellers: z
    .number({ error: 'Enter the number of travellers.' })
    .int('Travellers are a whole number.')
    .min(1, 'At least 1 traveller.')
    .max(500, 'At most 500 travellers.'),
  open_days: z
    .number({ error: 'Say how many days the job stays open.' })
    .int('Open days are a whole number.')
    .min(1, 'At least 1 day.')
    .max(JOB_OPEN_DAYS_MAX, `At most ${JOB_OPEN_DAYS_MAX} days.`),
};

function datesInOrder(
  input: { start_date?: string; end_date?: string | null },
  ctx: z.core.$RefinementCtx,
) {
  if (input.start_date && input.end_date && input.end_date < input.start_date)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'The end date is on or after the start date.',
    });
}

/** `POST /api/jobs`. */
export const createJobSchema = z
  .object({ ...jobFields, open_days: jobFields.open_days.default(JOB_OPEN_DAYS_DEFAULT) })
  .superRefine(datesInOrder);
export type CreateJobInput = z.infer<typeof createJobSchema>;

/** `PATCH /api/jobs/{id}`: only the fields sent change (open_days counts from the job's posting). */
export const updateJobSchema = z
  .object({
    title: jobFields.title.optional(),
    service_id: jobFields.service_id.optional(),
    description: jobFields.description.optional(),
    budget: jobFields.budget.optional(),
    start_date: jobFields.start_date.optional(),
    end_date: jobFields.end_date.optional(),
    destination: jobFields.destination.optional(),
    travellers: jobFields.travellers.optional(),
    open_days: jobFields.open_days.optional(),
  })
  .strict()
  .superRefine(datesInOrder);
export type UpdateJobInput = z.infer<typeof updateJobSchema>;

const offerFields = {
  price: z.object(
    {
      amount: z
        .number({ error: 'Enter your price in whole cents.' })
        .int('The price is a whole number of cents.')
        .min(500, 'The lowest price is 5.00.')
        .max(10_000_000, 'The highest price is 100,000.00.'),
      currency: z
        .string({ error: 'Give the currency, such as USD.' })
        .regex(/^[A-Z]{3}$/, 'The currency is a three-letter code such as USD.')
        .default('USD'),
    },
    { error: 'Enter your price.' },
  ),
  delivery_days: z
    .number({ error: 'Enter the delivery time in days.' })
    .int('Delivery time is a whole number of days.')
    .min(1, 'At least 1 day.')
    .max(90, 'At most 90 days.'),
  revisions: z
    .number({ error: 'Enter the number of revisions, such as 2.' })
    .int('Revisions are a whole number.')
    .min(0, 'At least 0 revisions.')
    .max(20, 'At most 20 revisions.'),
  message: z
    .string({ error: 'Write a message to the customer.' })
    .trim()
    .min(20, 'Write at least 20 characters to the customer.')
    .max(3000, 'At most 3,000 characters.'),
  gig_id: z
    .string({ error: 'A gig is given by its id.' })
    .trim()
    .max(80)
    .nullish()
    .transform((v) => v || null),
};

/** `POST /api/jobs/{id}/offers`. */
export const createOfferSchema = z.object(offerFields);
export type CreateOfferInput = z.infer<typeof createOfferSchema>;

/** `PATCH /api/offers/{id}`: only the fields sent change. */
export const updateOfferSchema = z
  .object({
    price: offerFields.price.optional(),
    delivery_days: offerFields.delivery_days.optional(),
    revisions: offerFields.revisions.optional(),
    message: offerFields.message.optional(),
    gig_id: offerFields.gig_id.optional(),
  })
  .strict();
export type UpdateOfferInput = z.infer<typeof updateOfferSchema>;

const optionalCents = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(0, message).optional(),
  );
const optionalDate = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(isoDate, message).optional());

/** `GET /api/jobs`: the board's query string (the agent's services first, then newest). */
export const jobSearchSchema = z.object({
  q: z.string().trim().max(200, 'At most 200 characters.').optional(),
  service: z.string().trim().max(60).optional(),
  destination: z.string().trim().max(100).optional(),
  min_budget: optionalCents('min_budget is a whole number of cents.'),
  max_budget: optionalCents('max_budget is a whole number of cents.'),
  date_from: optionalDate('date_from is a date such as 2027-03-14.'),
  date_to: optionalDate('date_to is a date such as 2027-03-14.'),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
  per_page: z.coerce.number().int().min(1).max(50, 'At most 50 per page.').default(20),
});
export type JobSearch = z.infer<typeof jobSearchSchema>;
/** A saved search keeps the filters, not the page. */
export type JobSearchQuery = Omit<JobSearch, 'page' | 'per_page'>;

/** `POST /api/jobs/saved-searches`: the board's filters and an optional name. */
export const savedSearchSchema = jobSearchSchema
  .omit({ page: true, per_page: true })
  .extend({ name: z.string().trim().max(60, 'At most 60 characters.').optional() });

/** `GET /api/jobs/mine` (customer). */
export const myJobsQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, { error: 'status is open, closed or expired.' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET /api/offers/mine` (agent). */
export const myOffersQuerySchema = z.object({
  status: z
    .enum(OFFER_STATUSES, { error: 'status is pending, accepted, declined or withdrawn.' })
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
