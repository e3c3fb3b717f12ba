// The session token lives in a cookie named `token` (spec section 7): 365 days with "remember me",
// a session cookie (gone when the browser closes) otherwise. A second cookie with the same
// lifetime records the choice, so a refreshed token is written back with the lifetime it had.

export const TOKEN_COOKIE = 'token';
export const REMEMBER_COOKIE = 'token_remember';
const REMEMBER_DAYS = 365;
const DAY_MS = 86_400_000;

export interface CookieOptions {
  /** When the cookie should expire; omitted: a session cookie. */
  expiresAt?: Date;
  /** Secure flag: on for https pages. */
  secure: boolean;
}

/** A `document.cookie` assignment for `name`: path /, SameSite=Lax, Secure on https. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.expiresAt) {
    const seconds = Math.max(0, Math.round((options.expiresAt.getTime() - Date.now()) / 1000));
    parts.push(`Max-Age=${seconds}`, `Expires=${options.expiresAt.toUTCString()}`);
  }
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** A `document.cookie` assignment that deletes `name`. */
function expiredCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', { expiresAt: new Date(0), secure });
}

/** The value of `name` in a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const index = pair.indexOf('=');
    if (index === -1) continue;
    if (pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * When a remembered token's cookie expires: at the end of the session when the server said
 * (never beyond 365 days), otherwise 365 days from `now`.
 */
export function rememberedUntil(sessionExpiresAt?: string | null, now: number = Date.now()): Date {
  const max = now + REMEMBER_DAYS * DAY_MS;
  const end = sessionExpiresAt ? Date.parse(sessionExpiresAt) : Number.NaN;
  return new Date(Number.isFinite(end) && end > now && end < max ? end : max);
}

/** Where cookies are read and written; `document` in the app, a fake in tests. */
export interface CookieJar {
  cookie: string;
}

const isHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

export interface StoredToken {
  token: string | null;
  remember: boolean;
}

export function saveTokenCookie(
  token: string,
  remember: boolean,
  sessionExpiresAt?: string | null,
  jar: CookieJar = document,
): void {
  const secure = isHttps();
  if (remember) {
    const expiresAt = rememberedUntil(sessionExpiresAt);
    jar.cookie = serializeCookie(TOKEN_COOKIE, token, { expiresAt, secure });
    jar.cookie = serializeCookie(REMEMBER_COOKIE, '1', { expiresAt, secure });
  } else {
    jar.cookie = serializeCookie(TOKEN_COOKIE, token, { secure });
    jar.cookie = expiredCookie(REMEMBER_COOKIE, secure);
  }
}

export function loadTokenCookie(jar: CookieJar = document): StoredToken {
  const token = readCookie(jar.cookie, TOKEN_COOKIE);
  return { token: token || null, remember: readCookie(jar.cookie, REMEMBER_COOKIE) === '1' };
}

export function clearTokenCookie(jar: CookieJar = document): void {
  const secure = isHttps();
  jar.cookie = expiredCookie(TOKEN_COOKIE, secure);
  jar.cookie = expiredCookie(REMEMBER_COOKIE, secure);
}
