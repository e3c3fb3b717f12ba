// Notifications live in the user's database: the server writes them, the user may only mark
// them read (read_at), which works offline and syncs.
import { useMemo } from 'react';
import { nowIso, PREFIX, type NotificationDoc } from '@/lib/local-db-docs';
import { upsertLocalDoc, useLocalDocs, withLocalDb } from '@/lib/local-db';

const newestFirst = (a: NotificationDoc, b: NotificationDoc) =>
  b.created_at.localeCompare(a.created_at) || b._id.localeCompare(a._id);

/** Every notification, newest first; null while the database opens. */
export function useNotifications(): NotificationDoc[] | null {
  const docs = useLocalDocs<NotificationDoc>(PREFIX.notification);
  return useMemo(
    () => (docs ? docs.filter((doc) => doc.type === 'notification').sort(newestFirst) : null),
    [docs],
  );
}

export const isUnread = (doc: Pick<NotificationDoc, 'read_at'>): boolean => !doc.read_at;

export function markRead(id: string): Promise<void> {
  return upsertLocalDoc<NotificationDoc>(id, (doc) =>
    doc && !doc.read_at ? { ...doc, read_at: nowIso() } : undefined,
  );
}

export function markUnread(id: string): Promise<void> {
  return upsertLocalDoc<NotificationDoc>(id, (doc) =>
    doc && doc.read_at ? { ...doc, read_at: null } : undefined,
  );
}

/** Marks every unread notification read, in one write. */
export async function markAllRead(): Promise<void> {
  await withLocalDb(async (db) => {
    const result = await db.allDocs({
      startkey: PREFIX.notification,
      endkey: `${PREFIX.notification}\ufff0`,
      include_docs: true,
    });
    const readAt = nowIso();
    const updates = result.rows
      .map((row) => row.doc as unknown as NotificationDoc | undefined)
      .filter((doc): doc is NotificationDoc => !!doc && doc.type === 'notification' && !doc.read_at)
      .map((doc) => ({ ...doc, read_at: readAt }));
    if (updates.length) await db.bulkDocs(updates as never[]);
  });
}
