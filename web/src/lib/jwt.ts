// Reads a JWT's expiry on the client. The signature is the server's business: the client only
// needs to know when to ask for a fresh token (POST /api/token/refresh) before this one dies.

/** Refresh when the token has at most this long to live (the access token lives 1 hour). */
export const REFRESH_WINDOW_MS = 5 * 60_000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's `exp` claim in ms since the epoch, or null when it has none or is not a JWT. */
export function decodeJwtExp(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(decodeBase64Url(parts[1])) as unknown;
    if (typeof payload !== 'object' || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * True when the token expires within `windowMs` of `now` (or already has). A token whose expiry
 * cannot be read is left alone: the server's 401 decides for it.
 */
export function shouldRefresh(
  token: string,
  now: number = Date.now(),
  windowMs: number = REFRESH_WINDOW_MS,
): boolean {
  const exp = decodeJwtExp(token);
  return exp !== null && exp - now <= windowMs;
}
