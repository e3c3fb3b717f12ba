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

/**
 * Checks signature, issuer, audience and (unless `allowExpired`) expiry. A refresh accepts an
 * expired token: the session document decides whether it may continue.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  { allowExpired = false } = {},
): Promise<{ ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure }> {
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
    return { ok: true, claims: { sub: payload.sub, sid: payload.sid, exp: payload.exp } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
