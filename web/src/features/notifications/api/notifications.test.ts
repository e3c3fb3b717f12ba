import { describe, expect, it } from 'vitest';
import type { NotificationDoc } from '@wayfarer/api/schemas/userdb-docs';
import type { LocalEngine } from '@/lib/local-db-engine';
import { UNREAD_COUNT_CAP } from '@/lib/local-queries';
import { localEngines } from '@/testing/local-engine';
import { isUnread, markAllReadIn, readBellNotifications } from './notifications';

// The bell's queries on the real engine and PouchDB (local indexes), against what the page's
// whole list says.

const setup = localEngines('wf-notifications-');

/** 60 notifications (more than a default Mango page), some at the same moment, 1 in 3 read. */
function notices(): NotificationDoc[] {
  return Array.from({ length: 60 }, (_, n) => ({
    _id: `notification:${n % 2 ? 'message' : 'order'}:${String(n).padStart(3, '0')}`,
    type: 'notification' as const,
    kind: n % 2 ? 'message' : 'order',
    title: `Notice ${n}`,
    body: '',
    link: '/inbox',
    created_at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(n / 2))).toISOString(),
    read_at: n % 3 === 0 ? '2026-02-01T00:00:00.000Z' : null,
  }));
}

/** What the page shows: every notification, newest first (useNotifications). */
async function wholeList(engine: LocalEngine): Promise<NotificationDoc[]> {
  const all = await engine.db.allDocs({
    startkey: 'notification:',
    endkey: 'notification:\ufff0',
    include_docs: true,
  });
  return all.rows
    .map((row) => row.doc as unknown as NotificationDoc)
    .filter((doc) => doc.type === 'notification')
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b._id.localeCompare(a._id));
}

describe('the bell from local indexes', () => {
  it('gives the latest notifications and the unread count the whole list gives', async () => {
    const engine = await setup();
    await engine.db.bulkDocs([
      ...notices(),
      // Not notifications: never counted.
      { _id: 'message:m1', type: 'message', read_at: null, created_at: '2027-01-01' },
      { _id: 'wishlist:w1', type: 'wishlist', created_at: '2027-01-01' },
    ] as never[]);
    const list = await wholeList(engine);
    const bell = await readBellNotifications(engine, 5);
    expect(bell.latest.map((doc) => doc._id)).toEqual(list.slice(0, 5).map((doc) => doc._id));
    expect(bell.unread).toBe(list.filter(isUnread).length);
    expect(bell.unread).toBe(40);

    // Marks made on this device show at the next query.
    const first = list.find(isUnread)!;
    await engine.db.put({ ...first, read_at: '2026-03-01T00:00:00.000Z' } as never);
    expect((await readBellNotifications(engine, 5)).unread).toBe(39);
  });

  it('marks every unread notification read in one write, and nothing else', async () => {
    const engine = await setup();
    await engine.db.bulkDocs(notices() as never[]);
    const readBefore = (await wholeList(engine)).filter((doc) => !isUnread(doc));
    await markAllReadIn(engine);
    const after = await wholeList(engine);
    expect(after.filter(isUnread)).toEqual([]);
    expect((await readBellNotifications(engine, 5)).unread).toBe(0);
    // Those read before keep their time and revision.
    for (const doc of readBefore) {
      expect(after.find((d) => d._id === doc._id)).toMatchObject({
        _rev: doc._rev,
        read_at: doc.read_at,
      });
    }
  });

  it('counts the unread up to the cap, what the bell shows as 99+', async () => {
    const engine = await setup();
    const many = Array.from({ length: UNREAD_COUNT_CAP + 30 }, (_, n) => ({
      ...notices()[1]!,
      _id: `notification:order:${String(n).padStart(4, '0')}`,
      read_at: null,
    }));
    await engine.db.bulkDocs(many as never[]);
    expect((await wholeList(engine)).filter(isUnread)).toHaveLength(UNREAD_COUNT_CAP + 30);
    expect((await readBellNotifications(engine, 5)).unread).toBe(UNREAD_COUNT_CAP);
  });

  it('says nothing is there when the database holds no notification yet', async () => {
    const engine = await setup();
    expect(await readBellNotifications(engine, 5)).toEqual({ latest: [], unread: 0 });
  });
});
