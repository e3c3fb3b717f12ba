// Response shapes the web app reads. Those the API already publishes come from its zod schemas
// (`@wayfarer/api/schemas`, type-only imports: no validation code reaches the bundle); the rest
// are spec section 3 shapes that move there as their endpoints are built.
import type {
  HealthResponse,
  PublicUser,
  ServiceSummary,
  SessionResponse,
  TagnameAvailability,
  User,
} from '@wayfarer/api/schemas';

export type { HealthResponse, PublicUser, SessionResponse, TagnameAvailability, User };

/** GET /api/user: the signed-in user with the lists the spec loads alongside (section 7). */
export interface UserResponse {
  user: User;
  projects: LooseDoc[];
  wishlists: LooseDoc[];
}

/** An answer that only says what happened (verification, password mails, resets). */
export interface MessageResponse {
  message: string;
}

/** A document whose fields are not settled yet (spec: "fields ... not shown"). */
type LooseDoc = { id: string } & Record<string, unknown>;

export type Service = ServiceSummary;
