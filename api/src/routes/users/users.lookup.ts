/** Accounts by id for showing people, and what shows for an account that no longer exists. */
import type { AppDeps } from '../../context';
import { docsByIds } from '../../couch/docs-by-ids';
import type { Person } from '../../schemas';
import { userKey, type UserDoc } from './users.model';
import { toUser } from './users.view';

/** How a person whose account was deleted is shown (their records keep the id). */
export const DELETED_USER = { tagname: null, full_name: 'Deleted user', avatar: null } as const;

/** The accounts of `ids` in one request (no request for none); deleted ones left out. */
export async function usersByIds(
  deps: Pick<AppDeps, 'couch'>,
  ids: Iterable<string>,
): Promise<Map<string, UserDoc>> {
  const users = new Map<string, UserDoc>();
  const docs = await docsByIds<UserDoc>(deps.couch.db('users'), [...ids].map(userKey));
  for (const doc of docs.values()) if (doc.type === 'user') users.set(doc.id, doc);
  return users;
}

/** A person as shown beside their records: the account's name and picture, or "Deleted user". */
export function personOrDeleted(user: UserDoc | undefined, id: string): Person {
  if (!user) return { id, ...DELETED_USER };
  return {
    id: user.id,
    tagname: user.tagname,
    full_name: user.full_name,
    avatar: toUser(user).avatar,
  };
}
