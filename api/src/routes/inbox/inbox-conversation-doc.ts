import type { DocumentScope } from 'nano';
import { isConflict } from '../../couch/errors';
import { ttlCache } from '../../lib/ttl-cache';
import {
  conversationDocId,
  conversationDocSchema,
  type Conversation,
  type ConversationDoc,
  type Person,
} from '../../schemas';
import { getOrUndefined, userDb, type Deps } from './inbox.model';

/** More unread messages than this in one conversation count as this many (the oldest go). */
const MAX_UNREAD_TRACKED = 1_000;

/**
 * The conversation documents this process wrote last, with their revisions: the next message of
 * a conversation updates it without reading it first. A stale entry (another instance, or the
 * user's own device, wrote since) only costs a conflict and a read. Bounded; oldest out first.
 */
const conversationCache = ttlCache<string, ConversationDoc>({ ttlMs: Infinity, maxEntries: 5_000 });

export interface ConversationChange {
  other: Person;
  subject?: Conversation['subject'];
  last?: NonNullable<Conversation['last_message']>;
  /** An incoming message: unread, unless the conversation was read since it was sent. */
  incoming?: { id: string; at: string };
  readAt?: string;
}

/**
 * The conversation document after `changes`, applied in order to `existing` (or to a new one):
 * the same changes applied twice give the same document. Returns `existing` itself when nothing
 * changes.
 */
function applyConversationChanges(
  existing: ConversationDoc | undefined,
  id: string,
  conversationId: string,
  changes: readonly ConversationChange[],
): ConversationDoc {
  const now = new Date().toISOString();
  const doc: ConversationDoc = existing
    ? structuredClone(existing)
    : {
        _id: id,
        type: 'conversation',
        conversation_id: conversationId,
        other: changes[0]!.other,
        subject: null,
        last_message: null,
        unread_count: 0,
        last_read_at: null,
        updated_at: now,
      };
  for (const change of changes) {
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
  }
  if (existing && JSON.stringify(doc) === JSON.stringify(existing)) return existing;
  return doc;
}

const cacheKeyOf = (ownerId: string, conversationId: string) =>
  `${ownerId}|${conversationDocId(conversationId)}`;

/**
 * A conversation's next version, for a caller that writes it with other documents in one
 * `_bulk_docs`: the document as this process last wrote it (or as read), with `changes` applied.
 * `write` is undefined when nothing changes. After the write, `written` (its new revision) keeps
 * it for the next message; a conflict is settled with `upsertConversation`.
 */
export async function nextConversation(
  deps: Deps,
  ownerId: string,
  conversationId: string,
  changes: readonly ConversationChange[],
): Promise<{
  next: ConversationDoc;
  write: ConversationDoc | undefined;
  written: (rev: string) => ConversationDoc;
}> {
  const db = userDb<ConversationDoc>(deps, ownerId) as unknown as DocumentScope<unknown>;
  const id = conversationDocId(conversationId);
  const cacheKey = cacheKeyOf(ownerId, conversationId);
  const cached = conversationCache.get(cacheKey);
  const existing = cached
    ? structuredClone(cached.value)
    : await getOrUndefined<ConversationDoc>(db, id);
  const next = applyConversationChanges(existing, id, conversationId, changes);
  return {
    next,
    write: next === existing ? undefined : conversationDocSchema.parse(next),
    written: (rev) => {
      const saved = { ...next, _rev: rev };
      conversationCache.set(cacheKey, saved);
      return saved;
    },
  };
}

/** Forgets the version kept of a conversation (its write conflicted). */
export function forgetConversation(ownerId: string, conversationId: string): void {
  conversationCache.delete(cacheKeyOf(ownerId, conversationId));
}

/**
 * Reads, changes and writes a conversation document, retrying when a concurrent write wins.
 * Idempotent: the same change applied twice gives the same document, and a change that alters
 * nothing writes nothing. Returns the document as stored.
 */
export async function upsertConversation(
  deps: Deps,
  ownerId: string,
  conversationId: string,
  change: ConversationChange | readonly ConversationChange[],
): Promise<ConversationDoc> {
  const changes = Array.isArray(change) ? change : [change as ConversationChange];
  const db = userDb<ConversationDoc>(deps, ownerId) as unknown as DocumentScope<unknown>;
  const id = conversationDocId(conversationId);
  const cacheKey = cacheKeyOf(ownerId, conversationId);
  for (let attempt = 0; ; attempt++) {
    const cached = attempt === 0 ? conversationCache.get(cacheKey) : undefined;
    const existing = cached
      ? structuredClone(cached.value)
      : await getOrUndefined<ConversationDoc>(db, id);
    const doc = applyConversationChanges(existing, id, conversationId, changes);
    if (doc === existing) return existing;
    try {
      const { rev } = await db.insert(conversationDocSchema.parse(doc) as never);
      const saved = { ...doc, _rev: rev };
      conversationCache.set(cacheKey, saved);
      return saved;
    } catch (error) {
      conversationCache.delete(cacheKey);
      if (!isConflict(error) || attempt === 4) throw error;
    }
  }
}
