import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import { updateUserDbDesign, userDbName } from '../../couch/userdb';
import type { Logger } from '../../lib/logger';
import {
  notificationDocSchema,
  notificationId,
  type NotificationDoc,
  type UserDbDoc,
  type UserDocType,
} from '../../schemas';
import { USERDB_DOC_TYPES } from '../../schemas/userdb-rules';

type NotificationInput = { kind: string; key: string; title: string; body: string; link: string };

/**
 * Writes a notification into the user's own database, where their devices sync it. The id is
 * deterministic (`notification:<kind>:<key>`), so a retry or a second instance doing the same
 * work writes it once. Failures are logged: a notification never fails the action behind it.
 */
export async function notify(
  deps: { couch: Couch; logger: Logger },
  userId: string,
  notification: NotificationInput,
): Promise<void> {
  try {
    await writeNotification(deps, userId, notification);
  } catch (error) {
    deps.logger.error(
      { err: error, userId, kind: notification.kind },
      'writing a notification failed',
    );
  }
}

/** A notification document, unread (for a caller that writes it with others in one request). */
export function notificationDoc(notification: NotificationInput): NotificationDoc {
  return notificationDocSchema.parse({
    _id: notificationId(notification.kind, notification.key),
    type: 'notification',
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    created_at: new Date().toISOString(),
    read_at: null,
  } satisfies NotificationDoc);
}

/**
 * The same for work that is retried until it is done (message delivery): a failure is thrown,
 * so the job runs again; one already written counts as written.
 */
export async function writeNotification(
  deps: { couch: Couch },
  userId: string,
  notification: NotificationInput,
): Promise<void> {
  try {
    await deps.couch.server
      .use(userDbName(deps.couch, userId))
      .insert(notificationDoc(notification) as never);
  } catch (error) {
    if (!isConflict(error)) throw error; // a conflict: already delivered
  }
}

/**
 * Unread notifications are counted up to this many, as the web app's bell does (its
 * UNREAD_COUNT_CAP, shown as "99+" above 99): a member's unread history never makes the count
 * cost more.
 */
const UNREAD_COUNT_CAP = 100;

/**
 * How long a request waits for the count. Past it, the count read last (0 if none) is answered
 * while the index catches up in the background: a database that received many documents since
 * its view was last read (a long absence, an import, a changed design document) makes the first
 * read index all of them, over a minute for 100,000 on the embedded server, which also queues
 * every other read of that view behind the build.
 */
const UNREAD_COUNT_WAIT_MS = 1_500;
/** Members whose last count is kept (per API instance): those seen recently. */
const LAST_COUNTS_KEPT = 10_000;
const lastCounts = new Map<string, number>();
const counting = new Map<string, Promise<number>>();

function remember(userId: string, count: number) {
  lastCounts.delete(userId);
  lastCounts.set(userId, count);
  if (lastCounts.size > LAST_COUNTS_KEPT) lastCounts.delete(lastCounts.keys().next().value!);
}

/**
 * The unread notifications, counted from the rows of the `notifications/unread` view, at most
 * UNREAD_COUNT_CAP of them: the embedded server computes a reduction by reading every row. That
 * view has a design document of its own, so the count waits only for a type check of what was
 * written since the last one, not for the indexes of every document and message; and for at most
 * UNREAD_COUNT_WAIT_MS (then the last count, `fresh: false`; one count per member is under way
 * at a time). A
 * database whose design documents predate it (brought up to date at start, in the background)
 * gets them here, once.
 */
export async function unreadNotificationCount(
  couch: Couch,
  userId: string,
  waitMs = UNREAD_COUNT_WAIT_MS,
): Promise<{ count: number; fresh: boolean }> {
  let count = counting.get(userId);
  if (!count) {
    count = countUnread(couch, userId).then((n) => {
      remember(userId, n);
      return n;
    });
    const settled = () => counting.delete(userId);
    count.then(settled, settled);
    counting.set(userId, count);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
    timer.unref();
  });
  try {
    const first = await Promise.race([count, late]);
    if (first !== 'late') return { count: first, fresh: true };
  } finally {
    clearTimeout(timer);
  }
  // Still indexing (a failure then is the next request's to report).
  return { count: lastCounts.get(userId) ?? 0, fresh: false };
}

async function countUnread(couch: Couch, userId: string): Promise<number> {
  const read = async () =>
    (
      await couch.server
        .use(userDbName(couch, userId))
        .view('notifications', 'unread', { limit: UNREAD_COUNT_CAP })
    ).rows.length;
  try {
    return await read();
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  // No such database (none yet: 0), or no such design document yet.
  try {
    return (await updateUserDbDesign(couch, userId)) ? await read() : 0;
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
}

/**
 * Every document of one type in a user's database, read by its id range (USERDB_DOC_TYPES): what
 * it costs follows the documents of that type, never the rest of the database, and no index is
 * waited for (a view would first index everything written since it was last read).
 */
export async function docsOfType<T extends UserDocType>(
  couch: Couch,
  userId: string,
  type: T,
): Promise<Extract<UserDbDoc, { type: T }>[]> {
  const { prefix } = USERDB_DOC_TYPES[type];
  try {
    const result = await couch.server
      .use(userDbName(couch, userId))
      .list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
    return result.rows
      .map((row) => row.doc as unknown as UserDbDoc | undefined)
      .filter((doc): doc is Extract<UserDbDoc, { type: T }> => doc?.type === type);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
