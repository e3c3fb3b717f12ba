import { createHash } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict } from '../../couch/errors';
import { inBackground } from '../../lib/background';
import { ValidationError, forbidden } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { registrationAttemptMail } from '../../mail/templates';
import { createSession, sessionIdOf, type SessionDoc } from '../../auth/sessions';
import { issueAccessToken } from '../../auth/tokens';
import type { RegisterRequest, SessionResponse } from '../../schemas';
import type { UserDoc } from './users.model';
import { createUser, EmailTakenError, findUserByEmail } from './users.service';
import { toUser } from './users.view';
import { notify } from '../notifications/notifications.service';
import { completeAccountSetup } from './account-setup';
import { faultPoint } from '../../lib/test-fault';
import { getUser, saveUser, type Deps } from './accounts-store';

const CREDENTIALS_MESSAGE = 'These credentials do not match our records.';

interface Client {
  userAgent: string;
  ip: string;
}

async function sessionResponse(
  deps: Deps,
  user: UserDoc,
  session: SessionDoc,
): Promise<SessionResponse> {
  const { token, expiresAt } = await issueAccessToken(deps.jwtSecret, {
    userId: user.id,
    sessionId: sessionIdOf(session),
    sessionExpiresAt: new Date(session.expires_at),
  });
  return {
    token,
    user: toUser(user),
    expires_at: expiresAt.toISOString(),
    session_expires_at: session.expires_at,
  };
}

/**
 * Creates the account. An address that has one gets an answer that does not say so (the address
 * may not be the caller's): the same 422 whatever the account, after the same password hash as a
 * new account (made before the address is checked), and its owner is mailed, after the answer,
 * that someone tried. The one exception is a registration of this address that stopped half-way
 * (`setup_pending`): the same password again completes it and signs in, as the first attempt
 * would have.
 */
export async function register(
  deps: Deps & Pick<AppDeps, 'env' | 'clock'>,
  input: RegisterRequest,
  client: Client,
): Promise<SessionResponse> {
  const passwordHash = await hashPassword(input.password);
  let user: UserDoc;
  try {
    user = await createUser(deps.couch, {
      email: input.email,
      password_hash: passwordHash,
      role: input.role,
      full_name: input.full_name,
      // The first device is not news: it is how the account was made (no second write for it).
      known_devices: [fingerprintOf(client.userAgent)],
      setup_pending: true,
    });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      const unfinished = await findUserByEmail(deps.couch, input.email);
      if (
        unfinished?.setup_pending &&
        unfinished.status === 'active' &&
        (await verifyPassword(input.password, unfinished.password_hash))
      ) {
        return signIn(deps, await completeAccountSetup(deps, unfinished), client, false);
      }
      const to = input.email.trim().toLowerCase();
      const base = deps.publicUrl();
      inBackground(deps.logger, 'the registration-attempt mail', () =>
        deps.mailer.send(registrationAttemptMail(to, `${base}/login`, `${base}/password/reset`)),
      );
    }
    throw error;
  }
  await faultPoint(deps.env, 'exit_after_account');
  return signIn(deps, await completeAccountSetup(deps, user), client, false);
}

/**
 * A session for an account whose setup is complete: the device remembered (the account's owner
 * is told of a new one), then the session and its token.
 */
async function signIn(
  deps: Deps & Pick<AppDeps, 'clock'>,
  user: UserDoc,
  client: Client,
  remember: boolean,
) {
  const known = await rememberDevice(deps, user, client.userAgent);
  if (known.isNew) {
    await notify(deps, user.id, {
      kind: 'new-login',
      key: `${known.fingerprint}-${deps.clock.now().getTime()}`,
      title: 'New sign-in to your account',
      body: `Someone signed in from a new device or browser (${describeAgent(client.userAgent)}). If it was not you, change your password now.`,
      link: '/settings',
    });
  }
  const session = await createSession(deps.couch, known.user, { remember, ...client });
  return sessionResponse(deps, known.user, session);
}

export async function login(
  deps: Deps & Pick<AppDeps, 'clock'>,
  input: { email: string; password: string; remember: boolean },
  client: Client,
  options: { adminOnly?: boolean } = {},
): Promise<SessionResponse> {
  const user = await findUserByEmail(deps.couch, input.email);
  // Compare against a dummy hash when there is no account, so timing does not tell.
  const valid = await verifyPassword(
    input.password,
    user?.password_hash ?? (await dummyPasswordHash()),
  );
  if (!user || !valid) throw ValidationError.field('email', CREDENTIALS_MESSAGE);
  if (user.status === 'suspended') {
    throw forbidden(
      'This account has been suspended. Contact support if you think this is a mistake.',
    );
  }
  if (options.adminOnly && user.role !== 'Admin') {
    throw forbidden('This login is for administrators only. Use the regular login page.');
  }
  // A registration that stopped half-way is completed, and a user database lost or never
  // created (an old account) is repaired here.
  return signIn(deps, await completeAccountSetup(deps, user), client, input.remember);
}

const MAX_KNOWN_DEVICES = 20;
const fingerprintOf = (userAgent: string) =>
  createHash('sha256')
    .update(userAgent || 'unknown')
    .digest('hex')
    .slice(0, 16);

/** A short, human description of a browser from its user agent, for notifications. */
export function describeAgent(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'a browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

/** Records the device on the account; tells whether it was new. */
async function rememberDevice(deps: Deps, user: UserDoc, userAgent: string) {
  const fingerprint = fingerprintOf(userAgent);
  const devices = user.known_devices ?? [];
  if (devices.includes(fingerprint)) return { user, isNew: false, fingerprint };
  // The first device of an account is not "new": it is how the account was made.
  const isNew = devices.length > 0;
  try {
    const saved = await saveUser(deps, {
      ...user,
      known_devices: [...devices, fingerprint].slice(-MAX_KNOWN_DEVICES),
    });
    return { user: saved, isNew, fingerprint };
  } catch (error) {
    // Another sign-in of this account saved it first: the device list is best effort.
    if (!isConflict(error)) throw error;
    return { user: (await getUser(deps, user.id)) ?? user, isNew, fingerprint };
  }
}

export async function refresh(deps: Deps, user: UserDoc, session: SessionDoc) {
  const { token, expiresAt } = await issueAccessToken(deps.jwtSecret, {
    userId: user.id,
    sessionId: sessionIdOf(session),
    sessionExpiresAt: new Date(session.expires_at),
  });
  return { token, expires_at: expiresAt.toISOString(), session_expires_at: session.expires_at };
}
