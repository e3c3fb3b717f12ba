import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { deleteUserDb, ensureUserDb, userDbName } from '../../couch/userdb';
import { inBackground } from '../../lib/background';
import { AppError, ValidationError, forbidden, notFound } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import {
  passwordChangedMail,
  passwordResetMail,
  registrationAttemptMail,
  verificationMail,
} from '../../mail/templates';
import { createSession, listSessionIds, sessionIdOf, type SessionDoc } from '../../auth/sessions';
import { issueAccessToken } from '../../auth/tokens';
import type {
  RegisterRequest,
  SessionResponse,
  TagnameAvailability,
  UpdateProfileRequest,
} from '../../schemas';
import { emailKey, tagnameKey, userKey, type UserDoc } from './users.model';
import { createUser, EmailTakenError, findUserByEmail } from './users.service';
import { toUser } from './users.view';
import { notify } from '../notifications/notifications.service';

const CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

type Deps = Pick<
  AppDeps,
  'couch' | 'jwtSecret' | 'mailer' | 'publicUrl' | 'logger' | 'liveSessions'
>;
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

/**
 * Creates the account. An address that has one gets an answer that does not say so (the address
 * may not be the caller's): the same 422 whatever the account, after the same password hash as a
 * new account (made before the address is checked), and its owner is mailed, after the answer,
 * that someone tried.
 */
export async function register(
  deps: Deps,
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
    });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      const to = input.email.trim().toLowerCase();
      const base = deps.publicUrl();
      inBackground(deps.logger, 'the registration-attempt mail', () =>
        deps.mailer.send(registrationAttemptMail(to, `${base}/login`, `${base}/password/reset`)),
      );
    }
    throw error;
  }
  await ensureUserDb(deps.couch, user.id);
  await sendVerificationMail(deps, user);
  await notify(deps, user.id, {
    kind: 'welcome',
    key: user.id,
    title: `Welcome to Wayfarer Market, ${user.full_name.split(' ')[0]}!`,
    body: 'Confirm your email address, choose your tagname and complete your profile to get started.',
    link: '/profile/info',
  });
  const known = await rememberDevice(deps, user, client.userAgent);
  const session = await createSession(deps.couch, known.user, { remember: false, ...client });
  return sessionResponse(deps, known.user, session);
}

export async function login(
  deps: Deps,
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
  // A user database lost or never created (an old account) is repaired here.
  await ensureUserDb(deps.couch, user.id);
  const known = await rememberDevice(deps, user, client.userAgent);
  if (known.isNew) {
    await notify(deps, user.id, {
      kind: 'new-login',
      key: `${known.fingerprint}-${Date.now()}`,
      title: 'New sign-in to your account',
      body: `Someone signed in from a new device or browser (${describeAgent(client.userAgent)}). If it was not you, change your password now.`,
      link: '/settings',
    });
  }
  const session = await createSession(deps.couch, known.user, {
    remember: input.remember,
    ...client,
  });
  return sessionResponse(deps, known.user, session);
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

export async function getUser(deps: Deps, id: string): Promise<UserDoc | undefined> {
  try {
    return (await deps.couch.db('users').get(userKey(id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function saveUser(deps: Deps, doc: UserDoc): Promise<UserDoc> {
  const updated = { ...doc, updated_at: new Date().toISOString() };
  const result = await deps.couch.db('users').insert(updated as never);
  const saved = { ...updated, _rev: result.rev };
  // Any change to an account (password, status, role) is seen by sync at once: cached sessions
  // go, and the feeds it ends are closed (other instances learn it from the wf_users feed).
  deps.liveSessions.userChanged(saved.id, saved);
  return saved;
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

export async function updateProfile(
  deps: Deps,
  user: UserDoc,
  input: UpdateProfileRequest,
): Promise<UserDoc> {
  return saveUser(deps, { ...user, ...input });
}

export async function tagnameAvailability(
  deps: Deps,
  user: UserDoc,
  tagname: string,
): Promise<TagnameAvailability> {
  if (user.tagname === tagname) return { tagname, available: true };
  try {
    await deps.couch.db('users').head(tagnameKey(tagname));
    return { tagname, available: false, reason: 'This tagname is already taken.' };
  } catch (error) {
    if (isNotFound(error)) return { tagname, available: true };
    throw error;
  }
}

/** Claims the new tagname (unique by reservation document), then releases the old one. */
export async function setTagname(deps: Deps, user: UserDoc, tagname: string): Promise<UserDoc> {
  if (user.tagname === tagname) return user;
  const users = deps.couch.db('users');
  let claim;
  try {
    claim = await users.insert({
      _id: tagnameKey(tagname),
      type: 'tagname',
      user_id: user.id,
      created_at: new Date().toISOString(),
    } as never);
  } catch (error) {
    if (isConflict(error)) throw ValidationError.field('tagname', 'This tagname is already taken.');
    throw error;
  }
  let saved: UserDoc;
  try {
    saved = await saveUser(deps, { ...user, tagname });
  } catch (error) {
    await users.destroy(tagnameKey(tagname), claim.rev).catch(() => undefined);
    throw error;
  }
  if (user.tagname) await destroyIfExists(deps, tagnameKey(user.tagname));
  return saved;
}

async function destroyIfExists(deps: Deps, id: string) {
  const users = deps.couch.db('users');
  try {
    const doc = await users.get(id);
    await users.destroy(id, doc._rev);
  } catch (error) {
    if (!isNotFound(error) && !isConflict(error)) throw error;
  }
}

export const FILE_LIMITS = {
  avatar: { maxBytes: 2 * 1024 * 1024, label: '2 MB' },
  cv: { maxBytes: 5 * 1024 * 1024, label: '5 MB' },
} as const;

const fileKey = (kind: 'avatar' | 'cv', userId: string) => `file:${kind}:${userId}`;

/** Stores the file as a CouchDB attachment and points the user at its new version. */
export async function storeFile(
  deps: Deps,
  user: UserDoc,
  kind: 'avatar' | 'cv',
  data: Buffer,
  contentType: string,
): Promise<UserDoc> {
  const users = deps.couch.db('users');
  const id = fileKey(kind, user.id);
  let rev: string | undefined;
  try {
    rev = (await users.get(id))._rev;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const result = await users.insert({
    _id: id,
    ...(rev ? { _rev: rev } : {}),
    type: 'file',
    kind,
    user_id: user.id,
    content_type: contentType,
    size: data.length,
    updated_at: new Date().toISOString(),
    _attachments: { file: { content_type: contentType, data: data.toString('base64') } },
  } as never);
  const version = createHash('sha256').update(result.rev).digest('hex').slice(0, 12);
  return saveUser(deps, { ...user, [kind]: version });
}

export async function readFile(
  deps: Deps,
  kind: 'avatar' | 'cv',
  userId: string,
): Promise<{ data: Buffer; contentType: string }> {
  const users = deps.couch.db('users');
  try {
    const doc = (await users.get(fileKey(kind, userId))) as unknown as { content_type: string };
    const data = await users.attachment.get(fileKey(kind, userId), 'file');
    return { data, contentType: doc.content_type };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such file.');
    throw error;
  }
}

/**
 * Removes the account, its sessions, files, reservations and its database. Records other people
 * share with this user (orders, messages) keep the id; with no account behind it they show
 * "Deleted user".
 */
export async function deleteAccount(deps: Deps, user: UserDoc, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password_hash))) {
    throw ValidationError.field('password', 'The password is not correct.');
  }
  await removeAccount(deps, user);
}

const DELETED_USER = { tagname: null, full_name: 'Deleted user', avatar: null };

async function anonymiseConversations(deps: Deps, userId: string) {
  const own = deps.couch.server.use(userDbName(deps.couch, userId));
  let rows;
  try {
    rows = await own.view('app', 'by_type', {
      startkey: ['conversation'],
      endkey: ['conversation', {}],
      include_docs: true,
    });
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  for (const row of rows.rows) {
    const conversationId = (row.doc as unknown as { conversation_id: string }).conversation_id;
    const otherId = conversationId
      .slice('conv:'.length)
      .split(':')
      .find((id) => id !== userId);
    if (!otherId) continue;
    const theirs = deps.couch.server.use(userDbName(deps.couch, otherId));
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const doc = (await theirs.get(`conversation:${conversationId}`)) as unknown as Record<
          string,
          unknown
        >;
        await theirs.insert({ ...doc, other: { ...DELETED_USER, id: userId } } as never);
        break;
      } catch (error) {
        if (isNotFound(error)) break;
        if (!isConflict(error) || attempt === 2) throw error;
      }
    }
  }
}

/** Removes an account and everything that is only its own (used by the owner and by admins). */
export async function removeAccount(deps: Deps, user: UserDoc): Promise<void> {
  const users = deps.couch.db('users');
  // Sign out everywhere first, so nothing can act while the rest is removed.
  const current = await saveUser(deps, {
    ...user,
    session_version: user.session_version + 1,
    status: 'suspended',
  });
  // The people this user talked to keep the conversation, with "Deleted user" in their place.
  await anonymiseConversations(deps, user.id);
  await deleteUserDb(deps.couch, user.id);
  const sessions = await listSessionIds(deps.couch, user.id);
  if (sessions.length) {
    await users.bulk({
      docs: sessions.map((s) => ({ _id: s.id, _rev: s.rev, _deleted: true })),
    } as never);
  }
  await destroyIfExists(deps, fileKey('avatar', user.id));
  await destroyIfExists(deps, fileKey('cv', user.id));
  if (user.tagname) await destroyIfExists(deps, tagnameKey(user.tagname));
  await destroyIfExists(deps, emailKey(user.email));
  await users.destroy(current._id, current._rev!);
  deps.liveSessions.userChanged(user.id, null);
  deps.logger.info({ userId: user.id }, 'account deleted');
}
