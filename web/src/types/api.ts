// Response shapes the web app reads. Those the API already publishes come from its zod schemas
// (`@wayfarer/api/schemas`, type-only imports: no validation code reaches the bundle); the rest
// are spec section 3 shapes that move there as their endpoints are built.
import type { Role, ServiceSummary, HealthResponse } from '@wayfarer/api/schemas';

export type { Role, HealthResponse };

export interface LeaderboardEntry {
  expertise: string;
  points: number;
}

export interface User {
  id: string;
  tagname: string | null;
  role: Role;
  avatar: string | null;
  cv: string | null;
  full_name: string;
  expertise: string | null;
  leaderboards: LeaderboardEntry[];
  new_notifications_count: number;
  email_verified_at: string | null;
}

/** GET /api/user/{tagname}: a public profile, never email or private fields. */
export type PublicUser = Pick<User, 'id' | 'tagname' | 'role' | 'avatar' | 'full_name'> &
  Partial<Pick<User, 'expertise' | 'leaderboards'>>;

/** A document whose fields are not settled yet (spec: "fields ... not shown"). */
export type LooseDoc = { id: string } & Record<string, unknown>;

export type Service = ServiceSummary;

export interface PersonSummary {
  id: string;
  full_name: string;
  tagname: string;
  avatar: string | null;
}

export interface ShortlistIndividual {
  id: string;
  from_id: string;
  from: Omit<PersonSummary, 'id'>;
  expertise: string;
  apply_reason: string;
  self_describe: string;
}

export interface ShortlistTeam {
  id: string;
  from_id: string;
  leader_id: string;
  apply_reason: string;
  self_describe: string;
  applicant_team_members: { id: string; member: PersonSummary; expertise: string }[];
}

/** GET /api/project/{project_url}/shortlist */
export interface ShortlistResponse {
  shortlistIndividual: ShortlistIndividual[];
  shortlistTeam: ShortlistTeam[];
  project: unknown;
}

/** GET /api/party */
export interface PartyResponse {
  leader: (LooseDoc & { members: LooseDoc[] }) | null;
  member: unknown;
}
