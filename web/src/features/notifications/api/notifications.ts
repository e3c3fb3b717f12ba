// Notifications live in the user's database: the server writes them, the user may only mark
// them read (read_at), which works offline and syncs. The page lists them all (an id-prefix
// read); the header's bell asks only for the latest few and the unread ones, through local
// indexes (lib/local-queries.ts), so it does not read every notification on every page.
import { useMemo } from 'react';
import type { NotificationDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { nowIso } from '@/lib/local-db-docs';
import type { LocalEngine } from '@/lib/local-db-engine';
import { upsertLocalDoc, useLocalDocs, useLocalQuery, whenLocalDb } from '@/lib/local-db';
import {
  LOCAL_INDEX,
  latestNotificationsQuery,
  notificationsNewestFirst,
  unreadCountQuery,
} from '@/lib/local-queries';
import { LOCAL_VIEW } from '@/lib/local-views';

/** Every notification, newest first; null while the database opens. */
export function useNotifications(): NotificationDoc[] | null {
  const docs = useLocalDocs<NotificationDoc>(USERDB_PREFIX.notification);
  return useMemo(
    () =>
      docs
        ? docs.filter((doc) => doc.type === 'notification').sort(notificationsNewestFirst)
        : null,
    [docs],
  );
}

export const isUnread = (doc: Pick<NotificationDoc, 'read_at'>): boolean => !doc.read_at;

/** What the bell shows: the `limit` newest notifications and how many are unread. */
export interface BellNotifications {
  latest: NotificationDoc[];
  /** Counted up to UNREAD_COUNT_CAP (100): the bell shows "99+" above 99. */
  unread: number;
}

/** The bell's figures from the local database (two indexed queries, the count capped). */
export async function readBellNotifications(
  engine: Pick<LocalEngine, 'find'>,
  limit: number,
): Promise<BellNotifications> {
  const [latest, unread] = await Promise.all([
    engine.find<NotificationDoc>(LOCAL_INDEX.notificationsByDate, latestNotificationsQuery(limit)),
    engine.find<{ _id: string }>(LOCAL_INDEX.notificationsUnread, unreadCountQuery()),
  ]);
  // The index orders ties by id in code-point order; the page's order decides.
  return { latest: latest.sort(notificationsNewestFirst), unread: unread.length };
}

/** The bell's figures, live; null while the database opens. */
export function useBellNotifications(limit: number): BellNotifications | null {
  return useLocalQuery(USERDB_PREFIX.notification, `bell:${limit}`, (engine) =>
    readBellNotifications(engine, limit),
  );
}

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
  await markAllReadIn(await whenLocalDb());
}

/**
 * `markAllRead` in the database of `engine`. The unread come from a local view whose rows are
 * the documents (lib/local-views.ts): one range read, where a `find` would read each of them
 * by id after its index (with hundreds unread, slower than reading every notification).
 */
export async function markAllReadIn(engine: Pick<LocalEngine, 'view' | 'db'>): Promise<void> {
  const unread = await engine.view<NotificationDoc>(LOCAL_VIEW.unreadNotifications);
  const readAt = nowIso();
  const updates = unread.map((doc) => ({ ...doc, read_at: readAt }));
  if (updates.length) await engine.db.bulkDocs(updates as never[]);
}
