import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'wayfarer-market';
const AUDIENCE = 'wayfarer-market';
/** Access tokens are short-lived; the session behind them lasts longer and can be revoked. */
const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** Session id: revocation is checked against the session document on every request. */
  sid: string;
  exp: number;
}

export async function issueAccessToken(
  secret: Uint8Array,
  claims: { userId: string; sessionId: string; sessionExpiresAt: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const exp = Math.min(
    nowSeconds + ACCESS_TOKEN_TTL_SECONDS,
    Math.floor(claims.sessionExpiresAt.getTime() / 1000),
  );
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(exp)
    .sign(secret);
  return { token, expiresAt: new Date(exp * 1000) };
}

export type VerifyFailure = 'expired' | 'invalid';

type Verified = { ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure };

/** How many valid tokens each secret's cache keeps (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * The tokens found valid, per secret (one per API instance). Checking a signature (HMAC through
 * WebCrypto, in jose) costs some 80 µs, more than a cached read's whole work, and a client sends
 * the same token with every request for up to an hour: a token seen before is looked up. Only
 * what cannot change is kept (signature, issuer, audience and claims all come from the token's
 * own bytes); the expiry is checked on every use, as jose checks it. Revocation does not go
 * through tokens: the session behind one is checked by the auth middleware after this, as
 * before. A refused token is not kept, so made-up tokens cannot fill the cache; the oldest goes
 * when it is full.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, TokenClaims>>();

function keptClaims(secret: Uint8Array, token: string): Verified | undefined {
  const kept = verifiedTokens.get(secret);
  const claims = kept?.get(token);
  if (!kept || !claims) return undefined;
  // jose's rule: expired once exp <= now, in whole seconds.
  if (claims.exp > Math.floor(Date.now() / 1000)) return { ok: true, claims };
  kept.delete(token);
  return { ok: false, reason: 'expired' };
}

function keep(secret: Uint8Array, token: string, claims: TokenClaims): void {
  let kept = verifiedTokens.get(secret);
  if (!kept) {
    kept = new Map();
    verifiedTokens.set(secret, kept);
  }
  if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(token, claims);
}

/**
 * Checks signature, issuer, audience and (unless `allowExpired`) expiry. A refresh accepts an
 * expired token: the session document decides whether it may continue. A token found valid before
 * is not checked again (see verifiedTokens), unless `allowExpired`.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  { allowExpired = false } = {},
): Promise<{ ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure }> {
  if (!allowExpired) {
    const known = keptClaims(secret, token);
    if (known) return known;
  }
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      ...(allowExpired ? { clockTolerance: 400 * 24 * 60 * 60 } : {}),
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp };
    if (!allowExpired) keep(secret, token, claims);
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
