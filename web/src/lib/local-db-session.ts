// The signed-in user, remembered on this device so that the app opens offline: when the start-up
// user load cannot reach the server, the user of the stored token is taken from here and the
// pages of their own data (wishlists, drafts, notifications, project box) work from the local
// database. Forgotten with the token (logout, a session the server ended, account deletion).
import type { User } from '@/types/api';

const KEY = 'wf-session-user';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function rememberSessionUser(user: User): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(user));
  } catch {
    // Full or disabled: the app still works online.
  }
}

export function forgetSessionUser(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The `sub` claim (the user id) of a JWT; the signature is the server's business. */
export function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) =>
        c.charCodeAt(0),
      ),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** The remembered user when it is the owner of `token`, or null. */
export function sessionUserFor(token: string): User | null {
  const subject = tokenSubject(token);
  if (!subject) return null;
  try {
    const text = storage()?.getItem(KEY);
    if (!text) return null;
    const user = JSON.parse(text) as User;
    return user && typeof user === 'object' && user.id === subject ? user : null;
  } catch {
    return null;
  }
}
