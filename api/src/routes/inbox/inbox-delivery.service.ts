import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { docsByIds } from '../../couch/docs-by-ids';
import { readDocs } from '../../couch/gathered';
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
  type ConversationDoc,
  type Message,
  type MessageDoc,
  type SendMessageRequest,
} from '../../schemas';
import { notificationDoc } from '../notifications/notifications.service';
import { tagnameKey, userKey, type UserDoc } from '../users/users.model';
import { blockKey } from './inbox-blocks.service';
import { forgetConversation, nextConversation, upsertConversation } from './inbox-conversation-doc';
import { recordChatResponse } from './inbox-responses.service';
import { getOrUndefined, personOf, stubs, toMessage, userDb, type Deps } from './inbox.model';

/**
 * Accounts and tagname reservations as delivery reads them, kept for two seconds: a burst of
 * messages between two people reads them once. A suspension or a new tagname takes effect on
 * delivery within that time; blocks are never cached (they are read for every message).
 */
const userCache = ttlCache<string, Promise<unknown>>({ ttlMs: 2_000, maxEntries: 10_000 });

/**
 * Documents of wf_users by id, in one `_bulk_get` read for all that are not at hand (gathered
 * with the other reads of wf_users of the moment: other senders' deliveries, session checks):
 * those of `cached` are shared by every caller for 2 s (the promise is kept, so concurrent reads
 * are one), those of `fresh` are read every time. Missing or deleted: undefined.
 */
async function readUserDocs(
  deps: Deps,
  cached: readonly string[],
  fresh: readonly string[] = [],
): Promise<Map<string, unknown>> {
  const wanted = new Map<string, Promise<unknown>>();
  const misses: string[] = [];
  for (const key of new Set(cached)) {
    const hit = userCache.get(key);
    if (hit) wanted.set(key, hit.value);
    else misses.push(key);
  }
  const toRead = [...new Set([...misses, ...fresh])];
  if (toRead.length) {
    const read = readDocs(deps.couch, 'users', toRead);
    for (const key of misses) {
      const value = read.then((docs) => docs.get(key));
      userCache.set(key, value);
      value.catch(() => userCache.delete(key));
      wanted.set(key, value);
    }
    for (const key of fresh)
      wanted.set(
        key,
        read.then((docs) => docs.get(key)),
      );
  }
  const entries = await Promise.all(
    [...wanted].map(async ([key, value]) => [key, await value] as const),
  );
  return new Map(entries);
}

/** The account with this tagname, as delivery reads it (userByTagname, kept 2 s). */
async function recipientByTagname(deps: Deps, tagname: string): Promise<UserDoc | undefined> {
  const one = async (key: string) => (await readUserDocs(deps, [key])).get(key);
  const reservation = (await one(tagnameKey(tagname.toLowerCase()))) as
    { user_id: string } | undefined;
  return reservation
    ? ((await one(userKey(reservation.user_id))) as UserDoc | undefined)
    : undefined;
}

/** Why a message cannot go to this recipient, or undefined when it can. */
async function refusal(
  sender: UserDoc,
  recipient: UserDoc | undefined,
  /** Whether the recipient blocked the sender (read when the other checks passed). */
  blocked: () => Promise<boolean>,
): Promise<{ status: number; field?: string; message: string } | undefined> {
  if (!recipient || recipient.status !== 'active')
    return { status: 422, field: 'to', message: 'No member has this tagname.' };
  if (recipient.id === sender.id)
    return { status: 422, field: 'to', message: 'You cannot send a message to yourself.' };
  if (!sender.email_verified_at)
    return { status: 403, message: 'Verify your email address before sending messages.' };
  if (await blocked())
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

/** A message that passed the checks, on its way into the recipient's database. */
interface Delivery {
  doc: MessageDoc;
  to: UserDoc;
  conversationId: string;
  copy: MessageDoc;
  sentAt: string;
  attachmentName: string | undefined;
}

/**
 * The sender's pending messages by id, in one read (attachments, rare, are then read with their
 * data, one by one). Missing or deleted: undefined.
 */
async function readPending(
  senderDb: DocumentScope<unknown>,
  messageIds: readonly string[],
): Promise<(MessageDoc | undefined)[]> {
  const byId = await docsByIds<MessageDoc>(senderDb, messageIds.map(messageDocId));
  return Promise.all(
    messageIds.map(async (id) => {
      const doc = byId.get(messageDocId(id));
      if (!doc?._attachments || doc.status !== 'pending') return doc;
      return getOrUndefined<MessageDoc>(senderDb, doc._id, { attachments: true });
    }),
  );
}

/**
 * Writes documents into a user's database in one request, making the database first if the
 * account never had one (or lost it). Answers per document: its new revision, or its error.
 */
async function bulkWrite(
  deps: Deps,
  userId: string,
  docs: readonly unknown[],
): Promise<{ id: string; rev?: string; error?: string }[]> {
  if (!docs.length) return [];
  const db = userDb(deps, userId) as unknown as DocumentScope<unknown>;
  try {
    return await db.bulk({ docs } as never);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await ensureUserDb(deps.couch, userId);
    return db.bulk({ docs } as never);
  }
}

/** Fails the run (it is retried) on any answer of a bulk write but success or a conflict. */
function conflictsOf(results: readonly { id: string; error?: string }[]): Set<string> {
  const failed = results.filter((r) => r.error && r.error !== 'conflict');
  if (failed.length)
    throw new Error(`not written: ${failed.map((r) => `${r.id} ${r.error}`).join(', ')}`);
  return new Set(results.filter((r) => r.error === 'conflict').map((r) => r.id));
}

/**
 * The recipients' copies, one after the other in the order sent: a `_bulk_docs` would be one
 * request, but the database does not promise to give its documents sequence numbers in the
 * order of the request (the embedded server did not), and a recipient's device must receive a
 * conversation's messages in order. A copy already there (a retry, or a resumed run) keeps its
 * `sent_at`; one of the same id from someone else is refused.
 */
async function writeCopies(
  deps: Deps,
  senderId: string,
  deliveries: readonly Delivery[],
): Promise<Set<Delivery>> {
  const refused = new Set<Delivery>();
  await Promise.all(
    groupBy(deliveries, (d) => d.to.id).map(async ([recipientId, mine]) => {
      const recipientDb = userDb(deps, recipientId) as unknown as DocumentScope<unknown>;
      for (const d of mine) {
        try {
          try {
            await recipientDb.insert(d.copy as never);
          } catch (error) {
            // An account whose database was never made (or was lost) gets it now.
            if (!isNotFound(error)) throw error;
            await ensureUserDb(deps.couch, recipientId);
            await recipientDb.insert(d.copy as never);
          }
        } catch (error) {
          if (!isConflict(error)) throw error;
          const stored = await getOrUndefined<MessageDoc>(recipientDb, d.copy._id);
          // The same id from someone else: the sender must choose a new one.
          if (stored?.from !== senderId) refused.add(d);
          else d.sentAt = stored.sent_at ?? d.sentAt;
        }
      }
    }),
  );
  return refused;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups];
}

/**
 * Each recipient's conversation and the notifications of the messages not read yet, in one write
 * per recipient. Returns, per message, when the recipient had read it already (a resumed
 * delivery the recipient read before it finished): then no notification, and the sender sees
 * the receipt at once.
 */
async function writeRecipientSide(
  deps: Deps,
  sender: UserDoc,
  deliveries: readonly Delivery[],
): Promise<Map<Delivery, string | null>> {
  const readAt = new Map<Delivery, string | null>();
  await Promise.all(
    groupBy(deliveries, (d) => d.to.id).map(async ([recipientId, mine]) => {
      const conversationId = mine[0]!.conversationId;
      const changes = mine.map((d) => ({
        other: personOf(sender),
        subject: d.doc.subject ?? null,
        last: { ...lastOf(d), from_me: false },
        incoming: { id: d.doc.id, at: d.sentAt },
      }));
      const conversation = await nextConversation(deps, recipientId, conversationId, changes);
      const readBy = (c: ConversationDoc, d: Delivery) =>
        c.last_read_at && c.last_read_at >= d.sentAt ? c.last_read_at : null;
      const notifications = mine
        .filter((d) => !readBy(conversation.next, d))
        .map((d) =>
          notificationDoc({
            kind: 'message',
            key: d.doc.id,
            title: `New message from ${sender.full_name}`,
            body: preview(d.doc.body) || 'Sent you an attachment.',
            link: conversationLink(conversationId),
          }),
        );
      const results = await bulkWrite(deps, recipientId, [
        ...(conversation.write ? [conversation.write] : []),
        ...notifications,
      ]);
      // A notification already there was written by an earlier run: nothing to do.
      const conflicts = conflictsOf(results);
      let theirs = conversation.next;
      const written = results.find((r) => r.id === conversation.write?._id && r.rev);
      if (written?.rev) theirs = conversation.written(written.rev);
      else if (conversation.write && conflicts.has(conversation.write._id)) {
        // Written meanwhile (the recipient's read receipts, their own message, another
        // instance): read again and applied again.
        forgetConversation(recipientId, conversationId);
        theirs = await upsertConversation(deps, recipientId, conversationId, changes);
      }
      for (const d of mine) readAt.set(d, readBy(theirs, d));
    }),
  );
  return readAt;
}

const lastOf = (d: Delivery) => ({
  id: d.doc.id,
  body: preview(d.doc.body || (d.attachmentName ?? '')),
  at: d.sentAt,
});

/**
 * The sender's copies in one write, each with its change (delivered, read or failed); one that
 * changed meanwhile (the sender's device, another run) is read again and written alone.
 */
async function writeSenderCopies(
  deps: Deps,
  senderId: string,
  updates: readonly { doc: MessageDoc; change: Partial<MessageDoc> }[],
): Promise<void> {
  const docs = updates.map(({ doc, change }) => {
    const { _attachments: _ignored, ...rest } = doc;
    // Attachments stay as stored: only the fields change.
    return messageDocSchema.parse({
      ...rest,
      ...(doc._attachments ? { _attachments: stubs(doc._attachments) } : {}),
      ...change,
    });
  });
  const conflicts = conflictsOf(await bulkWrite(deps, senderId, docs));
  await Promise.all(
    updates
      .filter(({ doc }) => conflicts.has(doc._id))
      .map(({ doc, change }) => saveSenderCopy(deps, senderId, doc, change)),
  );
}

/**
 * Delivers pending messages of one sender, in their order, from the sender's database into the
 * recipients', exactly once, and safe to run again after a crash at any point: every step is
 * idempotent and every step runs on every run. The recipient's copy has the same id (a retry
 * finds it and keeps its `sent_at`); the conversations count unread messages as a set of ids;
 * the notification has a deterministic id. The sender's copy becomes delivered last, so a run
 * that finds it delivered has nothing left to do.
 *
 * A batch costs a few database requests more than one message: the messages in one read, the
 * accounts, tagnames and blocks in one or two, then per recipient the copies (one write each, in
 * order) and the conversation with the notifications in one write, the sender's conversations,
 * and the sender's copies in one write. Messages of one batch get `sent_at`s a millisecond
 * apart, so their order stays the order sent.
 */
export async function deliverMessages(
  deps: Deps & Pick<AppDeps, 'clock'>,
  senderId: string,
  messageIds: readonly string[],
): Promise<DeliveryOutcome[]> {
  const senderDb = userDb<MessageDoc>(deps, senderId) as unknown as DocumentScope<unknown>;
  const docs = await readPending(senderDb, messageIds);
  const outcomes: DeliveryOutcome[] = docs.map((doc) =>
    !doc ? 'missing' : doc.status !== 'pending' ? 'already-done' : 'delivered',
  );
  const pending = docs.filter((doc, i): doc is MessageDoc => outcomes[i] === 'delivered');
  if (!pending.length) return outcomes;

  // The reads the checks need: accounts and tagnames (kept 2 s), then blocks (always read).
  const tagKey = (doc: MessageDoc) => tagnameKey(doc.to.toLowerCase());
  const first = await readUserDocs(deps, [userKey(senderId), ...pending.map(tagKey)]);
  const sender = first.get(userKey(senderId)) as UserDoc | undefined;
  if (!sender) return outcomes.map((o) => (o === 'delivered' ? 'already-done' : o));
  const recipientIdOf = (doc: MessageDoc) =>
    (first.get(tagKey(doc)) as { user_id: string } | undefined)?.user_id;
  const recipientIds = [...new Set(pending.map(recipientIdOf).filter((id): id is string => !!id))];
  const second = await readUserDocs(
    deps,
    recipientIds.map(userKey),
    recipientIds.map((id) => blockKey(id, senderId)),
  );

  const base = deps.clock.now().getTime();
  const failures: { doc: MessageDoc; message: string }[] = [];
  const deliveries: Delivery[] = [];
  for (const doc of pending) {
    const recipientId = recipientIdOf(doc);
    const recipient = recipientId
      ? (second.get(userKey(recipientId)) as UserDoc | undefined)
      : undefined;
    const blocked = recipientId ? second.get(blockKey(recipientId, senderId)) !== undefined : false;
    const refused = await refusal(sender, recipient, () => Promise.resolve(blocked));
    const failure =
      refused?.message ??
      (doc.body.length > MESSAGE_MAX ? 'A message has at most 5,000 characters.' : undefined);
    const [attachmentName, att] = Object.entries(doc._attachments ?? {})[0] ?? [];
    let attachments: MessageDoc['_attachments'];
    let attachmentFailure: string | undefined;
    if (!failure && attachmentName && att) {
      const data = Buffer.from(typeof att.data === 'string' ? att.data : '', 'base64');
      const type = detectType(data);
      if (!type)
        attachmentFailure = 'Attachments must be PNG, JPEG or WebP images or PDF documents.';
      else if (data.length > ATTACHMENT_MAX_BYTES)
        attachmentFailure = 'An attachment is at most 10 MB.';
      else attachments = { [attachmentName.slice(0, 120)]: { content_type: type, data: att.data } };
    }
    if (failure ?? attachmentFailure) {
      failures.push({ doc, message: (failure ?? attachmentFailure)! });
      continue;
    }
    const to = recipient!;
    const conversationId = conversationIdFor(senderId, to.id);
    const sentAt = new Date(base + deliveries.length).toISOString();
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
    deliveries.push({ doc, to, conversationId, copy, sentAt, attachmentName });
  }

  // The recipients' copies first: they are what the recipients wait for.
  const refused = await writeCopies(deps, senderId, deliveries);
  for (const d of refused)
    failures.push({
      doc: d.doc,
      message: 'This message could not be delivered. Please send it again.',
    });
  const delivered = deliveries.filter((d) => !refused.has(d));

  // Then the conversations, the notifications and last the sender's copies. A run that stopped
  // half-way (a crash, a failed write) is finished by the next one: nothing here depends on
  // which run wrote the recipients' copies.
  const [readAt] = await Promise.all([
    writeRecipientSide(deps, sender, delivered),
    ...groupBy(delivered, (d) => d.to.id).map(([, mine]) =>
      upsertConversation(
        deps,
        senderId,
        mine[0]!.conversationId,
        mine.map((d) => ({
          other: personOf(d.to),
          subject: d.doc.subject ?? null,
          last: { ...lastOf(d), from_me: true },
        })),
      ),
    ),
    // The agent's response rate and time (reputation) come from when each side first wrote.
    ...groupBy(delivered, (d) => d.to.id).map(([, [d]]) =>
      recordChatResponse(
        deps,
        { id: d!.doc.id, conversationId: d!.conversationId, sentAt: d!.sentAt },
        sender,
        d!.to,
      ),
    ),
  ]);
  await writeSenderCopies(deps, senderId, [
    ...failures.map(({ doc, message }) => ({
      doc,
      change: { status: 'failed' as const, error: message, from_me: true },
    })),
    ...delivered.map((d) => {
      const read = readAt.get(d) ?? null;
      return {
        doc: d.doc,
        change: {
          status: read ? ('read' as const) : ('delivered' as const),
          from: senderId,
          from_me: true,
          to_id: d.to.id,
          conversation_id: d.conversationId,
          sent_at: d.sentAt,
          delivered_at: d.sentAt,
          read_at: read,
          error: null,
        },
      };
    }),
  ]);
  const failed = new Set(failures.map((f) => f.doc));
  return docs.map((doc, i) => (doc && failed.has(doc) ? 'failed' : outcomes[i]!));
}

/** Delivers one pending message (see deliverMessages). */
export async function deliverMessage(
  deps: Deps & Pick<AppDeps, 'clock'>,
  senderId: string,
  messageId: string,
): Promise<DeliveryOutcome> {
  const [outcome] = await deliverMessages(deps, senderId, [messageId]);
  return outcome!;
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
  // The tagname and the account as delivery reads them (kept 2 s, so the job's own checks right
  // after read neither again); the block is read fresh, as always.
  const recipient = known ?? (await recipientByTagname(deps, input.to));
  const refused = await refusal(sender, recipient, async () => {
    const key = blockKey(recipient!.id, sender.id);
    return (await readUserDocs(deps, [], [key])).get(key) !== undefined;
  });
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
