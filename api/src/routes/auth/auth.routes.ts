import { Hono, type Context } from 'hono';
import { bearerToken, currentAuth } from '../../auth/middleware';
import { checkSession, revokeSession } from '../../auth/sessions';
import { verifyAccessToken } from '../../auth/tokens';
import type { AppDeps, AppEnv } from '../../context';
import { noStore } from '../../lib/cache-control';
import { clientOf } from '../../lib/client';
import { passwordHashing } from '../../lib/password';
import { limitByIp } from '../../lib/rate-limit';
import { unauthorized } from '../../lib/errors';
import {
  loginSchema,
  passwordEmailSchema,
  passwordResetSchema,
  registerSchema,
  verifyEmailSchema,
} from '../../schemas';
import { login, refresh, register } from '../users/accounts-auth.service';
import {
  requestPasswordReset,
  resetPassword,
  sendVerificationMail,
  verifyEmail,
} from '../users/accounts-email-password.service';
import { endpoints } from '../endpoint';

const endpoint = endpoints({ tag: 'Sign-in' });

/** A login's body once `loginSchema` has parsed it. */
type LoginInput = Parameters<typeof login>[1];

const PASSWORD_EMAIL_MESSAGE =
  'If an account exists for that address, we have emailed a link to reset its password. It works for 60 minutes.';

/** Registration, login, sessions, email verification and password recovery (API.md, Accounts). */
export function authRoutes(deps: AppDeps) {
  const newSession = '{token, user, expires_at, session_expires_at}';

  /** A member's or an administrator's login: limited per IP and address, shed in a burst. */
  async function limitedLogin(c: Context, input: LoginInput, options: { adminOnly?: boolean }) {
    const client = clientOf(c, deps.env);
    await deps.rateLimits.hit('login', { ip: client.ip, address: input.email });
    // In a burst, shed before the account is even read (see lib/password.ts).
    passwordHashing.assertAccepting();
    const session = await login(deps, input, client, options);
    await deps.rateLimits.reset('login', input.email);
    return session;
  }

  return new Hono<AppEnv>()
    .post(
      '/register',
      noStore,
      limitByIp(deps, 'register'),
      endpoint({
        summary: 'Create an account and a session; sends the verification mail',
        body: registerSchema,
        responses: { 201: newSession, 429: 'Rate limited' },
      }),
      async (c) => {
        const input = c.req.valid('json');
        await deps.rateLimits.hit('register', { address: input.email });
        return c.json(await register(deps, input, clientOf(c, deps.env)), 201);
      },
    )
    .post(
      '/login',
      noStore,
      endpoint({
        summary: 'Start a session',
        body: loginSchema,
        responses: {
          200: newSession,
          403: 'Suspended',
          422: 'Bad credentials (on email)',
          429: 'Rate limited',
          503: 'Too many logins at once: retry after Retry-After',
        },
      }),
      async (c) => c.json(await limitedLogin(c, c.req.valid('json'), {})),
    )
    .post(
      '/admin/login',
      noStore,
      endpoint({
        summary: 'Start a session, administrators only',
        body: loginSchema,
        responses: {
          200: newSession,
          403: 'Not an administrator',
          422: 'Bad credentials',
          429: 'Rate limited',
          503: 'Too many logins at once: retry after Retry-After',
        },
      }),
      async (c) => c.json(await limitedLogin(c, c.req.valid('json'), { adminOnly: true })),
    )
    .post(
      '/token/refresh',
      noStore,
      endpoint({
        summary: 'Exchange a (possibly expired) token for a fresh one while its session lives',
        auth: 'token',
        responses: { 200: '{token, expires_at, session_expires_at}', 401: 'Session ended' },
      }),
      async (c) => {
        // An expired token may be exchanged while its session lives; the session decides.
        const token = bearerToken(c);
        if (!token) throw unauthorized();
        const verified = await verifyAccessToken(deps.jwtSecret, token, { allowExpired: true });
        if (!verified.ok) throw unauthorized();
        const check = await checkSession(deps.couch, verified.claims.sub, verified.claims.sid);
        if (!check.ok) throw unauthorized(check.message);
        return c.json(await refresh(deps, check.user, check.session));
      },
    )
    .post(
      '/logout',
      noStore,
      endpoint({ summary: 'Revoke this session', auth: 'required', responses: { 204: 'Done' } }),
      async (c) => {
        await revokeSession(deps, currentAuth(c).session);
        return c.body(null, 204);
      },
    )
    .post(
      '/email/verify/:id',
      noStore,
      limitByIp(deps, 'verify'),
      endpoint({
        summary: 'Verify an email address with the mailed link',
        body: verifyEmailSchema,
        responses: {
          200: '{message}',
          403: 'Invalid or expired link',
          422: 'Incomplete link',
          429: 'Rate limited',
        },
      }),
      async (c) => {
        const input = c.req.valid('json');
        await verifyEmail(deps, c.req.param('id'), input.expires, input.signature);
        return c.json({ message: 'Your email address is verified. Welcome to Wayfarer Market!' });
      },
    )
    .post(
      '/email/resend',
      noStore,
      endpoint({
        summary: 'Send a new verification link',
        auth: 'required',
        responses: { 200: 'Already verified', 202: 'Sent', 429: 'Rate limited' },
      }),
      async (c) => {
        const { user } = currentAuth(c);
        if (user.email_verified_at)
          return c.json({ message: 'Your email address is already verified.' }, 200);
        await deps.rateLimits.hit('verify', { ip: clientOf(c, deps.env).ip, address: user.email });
        await sendVerificationMail(deps, user);
        return c.json({ message: `We sent a new verification link to ${user.email}.` }, 202);
      },
    )
    .post(
      '/password/email',
      noStore,
      endpoint({
        summary: 'Mail a password reset link (same answer whether or not the address exists)',
        body: passwordEmailSchema,
        responses: { 200: '{message}', 429: 'Rate limited' },
      }),
      async (c) => {
        const client = clientOf(c, deps.env);
        const input = c.req.valid('json');
        await deps.rateLimits.hit('password', { ip: client.ip, address: input.email });
        // Answered before anything that exists only for an account is done: same content and time.
        requestPasswordReset(deps, input.email);
        return c.json({ message: PASSWORD_EMAIL_MESSAGE });
      },
    )
    .post(
      '/password/reset',
      noStore,
      endpoint({
        summary: 'Set a new password with a mailed token; signs out every session',
        description: 'A token works once, for 60 minutes.',
        body: passwordResetSchema,
        responses: {
          200: '{message}',
          422: 'Invalid or expired token, or field errors',
          429: 'Rate limited',
        },
      }),
      async (c) => {
        const client = clientOf(c, deps.env);
        const input = c.req.valid('json');
        await deps.rateLimits.hit('password', { ip: client.ip, address: input.email });
        await resetPassword(deps, input);
        return c.json({ message: 'Your password has been reset. You can log in with it now.' });
      },
    );
}
