import { ensureDatabase } from '@wayfarer/couch';
import {
  loadDesign,
  pushDesign,
  swapStaged,
  USERDB_FOLDER,
  type DatabaseDesign,
} from '@wayfarer/design-docs';
import type { Couch } from './connect';
import { isNotFound } from './errors';

/**
 * `userdb-<hex of the user id>` (PRODUCT.md), after the deployment's prefix: valid as a CouchDB
 * name whatever the id holds.
 */
export function userDbName(couch: Pick<Couch, 'name'>, userId: string): string {
  return couch.name(`userdb-${Buffer.from(userId, 'utf8').toString('hex')}`);
}

/**
 * Server admins (the API) and the sync gateway's account may open a user database; nobody
 * else. The browser reaches it only through the gateway, which acts for the token's owner.
 */
function userDbSecurity(couch: Pick<Couch, 'gatewayUser'>) {
  return {
    admins: { names: [] as string[], roles: ['_admin'] },
    members: { names: [couch.gatewayUser], roles: ['_admin'] },
  };
}

let userDesign: Promise<DatabaseDesign | undefined> | undefined;
/** The design documents every user database carries (design-docs/userdb), read once. */
function userDbDesign() {
  userDesign ??= loadDesign().then((all) => all.find((d) => d.database === USERDB_FOLDER));
  return userDesign;
}

/**
 * Creates the user's database with its `_security` and design documents (idempotent): at
 * registration, and repaired at login. Design documents are pushed only when they changed; one
 * whose views changed is only staged, the member's reads answering from its current version:
 * the upkeep at start (`updateUserDbDesign`, for every user database) builds and swaps it in.
 */
export async function ensureUserDb(couch: Couch, userId: string): Promise<string> {
  const name = userDbName(couch, userId);
  await ensureDatabase(couch.server, name, userDbSecurity(couch));
  const design = await userDbDesign();
  if (design) await pushDesign(couch.server, name, design.designDocs, design.indexes);
  return name;
}

/**
 * Brings the design documents of an existing user database up to date (only those that
 * changed are written); one whose views changed is built under its staged name first and swapped
 * in when ready, which this waits for. A database that does not exist fails with a 404: it is
 * not made here.
 */
export async function updateUserDbDesign(
  couch: Couch,
  userId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const design = await userDbDesign();
  if (!design) return false;
  const result = await pushDesign(
    couch.server,
    userDbName(couch, userId),
    design.designDocs,
    design.indexes,
  );
  const swap = await swapStaged(couch.server, result.staged, { signal });
  if (swap.failed.length) throw swap.failed[0]!.error;
  return result.pushed.length + swap.swapped.length > 0;
}

export async function deleteUserDb(couch: Couch, userId: string): Promise<void> {
  try {
    await couch.server.db.destroy(userDbName(couch, userId));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
