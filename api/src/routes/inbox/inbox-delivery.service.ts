import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { jobId } from '../../jobs/jobs';
import { ensureUserDb } from '../../couch/userdb';
import { detectType } from '../../schemas/file-types';
import { AppError, ValidationError } from '../../lib/errors';
import { ttlCache } from '../../lib/ttl-cache';
import {
  ATTACHMENT_MAX_BYTES,
  conversationIdFor,
  conversationLink,
  MESSAGE_MAX,
  messageDocId,
  messageDocSchema,
  pendingMessageDocSchema,
  type Message,
  type MessageDoc,
  type SendMessageRequest,
} from '../../schemas';
import { writeNotification } from '../notifications/notifications.service';
import { tagnameKey, userKey, type UserDoc } from '../users/users.model';
import { isBlocked } from './inbox-blocks.service';
import { upsertConversation } from './inbox-conversation-doc';
import { recordChatResponse } from './inbox-responses.service';
import {
  getOrUndefined,
  personOf,
  stubs,
  toMessage,
  userById,
  userByTagname,
  userDb,
  type Deps,
} from './inbox.model';

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
      const updated = messageDocSchema.parse({
        ...rest,
        ...(current._attachments ? { _attachments: stubs(current._attachments) } : {}),
        ...change,
      });
      await db.insert(updated as never);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt === 4) throw error;
      const reread = await getOrUndefined<MessageDoc>(db, doc._id);
      if (!reread) return;
      current = reread;
    }
  }
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
  deps: Deps & Pick<AppDeps, 'clock'>,
  senderId: string,
  messageId: string,
): Promise<DeliveryOutcome> {
  const senderDb = userDb<MessageDoc>(deps, senderId) as unknown as DocumentScope<unknown>;
  const doc = await getOrUndefined<MessageDoc>(senderDb, messageDocId(messageId), {
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
  if (doc.body.length > MESSAGE_MAX) return fail('A message has at most 5,000 characters.');

  const attachmentEntries = Object.entries(doc._attachments ?? {});
  let attachments: MessageDoc['_attachments'];
  if (attachmentEntries.length) {
    const [name, att] = attachmentEntries[0]!;
    const data = Buffer.from(typeof att.data === 'string' ? att.data : '', 'base64');
    const type = detectType(data);
    if (!type) return fail('Attachments must be PNG, JPEG or WebP images or PDF documents.');
    if (data.length > ATTACHMENT_MAX_BYTES) return fail('An attachment is at most 10 MB.');
    attachments = { [name.slice(0, 120)]: { content_type: type, data: att.data } };
  }

  const to = recipient!;
  const conversationId = conversationIdFor(senderId, to.id);
  const recipientDb = userDb<MessageDoc>(deps, to.id) as unknown as DocumentScope<unknown>;
  let sentAt = deps.clock.now().toISOString();
  const copy = messageDocSchema.parse({
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
  } satisfies MessageDoc);
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
    // The agent's response rate and time (reputation) come from when each side first wrote.
    recordChatResponse(deps, { id: doc.id, conversationId, sentAt }, sender, to),
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
      link: conversationLink(conversationId),
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
 * Delivery at once for a message sent online: recorded as the durable job a synced message gets
 * (so a failure is retried), then run and waited for.
 */
export function deliverer(deps: Pick<AppDeps, 'jobs'>) {
  return async (senderId: string, messageId: string): Promise<DeliveryOutcome> => {
    const [job] = await deps.jobs.record([
      { kind: 'deliver', user_id: senderId, ref: messageId, order: new Date().toISOString() },
    ]);
    await deps.jobs.runAndWait([
      job ?? { _id: jobId('deliver', senderId, messageId), user_id: senderId, order: '' },
    ]);
    return 'delivered';
  };
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
  /** The recipient, when the caller has read them already (their tagname is `input.to`). */
  known?: UserDoc,
): Promise<Message> {
  if (input.body.trim() === '') throw ValidationError.field('body', 'Write a message.');
  const recipient = known ?? (await userByTagname(deps, input.to));
  const refused = await refusal(deps, sender, recipient);
  if (refused) {
    if (refused.field) throw ValidationError.field(refused.field, refused.message);
    throw new AppError(refused.status as 403, refused.message);
  }
  const db = userDb<MessageDoc>(deps, sender.id) as unknown as DocumentScope<unknown>;
  const id = messageDocId(input.id);
  try {
    const pending = pendingMessageDocSchema.parse({
      _id: id,
      type: 'message',
      id: input.id,
      to: input.to,
      body: input.body,
      created_at: new Date().toISOString(),
      status: 'pending',
      ...(input.subject ? { subject: input.subject } : {}),
    } satisfies MessageDoc);
    await db.insert(pending as never);
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
