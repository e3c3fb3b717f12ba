import { describe, expect, it, vi } from 'vitest';
import type { Couch } from '../../couch/connect';
import { unreadNotificationCount } from './notifications.service';

/** The count alone. */
const countOf = async (counting: ReturnType<typeof unreadNotificationCount>) =>
  (await counting).count;

/** A database whose `notifications/unread` reads answer when the test says. */
function database() {
  const reads: { resolve: (rows: number) => void; reject: (error: Error) => void }[] = [];
  const view = vi.fn(
    () =>
      new Promise<{ rows: unknown[] }>((resolve, reject) => {
        reads.push({
          resolve: (n) => resolve({ rows: Array.from({ length: n }, () => ({})) }),
          reject,
        });
      }),
  );
  const couch = { name: (base: string) => base, server: { use: () => ({ view }) } };
  return { couch: couch as unknown as Couch, view, reads };
}

let n = 0;
const member = () => `member-${++n}`;

describe('unreadNotificationCount', () => {
  it('answers the count read from the view', async () => {
    const db = database();
    const counted = unreadNotificationCount(db.couch, member(), 1_000);
    db.reads[0]!.resolve(3);
    expect(await counted).toEqual({ count: 3, fresh: true });
    expect(db.view).toHaveBeenCalledWith('notifications', 'unread', { limit: 100 });
  });

  it('waits a bounded time for an index that is catching up, then answers the last count', async () => {
    const db = database();
    const id = member();
    const first = unreadNotificationCount(db.couch, id, 1_000);
    db.reads[0]!.resolve(2);
    expect(await first).toEqual({ count: 2, fresh: true });

    // The next read waits for an index build: the request answers the last count meanwhile,
    // marked as not read now (GET /api/user does not keep it).
    expect(await unreadNotificationCount(db.couch, id, 20)).toEqual({ count: 2, fresh: false });
    // A request meanwhile joins the read under way instead of queueing another.
    expect(await countOf(unreadNotificationCount(db.couch, id, 20))).toBe(2);
    expect(db.view).toHaveBeenCalledTimes(2);
    // Once it is done, its count is the one answered while the next read waits.
    db.reads[1]!.resolve(7);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await countOf(unreadNotificationCount(db.couch, id, 20))).toBe(7);
    expect(db.view).toHaveBeenCalledTimes(3);
  });

  it('answers 0 for a member never counted whose index is still building', async () => {
    const db = database();
    expect(await countOf(unreadNotificationCount(db.couch, member(), 20))).toBe(0);
  });

  it('reports a failed read to the request waiting for it', async () => {
    const db = database();
    const counted = unreadNotificationCount(db.couch, member(), 1_000);
    db.reads[0]!.reject(Object.assign(new Error('boom'), { statusCode: 500 }));
    await expect(counted).rejects.toThrow('boom');
  });
});
