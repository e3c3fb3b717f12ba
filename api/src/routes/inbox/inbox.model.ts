import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isNotFound } from '../../couch/errors';
import { notFound } from '../../lib/errors';
import { userDbName } from '../../couch/userdb';
import type { Message, MessageDoc, Person } from '../../schemas';
import { tagnameKey, userKey, type UserDoc } from '../users/users.model';
import { personOrDeleted } from '../users/users.lookup';

export type Deps = Pick<AppDeps, 'couch' | 'logger'>;

/** The other person of a conversation id (`conv:<idA>:<idB>`: the schemas' conversationIdFor). */
export const otherParticipant = (conversationId: string, me: string) =>
  conversationId
    .slice('conv:'.length)
    .split(':')
    .find((id) => id !== me);

export const userDb = <T>(deps: Deps, userId: string) =>
  deps.couch.server.use<T>(userDbName(deps.couch, userId));

export async function getOrUndefined<T>(
  db: DocumentScope<unknown>,
  id: string,
  params?: Record<string, unknown>,
): Promise<T | undefined> {
  try {
    return (await db.get(id, params)) as unknown as T;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function userById(deps: Deps, id: string) {
  return getOrUndefined<UserDoc>(deps.couch.db('users') as DocumentScope<unknown>, userKey(id));
}

export async function userByTagname(deps: Deps, tagname: string): Promise<UserDoc | undefined> {
  const reservation = await getOrUndefined<{ user_id: string }>(
    deps.couch.db('users') as DocumentScope<unknown>,
    tagnameKey(tagname.toLowerCase()),
  );
  return reservation ? userById(deps, reservation.user_id) : undefined;
}

/** The active agent with this tagname (their public profile's gigs and portfolio), else a 404. */
export async function activeAgentByTagname(deps: Deps, tagname: string): Promise<UserDoc> {
  const user = await userByTagname(deps, tagname);
  if (!user || user.status !== 'active' || user.role !== 'Agent')
    throw notFound('No agent has this tagname.');
  return user;
}

export const personOf = (user: UserDoc): Person => personOrDeleted(user, user.id);

export function toMessage(doc: MessageDoc): Message {
  const [name, att] = Object.entries(doc._attachments ?? {})[0] ?? [];
  return {
    id: doc.id,
    conversation_id: doc.conversation_id ?? '',
    from_me: doc.from_me ?? doc.status === 'pending',
    body: doc.body,
    created_at: doc.created_at,
    sent_at: doc.sent_at ?? null,
    status: doc.status,
    read_at: doc.read_at ?? null,
    error: doc.error ?? null,
    attachment:
      name && att ? { name, content_type: att.content_type, size: att.length ?? 0 } : null,
  };
}

/** A message's attachments as stubs: a rewrite of its fields keeps the files as stored. */
export function stubs(attachments: NonNullable<MessageDoc['_attachments']>) {
  return Object.fromEntries(
    Object.entries(attachments).map(([name, a]) => [name, { ...a, data: undefined, stub: true }]),
  );
}
