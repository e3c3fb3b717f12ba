import type { SELF_SERVICE_ROLES } from '@wayfarer/api/schemas/roles';
import { api } from '@/lib/api-client';
import { setSession } from '@/stores/auth';
import type { SessionResponse, User } from '@/types/api';

export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

export interface RegisterInput {
  full_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  role: SelfServiceRole | '';
}

/** POST /api/register: 201 with a session (kept for this browser session) and a verification mail. */
export async function register(input: RegisterInput): Promise<User> {
  const session = await api.post<SessionResponse>('/register', input);
  setSession(session, false);
  return session.user;
}
