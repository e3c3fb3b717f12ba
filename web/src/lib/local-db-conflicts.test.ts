import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareRevs,
  latest,
  MAX_RECOVERED,
  planResolution,
  resolveConflicts,
  stableStringify,
  type ConflictDb,
} from './local-db-conflicts';

type Doc = Record<string, unknown> & { _id: string; _rev?: string };

describe('compareRevs and latest', () => {
  it('orders revisions by number, then hash, as CouchDB picks a winner', () => {
    expect(compareRevs('2-a', '10-a')).toBeLessThan(0);
    expect(compareRevs('3-b', '3-a')).toBeGreaterThan(0);
    expect(compareRevs('3-a', '3-a')).toBe(0);
  });

  it('picks the latest timestamp, and the higher revision on a tie, whatever the order', () => {
    const a = { _id: 'x', _rev: '2-aaa', updated_at: '2026-01-01T10:00:00.000Z' };
    const b = { _id: 'x', _rev: '2-bbb', updated_at: '2026-01-01T09:00:00.000Z' };
    const c = { _id: 'x', _rev: '3-ccc', updated_at: '2026-01-01T10:00:00.000Z' };
    expect(latest([a, b], 'updated_at')).toBe(a);
    expect(latest([b, a], 'updated_at')).toBe(a);
    expect(latest([a, b, c], 'updated_at')).toBe(c);
    expect(latest([c, b, a], 'updated_at')).toBe(c);
  });

  it('stringifies with sorted keys', () => {
    expect(stableStringify({ b: 1, a: { d: 2, c: [1, { f: 1, e: 2 }] } })).toBe(
      stableStringify({ a: { c: [1, { e: 2, f: 1 }], d: 2 }, b: 1 }),
    );
  });
});

const draft = (rev: string, title: string, updatedAt: string, extra: Partial<Doc> = {}): Doc => ({
  _id: 'draft:job:new',
  _rev: rev,
  type: 'draft',
  form: 'job',
  key: 'new',
  fields: { title },
  updated_at: updatedAt,
  ...extra,
});

describe('planResolution', () => {
  it('drafts: the newest version wins, the losers are kept under recovered and tombstoned with their body', () => {
    const winner = draft('3-zzz', 'From the laptop', '2026-03-01T10:00:00.000Z', {
      device: 'laptop',
    });
    const loser = draft('3-aaa', 'From the phone, later', '2026-03-01T11:00:00.000Z', {
      device: 'phone',
    });
    const writes = planResolution(winner, [loser]);
    expect(writes).toHaveLength(2);
    const [merged, tombstone] = writes as [Doc, Doc];
    expect(merged._rev).toBe('3-aaa'); // written on the chosen (newest) version
    expect(merged.fields).toEqual({ title: 'From the phone, later' });
    expect(merged.device).toBe('phone');
    expect(merged.recovered).toEqual([
      {
        rev: '3-zzz',
        fields: { title: 'From the laptop' },
        updated_at: '2026-03-01T10:00:00.000Z',
        device: 'laptop',
      },
    ]);
    // CouchDB's winner is deleted with its whole body: readable as a leaf forever.
    expect(tombstone).toMatchObject({
      _id: 'draft:job:new',
      _rev: '3-zzz',
      _deleted: true,
      fields: { title: 'From the laptop' },
    });
  });

  it('drafts: recovered versions accumulate, deduplicated, newest first, capped', () => {
    const older = Array.from({ length: MAX_RECOVERED + 2 }, (_, i) => ({
      rev: `1-r${i}`,
      fields: { title: `old ${i}` },
      updated_at: `2026-02-0${i + 1}T00:00:00.000Z`,
    }));
    const winner = draft('4-b', 'Now', '2026-03-02T00:00:00.000Z', { recovered: older });
    const loser = draft('4-a', 'Now', '2026-03-01T00:00:00.000Z');
    const [merged, tombstone] = planResolution(winner, [loser]) as [Doc, Doc];
    expect(merged._rev).toBe('4-b');
    expect(tombstone).toMatchObject({ _rev: '4-a', _deleted: true });
    const recovered = merged.recovered as { fields: { title: string } }[];
    expect(recovered).toHaveLength(MAX_RECOVERED);
    // The loser said what the winner says: nothing new to keep.
    expect(recovered.map((r) => r.fields.title)).toEqual([
      'old 6',
      'old 5',
      'old 4',
      'old 3',
      'old 2',
    ]);
  });

  it('is idempotent: a resolved document needs no further writes', () => {
    const winner = draft('3-zzz', 'A', '2026-03-01T10:00:00.000Z');
    const loser = draft('3-aaa', 'B', '2026-03-01T11:00:00.000Z');
    const [merged] = planResolution(winner, [loser]) as [Doc];
    expect(planResolution({ ...merged, _rev: '4-new' }, [])).toEqual([]);
  });

  it('wishlists: latest name and visibility, the first created_at', () => {
    const base = { _id: 'wishlist:1', type: 'wishlist' };
    const a = {
      ...base,
      _rev: '2-b',
      name: 'Kyoto',
      visibility: 'private',
      created_at: '2026-01-02T00:00:00.000Z',
      updated_at: '2026-01-05T00:00:00.000Z',
    };
    const b = {
      ...base,
      _rev: '2-a',
      name: 'Kyoto food',
      visibility: 'public',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-06T00:00:00.000Z',
    };
    // b is chosen and already says it all: only a's body goes into a tombstone.
    expect(planResolution(a, [b])).toEqual([{ ...a, _deleted: true }]);
    const later = { ...a, created_at: '2026-01-03T00:00:00.000Z' };
    const bLater = { ...b, created_at: '2026-01-04T00:00:00.000Z' };
    const [merged, tombstone] = planResolution(later, [bLater]) as [Doc, Doc];
    expect(merged).toMatchObject({
      _rev: '2-a',
      name: 'Kyoto food',
      visibility: 'public',
      created_at: '2026-01-03T00:00:00.000Z',
    });
    expect(tombstone).toMatchObject({ _rev: '2-b', _deleted: true, name: 'Kyoto' });
  });

  it('notifications: read on either device is read, at the earlier time; never deleted', () => {
    const base = {
      _id: 'notification:welcome:u1',
      type: 'notification',
      kind: 'welcome',
      title: 'Welcome',
      body: 'Hi',
      link: '/',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const winner = { ...base, _rev: '2-b', read_at: null };
    const loser = { ...base, _rev: '2-a', read_at: '2026-01-03T00:00:00.000Z' };
    const writes = planResolution(winner, [loser]);
    expect(writes).toEqual([{ ...base, _rev: '2-b', read_at: '2026-01-03T00:00:00.000Z' }]);
    expect(
      planResolution({ ...base, _rev: '3-c', read_at: '2026-01-03T00:00:00.000Z' }, [loser]),
    ).toEqual([]);
  });

  it('project box: keeps the server relations of the winning branch; server-kept losers stay', () => {
    const base = { _id: 'projectbox:p1', type: 'projectbox', project_id: 'p1', title: 'Crew' };
    const winner = {
      ...base,
      _rev: '3-b',
      relations: ['applied', 'saved'],
      notes: 'old',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const loser = {
      ...base,
      _rev: '3-a',
      relations: ['applied'],
      notes: 'new',
      updated_at: '2026-01-02T00:00:00.000Z',
    };
    const writes = planResolution(winner, [loser]);
    expect(writes).toEqual([
      { ...base, _rev: '3-b', relations: ['applied'], notes: 'new', updated_at: loser.updated_at },
    ]);
    // Entries the user alone keeps: the newer one stays, the other becomes a tombstone.
    const savedOnly = { ...loser, relations: ['saved'] };
    const plain = { ...winner, relations: ['saved'] };
    expect(planResolution(plain, [savedOnly])).toEqual([{ ...plain, _deleted: true }]);
  });

  it('leaves unknown types and deleted leaves alone', () => {
    expect(
      planResolution({ _id: 'x', _rev: '1-a', type: 'mystery' }, [
        { _id: 'x', _rev: '1-b', type: 'mystery' },
      ]),
    ).toEqual([]);
    expect(
      planResolution(draft('2-a', 'A', '2026-01-01T00:00:00.000Z'), [
        { _id: 'draft:job:new', _rev: '2-b', _deleted: true },
      ]),
    ).toEqual([]);
  });
});

describe('resolveConflicts on real PouchDB', () => {
  const dbs: PouchDB.Database[] = [];
  const open = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-conflicts-'));
    const db = new PouchDB(path.join(dir, name));
    dbs.push(db);
    return db;
  };
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((db) => db.destroy()));
  });

  it('two devices edit one draft apart; after sync both resolve to the same content, nothing lost', async () => {
    const server = open('server');
    const laptop = open('laptop');
    const phone = open('phone');
    const { _rev: _none, ...first } = draft('', 'Start', '2026-03-01T09:00:00.000Z');
    await laptop.put(first as never);
    await laptop.replicate.to(server);
    await phone.replicate.from(server);

    // Apart: both edit the same revision.
    const onLaptop = (await laptop.get('draft:job:new')) as unknown as Doc;
    await laptop.put({
      ...onLaptop,
      fields: { title: 'Laptop' },
      updated_at: '2026-03-01T10:00:00.000Z',
      device: 'laptop',
    } as never);
    const onPhone = (await phone.get('draft:job:new')) as unknown as Doc;
    await phone.put({
      ...onPhone,
      fields: { title: 'Phone' },
      updated_at: '2026-03-01T11:00:00.000Z',
      device: 'phone',
    } as never);

    await laptop.sync(server);
    await phone.sync(server);
    await laptop.sync(server);
    const conflicted = await laptop.get('draft:job:new', { conflicts: true });
    expect(conflicted._conflicts).toHaveLength(1);

    // Both resolve at the same moment, before seeing each other's resolution.
    expect(
      await resolveConflicts(laptop as unknown as ConflictDb, 'draft:job:new'),
    ).toBeGreaterThan(0);
    expect(await resolveConflicts(phone as unknown as ConflictDb, 'draft:job:new')).toBeGreaterThan(
      0,
    );
    for (let round = 0; round < 3; round += 1) {
      await laptop.sync(server);
      await phone.sync(server);
      await resolveConflicts(laptop as unknown as ConflictDb, 'draft:job:new');
      await resolveConflicts(phone as unknown as ConflictDb, 'draft:job:new');
    }
    await laptop.sync(server);
    await phone.sync(server);

    const fromLaptop = (await laptop.get('draft:job:new', { conflicts: true })) as unknown as Doc;
    const fromPhone = (await phone.get('draft:job:new', { conflicts: true })) as unknown as Doc;
    expect(fromLaptop._conflicts ?? []).toEqual([]);
    expect(fromPhone._rev).toBe(fromLaptop._rev);
    expect(fromLaptop.fields).toEqual({ title: 'Phone' });
    expect((fromLaptop.recovered as { fields: unknown }[]).map((r) => r.fields)).toEqual([
      { title: 'Laptop' },
    ]);

    // The losing revision's body is kept in its tombstone, readable on the server.
    const leaves = (await server.get('draft:job:new', { open_revs: 'all' })) as unknown as {
      ok: Doc;
    }[];
    const tombstones = leaves.map((l) => l.ok).filter((d) => d._deleted);
    expect(tombstones.length).toBeGreaterThan(0);
    expect(tombstones.map((d) => (d.fields as { title: string }).title)).toContain('Laptop');
    expect(await resolveConflicts(laptop as unknown as ConflictDb, 'draft:job:new')).toBe(0);
  });
});
