import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalEngine } from './local-db-engine';
import { LOCAL_VIEW, ensureView, queryView, viewDesignDoc } from './local-views';

// Local views on real PouchDB (LevelDB on disk): rows that carry their documents, kept up to
// date with the database, and a design document that never leaves the device.

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close().catch(() => undefined)));
});

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-views-'));
  const engine = new LocalEngine({
    name: path.join(dir, 'device'),
    remoteUrl: path.join(dir, 'server'),
    fetch: () => Promise.reject(new TypeError('not used for a local remote')),
    onState: () => undefined,
    isOnline: () => true,
  });
  const server = new PouchDB(path.join(dir, 'server'));
  opened.push(engine, server);
  return { engine, server };
}

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
type Notice = ReturnType<typeof notice> & { _rev: string };

describe('local views', () => {
  it('answer with the unread notifications in full, current with every change', async () => {
    const { engine } = setup();
    await engine.open();
    await engine.db.bulkDocs([
      notice(1, null),
      notice(2, '2026-01-02T00:00:00.000Z'),
      notice(3, null),
    ]);
    const view = LOCAL_VIEW.unreadNotifications;
    const first = await engine.view<Notice>(view);
    // Whole documents, current revisions, in date order: ready to be written back.
    const revOf = async (id: string) => (await engine.db.get(id))._rev;
    expect(first).toEqual([
      { ...notice(1, null), _rev: await revOf('notification:t:1') },
      { ...notice(3, null), _rev: await revOf('notification:t:3') },
    ]);
    expect((await engine.view<Notice>(view, { descending: true })).map((d) => d._id)).toEqual([
      'notification:t:3',
      'notification:t:1',
    ]);

    // Read, unread again, a new one, one deleted: the next query follows.
    await engine.db.put({ ...first[0]!, read_at: '2026-01-03T00:00:00.000Z' });
    const two = await engine.db.get<Notice>('notification:t:2');
    await engine.db.put({ ...two, read_at: null });
    await engine.db.put(notice(4, null));
    await engine.db.remove(first[1]!._id, first[1]!._rev);
    const now = await engine.view<Notice>(view);
    expect(now.map((d) => [d._id, d.read_at])).toEqual([
      ['notification:t:2', null],
      ['notification:t:4', null],
    ]);
    // Written back as the view gave them: no conflict.
    const results = await engine.db.bulkDocs(now.map((d) => ({ ...d, read_at: 'x' })));
    expect(results.every((r) => 'ok' in r && r.ok)).toBe(true);
    expect(await engine.view(view)).toEqual([]);
  });

  it('keep their design document on the device, written once per definition', async () => {
    const { engine, server } = setup();
    await engine.open();
    await engine.db.bulkDocs([notice(1, null), notice(2, null)]);
    const view = LOCAL_VIEW.unreadNotifications;
    expect(await engine.view(view)).toHaveLength(2);
    const ddoc = await engine.db.get(`_design/${view.ddoc}`);
    expect(ddoc).toMatchObject(viewDesignDoc(view));

    // Asked again (another engine on the same database too), nothing is written.
    const seq = (await engine.db.info()).update_seq;
    await ensureView(engine.db, view);
    expect(await engine.view(view)).toHaveLength(2);
    expect((await engine.db.info()).update_seq).toBe(seq);

    // Sync pushes the notifications, never the view.
    engine.startSync();
    await vi.waitFor(async () => expect((await server.allDocs()).rows).toHaveLength(2), {
      timeout: 5000,
    });
    expect(await engine.flush()).toBe(true);
    expect((await server.allDocs()).rows.map((row) => row.id)).toEqual([
      'notification:t:1',
      'notification:t:2',
    ]);

    // A new version of the map: the design document is written again and the view answers.
    const next = { ...view, version: view.version + 1 };
    await ensureView(engine.db, next);
    expect(await engine.db.get(`_design/${view.ddoc}`)).toMatchObject(viewDesignDoc(next));
    expect(await queryView(engine.db, next)).toHaveLength(2);
  });
});
