import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isConflict, isNotFound } from '../../couch/errors';
import { inBackground } from '../../lib/background';
import { AppError, ValidationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../../mail/templates';
import { sessionIdOf, type SessionDoc } from '../../auth/sessions';
import type { UserDoc } from './users.model';
import { findUserByEmail } from './users.service';
import { notify } from '../notifications/notifications.service';
import { getUser, saveUser, type Deps } from './accounts-store';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

/** Signed, expiring verification link bound to the address it was sent to. */
function verificationSignature(
  secret: Uint8Array,
  userId: string,
  email: string,
  expires: number,
): string {
  return createHmac('sha256', secret)
    .update(`verify-email\n${userId}\n${email}\n${expires}`)
    .digest('base64url');
}

function verificationUrl(deps: Deps, user: UserDoc): string {
  const expires = Date.now() + VERIFY_TTL_MS;
  const signature = verificationSignature(deps.jwtSecret, user.id, user.email, expires);
  return `${deps.publicUrl()}/email/verify/${encodeURIComponent(user.id)}?expires=${expires}&signature=${signature}`;
}

export async function sendVerificationMail(deps: Deps, user: UserDoc): Promise<void> {
  await deps.mailer.send(verificationMail(user.email, user.full_name, verificationUrl(deps, user)));
}

export async function verifyEmail(
  deps: Deps,
  id: string,
  expires: number,
  signature: string,
): Promise<UserDoc> {
  const invalid = new AppError(
    403,
    'This verification link is invalid. Ask for a new one from the verification page.',
  );
  const user = await getUser(deps, id);
  if (!user) throw invalid;
  const expected = Buffer.from(verificationSignature(deps.jwtSecret, user.id, user.email, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
  if (expires < Date.now()) {
    throw new AppError(
      403,
      'This verification link has expired. Ask for a new one from the verification page.',
    );
  }
  if (user.email_verified_at) return user;
  const saved = await saveUser(deps, { ...user, email_verified_at: new Date().toISOString() });
  await notify(deps, user.id, {
    kind: 'email-verified',
    key: user.id,
    title: 'Your email address is verified',
    body: `${user.email} is confirmed. You can now publish, order and message.`,
    link: '/profile/info',
  });
  return saved;
}

const resetKey = (token: string) => `pwreset:${createHash('sha256').update(token).digest('hex')}`;

interface ResetDoc {
  _id: string;
  _rev?: string;
  type: 'password_reset';
  user_id: string;
  email: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * Starts the password-reset mail and returns at once: the lookup, the token and the mail exist
 * only for an address with an account, so an answer that waited for them would take longer for
 * those and tell which addresses have one. Failures are logged.
 */
export function requestPasswordReset(deps: Deps, email: string): void {
  inBackground(deps.logger, 'the password-reset mail', () => sendPasswordReset(deps, email));
}

/** The reset token and its mail, when the address has an active account. */
async function sendPasswordReset(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.couch, email);
  if (!user || user.status === 'suspended') return;
  const token = randomBytes(32).toString('base64url');
  const doc: ResetDoc = {
    _id: resetKey(token),
    type: 'password_reset',
    user_id: user.id,
    email: user.email,
    expires_at: new Date(Date.now() + RESET_TTL_MS).toISOString(),
    used_at: null,
  };
  await deps.couch.db('users').insert(doc as never);
  const url = `${deps.publicUrl()}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
  await deps.mailer.send(passwordResetMail(user.email, user.full_name, url));
}

export async function resetPassword(
  deps: Deps,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const invalid = ValidationError.field(
    'token',
    'This password reset link is invalid or has expired. Ask for a new one.',
  );
  let doc: ResetDoc;
  try {
    doc = (await deps.couch.db('users').get(resetKey(input.token))) as unknown as ResetDoc;
  } catch (error) {
    if (isNotFound(error)) throw invalid;
    throw error;
  }
  if (
    doc.used_at ||
    Date.parse(doc.expires_at) < Date.now() ||
    doc.email !== input.email.trim().toLowerCase()
  ) {
    throw invalid;
  }
  // Hashed before the token is spent: a hash shed in a burst (503) leaves the link usable.
  const passwordHash = await hashPassword(input.password);
  // Spend the token first: of two concurrent uses, CouchDB's revision check lets one through.
  try {
    await deps.couch.db('users').insert({ ...doc, used_at: new Date().toISOString() } as never);
  } catch (error) {
    if (isConflict(error)) throw invalid;
    throw error;
  }
  const user = await getUser(deps, doc.user_id);
  if (!user) throw invalid;
  await saveUser(deps, {
    ...user,
    password_hash: passwordHash,
    session_version: user.session_version + 1,
    // Reading the mailed link proves the address.
    email_verified_at: user.email_verified_at ?? new Date().toISOString(),
  });
  await deps.mailer.send(passwordChangedMail(user.email, user.full_name));
  await notifyPasswordChanged(deps, user.id);
}

async function notifyPasswordChanged(deps: Deps, userId: string) {
  await notify(deps, userId, {
    kind: 'password-changed',
    key: String(Date.now()),
    title: 'Your password was changed',
    body: 'Your other devices were signed out. If this was not you, reset your password and contact support.',
    link: '/settings',
  });
}

/** Changes the password and signs out every other session; the current one continues. */
export async function changePassword(
  deps: Deps,
  user: UserDoc,
  session: SessionDoc,
  input: { current_password: string; password: string },
): Promise<void> {
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw ValidationError.field('current_password', 'The current password is not correct.');
  }
  const saved = await saveUser(deps, {
    ...user,
    password_hash: await hashPassword(input.password),
    session_version: user.session_version + 1,
  });
  const kept = { ...session, sv: saved.session_version };
  await deps.couch.db('users').insert(kept as never);
  deps.liveSessions.sessionChanged(sessionIdOf(session), kept);
  await deps.mailer.send(passwordChangedMail(user.email, user.full_name));
  await notifyPasswordChanged(deps, user.id);
}
