import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import type { Logger } from '../../lib/logger';
import {
  notificationDocSchema,
  notificationId,
  type NotificationDoc,
  type UserDbDoc,
  type UserDocType,
} from '../../schemas';

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

/**
 * The same for work that is retried until it is done (message delivery): a failure is thrown,
 * so the job runs again; one already written counts as written.
 */
export async function writeNotification(
  deps: { couch: Couch },
  userId: string,
  notification: NotificationInput,
): Promise<void> {
  const doc = notificationDocSchema.parse({
    _id: notificationId(notification.kind, notification.key),
    type: 'notification',
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    created_at: new Date().toISOString(),
    read_at: null,
  } satisfies NotificationDoc);
  try {
    await deps.couch.server.use(userDbName(deps.couch, userId)).insert(doc as never);
  } catch (error) {
    if (!isConflict(error)) throw error; // a conflict: already delivered
  }
}

export async function unreadNotificationCount(couch: Couch, userId: string): Promise<number> {
  try {
    const result = await couch.server
      .use(userDbName(couch, userId))
      .view('app', 'unread_notifications', { reduce: true });
    return Number(result.rows[0]?.value ?? 0);
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
}

/** Every document of one type in a user's database, via the `app/by_type` view. */
export async function docsOfType<T extends UserDocType>(
  couch: Couch,
  userId: string,
  type: T,
): Promise<Extract<UserDbDoc, { type: T }>[]> {
  try {
    const result = await couch.server
      .use(userDbName(couch, userId))
      .view('app', 'by_type', { startkey: [type], endkey: [type, {}], include_docs: true });
    return result.rows.map((row) => row.doc as unknown as Extract<UserDbDoc, { type: T }>);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
