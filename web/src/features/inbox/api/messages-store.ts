// The messages of the signed-in user's own database. The inbox list needs all of them (the
// people with messages not delivered yet, and the search in every message's text): they are
// indexed in memory by conversation, read once when the inbox opens and kept live from the
// engine's change feed (local writes and synced changes alike), one changed document at a time.
// One conversation's messages come from local indexes instead (`readConversationMessages`), so
// opening a conversation does not read every message. Writes go through the store either way.
import type { MessageDoc } from '@wayfarer/api/schemas/userdb-docs';
import { messageDocId, USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import type { Database, LocalEngine } from '@/lib/local-db-engine';
import {
  LOCAL_INDEX,
  conversationMessagesQuery,
  undeliveredMessagesQuery,
} from '@/lib/local-queries';
import { newMessageId } from '../utils/ids';
import type { Subject } from '../utils/subject';
import { compareMessages } from '../utils/timeline';

/** What the store needs of the offline core's engine (lib/local-db-engine.ts). */
export interface MessagesEngine {
  db: Pick<Database, 'allDocs' | 'get' | 'put' | 'remove' | 'getAttachment'>;
  onChange(listener: (ids: string[]) => void): () => void;
}

export interface NewMessage {
  to: string;
  body: string;
  attachment?: { name: string; type: string; data: Blob } | null;
  /** What the conversation is about (a gig from its "Contact me", ...). */
  subject?: Subject | null;
}

const RANGE_END = '\ufff0';
/** Messages not delivered yet have no conversation: they are grouped by recipient. */
const toKey = (tagname: string) => `@${tagname.toLowerCase()}`;
const groupOf = (doc: MessageDoc) => doc.conversation_id ?? toKey(doc.to);
/** What the store keeps: a message as the server or the user's device writes it. */
const isMessage = (doc: MessageDoc) => doc.type === 'message' && typeof doc.body === 'string';

/**
 * A conversation's messages in order, from the local indexes: those delivered in
 * `conversationId`, then those waiting for `tagname` (the same list as
 * `MessagesStore.messagesFor`).
 */
export async function readConversationMessages(
  engine: Pick<LocalEngine, 'find'>,
  conversationId: string | null,
  tagname: string | null,
): Promise<MessageDoc[]> {
  const [delivered, waiting] = await Promise.all([
    conversationId
      ? engine.find<MessageDoc>(
          LOCAL_INDEX.messagesByConversation,
          conversationMessagesQuery(conversationId),
        )
      : [],
    tagname
      ? engine.find<MessageDoc>(LOCAL_INDEX.messagesByRecipient, undeliveredMessagesQuery(tagname))
      : [],
  ]);
  return [...delivered, ...waiting].filter(isMessage).sort(compareMessages);
}

export class MessagesStore {
  private readonly docs = new Map<string, MessageDoc>();
  private readonly groups = new Map<string, Set<string>>();
  private readonly sorted = new Map<string, MessageDoc[]>();
  private readonly listeners = new Set<() => void>();
  private readonly changed = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private isLoaded = false;
  private loading: Promise<void> | null = null;
  private version = 0;
  private readonly stopListening: () => void;

  constructor(private readonly engine: MessagesEngine) {
    this.stopListening = engine.onChange((ids) => {
      // Nothing to keep up to date until the index is read.
      if (!this.loading) return;
      let any = false;
      for (const id of ids) {
        if (!id.startsWith(USERDB_PREFIX.message)) continue;
        this.changed.add(id);
        any = true;
      }
      if (any && this.isLoaded) this.scheduleFlush();
    });
  }

  // Reading -----------------------------------------------------------------------------------

  /** Reads every message into the index (once; the inbox list asks for it) and resolves. */
  get ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  get loaded(): boolean {
    return this.isLoaded;
  }

  /** Changes with every update: for `useSyncExternalStore`. */
  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A conversation's messages in order: those delivered, then those waiting for `tagname`. */
  messagesFor(conversationId: string | null, tagname: string | null): MessageDoc[] {
    const key = `${conversationId ?? ''}|${tagname ?? ''}`;
    const cached = this.sorted.get(key);
    if (cached) return cached;
    const ids = new Set<string>();
    if (conversationId) for (const id of this.groups.get(conversationId) ?? []) ids.add(id);
    if (tagname) for (const id of this.groups.get(toKey(tagname)) ?? []) ids.add(id);
    const list = [...ids]
      .map((id) => this.docs.get(id))
      .filter((doc): doc is MessageDoc => doc !== undefined)
      .sort(compareMessages);
    this.sorted.set(key, list);
    return list;
  }

  /** Messages not delivered yet (pending or refused), per recipient tagname, in order. */
  undeliveredByTagname(): Map<string, MessageDoc[]> {
    const result = new Map<string, MessageDoc[]>();
    for (const key of this.groups.keys()) {
      if (!key.startsWith('@')) continue;
      const tagname = key.slice(1);
      const list = this.messagesFor(null, tagname);
      if (list.length) result.set(tagname, list);
    }
    return result;
  }

  /** Whether a message of the conversation (or to `tagname`) contains `needle` (lower case). */
  hasText(conversationId: string | null, tagname: string | null, needle: string): boolean {
    return this.messagesFor(conversationId, tagname).some((m) =>
      m.body.toLowerCase().includes(needle),
    );
  }

  // Writing -----------------------------------------------------------------------------------

  /**
   * Writes an outgoing message into the user's own database as pending (exactly the shape the
   * database's validation accepts from a user); sync delivers it when the device is online.
   */
  async send(message: NewMessage): Promise<MessageDoc> {
    const id = newMessageId();
    const doc: MessageDoc = {
      _id: messageDocId(id),
      type: 'message',
      id,
      to: message.to.toLowerCase(),
      body: message.body,
      created_at: new Date().toISOString(),
      status: 'pending',
      ...(message.subject ? { subject: message.subject } : {}),
      ...(message.attachment
        ? {
            _attachments: {
              [message.attachment.name]: {
                content_type: message.attachment.type,
                data: message.attachment.data,
              },
            },
          }
        : {}),
    };
    await this.engine.db.put(doc as never);
    this.apply(
      [await this.read(doc._id)].filter((d): d is MessageDoc => d !== null),
      [doc._id],
    );
    return doc;
  }

  /** Deletes a message that was never delivered (the only ones a user may delete). */
  async discard(message: MessageDoc): Promise<void> {
    if (message.status !== 'failed' && message.status !== 'pending') return;
    const current = await this.read(message._id);
    if (!current?._rev) return;
    await this.engine.db.remove(current._id, current._rev);
    this.apply([], [message._id]);
  }

  /** Sends a refused message again as a new one (with its attachment) and drops the old one. */
  async retry(message: MessageDoc): Promise<void> {
    const [name, stub] = Object.entries(message._attachments ?? {})[0] ?? [];
    let attachment: NewMessage['attachment'] = null;
    if (name && stub) {
      const data = await this.attachment(message._id, name);
      if (data) attachment = { name, type: stub.content_type, data };
    }
    await this.send({ to: message.to, body: message.body, attachment, subject: message.subject });
    await this.discard(message);
  }

  /** The file attached to a message, from this device's database (null: not synced yet). */
  async attachment(docId: string, name: string): Promise<Blob | null> {
    try {
      const data = (await this.engine.db.getAttachment(docId, name)) as Blob;
      return data;
    } catch {
      return null;
    }
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
    this.stopListening();
    this.listeners.clear();
  }

  // Index -------------------------------------------------------------------------------------

  private async load(): Promise<void> {
    const result = await this.engine.db.allDocs({
      startkey: USERDB_PREFIX.message,
      endkey: USERDB_PREFIX.message + RANGE_END,
      include_docs: true,
    });
    const docs = result.rows.flatMap((row) => (row.doc ? [row.doc as unknown as MessageDoc] : []));
    this.apply(docs, []);
    this.isLoaded = true;
    this.notify();
    if (this.changed.size) this.scheduleFlush();
  }

  private async read(id: string): Promise<MessageDoc | null> {
    try {
      return (await this.engine.db.get(id)) as unknown as MessageDoc;
    } catch {
      return null;
    }
  }

  private scheduleFlush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => void this.flush(), 20);
  }

  private async flush(): Promise<void> {
    const ids = [...this.changed];
    this.changed.clear();
    if (!ids.length) return;
    try {
      const result = await this.engine.db.allDocs({ keys: ids, include_docs: true });
      const found: MessageDoc[] = [];
      const gone: string[] = [];
      for (const row of result.rows as { key: string; doc?: unknown; value?: unknown }[]) {
        if (row.doc) found.push(row.doc as MessageDoc);
        else gone.push(row.key);
      }
      this.apply(found, gone);
    } catch (error) {
      console.warn('Reading changed messages failed', error);
    }
  }

  private apply(found: readonly MessageDoc[], gone: readonly string[]): void {
    // Not read yet: the load reads these too.
    if (!this.loading) return;
    let isChanged = false;
    const drop = (id: string) => {
      const previous = this.docs.get(id);
      if (!previous) return;
      this.docs.delete(id);
      this.groups.get(groupOf(previous))?.delete(id);
      isChanged = true;
    };
    for (const id of gone) drop(id);
    for (const doc of found) {
      if (!isMessage(doc)) continue;
      const previous = this.docs.get(doc._id);
      if (previous?._rev && previous._rev === doc._rev) continue;
      drop(doc._id);
      this.docs.set(doc._id, doc);
      const group = groupOf(doc);
      let set = this.groups.get(group);
      if (!set) this.groups.set(group, (set = new Set()));
      set.add(doc._id);
      isChanged = true;
    }
    if (!isChanged) return;
    this.sorted.clear();
    this.notify();
  }

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<MessagesEngine, MessagesStore>();

/** The one store of an open engine (it lives as long as the engine does). */
export function messagesStoreFor(engine: MessagesEngine): MessagesStore {
  let store = stores.get(engine);
  if (!store) {
    store = new MessagesStore(engine);
    stores.set(engine, store);
  }
  return store;
}
