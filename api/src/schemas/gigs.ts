import { z } from 'zod';

export const GIG_TIERS = ['basic', 'standard', 'premium'] as const;
export const GIG_STATUSES = ['draft', 'active', 'paused'] as const;
export const GIG_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export const GIG_IMAGES_MAX = 6;
export const GIG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Rows of one word's index range a search reads at most (see routes/gigs/gigs.service.ts). */
export const SEARCH_CANDIDATES = 300;
/**
 * Index rows a search sorted by price, date or rating reads at most (routes/gigs/search-plan.ts):
 * enough for an exact page of nearly every search; past it the page shows the first matches found,
 * in order, and the total is a lower bound.
 */
export const SORTED_SEARCH_ROWS = 4000;

const money = z.object({
  amount: z
    .number({ error: 'Enter a price in dollars, such as 45 or 45.50.' })
    .int('Prices are in whole cents.')
    .min(500, 'The lowest price is 5.00.')
    .max(10_000_000, 'The highest price is 100,000.00.'),
  currency: z.literal('USD', { error: 'Prices are in USD.' }).default('USD'),
});

const packageSchema = z.object({
  tier: z.enum(GIG_TIERS, { error: 'A package is basic, standard or premium.' }),
  name: z.string().trim().min(2, 'Name the package.').max(40, 'At most 40 characters.'),
  description: z.string().trim().max(300, 'At most 300 characters.').default(''),
  price: money,
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
  includes: z
    .array(z.string().trim().min(1).max(80, 'At most 80 characters.'))
    .max(10, 'At most 10 items.')
    .default([]),
});

const extraSchema = z.object({
  title: z.string().trim().min(2, 'Name the extra.').max(60, 'At most 60 characters.'),
  price: money,
  delivery_days: z
    .number({ error: 'Enter the extra days as a whole number (0 if none).' })
    .int('Extra days are a whole number.')
    .min(0, 'At least 0 days.')
    .max(30, 'At most 30 extra days.')
    .default(0),
});

const list = (label: string, max: number) =>
  z
    .array(z.string().trim().min(1).max(60, `A ${label} has at most 60 characters.`))
    .max(max, `At most ${max} ${label}s.`);

export const gigFieldsSchema = z.object({
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(10, 'A title has at least 10 characters.')
    .max(80, 'A title has at most 80 characters.'),
  service_id: z.string({ error: 'Choose a service.' }).trim().min(1, 'Choose a service.'),
  description: z
    .string({ error: 'Describe the gig.' })
    .trim()
    .min(50, 'Write at least 50 characters.')
    .max(5000, 'At most 5,000 characters.'),
  location: z.string().trim().max(80).nullable().default(null),
  destinations: list('destination', 10).default([]),
  languages: list('language', 10).default([]),
  packages: z
    .array(packageSchema)
    .max(3, 'At most three packages.')
    .refine((p) => new Set(p.map((x) => x.tier)).size === p.length, 'Each tier appears once.')
    .default([]),
  extras: z.array(extraSchema).max(10, 'At most 10 extras.').default([]),
  status: z.enum(GIG_STATUSES, { error: 'status is draft, active or paused.' }).default('draft'),
});
export type GigFields = z.infer<typeof gigFieldsSchema>;

const fields = gigFieldsSchema.shape;
/** Only the fields sent change: no defaults here (a default would wipe what the gig has). */
export const gigPatchSchema = z
  .object({
    title: fields.title.optional(),
    service_id: fields.service_id.optional(),
    description: fields.description.optional(),
    location: fields.location.unwrap().optional(),
    destinations: fields.destinations.unwrap().optional(),
    languages: fields.languages.unwrap().optional(),
    packages: fields.packages.unwrap().optional(),
    extras: fields.extras.unwrap().optional(),
    status: fields.status.unwrap().optional(),
  })
  .strict();
export type GigPatch = z.infer<typeof gigPatchSchema>;

const optionalNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(0, message).optional(),
  );

export const gigSearchSchema = z.object({
  q: z.string().trim().max(200, 'At most 200 characters.').optional(),
  service: z.string().trim().max(60).optional(),
  min_price: optionalNumber('min_price is a whole number of cents.'),
  max_price: optionalNumber('max_price is a whole number of cents.'),
  delivery_days: optionalNumber('delivery_days is a whole number of days.'),
  language: z.string().trim().max(40).optional(),
  destination: z.string().trim().max(60).optional(),
  min_rating: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().min(0).max(5, 'min_rating is between 0 and 5.').optional(),
  ),
  sort: z
    .enum(GIG_SORTS, { error: 'sort is relevance, newest, price_asc, price_desc or rating.' })
    .default('relevance'),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
  per_page: z.coerce.number().int().min(1).max(50, 'At most 50 per page.').default(20),
});
export type GigSearch = z.infer<typeof gigSearchSchema>;

export interface GigPackage {
  tier: (typeof GIG_TIERS)[number];
  name: string;
  description: string;
  price: { amount: number; currency: string };
  delivery_days: number;
  revisions: number;
  includes: string[];
}

export interface GigSummary {
  id: string;
  title: string;
  service_id: string;
  owner: { id: string; tagname: string | null; full_name: string; avatar: string | null };
  image: string | null;
  starting_price: { amount: number; currency: string };
  min_delivery_days: number;
  rating: { average: number; count: number };
  languages: string[];
  destinations: string[];
  location: string | null;
  published_at: string | null;
}

export interface Gig extends GigSummary {
  description: string;
  packages: GigPackage[];
  extras: { title: string; price: { amount: number; currency: string }; delivery_days: number }[];
  images: string[];
  status: (typeof GIG_STATUSES)[number];
  created_at: string;
  updated_at: string;
}
