import { Hono } from 'hono';
import { bearerToken, currentAuth, requireAuth } from '../../auth/middleware';
import { checkSession, revokeSession } from '../../auth/sessions';
import { verifyAccessToken } from '../../auth/tokens';
import type { AppDeps, AppEnv } from '../../context';
import { noStore } from '../../lib/cache-control';
import { clientOf } from '../../lib/client';
import { passwordHashing } from '../../lib/password';
import { unauthorized } from '../../lib/errors';
import { readJson } from '../../lib/validation';
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

const PASSWORD_EMAIL_MESSAGE =
  'If an account exists for that address, we have emailed a link to reset its password. It works for 60 minutes.';

/** Registration, login, sessions, email verification and password recovery (API.md, Accounts). */
export function authRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/register', noStore, async (c) => {
      const client = clientOf(c, deps.env);
      await deps.rateLimits.hit('register', { ip: client.ip });
      const input = await readJson(c, registerSchema);
      await deps.rateLimits.hit('register', { address: input.email });
      return c.json(await register(deps, input, client), 201);
    })
    .post('/login', noStore, async (c) => {
      const client = clientOf(c, deps.env);
      const input = await readJson(c, loginSchema);
      await deps.rateLimits.hit('login', { ip: client.ip, address: input.email });
      // In a burst, shed before the account is even read (see lib/password.ts).
      passwordHashing.assertAccepting();
      const session = await login(deps, input, client);
      await deps.rateLimits.reset('login', input.email);
      return c.json(session);
    })
    .post('/admin/login', noStore, async (c) => {
      const client = clientOf(c, deps.env);
      const input = await readJson(c, loginSchema);
      await deps.rateLimits.hit('login', { ip: client.ip, address: input.email });
      passwordHashing.assertAccepting();
      const session = await login(deps, input, client, { adminOnly: true });
      await deps.rateLimits.reset('login', input.email);
      return c.json(session);
    })
    .post('/token/refresh', noStore, async (c) => {
      // An expired token may be exchanged while its session lives; the session decides.
      const token = bearerToken(c);
      if (!token) throw unauthorized();
      const verified = await verifyAccessToken(deps.jwtSecret, token, { allowExpired: true });
      if (!verified.ok) throw unauthorized();
      const check = await checkSession(deps.couch, verified.claims.sub, verified.claims.sid);
      if (!check.ok) throw unauthorized(check.message);
      return c.json(await refresh(deps, check.user, check.session));
    })
    .post('/logout', noStore, requireAuth, async (c) => {
      await revokeSession(deps, currentAuth(c).session);
      return c.body(null, 204);
    })
    .post('/email/verify/:id', noStore, async (c) => {
      const client = clientOf(c, deps.env);
      await deps.rateLimits.hit('verify', { ip: client.ip });
      const input = await readJson(c, verifyEmailSchema);
      await verifyEmail(deps, c.req.param('id'), input.expires, input.signature);
      return c.json({ message: 'Your email address is verified. Welcome to Wayfarer Market!' });
    })
    .post('/email/resend', noStore, requireAuth, async (c) => {
      const { user } = currentAuth(c);
      if (user.email_verified_at)
        return c.json({ message: 'Your email address is already verified.' }, 200);
      await deps.rateLimits.hit('verify', { ip: clientOf(c, deps.env).ip, address: user.email });
      await sendVerificationMail(deps, user);
      return c.json({ message: `We sent a new verification link to ${user.email}.` }, 202);
    })
    .post('/password/email', noStore, async (c) => {
      const client = clientOf(c, deps.env);
      const input = await readJson(c, passwordEmailSchema);
      await deps.rateLimits.hit('password', { ip: client.ip, address: input.email });
      // Answered before anything that exists only for an account is done: same content and time.
      requestPasswordReset(deps, input.email);
      return c.json({ message: PASSWORD_EMAIL_MESSAGE });
    })
    .post('/password/reset', noStore, async (c) => {
      const client = clientOf(c, deps.env);
      const input = await readJson(c, passwordResetSchema);
      await deps.rateLimits.hit('password', { ip: client.ip, address: input.email });
      await resetPassword(deps, input);
      return c.json({ message: 'Your password has been reset. You can log in with it now.' });
    });
}
