// The local queries that need more than an id prefix, and the indexes (pouchdb-find, Mango) that
// serve them in the user's database on this device. An index is a `_design/idx-...` document of
// the local database: it is never pushed (the gateway refuses design documents with 403, see
// `isPushed`), and each is created lazily, at the first query that needs it. Reads of all the
// documents of one type stay `allDocs` id-prefix ranges (lib/local-db.ts `useLocalDocs`).
//
// No imports on purpose: the benchmark (bench/local-queries.bench.ts) runs these very queries.

export interface LocalIndex {
  /** The design document's name, without `_design/`. */
  ddoc: string;
  name: string;
  fields: string[];
}

/** The Mango request `find` takes (the part these queries use). */
export interface LocalQuery {
  selector: Record<string, unknown>;
  sort?: Record<string, 'asc' | 'desc'>[];
  fields?: string[];
  limit?: number;
  use_index: [string, string];
}

export const LOCAL_INDEX = {
  /** A conversation's delivered messages, in the order they were written. */
  messagesByConversation: {
    ddoc: 'idx-message-conversation',
    name: 'message-conversation',
    fields: ['type', 'conversation_id', 'created_at'],
  },
  /** Messages by recipient: those not delivered yet to one person. */
  messagesByRecipient: {
    ddoc: 'idx-message-to',
    name: 'message-to',
    fields: ['type', 'to', 'created_at'],
  },
  /** Notifications newest first. */
  notificationsByDate: {
    ddoc: 'idx-notification-date',
    name: 'notification-date',
    fields: ['type', 'created_at'],
  },
  /** Unread notifications (`read_at: null`, as the server writes them) newest first. */
  notificationsUnread: {
    ddoc: 'idx-notification-unread',
    name: 'notification-unread',
    fields: ['type', 'read_at', 'created_at'],
  },
  /** Order mirrors by the viewer's side of the order, newest written first (My Orders offline). */
  orderMirrorsByRole: {
    ddoc: 'idx-order-mirror-role',
    name: 'order-mirror-role',
    fields: ['type', 'role', 'mirrored_at'],
  },
  /** Order actions taken on this account, by order, in the order they were taken. */
  orderActionsByOrder: {
    ddoc: 'idx-order-action-order',
    name: 'order-action-order',
    fields: ['type', 'order_id', 'created_at'],
  },
} as const satisfies Record<string, LocalIndex>;

const indexName = (index: LocalIndex): [string, string] => [index.ddoc, index.name];
/** Every value the fields hold (strings); Mango sorts only on fields the selector names. */
const ANY = { $gt: null };
/**
 * "No limit": pouchdb-find, like CouchDB, returns 25 documents unless told otherwise. At most
 * 2^31 - 1, because IndexedDB's getAll takes the limit as its count.
 */
const ALL = 2 ** 31 - 1;

/** Replication pushes every document but the local indexes (`_design/...`). */
export function isPushed(doc: { _id: string }): boolean {
  return !doc._id.startsWith('_design/');
}

/** The delivered messages of conversation `conversationId`, oldest written first. */
export function conversationMessagesQuery(conversationId: string): LocalQuery {
  const index = LOCAL_INDEX.messagesByConversation;
  return {
    selector: { type: 'message', conversation_id: conversationId, created_at: ANY },
    sort: [{ type: 'asc' }, { conversation_id: 'asc' }, { created_at: 'asc' }],
    limit: ALL,
    use_index: indexName(index),
  };
}

/**
 * The messages to `tagname` not delivered yet (no conversation), oldest first. The sender's
 * device writes `to` in lower case (MessagesStore.send).
 */
export function undeliveredMessagesQuery(tagname: string): LocalQuery {
  const index = LOCAL_INDEX.messagesByRecipient;
  return {
    selector: {
      type: 'message',
      to: tagname.toLowerCase(),
      created_at: ANY,
      conversation_id: { $exists: false },
    },
    sort: [{ type: 'asc' }, { to: 'asc' }, { created_at: 'asc' }],
    limit: ALL,
    use_index: indexName(index),
  };
}

/** Notifications newest first, ties by the larger id first: the order the page and the bell show. */
export const notificationsNewestFirst = (
  a: { _id: string; created_at: string },
  b: { _id: string; created_at: string },
): number => b.created_at.localeCompare(a.created_at) || b._id.localeCompare(a._id);

/** The `limit` newest notifications (ties: the larger id first). */
export function latestNotificationsQuery(limit: number): LocalQuery {
  const index = LOCAL_INDEX.notificationsByDate;
  return {
    selector: { type: 'notification', created_at: ANY },
    sort: [{ type: 'desc' }, { created_at: 'desc' }],
    limit,
    use_index: indexName(index),
  };
}

/** The unread notifications, newest first (`fields: ['_id']` to keep only their ids). */
export function unreadNotificationsQuery(fields?: string[]): LocalQuery {
  const index = LOCAL_INDEX.notificationsUnread;
  return {
    selector: { type: 'notification', read_at: null, created_at: ANY },
    sort: [{ type: 'desc' }, { read_at: 'desc' }, { created_at: 'desc' }],
    ...(fields ? { fields } : {}),
    limit: ALL,
    use_index: indexName(index),
  };
}

/**
 * How far the bell counts unread notifications: it shows "99+" above 99, so 100 says "more than
 * 99" as well as any larger number would. A `find` reads every document it answers with, one at
 * a time by id (pouchdb-find fetches them even for `fields: ['_id']`), so a count without a cap
 * read every unread notification on every page: with hundreds unread, slower than reading all
 * the notifications in one pass (bench/local-queries.bench.ts, "bell").
 */
export const UNREAD_COUNT_CAP = 100;

/** The bell's unread count: the ids of the newest unread notifications, UNREAD_COUNT_CAP at most. */
export function unreadCountQuery(): LocalQuery {
  return { ...unreadNotificationsQuery(['_id']), limit: UNREAD_COUNT_CAP };
}

/** The mirrors of the orders the user is on `role`'s side of, newest written first. */
export function orderMirrorsQuery(role: 'customer' | 'agent'): LocalQuery {
  const index = LOCAL_INDEX.orderMirrorsByRole;
  return {
    selector: { type: 'order_mirror', role, mirrored_at: ANY },
    sort: [{ type: 'desc' }, { role: 'desc' }, { mirrored_at: 'desc' }],
    limit: ALL,
    use_index: indexName(index),
  };
}

/** The actions taken (on any device of the user) on order `orderId`, oldest first. */
export function orderActionsQuery(orderId: string): LocalQuery {
  const index = LOCAL_INDEX.orderActionsByOrder;
  return {
    selector: { type: 'order_action', order_id: orderId, created_at: ANY },
    sort: [{ type: 'asc' }, { order_id: 'asc' }, { created_at: 'asc' }],
    limit: ALL,
    use_index: indexName(index),
  };
}
