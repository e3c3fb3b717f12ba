import { api } from '@/lib/api-client';
import { setSession } from '@/stores/auth';
import type { SessionResponse, User } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * POST /api/login (or /api/admin/login): keeps the session (the token cookie lives 365 days with
 * `remember`) and returns the user. Wrong credentials: 422 on `email`; a suspended account or,
 * for admin login, a non-admin: 403 with a message.
 */
export async function login(input: LoginInput, options: { admin?: boolean } = {}): Promise<User> {
  const session = await api.post<SessionResponse>(options.admin ? '/admin/login' : '/login', input);
  setSession(session, input.remember);
  return session.user;
}
