/**
 * Request and response shapes shared by the API and the web app (imported in web as
 * `@wayfarer/api/schemas`). Written once with zod; types are inferred from them.
 */
import { z } from 'zod';

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const serviceSummarySchema = z.object({ id: z.string(), name: z.string() });
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

const apiStatusSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime_s: z.number(),
});

/** `GET /api/health/live`: the API process answers (the database is not asked). */
export const liveResponseSchema = apiStatusSchema;
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** `GET /api/health/ready` and `GET /api/health`: the API and its database. */

export const healthResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    api: apiStatusSchema,
    couch: z.object({
      status: z.literal('ok'),
      embedded: z.boolean(),
      vendor: z.string(),
      version: z.string(),
    }),
  }),
  z.object({
    status: z.literal('error'),
    message: z.string(),
    api: apiStatusSchema,
    couch: z.object({ status: z.literal('down'), embedded: z.boolean(), error: z.string() }),
  }),
]);
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
  per_page: z.coerce.number().int().min(1).max(100, 'At most 100 per page.').default(20),
});

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      page: z.number(),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
    }),
  });
}

export * from './money';
export * from './roles';
export * from './accounts';
export * from './content';
export * from './userdata';
export * from './inbox';
export * from './admin';
export * from './gigs';
export * from './portfolio';
export * from './userdb-rules';
export * from './userdb-docs';
