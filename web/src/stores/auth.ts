import { proxy } from 'valtio';
import type { User } from '@/types/api';

export interface AuthState {
  token: string | null;
  /** Loaded from GET /api/user; a token without a user means "not loaded yet". */
  user: User | null;
}

export const authStore = proxy<AuthState>({ token: null, user: null });

export function setToken(token: string | null): void {
  authStore.token = token;
}

export function setUser(user: User | null): void {
  authStore.user = user;
}

/** Logout, a failed user load, or a 401: the token and the user go together. */
export function clearAuth(): void {
  authStore.token = null;
  authStore.user = null;
}

export function isLoggedIn(state: AuthState = authStore): boolean {
  return state.user !== null;
}
