import { proxy, useSnapshot } from 'valtio';
import { clearTokenCookie, loadTokenCookie, saveTokenCookie } from '@/lib/token-cookie';
import type { User } from '@/types/api';

export interface AuthState {
  token: string | null;
  /** Loaded from GET /api/user; a token without a user means "not loaded yet". */
  user: User | null;
  /** "Remember me" was ticked at login: the cookie lives 365 days, not the browser session. */
  remember: boolean;
}

export const authStore = proxy<AuthState>({ token: null, user: null, remember: false });

/** Login or registration: keeps the token (and its cookie) and the user it belongs to. */
export function setSession(
  session: { token: string; user: User; session_expires_at?: string | null },
  remember: boolean,
): void {
  authStore.remember = remember;
  authStore.token = session.token;
  authStore.user = session.user;
  saveTokenCookie(session.token, remember, session.session_expires_at);
}

/** A refreshed (or otherwise replaced) token: the cookie keeps the lifetime it was given. */
export function setToken(token: string, sessionExpiresAt?: string | null): void {
  authStore.token = token;
  saveTokenCookie(token, authStore.remember, sessionExpiresAt);
}

/** At start: the token of an earlier visit, if its cookie is still there. */
export function restoreToken(): void {
  const stored = loadTokenCookie();
  authStore.token = stored.token;
  authStore.remember = stored.token !== null && stored.remember;
}

export function setUser(user: User | null): void {
  authStore.user = user;
}

/** Logout, a failed user load, or a 401: the token, its cookie and the user go together. */
export function clearAuth(): void {
  authStore.token = null;
  authStore.user = null;
  authStore.remember = false;
  clearTokenCookie();
}

export function isLoggedIn(state: Pick<AuthState, 'user'> = authStore): boolean {
  return state.user !== null;
}

/**
 * The signed-in user for rendering (re-renders when it changes). A valtio snapshot is frozen;
 * it is typed as the plain `User` so components can pass it on, and must not be mutated.
 */
export function useCurrentUser(): User | null {
  return useSnapshot(authStore).user as User | null;
}
