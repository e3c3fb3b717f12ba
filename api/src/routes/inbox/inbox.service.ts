import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { ensureUserDb, userDbName } from '../../couch/userdb';
import { detectType } from '../../schemas/file-types';
import { AppError, ValidationError } from '../../lib/errors';
import { ttlCache } from '../../lib/ttl-cache';
import {
  ATTACHMENT_MAX_BYTES,
  type Conversation,
  type Message,
  type Person,
  type SendMessageRequest,
} from '../../schemas';
import { writeNotification } from '../notifications/notifications.service';
import { tagnameKey, userKey, type UserDoc } from '../users/users.model';
import { toUser } from '../users/users.view';

type Deps = Pick<AppDeps, 'couch' | 'logger'>;

/** One conversation per pair of people; the id is the same in both databases. */
const conversationIdFor = (a: string, b: string) => `conv:${[a, b].sort().join(':')}`;
const otherParticipant = (conversationId: string, me: string) =>
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

/** More unread messages than this in one conversation count as this many (the oldest go). */
const MAX_UNREAD_TRACKED = 1_000;

const userDb = <T>(deps: Deps, userId: string) =>
  deps.couch.server.use<T>(userDbName(deps.couch, userId));

async function getOrUndefined<T>(
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

/**
 * Accounts and tagname reservations as delivery reads them, kept for two seconds: a burst of
 * messages between two people reads them once. A suspension or a new tagname takes effect on
 * delivery within that time; blocks are never cached (they are read for every message).
 */
const userCache = ttlCache<string, Promise<unknown>>({ ttlMs: 2_000, maxEntries: 10_000 });

/** A read shared by every caller for 2 s (the promise is kept, so concurrent reads are one). */
function cachedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const hit = userCache.get(key);
  if (hit) return hit.value as Promise<T>;
  const value = read();
  userCache.set(key, value);
  value.catch(() => userCache.delete(key));
  return value;
}

async function userById(deps: Deps, id: string) {
  return getOrUndefined<UserDoc>(deps.couch.db('users') as DocumentScope<unknown>, userKey(id));
}

async function userByTagname(deps: Deps, tagname: string): Promise<UserDoc | undefined> {
  const reservation = await getOrUndefined<{ user_id: string }>(
    deps.couch.db('users') as DocumentScope<unknown>,
    tagnameKey(tagname.toLowerCase()),
  );
  return reservation ? userById(deps, reservation.user_id) : undefined;
}

const blockKey = (blocker: string, blocked: string) => `block:${blocker}:${blocked}`;

async function isBlocked(deps: Deps, recipientId: string, senderId: string): Promise<boolean> {
  return (
    (await getOrUndefined(
      deps.couch.db('users') as DocumentScope<unknown>,
      blockKey(recipientId, senderId),
    )) !== undefined
  );
}

function personOf(user: UserDoc): Person {
  const view = toUser(user);
  return { id: user.id, tagname: user.tagname, full_name: user.full_name, avatar: view.avatar };
}

function toMessage(doc: MessageDoc): Message {
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

/** Why a message cannot go to this recipient, or undefined when it can. */
async function refusal(
  deps: Deps,
  sender: UserDoc,
  recipient: UserDoc | undefined,
  blocked?: Promise<boolean>,
): Promise<{ status: number; field?: string; message: string } | undefined> {
  if (!recipient || recipient.status !== 'active')
    return { status: 422, field: 'to', message: 'No member has this tagname.' };
  if (recipient.id === sender.id)
    return { status: 422, field: 'to', message: 'You cannot send a message to yourself.' };
  if (!sender.email_verified_at)
    return { status: 403, message: 'Verify your email address before sending messages.' };
  if (await (blocked ?? isBlocked(deps, recipient.id, sender.id)))
    return { status: 403, message: 'This member is not accepting messages from you.' };
  return undefined;
}

/**
 * The conversation documents this process wrote last, with their revisions: the next message of
 * a conversation updates it without reading it first. A stale entry (another instance, or the
 * user's own device, wrote since) only costs a conflict and a read. Bounded; oldest out first.
 */
const conversationCache = ttlCache<string, ConversationDoc>({ ttlMs: Infinity, maxEntries: 5_000 });

/**
 * Reads, changes and writes a conversation document, retrying when a concurrent write wins.
 * Idempotent: the same change applied twice gives the same document, and a change that alters
 * nothing writes nothing. Returns the document as stored.
 */
async function upsertConversation(
  deps: Deps,
  ownerId: string,
  conversationId: string,
  change: {
    other: Person;
    subject?: Conversation['subject'];
    last?: NonNullable<Conversation['last_message']>;
    /** An incoming message: unread, unless the conversation was read since it was sent. */
    incoming?: { id: string; at: string };
    readAt?: string;
  },
): Promise<ConversationDoc> {
  const db = userDb<ConversationDoc>(deps, ownerId) as unknown as DocumentScope<unknown>;
  const id = `conversation:${conversationId}`;
  const cacheKey = `${ownerId}|${id}`;
  for (let attempt = 0; ; attempt++) {
    const cached = attempt === 0 ? conversationCache.get(cacheKey) : undefined;
    const existing = cached
      ? structuredClone(cached.value)
      : await getOrUndefined<ConversationDoc>(db, id);
    const now = new Date().toISOString();
    const doc: ConversationDoc = existing
      ? structuredClone(existing)
      : {
          _id: id,
          type: 'conversation',
          conversation_id: conversationId,
          other: change.other,
          subject: null,
          last_message: null,
          unread_count: 0,
          last_read_at: null,
          updated_at: now,
        };
    doc.other = change.other;
    if (change.subject) doc.subject = change.subject;
    if (change.last && (!doc.last_message || doc.last_message.at <= change.last.at)) {
      doc.last_message = change.last;
      doc.updated_at = change.last.at;
    }
    if (change.readAt && (!doc.last_read_at || doc.last_read_at < change.readAt))
      doc.last_read_at = change.readAt;
    const readUpTo = doc.last_read_at ?? '';
    const unread = Object.entries(doc.unread_messages ?? {}).filter(([, at]) => at > readUpTo);
    if (
      change.incoming &&
      change.incoming.at > readUpTo &&
      !unread.some(([messageId]) => messageId === change.incoming!.id)
    )
      unread.push([change.incoming.id, change.incoming.at]);
    unread.sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
    doc.unread_messages = Object.fromEntries(unread.slice(-MAX_UNREAD_TRACKED));
    doc.unread_count = Object.keys(doc.unread_messages).length;
    if (existing && JSON.stringify(doc) === JSON.stringify(existing)) return existing;
    try {
      const { rev } = await db.insert(doc as never);
      const saved = { ...doc, _rev: rev };
      conversationCache.set(cacheKey, saved);
      return saved;
    } catch (error) {
      conversationCache.delete(cacheKey);
      if (!isConflict(error) || attempt === 4) throw error;
    }
  }
}

async function saveSenderCopy(
  deps: Deps,
  senderId: string,
  doc: MessageDoc,
  change: Partial<MessageDoc>,
) {
  const db = userDb<MessageDoc>(deps, senderId) as unknown as DocumentScope<unknown>;
  let current = doc;
  for (let attempt = 0; attempt < 5; attempt++) {
    const { _attachments: _ignored, ...rest } = current;
    try {
      // Attachments stay as stored: only the fields change.
      await db.insert({
        ...rest,
        ...(current._attachments ? { _attachments: stubs(current._attachments) } : {}),
        ...change,
      } as never);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt === 4) throw error;
      const reread = await getOrUndefined<MessageDoc>(db, doc._id);
      if (!reread) return;
      current = reread;
    }
  }
}

function stubs(attachments: NonNullable<MessageDoc['_attachments']>) {
  return Object.fromEntries(
    Object.entries(attachments).map(([name, a]) => [name, { ...a, data: undefined, stub: true }]),
  );
}

const preview = (body: string) => (body.length > 140 ? `${body.slice(0, 137)}…` : body);

export type DeliveryOutcome = 'delivered' | 'failed' | 'already-done' | 'missing';

/**
 * Delivers one pending message from the sender's database into the recipient's, exactly once,
 * and safe to run again after a crash at any point: every step is idempotent and every step
 * runs on every run. The recipient's copy has the same id (a retry finds it and keeps its
 * `sent_at`); the conversations count unread messages as a set of ids; the notification has a
 * deterministic id. The sender's copy becomes delivered last, so a job that finds it delivered
 * has nothing left to do.
 */
export async function deliverMessage(
  deps: Deps,
  senderId: string,
  messageId: string,
): Promise<DeliveryOutcome> {
  const senderDb = userDb<MessageDoc>(deps, senderId) as unknown as DocumentScope<unknown>;
  const doc = await getOrUndefined<MessageDoc>(senderDb, `message:${messageId}`, {
    attachments: true,
  });
  if (!doc) return 'missing';
  if (doc.status !== 'pending') return 'already-done';
  // The reads the checks need, as few round trips apart as their inputs allow: the recipient's
  // copy is what the recipient waits for, so nothing that can wait comes before it.
  const users = deps.couch.db('users') as DocumentScope<unknown>;
  const [sender, reservation] = await Promise.all([
    cachedRead(userKey(senderId), () => userById(deps, senderId)),
    cachedRead(tagnameKey(doc.to.toLowerCase()), () =>
      getOrUndefined<{ user_id: string }>(users, tagnameKey(doc.to.toLowerCase())),
    ),
  ]);
  if (!sender) return 'already-done';
  const [recipient, blocked] = reservation
    ? await Promise.all([
        cachedRead(userKey(reservation.user_id), () => userById(deps, reservation.user_id)),
        isBlocked(deps, reservation.user_id, senderId),
      ])
    : [undefined, false];
  const fail = async (message: string): Promise<DeliveryOutcome> => {
    await saveSenderCopy(deps, senderId, doc, { status: 'failed', error: message, from_me: true });
    return 'failed';
  };
  const refused = await refusal(deps, sender, recipient, Promise.resolve(blocked));
  if (refused) return fail(refused.message);
  if (doc.body.length > 5000) return fail('A message has at most 5,000 characters.');

  const attachmentEntries = Object.entries(doc._attachments ?? {});
  let attachments: MessageDoc['_attachments'];
  if (attachmentEntries.length) {
    const [name, att] = attachmentEntries[0]!;
    const data = Buffer.from(att.data ?? '', 'base64');
    const type = detectType(data);
    if (!type) return fail('Attachments must be PNG, JPEG or WebP images or PDF documents.');
    if (data.length > ATTACHMENT_MAX_BYTES) return fail('An attachment is at most 10 MB.');
    attachments = { [name.slice(0, 120)]: { content_type: type, data: att.data } };
  }

  const to = recipient!;
  const conversationId = conversationIdFor(senderId, to.id);
  const recipientDb = userDb<MessageDoc>(deps, to.id) as unknown as DocumentScope<unknown>;
  let sentAt = new Date().toISOString();
  const copy = {
    _id: doc._id,
    type: 'message',
    id: doc.id,
    to: doc.to,
    to_id: to.id,
    from: senderId,
    from_me: false,
    conversation_id: conversationId,
    body: doc.body,
    created_at: doc.created_at,
    sent_at: sentAt,
    status: 'delivered',
    read_at: null,
    error: null,
    ...(doc.subject ? { subject: doc.subject } : {}),
    ...(attachments ? { _attachments: attachments } : {}),
  };
  try {
    try {
      await recipientDb.insert(copy as never);
    } catch (error) {
      // An account whose database was never made (or was lost) gets it now.
      if (!isNotFound(error)) throw error;
      await ensureUserDb(deps.couch, to.id);
      await recipientDb.insert(copy as never);
    }
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await getOrUndefined<MessageDoc>(recipientDb, doc._id);
    // The same id from someone else: the sender must choose a new one.
    if (existing?.from !== senderId)
      return fail('This message could not be delivered. Please send it again.');
    sentAt = existing.sent_at ?? sentAt;
  }

  // Then both conversations, the notification and last the sender's copy. A run that stopped
  // half-way (a crash, a failed write) is finished by the next one: nothing here depends on
  // which run wrote the recipient's copy.
  const last = {
    id: doc.id,
    body: preview(doc.body || (attachmentEntries[0]?.[0] ?? '')),
    at: sentAt,
  };
  const [theirs] = await Promise.all([
    upsertConversation(deps, to.id, conversationId, {
      other: personOf(sender),
      subject: doc.subject ?? null,
      last: { ...last, from_me: false },
      incoming: { id: doc.id, at: sentAt },
    }),
    upsertConversation(deps, senderId, conversationId, {
      other: personOf(to),
      subject: doc.subject ?? null,
      last: { ...last, from_me: true },
    }),
  ]);
  // Read already (the recipient read the conversation before a resumed delivery finished):
  // no notification, and the sender sees the receipt at once.
  const readAt = theirs.last_read_at && theirs.last_read_at >= sentAt ? theirs.last_read_at : null;
  if (!readAt) {
    await writeNotification(deps, to.id, {
      kind: 'message',
      key: doc.id,
      title: `New message from ${sender.full_name}`,
      body: preview(doc.body) || 'Sent you an attachment.',
      link: `/inbox/${encodeURIComponent(conversationId)}`,
    });
  }
  await saveSenderCopy(deps, senderId, doc, {
    status: readAt ? 'read' : 'delivered',
    from: senderId,
    from_me: true,
    to_id: to.id,
    conversation_id: conversationId,
    sent_at: sentAt,
    delivered_at: sentAt,
    read_at: readAt,
    error: null,
  });
  return 'delivered';
}

/**
 * Online sending (`POST /api/inbox/messages`): the message is written to the sender's database as
 * pending, exactly as an offline device would, and delivered at once. The same id twice is
 * stored once.
 */
export async function sendMessage(
  deps: Deps & { deliver: (senderId: string, messageId: string) => Promise<DeliveryOutcome> },
  sender: UserDoc,
  input: SendMessageRequest,
): Promise<Message> {
  if (input.body.trim() === '') throw ValidationError.field('body', 'Write a message.');
  const recipient = await userByTagname(deps, input.to);
  const refused = await refusal(deps, sender, recipient);
  if (refused) {
    if (refused.field) throw ValidationError.field(refused.field, refused.message);
    throw new AppError(refused.status as 403, refused.message);
  }
  const db = userDb<MessageDoc>(deps, sender.id) as unknown as DocumentScope<unknown>;
  const id = `message:${input.id}`;
  try {
    await db.insert({
      _id: id,
      type: 'message',
      id: input.id,
      to: input.to,
      body: input.body,
      created_at: new Date().toISOString(),
      status: 'pending',
      ...(input.subject ? { subject: input.subject } : {}),
    } as never);
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await getOrUndefined<MessageDoc>(db, id);
    if (existing && (existing.to !== input.to || existing.body !== input.body)) {
      throw new AppError(409, 'A different message with this id exists. Choose a new id.');
    }
  }
  await deps.deliver(sender.id, input.id);
  return toMessage((await getOrUndefined<MessageDoc>(db, id))!);
}

/**
 * The reader has seen a conversation up to `readAt`: their unread count goes to zero and the
 * other side's delivered messages up to then become read (read receipts).
 */
export async function markConversationRead(
  deps: Deps,
  readerId: string,
  conversationId: string,
  readAt: string,
) {
  const otherId = otherParticipant(conversationId, readerId);
  if (!otherId || !conversationId.split(':').includes(readerId)) return;
  const readerConversation = await getOrUndefined<ConversationDoc>(
    userDb(deps, readerId) as unknown as DocumentScope<unknown>,
    `conversation:${conversationId}`,
  );
  if (!readerConversation) return;
  await upsertConversation(deps, readerId, conversationId, {
    other: readerConversation.other,
    readAt,
  });
  const otherDb = userDb<MessageDoc>(deps, otherId) as unknown as DocumentScope<unknown>;
  let rows;
  try {
    rows = await otherDb.view<{ status: string; from_me: boolean }>(
      'app',
      'messages_by_conversation',
      {
        startkey: [conversationId, ''],
        endkey: [conversationId, readAt],
        include_docs: true,
      },
    );
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  let unread = rows.rows
    .filter((r) => r.value.from_me && r.value.status === 'delivered')
    .map((r) => r.doc as unknown as MessageDoc);
  // A message written meanwhile (its delivery finishing, another read marker) makes its update
  // conflict: it is read again and marked again, until none is left. A conflict that persists
  // fails the job, which is then retried with back-off: a receipt is never dropped.
  for (let attempt = 0; unread.length; attempt++) {
    const results = await otherDb.bulk({
      docs: unread.map((doc) => ({
        ...doc,
        ...(doc._attachments ? { _attachments: stubs(doc._attachments) } : {}),
        status: 'read',
        read_at: readAt,
      })),
    } as never);
    const failed = results.filter((r) => r.error);
    const conflicts = failed.filter((r) => r.error === 'conflict').map((r) => r.id);
    if (failed.length > conflicts.length || (conflicts.length && attempt === 9)) {
      throw new Error(
        `read receipts not written: ${failed.map((r) => `${r.id} ${r.error}`).join(', ')}`,
      );
    }
    if (!conflicts.length) return;
    const reread = await otherDb.fetch({ keys: conflicts });
    unread = reread.rows
      .map((r) => ('doc' in r ? (r.doc as unknown as MessageDoc | null) : null))
      .filter(
        (doc): doc is MessageDoc =>
          !!doc &&
          doc.from_me === true &&
          doc.status === 'delivered' &&
          doc.conversation_id === conversationId &&
          (doc.sent_at ?? doc.created_at) <= readAt,
      );
  }
}

export async function listConversations(
  deps: Deps,
  userId: string,
  search?: string,
): Promise<Conversation[]> {
  const db = userDb(deps, userId) as unknown as DocumentScope<unknown>;
  let result;
  try {
    result = await db.view('app', 'by_type', {
      startkey: ['conversation'],
      endkey: ['conversation', {}],
      include_docs: true,
    });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const needle = search?.trim().toLowerCase();
  return result.rows
    .map((r) => r.doc as unknown as ConversationDoc)
    .filter(
      (c) =>
        !needle ||
        c.other.full_name.toLowerCase().includes(needle) ||
        (c.other.tagname ?? '').includes(needle) ||
        (c.last_message?.body ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .map((c) => ({
      id: c.conversation_id,
      other: c.other,
      subject: c.subject,
      last_message: c.last_message,
      unread_count: c.unread_count,
      updated_at: c.updated_at,
    }));
}

export async function listMessages(
  deps: Deps,
  userId: string,
  conversationId: string,
  before: string | undefined,
  limit: number,
): Promise<Message[]> {
  const db = userDb(deps, userId) as unknown as DocumentScope<unknown>;
  const result = await db.view('app', 'messages_by_conversation', {
    startkey: [conversationId, before ?? {}],
    endkey: [conversationId, ''],
    descending: true,
    inclusive_end: true,
    limit,
    include_docs: true,
  });
  return result.rows
    .map((r) => toMessage(r.doc as unknown as MessageDoc))
    .filter((m) => !before || (m.sent_at ?? m.created_at) < before)
    .reverse();
}

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
