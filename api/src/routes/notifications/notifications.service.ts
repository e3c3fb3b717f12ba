import type { Couch } from '../../couch/connect';
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import type { Logger } from '../../lib/logger';

export interface NotificationDoc {
  _id: string;
  _rev?: string;
  type: 'notification';
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/**
 * Writes a notification into the user's own database, where their devices sync it. The id is
 * deterministic (`notification:<kind>:<key>`), so a retry or a second instance doing the same
 * work writes it once. Failures are logged: a notification never fails the action behind it.
 */
export async function notify(
  deps: { couch: Couch; logger: Logger },
  userId: string,
  notification: { kind: string; key: string; title: string; body: string; link: string },
): Promise<void> {
  const doc: NotificationDoc = {
    _id: `notification:${notification.kind}:${notification.key}`,
    type: 'notification',
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    created_at: new Date().toISOString(),
    read_at: null,
  };
  try {
    await deps.couch.server.use(userDbName(deps.couch, userId)).insert(doc as never);
  } catch (error) {
    if (isConflict(error)) return; // already delivered
    deps.logger.error(
      { err: error, userId, kind: notification.kind },
      'writing a notification failed',
    );
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
export async function docsOfType<T>(couch: Couch, userId: string, type: string): Promise<T[]> {
  try {
    const result = await couch.server
      .use(userDbName(couch, userId))
      .view('app', 'by_type', { startkey: [type], endkey: [type, {}], include_docs: true });
    return result.rows.map((row) => row.doc as unknown as T);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
