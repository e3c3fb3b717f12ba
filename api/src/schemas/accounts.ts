/**
 * Accounts: request bodies and the user shape (API.md, Accounts). Messages are the sentences a
 * person sees under the field.
 */
import { z } from 'zod';
import { ROLES, SELF_SERVICE_ROLES } from './roles';

import { PASSWORD_MAX, PASSWORD_MIN, TAGNAME_HINT, TAGNAME_RULE } from './rules';

export { PASSWORD_MAX, PASSWORD_MIN, TAGNAME_HINT, TAGNAME_RULE };

const email = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

const password = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password must be at most ${PASSWORD_MAX} characters.`);

const fullName = z
  .string({ error: 'Enter your full name.' })
  .trim()
  .min(2, 'Enter your full name.')
  .max(80, 'A name has at most 80 characters.');

export const tagnameSchema = z
  .string({ error: 'Choose a tagname.' })
  .trim()
  .toLowerCase()
  .regex(TAGNAME_RULE, `A tagname has ${TAGNAME_HINT}`);

/** Adds "The password confirmation does not match." on password_confirmation. */
function confirmed<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: 'The password confirmation does not match.',
    });
  }
}

export const registerSchema = z
  .object({
    full_name: fullName,
    email,
    password,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
    role: z.enum(SELF_SERVICE_ROLES, { error: 'Choose Customer, Agent, Lecturer or Student.' }),
  })
  .superRefine(confirmed);
export type RegisterRequest = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.'),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginSchema>;

export const verifyEmailSchema = z.object({
  expires: z.coerce.number({ error: 'The link is incomplete.' }).int(),
  signature: z
    .string({ error: 'The link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{20,}$/, 'The link is incomplete.'),
});

export const passwordEmailSchema = z.object({ email });

export const passwordResetSchema = z
  .object({
    token: z
      .string({ error: 'The reset link is incomplete.' })
      .min(20, 'The reset link is incomplete.'),
    email,
    password,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
  })
  .superRefine(confirmed);

export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: 'Enter your current password.' })
      .min(1, 'Enter your current password.'),
    password,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
  })
  .superRefine(confirmed);

export const LANGUAGES_MAX = 10;

export const updateProfileSchema = z
  .object({
    full_name: fullName,
    bio: z.string().trim().max(2000, 'The bio has at most 2,000 characters.'),
    expertise: z.string().trim().max(60, 'The expertise has at most 60 characters.').nullable(),
    location: z.string().trim().max(120, 'The location has at most 120 characters.').nullable(),
    languages: z
      .array(z.string().trim().min(1).max(40, 'A language has at most 40 characters.'))
      .max(LANGUAGES_MAX, `List at most ${LANGUAGES_MAX} languages.`),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

export const updateTagnameSchema = z.object({ tagname: tagnameSchema });

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Enter your password to confirm.' })
    .min(1, 'Enter your password to confirm.'),
});

export const leaderboardEntrySchema = z.object({ expertise: z.string(), points: z.number() });

/** The signed-in user as `GET /api/user` and the account endpoints return it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  tagname: z.string().nullable(),
  role: z.enum(ROLES),
  full_name: z.string(),
  avatar: z.string().nullable(),
  cv: z.string().nullable(),
  bio: z.string(),
  expertise: z.string().nullable(),
  location: z.string().nullable(),
  languages: z.array(z.string()),
  leaderboards: z.array(leaderboardEntrySchema),
  new_notifications_count: z.number(),
  email_verified_at: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** `GET /api/user/{tagname}`: never the email or other private fields. */
export const publicUserSchema = userSchema.pick({
  id: true,
  tagname: true,
  role: true,
  full_name: true,
  avatar: true,
  bio: true,
  expertise: true,
  location: true,
  languages: true,
  leaderboards: true,
  created_at: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export interface SessionResponse {
  token: string;
  user: User;
  /** When this token stops working (ISO 8601); refresh before with POST /api/token/refresh. */
  expires_at: string;
  /** When the session itself ends (365 days with remember). */
  session_expires_at: string;
}

export interface TagnameAvailability {
  tagname: string;
  available: boolean;
  /** Why not, as a sentence, when unavailable. */
  reason?: string;
}

/** At most this many characters in a people search. */
const PEOPLE_QUERY_MAX = 60;

/** `GET /api/users/search`: people by tagname prefix (with or without `@`) or name words. */
export const peopleSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter a name or a tagname.' })
    .trim()
    .max(PEOPLE_QUERY_MAX, `A search has at most ${PEOPLE_QUERY_MAX} characters.`)
    .refine((q) => /[\p{L}\p{N}_]/u.test(q), 'Enter a name or a tagname.'),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').default(1),
  per_page: z.coerce.number().int().min(1).max(50, 'At most 50 per page.').default(20),
});
export type PeopleSearchQuery = z.infer<typeof peopleSearchQuerySchema>;

/** A member as people search lists them: enough to show them and link to `/@/{tagname}`. */
export const memberSummarySchema = userSchema.pick({
  id: true,
  tagname: true,
  full_name: true,
  avatar: true,
  role: true,
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
