import { describe, expect, it, vi } from 'vitest';
import type { Couch } from './connect';
import { userDbSnapshots } from './userdb-snapshot';

/** A database server whose member databases report `seq` as their last change (404: none). */
function server() {
  const state = { seq: 1 as number | 'missing' };
  const changes = vi.fn(async (opts: unknown) => {
    expect(opts).toEqual({ descending: true, limit: 1 });
    if (state.seq === 'missing') throw Object.assign(new Error('missing'), { statusCode: 404 });
    return { results: [], last_seq: state.seq };
  });
  const couch = { name: (base: string) => base, server: { use: () => ({ changes }) } };
  return { couch: couch as unknown as Couch, state, changes };
}

const MINUTE = 60_000;

describe('userDbSnapshots', () => {
  it('reads again only when the database changed', async () => {
    const db = server();
    const snapshots = userDbSnapshots(db.couch);
    let reads = 0;
    const load = async () => ({ value: ++reads, keep: true });
    expect(await snapshots.read('a', 'user', load, MINUTE)).toBe(1);
    expect(await snapshots.read('a', 'user', load, MINUTE)).toBe(1);
    db.state.seq = 2;
    expect(await snapshots.read('a', 'user', load, MINUTE)).toBe(2);
    expect(await snapshots.read('a', 'user', load, MINUTE)).toBe(2);
    // Another part, another member: their own answers.
    expect(await snapshots.read('a', 'inbox', load, MINUTE)).toBe(3);
    expect(await snapshots.read('b', 'user', load, MINUTE)).toBe(4);
    expect(db.changes).toHaveBeenCalledTimes(6);
  });

  it('shares one read between requests that arrive while it runs', async () => {
    const db = server();
    const snapshots = userDbSnapshots(db.couch);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await gate;
      return { value: 'answer', keep: true };
    });
    const both = Promise.all([
      snapshots.read('c', 'user', load, MINUTE),
      snapshots.read('c', 'user', load, MINUTE),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(await both).toEqual(['answer', 'answer']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep an answer that says so, nor a failure', async () => {
    const db = server();
    const snapshots = userDbSnapshots(db.couch);
    let reads = 0;
    const partial = async () => ({ value: ++reads, keep: false });
    expect(await snapshots.read('d', 'user', partial, MINUTE)).toBe(1);
    expect(await snapshots.read('d', 'user', partial, MINUTE)).toBe(2);
    const failing = async (): Promise<{ value: number; keep: boolean }> => {
      throw new Error('boom');
    };
    await expect(snapshots.read('e', 'user', failing, MINUTE)).rejects.toThrow('boom');
    expect(await snapshots.read('e', 'user', async () => ({ value: 9, keep: true }), MINUTE)).toBe(
      9,
    );
  });

  it('reads every time when the database does not exist', async () => {
    const db = server();
    db.state.seq = 'missing';
    const snapshots = userDbSnapshots(db.couch);
    let reads = 0;
    const load = async () => ({ value: ++reads, keep: true });
    expect(await snapshots.read('f', 'user', load, MINUTE)).toBe(1);
    expect(await snapshots.read('f', 'user', load, MINUTE)).toBe(2);
  });

  it('reads every time with a max age of 0, and again once an answer is older than it', async () => {
    const db = server();
    const snapshots = userDbSnapshots(db.couch);
    let reads = 0;
    const load = async () => ({ value: ++reads, keep: true });
    expect(await snapshots.read('g', 'user', load, 0)).toBe(1);
    expect(await snapshots.read('g', 'user', load, 0)).toBe(2);
    expect(db.changes).not.toHaveBeenCalled();
    expect(await snapshots.read('h', 'user', load, 20)).toBe(3);
    expect(await snapshots.read('h', 'user', load, 20)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await snapshots.read('h', 'user', load, 20)).toBe(4);
  });
});
