import { randomBytes } from 'node:crypto';
import type { Couch } from '../couch/connect';
import { readDocs } from '../couch/gathered';
import type { LiveSessions } from './live-sessions';
import { userKey, type UserDoc } from '../routes/users/users.model';

/** A signed-in device. `sv` must equal the user's `session_version` for the session to count. */
export interface SessionDoc {
  _id: string;
  _rev?: string;
  type: 'session';
  user_id: string;
  sv: number;
  remember: boolean;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string;
  ip: string;
}

const SESSION_TTL_REMEMBER_MS = 365 * 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const sessionKey = (id: string) => `session:${id}`;

export async function createSession(
  couch: Couch,
  user: UserDoc,
  options: { remember: boolean; userAgent: string; ip: string },
): Promise<SessionDoc> {
  const now = Date.now();
  const doc: SessionDoc = {
    _id: sessionKey(randomBytes(16).toString('hex')),
    type: 'session',
    user_id: user.id,
    sv: user.session_version,
    remember: options.remember,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(
      now + (options.remember ? SESSION_TTL_REMEMBER_MS : SESSION_TTL_MS),
    ).toISOString(),
    revoked_at: null,
    user_agent: options.userAgent.slice(0, 300),
    ip: options.ip,
  };
  const result = await couch.db('users').insert(doc as never);
  return { ...doc, _rev: result.rev };
}

export const sessionIdOf = (doc: SessionDoc) => doc._id.slice('session:'.length);

export type SessionCheck =
  { ok: true; session: SessionDoc; user: UserDoc } | { ok: false; message: string };

/**
 * Whether a session still counts, given its document and its user's as stored (undefined when
 * missing): not revoked, not past its end, issued since the user's last "sign out everywhere",
 * and the account active.
 */
export function judgeSession(
  session: SessionDoc | undefined,
  user: UserDoc | undefined,
): SessionCheck {
  if (!user || user.type !== 'user')
    return { ok: false, message: 'This account no longer exists.' };
  if (!session || session.type !== 'session' || session.user_id !== user.id || session.revoked_at) {
    return { ok: false, message: 'Your session has ended. Please log in again.' };
  }
  if (Date.parse(session.expires_at) <= Date.now()) {
    return { ok: false, message: 'Your session has expired. Please log in again.' };
  }
  if (user.status === 'suspended') {
    return {
      ok: false,
      message: 'This account has been suspended. Contact support if you think this is a mistake.',
    };
  }
  if (session.sv !== user.session_version) {
    return {
      ok: false,
      message: 'You were signed out because your password or account changed. Please log in again.',
    };
  }
  return { ok: true, session, user };
}

/**
 * Loads the session and its user in one read (gathered with the other reads of wf_users of the
 * moment, which never starts before this call) and judges it (judgeSession).
 */
export async function checkSession(
  couch: Couch,
  userId: string,
  sessionId: string,
): Promise<SessionCheck> {
  const docs = await readDocs(couch, 'users', [sessionKey(sessionId), userKey(userId)]);
  return judgeSession(
    docs.get(sessionKey(sessionId)) as SessionDoc | undefined,
    docs.get(userKey(userId)) as UserDoc | undefined,
  );
}

/**
 * Ends a session: its document is marked revoked, then this instance drops its cached copy and
 * closes the sync feeds it has open (other instances follow wf_users and do the same).
 */
export async function revokeSession(
  deps: { couch: Couch; liveSessions: LiveSessions },
  session: SessionDoc,
): Promise<void> {
  const revoked: SessionDoc = { ...session, revoked_at: new Date().toISOString() };
  await deps.couch.db('users').insert(revoked as never);
  deps.liveSessions.sessionChanged(sessionIdOf(session), revoked);
}

/** Session documents of a user (for account deletion), from the `accounts/sessions_by_user` view. */
export async function listSessionIds(
  couch: Couch,
  userId: string,
): Promise<{ id: string; rev: string }[]> {
  const result = await couch
    .db('users')
    .view<{ rev: string }>('accounts', 'sessions_by_user', { key: userId });
  return result.rows.map((row) => ({ id: row.id, rev: row.value.rev }));
}
