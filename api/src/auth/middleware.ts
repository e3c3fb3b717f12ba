import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv, AuthContext } from '../context';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { can, type Permission, type Role } from '../schemas';
import { checkSession } from './sessions';
import { verifyAccessToken } from './tokens';

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Reads the bearer token when there is one. A missing token leaves the caller a guest; a bad,
 * expired or revoked one is a 401 (so a client holding it knows to refresh or log in again).
 */
export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', undefined);
    const token = bearerToken(c);
    if (!token) return next();
    const verified = await verifyAccessToken(deps.jwtSecret, token);
    if (!verified.ok) {
      throw unauthorized(
        verified.reason === 'expired'
          ? 'Your session token has expired. Refresh it or log in again.'
          : 'Unauthenticated.',
      );
    }
    const isSync = c.req.path.startsWith('/api/sync/');
    const live = deps.liveSessions;
    const cached = isSync ? live.cache.get(verified.claims.sid) : undefined;
    if (cached && cached.user.id === verified.claims.sub) {
      c.set('auth', {
        user: cached.user,
        session: cached.session,
        sessionId: verified.claims.sid,
        mark: cached.mark,
      });
      return next();
    }
    // Taken before the read: a change made meanwhile is seen by LiveSessions.changedSince.
    const mark = live.mark();
    const check = await checkSession(deps.couch, verified.claims.sub, verified.claims.sid);
    if (!check.ok) {
      live.cache.invalidateSession(verified.claims.sid);
      throw unauthorized(check.message);
    }
    if (isSync && !live.changedSince(mark, verified.claims.sub, verified.claims.sid))
      live.cache.set(verified.claims.sid, check.user, check.session, mark);
    c.set('auth', {
      user: check.user,
      session: check.session,
      sessionId: verified.claims.sid,
      mark,
    });
    return next();
  };
}

export function currentAuth(c: Context<AppEnv>): AuthContext {
  const auth = c.get('auth');
  if (!auth) throw unauthorized();
  return auth;
}

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentAuth(c);
  return next();
};

/**
 * The signed-in caller, if allowed: 401 for a guest, 403 when the email address must be verified
 * (content-creating actions, issue 3) and is not, or when the role lacks `permission`.
 */
export function authorize(
  c: Context<AppEnv>,
  rule: { verified?: boolean; permission?: Permission },
): AuthContext {
  const auth = currentAuth(c);
  if (rule.verified && !auth.user.email_verified_at) {
    throw new AppError(
      403,
      'Verify your email address first: open the link we emailed you, or ask for a new one.',
    );
  }
  if (rule.permission && !can(auth.user.role as Role, rule.permission))
    throw forbidden('Your account type is not allowed to do this.');
  return auth;
}

export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    authorize(c, { permission });
    return next();
  };
}
