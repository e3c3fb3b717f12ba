import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import type { Conversation, Message, Person, SendMessageRequest } from '../../schemas';
import { tagnameKey, userKey, type UserDoc } from '../users/users.model';
import { toUser } from '../users/users.view';

export type Deps = Pick<AppDeps, 'couch' | 'logger'>;

/** One conversation per pair of people; the id is the same in both databases. */
export const conversationIdFor = (a: string, b: string) => `conv:${[a, b].sort().join(':')}`;
export const otherParticipant = (conversationId: string, me: string) =>
  conversationId
    .slice('conv:'.length)
    .split(':')
    .find((id) => id !== me);

export interface MessageDoc {
  _id: string;
  _rev?: string;
  type: 'message';
  id: string;
  /** The recipient's tagname as the sender wrote it. */
  to: string;
  body: string;
  created_at: string;
  status: 'pending' | 'delivered' | 'read' | 'failed';
  conversation_id?: string;
  from?: string;
  from_me?: boolean;
  to_id?: string;
  sent_at?: string;
  delivered_at?: string;
  read_at?: string | null;
  error?: string | null;
  subject?: SendMessageRequest['subject'];
  _attachments?: Record<
    string,
    { content_type: string; data?: string; length?: number; stub?: boolean }
  >;
}

export interface ConversationDoc {
  _id: string;
  _rev?: string;
  type: 'conversation';
  conversation_id: string;
  other: Person;
  subject: Conversation['subject'];
  last_message: Conversation['last_message'];
  /** `unread_messages`' size, for the devices that show it. */
  unread_count: number;
  /**
   * The incoming messages not read yet (message id -> sent at): a set, so a delivery that runs
   * again (a retry, a resume after a crash) counts its message once.
   */
  unread_messages?: Record<string, string>;
  last_read_at: string | null;
  updated_at: string;
}

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

export function personOf(user: UserDoc): Person {
  const view = toUser(user);
  return { id: user.id, tagname: user.tagname, full_name: user.full_name, avatar: view.avatar };
}

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

export function stubs(attachments: NonNullable<MessageDoc['_attachments']>) {
  return Object.fromEntries(
    Object.entries(attachments).map(([name, a]) => [name, { ...a, data: undefined, stub: true }]),
  );
}
