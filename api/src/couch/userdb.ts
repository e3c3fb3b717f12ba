import { ensureDatabase } from '@wayfarer/couch';
import type { Couch } from './connect';
import { isNotFound } from './errors';

/** `userdb-<hex of the user id>` (PRODUCT.md): valid as a CouchDB name whatever the id holds. */
export function userDbName(userId: string): string {
  return `userdb-${Buffer.from(userId, 'utf8').toString('hex')}`;
}

/**
 * Nobody but server admins may open a user database directly: the browser reaches it only
 * through the API's sync gateway, which acts for the token's owner.
 */
export function userDbSecurity() {
  return {
    admins: { names: [] as string[], roles: ['_admin'] },
    members: { names: [] as string[], roles: ['_admin'] },
  };
}

/** Creates the user's database (idempotent): at registration, and repaired at login. */
export async function ensureUserDb(couch: Couch, userId: string): Promise<string> {
  const name = userDbName(userId);
  await ensureDatabase(couch.server, name, userDbSecurity());
  return name;
}

export async function userDbExists(couch: Couch, userId: string): Promise<boolean> {
  try {
    await couch.server.db.get(userDbName(userId));
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

export async function deleteUserDb(couch: Couch, userId: string): Promise<void> {
  try {
    await couch.server.db.destroy(userDbName(userId));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
