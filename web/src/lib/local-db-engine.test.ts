import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncState } from '@/stores/sync';
import { LocalEngine, nextBackOff } from './local-db-engine';
import { isPushed, LOCAL_INDEX, unreadNotificationsQuery } from './local-queries';

// The engine on real PouchDB: the "server" is a second database on disk (the gateway speaks the
// same replication protocol), so sync, the pending count and conflicts run for real.

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close().catch(() => undefined)));
});

function setup(online = { value: true }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-engine-'));
  const state: Partial<SyncState> = {};
  const engine = new LocalEngine({
    name: path.join(dir, 'device'),
    remoteUrl: path.join(dir, 'server'),
    fetch: () => Promise.reject(new TypeError('not used for a local remote')),
    onState: (patch) => Object.assign(state, patch),
    isOnline: () => online.value,
  });
  const server = new PouchDB(path.join(dir, 'server'));
  opened.push(engine, server);
  return { engine, server, state, online };
}

const wishlist = (id: string, name: string) => ({
  _id: id,
  type: 'wishlist',
  name,
  visibility: 'private',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('nextBackOff', () => {
  it('doubles from one second up to a minute', () => {
    expect(nextBackOff(0)).toBe(1000);
    expect(nextBackOff(1000)).toBe(2000);
    expect(nextBackOff(40_000)).toBe(60_000);
    expect(nextBackOff(60_000)).toBe(60_000);
  });
});

describe('LocalEngine', () => {
  it('counts local changes until sync sends them, then reports online with nothing pending', async () => {
    const { engine, server, state } = setup();
    await engine.open();
    await engine.db.put(wishlist('wishlist:a', 'Kyoto'));
    await engine.db.put(wishlist('wishlist:b', 'Lisbon'));
    expect(await engine.countPending()).toBe(2);

    engine.startSync();
    await vi.waitFor(async () => expect((await server.allDocs()).rows).toHaveLength(2), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(state.pending).toBe(0), { timeout: 5000 });
    await vi.waitFor(() => expect(state.status).toBe('online'), { timeout: 5000 });
  });

  it('says offline while the device is offline', async () => {
    const online = { value: false };
    const { engine, state } = setup(online);
    await engine.open();
    engine.startSync();
    await vi.waitFor(() => expect(state.status).toBe('offline'));
  });

  it('pulls changes, tells listeners, and does not count them as pending', async () => {
    const { engine, server } = setup();
    await engine.open();
    const seen: string[] = [];
    engine.onChange((ids) => seen.push(...ids));
    engine.startSync();
    await server.put(wishlist('wishlist:remote', 'From another device'));
    await vi.waitFor(() => expect(seen).toContain('wishlist:remote'), { timeout: 5000 });
    await vi.waitFor(async () => expect(await engine.countPending()).toBe(0), { timeout: 5000 });
  });

  it('resolves a conflict that arrives by sync, the same way on every device', async () => {
    const { engine, server } = setup();
    await engine.open();
    const first = await engine.db.put(wishlist('wishlist:c', 'Start'));
    await engine.db.replicate.to(server);
    await engine.db.put({ ...wishlist('wishlist:c', 'Here'), _rev: first.rev });
    await server.put({
      ...wishlist('wishlist:c', 'There, later'),
      updated_at: '2026-02-01T00:00:00.000Z',
      _rev: first.rev,
    });
    engine.startSync();
    await vi.waitFor(
      async () => {
        const doc = await engine.db.get('wishlist:c', { conflicts: true });
        expect(doc._conflicts ?? []).toEqual([]);
        expect((doc as unknown as { name: string }).name).toBe('There, later');
      },
      { timeout: 8000 },
    );
    // The losing version is kept as a tombstone with its content.
    const leaves = (await engine.db.get('wishlist:c', { open_revs: 'all' })) as unknown as {
      ok: { _deleted?: boolean; name: string };
    }[];
    expect(leaves.filter((leaf) => leaf.ok._deleted).map((leaf) => leaf.ok.name)).toContain('Here');
  });

  it('flushes pending changes on demand and can be destroyed', async () => {
    const { engine, server } = setup();
    await engine.open();
    await engine.db.put(wishlist('wishlist:f', 'Before logout'));
    expect(await engine.flush()).toBe(true);
    expect((await server.get('wishlist:f'))._id).toBe('wishlist:f');
    await engine.destroy();
    opened.splice(opened.indexOf(engine), 1);
  });

  it('keeps its local indexes on the device: never pushed, never pending', async () => {
    const { engine, server, state } = setup();
    await engine.open();
    const notice = (n: number, readAt: string | null) => ({
      _id: `notification:t:${n}`,
      type: 'notification',
      kind: 't',
      title: `Notice ${n}`,
      body: '',
      link: '/',
      created_at: `2026-01-01T00:00:0${n}.000Z`,
      read_at: readAt,
    });
    await engine.db.bulkDocs([
      notice(1, null),
      notice(2, '2026-01-02T00:00:00.000Z'),
      notice(3, null),
    ]);
    // The first query creates its index: a design document in the local database.
    const unread = await engine.find<{ _id: string }>(
      LOCAL_INDEX.notificationsUnread,
      unreadNotificationsQuery(),
    );
    expect(unread.map((doc) => doc._id)).toEqual(['notification:t:3', 'notification:t:1']);
    const local = await engine.db.allDocs({ startkey: '_design/', endkey: '_design/\ufff0' });
    expect(local.rows.map((row) => row.id)).toEqual(['_design/idx-notification-unread']);
    expect(await engine.countPending()).toBe(3);

    engine.startSync();
    await vi.waitFor(async () => expect((await server.allDocs()).rows).toHaveLength(3), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(state.pending).toBe(0), { timeout: 5000 });
    await vi.waitFor(() => expect(state.status).toBe('online'), { timeout: 5000 });
    expect(state.error ?? null).toBeNull();
    // A logout's one-off push leaves it here too.
    await engine.db.put(notice(4, null));
    expect(await engine.flush()).toBe(true);
    const onServer = await server.allDocs();
    expect(onServer.rows.map((row) => row.id)).toEqual([
      'notification:t:1',
      'notification:t:2',
      'notification:t:3',
      'notification:t:4',
    ]);
    // Asking again neither writes the index again nor finds stale answers.
    const before = (await engine.db.info()).update_seq;
    const again = await engine.find<{ _id: string }>(
      LOCAL_INDEX.notificationsUnread,
      unreadNotificationsQuery(['_id']),
    );
    expect(again.map((doc) => doc._id)).toEqual([
      'notification:t:4',
      'notification:t:3',
      'notification:t:1',
    ]);
    expect((await engine.db.info()).update_seq).toBe(before);
  });
});

describe('isPushed', () => {
  it('pushes every document but design documents', () => {
    expect(isPushed({ _id: '_design/idx-message-conversation' })).toBe(false);
    expect(isPushed({ _id: '_design/app' })).toBe(false);
    expect(isPushed({ _id: 'message:abc' })).toBe(true);
    expect(isPushed({ _id: 'notification:t:1' })).toBe(true);
    expect(isPushed({ _id: 'draft:gig:new' })).toBe(true);
  });
});
