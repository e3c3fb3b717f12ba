/** Accounts by id for showing people, and what shows for an account that no longer exists. */
import type { AppDeps } from '../../context';
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
  const keys = [...new Set(ids)].map(userKey);
  const users = new Map<string, UserDoc>();
  if (!keys.length) return users;
  const result = await deps.couch.db('users').fetch({ keys });
  for (const row of result.rows as { doc?: UserDoc | null }[])
    if (row.doc?.type === 'user') users.set(row.doc.id, row.doc);
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
