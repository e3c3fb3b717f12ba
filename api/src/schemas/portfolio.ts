/**
 * An agent's portfolio (not in the spec, issue 20): projects they show off on their profile's
 * Projects tab, as Fiverr's and Upwork's "Portfolio projects". Request shapes and the project as
 * clients see it.
 */
import { z } from 'zod';
import { GIG_IMAGES_MAX } from './gigs';

/** Projects one agent may show. */
export const PORTFOLIO_MAX = 20;
/** Pictures per project: the gig's limit, with the same uploads (2 MB, PNG, JPEG or WebP). */
export const PORTFOLIO_IMAGES_MAX = GIG_IMAGES_MAX;
export const PORTFOLIO_TITLE_MIN = 3;
export const PORTFOLIO_TITLE_MAX = 80;
export const PORTFOLIO_DESCRIPTION_MAX = 2000;
/** The earliest year a project may be dated. */
export const PORTFOLIO_FIRST_YEAR = 1950;

/** `YYYY` or `YYYY-MM`: when the work was done, as precisely as the agent wants to say. */
const completedOn = z
  .string({ error: 'Enter a year such as 2024, or a month such as 2024-05.' })
  .trim()
  .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'Enter a year such as 2024, or a month such as 2024-05.')
  .refine(
    (value) => Number(value.slice(0, 4)) >= PORTFOLIO_FIRST_YEAR,
    `Enter a year from ${PORTFOLIO_FIRST_YEAR} on.`,
  );

export const portfolioFieldsSchema = z.object({
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(PORTFOLIO_TITLE_MIN, `A title has at least ${PORTFOLIO_TITLE_MIN} characters.`)
    .max(PORTFOLIO_TITLE_MAX, `A title has at most ${PORTFOLIO_TITLE_MAX} characters.`),
  description: z
    .string({ error: 'The description is text.' })
    .trim()
    .max(PORTFOLIO_DESCRIPTION_MAX, 'At most 2,000 characters.')
    .default(''),
  service_id: z.string({ error: 'Choose a service.' }).trim().min(1, 'Choose a service.'),
  completed_on: completedOn.nullable().default(null),
  /** One of the agent's own completed orders this work was done for. */
  order_id: z
    .string({ error: 'Choose one of your completed orders.' })
    .trim()
    .min(1, 'Choose one of your completed orders.')
    .max(100, 'Choose one of your completed orders.')
    .nullable()
    .default(null),
});
export type PortfolioFields = z.infer<typeof portfolioFieldsSchema>;

const fields = portfolioFieldsSchema.shape;
/** Only the fields sent change; `revision` (as last read) makes a stale edit a 409. */
export const portfolioPatchSchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description.unwrap().optional(),
    service_id: fields.service_id.optional(),
    completed_on: fields.completed_on.unwrap().optional(),
    order_id: fields.order_id.unwrap().optional(),
    revision: z.string({ error: 'revision is the one the project was read with.' }).optional(),
  })
  .strict();
export type PortfolioPatch = z.infer<typeof portfolioPatchSchema>;

/** The agent's projects in the order the profile shows them: each of them once. */
export const portfolioOrderSchema = z.object({
  ids: z
    .array(z.string({ error: 'ids are project ids.' }).min(1).max(100), {
      error: 'List your projects’ ids in the order to show them.',
    })
    .max(PORTFOLIO_MAX, `At most ${PORTFOLIO_MAX} projects.`),
});
export type PortfolioOrder = z.infer<typeof portfolioOrderSchema>;

/** A portfolio project as anyone sees it. */
export interface PortfolioProject {
  id: string;
  title: string;
  /** Markdown. */
  description: string;
  service_id: string;
  /** `YYYY` or `YYYY-MM`, or null. */
  completed_on: string | null;
  /** Image URLs, the cover first. */
  images: string[];
  /** Set when the work was one of the agent's completed orders here: when it completed. */
  verified_order: { completed_at: string } | null;
  created_at: string;
  updated_at: string;
}

/** The same for its agent: the order it is linked to and the revision an edit sends back. */
export interface OwnPortfolioProject extends PortfolioProject {
  order_id: string | null;
  revision: string;
}
