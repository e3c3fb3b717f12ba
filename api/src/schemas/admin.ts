import { z } from 'zod';
import { ROLES } from './roles';

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES, { error: 'Unknown role.' }).optional(),
  status: z.enum(['active', 'suspended'], { error: 'status is active or suspended.' }).optional(),
  verified: z.enum(['true', 'false'], { error: 'verified is true or false.' }).optional(),
  sort: z
    .enum(['newest', 'oldest', 'name'], { error: 'sort is newest, oldest or name.' })
    .default('newest'),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
  per_page: z.coerce.number().int().min(1).max(100, 'At most 100 per page.').default(20),
});

export const adminUserPatchSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Choose Admin, Customer, Agent, Lecturer or Student.' }),
    status: z.enum(['active', 'suspended'], { error: 'status is active or suspended.' }),
    email_verified: z.literal(true, { error: 'email_verified can only be set to true.' }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, {
    message: 'Change at least one of role, status or email_verified.',
    path: ['body'],
  });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const serviceInputSchema = z.object({
  name: z
    .string({ error: 'Enter a name.' })
    .trim()
    .min(2, 'A name has at least 2 characters.')
    .max(60, 'A name has at most 60 characters.'),
  description: z
    .string({ error: 'Enter a description.' })
    .trim()
    .min(10, 'Write at least 10 characters.')
    .max(1000, 'At most 1,000 characters.'),
  status: z
    .enum(['active', 'inactive'], { error: 'status is active or inactive.' })
    .default('active'),
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'An icon name has lower-case letters, digits and dashes.')
    .nullable()
    .optional(),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const contactPatchSchema = z
  .object({ handled: z.boolean({ error: 'handled is true or false.' }) })
  .strict();

export const blogInputSchema = z.object({
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(3, 'A title has at least 3 characters.')
    .max(140, 'A title has at most 140 characters.'),
  slug: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      'A slug has lower-case letters and digits separated by dashes.',
    )
    .max(100)
    .optional(),
  excerpt: z
    .string({ error: 'Write a short summary.' })
    .trim()
    .min(10, 'Write at least 10 characters.')
    .max(300, 'At most 300 characters.'),
  body: z
    .string({ error: 'Write the post.' })
    .trim()
    .min(20, 'Write at least 20 characters.')
    .max(50_000, 'At most 50,000 characters.'),
  status: z
    .enum(['published', 'draft'], { error: 'status is published or draft.' })
    .default('draft'),
});
export type BlogInput = z.infer<typeof blogInputSchema>;

export interface AdminUserRow {
  id: string;
  full_name: string;
  email: string;
  tagname: string | null;
  role: string;
  status: 'active' | 'suspended';
  verified: boolean;
  created_at: string;
}

export interface AuditEntry {
  id: string;
  actor: { id: string; full_name: string };
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
}

export interface AdminStats {
  users: { total: number; by_role: Record<string, number>; active_7d: number; verified: number };
  signups_per_day: { day: string; counts: Record<string, number> }[];
  services: { id: string; name: string; status: string; gig_count: number }[];
  contact_messages: { open: number; handled: number };
  blog: { published: number };
}
