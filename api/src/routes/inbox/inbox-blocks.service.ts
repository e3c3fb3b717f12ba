import type { DocumentScope } from 'nano';
import { isConflict } from '../../couch/errors';
import { ValidationError } from '../../lib/errors';
import type { Person } from '../../schemas';
import type { UserDoc } from '../users/users.model';
import { getOrUndefined, personOf, userById, userByTagname, type Deps } from './inbox.model';

export const blockKey = (blocker: string, blocked: string) => `block:${blocker}:${blocked}`;

export async function block(deps: Deps, blocker: UserDoc, tagname: string) {
  const target = await userByTagname(deps, tagname);
  if (!target) throw ValidationError.field('tagname', 'No member has this tagname.');
  if (target.id === blocker.id)
    throw ValidationError.field('tagname', 'You cannot block yourself.');
  try {
    await deps.couch.db('users').insert({
      _id: blockKey(blocker.id, target.id),
      type: 'block',
      blocker: blocker.id,
      blocked: target.id,
      created_at: new Date().toISOString(),
    } as never);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

export async function unblock(deps: Deps, blocker: UserDoc, tagname: string) {
  const target = await userByTagname(deps, tagname);
  if (!target) return;
  const users = deps.couch.db('users') as DocumentScope<unknown>;
  const existing = await getOrUndefined<{ _rev: string }>(users, blockKey(blocker.id, target.id));
  if (existing)
    await users.destroy(blockKey(blocker.id, target.id), existing._rev).catch(() => undefined);
}

export async function blockedPeople(deps: Deps, blocker: UserDoc): Promise<Person[]> {
  const result = await deps.couch.db('users').list({
    startkey: `block:${blocker.id}:`,
    endkey: `block:${blocker.id}:\ufff0`,
    include_docs: true,
  });
  const people: Person[] = [];
  for (const row of result.rows) {
    const user = await userById(deps, (row.doc as unknown as { blocked: string }).blocked);
    if (user) people.push(personOf(user));
  }
  return people;
}
