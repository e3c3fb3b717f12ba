// The session's life cycle around the auth store: the global check before every route (spec
// section 2), reloading the user, and logout (spec section 4).
import { authStore, clearAuth, setUser } from '@/stores/auth';
import type { User, UserResponse } from '@/types/api';
import { ApiError, api } from './api-client';
import { sessionUserFor } from './local-db-session';

/** GET /api/user: the signed-in user (and the lists the spec loads with it) into the stores. */
export async function loadUser(options: { signal?: AbortSignal } = {}): Promise<User> {
  const response = await api.get<UserResponse>('/user', options);
  setUser(response.user);
  return response.user;
}

/**
 * Whether a failed user load means the stored token is no good. The spec clears the token on
 * any failure; an offline device (no answer) or a server in trouble (5xx) says nothing about the
 * token, and clearing it there would end a 365-day session because the train went into a tunnel.
 */
export function isTokenRejected(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status !== 0 && error.status < 500;
}

let checking: Promise<void> | null = null;

/**
 * The global check before every route: a stored token without a loaded user loads the user
 * first. A failure is not an error for the page (it renders for a guest) and clears the token.
 */
export function ensureSession(): Promise<void> {
  if (!authStore.token || authStore.user) return Promise.resolve();
  checking ??= loadUser()
    .then(
      () => undefined,
      (error: unknown) => {
        if (isTokenRejected(error)) clearAuth();
        else restoreOfflineUser();
      },
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}

/**
 * Offline (or the server in trouble) at start: the user this device remembers for the stored
 * token, so their own data opens from the local database; reloaded when the network returns.
 */
function restoreOfflineUser(): void {
  const user = authStore.token ? sessionUserFor(authStore.token) : null;
  if (!user) return;
  setUser(user);
  window.addEventListener('online', () => void loadUser().catch(() => undefined), { once: true });
}

/**
 * Forgets the session on this device: user, page data, token (cookie included) and the user's
 * local database (stopped and deleted).
 */
export function endSession(): void {
  const userId = authStore.user?.id;
  // Loaded on demand: a guest's first page never carries the local database code.
  void import('./local-db').then(({ wipeLocalDb }) => wipeLocalDb(userId));
  // The service worker's copies of gigs this user opened (vite.config.ts): one may be their
  // own draft, which the next person on this device must not read offline.
  if (typeof caches !== 'undefined') void caches.delete(GIG_CACHE).catch(() => undefined);
  clearAuth();
}

/** The service worker's cache of opened gigs (the name vite.config.ts gives it). */
const GIG_CACHE = 'wayfarer-gigs';

/**
 * POST /api/logout, then the session ends here whatever the server said: a failed call is
 * ignored (spec section 8) and the user is logged out all the same. Changes made on this device
 * go to the server first; when some cannot (offline), nothing happens and the count is returned
 * so that the user decides: stay (they sync later) or `discardUnsynced` and lose them.
 */
export async function logout(
  options: { discardUnsynced?: boolean } = {},
): Promise<{ loggedOut: true } | { loggedOut: false; unsynced: number }> {
  // 0 as well when the local database code failed to load: nothing of it is open then.
  const unsynced = await import('./local-db')
    .then(({ flushLocalDb }) => flushLocalDb())
    .catch(() => 0);
  if (unsynced > 0 && !options.discardUnsynced) return { loggedOut: false, unsynced };
  try {
    if (authStore.token) await api.post('/logout', undefined, { skipRefresh: true });
  } catch {
    // Ignored on purpose: the token may already be revoked, or the device offline.
  } finally {
    endSession();
  }
  return { loggedOut: true };
}
