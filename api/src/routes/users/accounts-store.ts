import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { userKey, type UserDoc } from './users.model';

export type Deps = Pick<
  AppDeps,
  'couch' | 'jwtSecret' | 'mailer' | 'publicUrl' | 'logger' | 'liveSessions'
>;

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

export async function destroyIfExists(deps: Deps, id: string) {
  const users = deps.couch.db('users');
  try {
    const doc = await users.get(id);
    await users.destroy(id, doc._rev);
  } catch (error) {
    if (!isNotFound(error) && !isConflict(error)) throw error;
  }
}
