import type { DocumentScope } from 'nano';
import type { AppDeps } from '../../context';
import { isNotFound } from '../../couch/errors';
import { userDbSnapshots } from '../../couch/userdb-snapshot';
import {
  conversationDocId,
  messageDocSchema,
  type Conversation,
  type ConversationDoc,
  type Message,
  type MessageDoc,
} from '../../schemas';
import { USERDB_PREFIX } from '../../schemas/userdb-rules';
import { upsertConversation } from './inbox-conversation-doc';
import {
  getOrUndefined,
  otherParticipant,
  stubs,
  toMessage,
  userDb,
  type Deps,
} from './inbox.model';

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
    conversationDocId(conversationId),
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
      docs: unread.map((doc) =>
        messageDocSchema.parse({
          ...doc,
          ...(doc._attachments ? { _attachments: stubs(doc._attachments) } : {}),
          status: 'read',
          read_at: readAt,
        }),
      ),
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

/** The member's conversations, newest first; reused while their database is unchanged. */
export async function listConversations(
  deps: Deps & Pick<AppDeps, 'env'>,
  userId: string,
  search?: string,
): Promise<Conversation[]> {
  const conversations = await userDbSnapshots(deps.couch).read(
    userId,
    'inbox',
    async () => ({ value: await readConversations(deps, userId), keep: true }),
    deps.env.USERDB_SNAPSHOT_MS,
  );
  const needle = search?.trim().toLowerCase();
  return needle
    ? conversations.filter(
        (c) =>
          c.other.full_name.toLowerCase().includes(needle) ||
          (c.other.tagname ?? '').includes(needle) ||
          (c.last_message?.body ?? '').toLowerCase().includes(needle),
      )
    : conversations;
}

/**
 * Every conversation of the member, newest first, by id range: the cost follows the member's
 * conversations, not their messages, and no index is waited for.
 */
async function readConversations(deps: Deps, userId: string): Promise<Conversation[]> {
  const db = userDb(deps, userId) as unknown as DocumentScope<unknown>;
  let result;
  try {
    result = await db.list({
      startkey: USERDB_PREFIX.conversation,
      endkey: `${USERDB_PREFIX.conversation}\ufff0`,
      include_docs: true,
    });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  return result.rows
    .map((r) => r.doc as unknown as ConversationDoc | undefined)
    .filter((c): c is ConversationDoc => c?.type === 'conversation')
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
