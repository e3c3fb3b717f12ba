import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKPOINT_WRITE_DELAY_MS, CheckpointCache } from './checkpoints';

const silent = { warn: () => undefined };
const id = '_local/replication';

/** A database's checkpoints, with CouchDB's rules for a local document's revision. */
function fakeDatabase() {
  const stored = new Map<string, { rev: string; doc: Record<string, unknown> }>();
  const writes: Record<string, unknown>[] = [];
  let failNext: Error | undefined;
  const write = (db: string, docId: string, doc: Record<string, unknown>) => {
    writes.push(doc);
    if (failNext) {
      const error = failNext;
      failNext = undefined;
      return Promise.reject(error);
    }
    const key = `${db}|${docId}`;
    const current = stored.get(key);
    if ((current?.rev ?? undefined) !== doc._rev) return Promise.reject(new Error('409 conflict'));
    const n = Number(current?.rev.slice(2) ?? 0) + 1;
    stored.set(key, { rev: `0-${n}`, doc });
    return Promise.resolve(`0-${n}`);
  };
  return {
    write,
    writes,
    stored: (db: string) => stored.get(`${db}|${id}`),
    fail: (error: Error) => (failNext = error),
  };
}

const body = (rev: string | undefined, seq: number) =>
  JSON.stringify({ _id: id, ...(rev ? { _rev: rev } : {}), last_seq: seq });

describe('CheckpointCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the writes after the first in memory and writes the latest out once, after the delay', async () => {
    const db = fakeDatabase();
    const cache = new CheckpointCache(db.write, silent);
    cache.written('u1', id, body(undefined, 1), '0-1');
    await db.write('u1', id, { _id: id, last_seq: 1 }); // what the forwarded write did
    let rev = '0-1';
    for (const seq of [2, 3, 4]) {
      const answer = JSON.parse(cache.accept('u1', id, body(rev, seq))!) as { rev: string };
      rev = answer.rev;
      expect(JSON.parse(cache.get('u1', id)!)).toEqual({ _id: id, _rev: rev, last_seq: seq });
    }
    expect(db.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CHECKPOINT_WRITE_DELAY_MS - 1);
    expect(db.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.writes).toHaveLength(2);
    expect(db.stored('u1')).toEqual({ rev: '0-2', doc: { _id: id, _rev: '0-1', last_seq: 4 } });
    // A write naming anything but the revision answered last goes to the database.
    expect(cache.accept('u1', id, body('0-1', 5))).toBeUndefined();
    // The next ones are written with the database's revision.
    const next = JSON.parse(cache.accept('u1', id, body(rev, 5))!) as { rev: string };
    expect(next.rev).toBe('0-5');
    await vi.advanceTimersByTimeAsync(CHECKPOINT_WRITE_DELAY_MS);
    expect(db.stored('u1')?.doc).toEqual({ _id: id, _rev: '0-2', last_seq: 5 });
    await vi.advanceTimersByTimeAsync(CHECKPOINT_WRITE_DELAY_MS * 3);
    expect(db.writes).toHaveLength(3);
  });

  it('a write refused by the database (written elsewhere) drops the checkpoint, never forces it', async () => {
    const db = fakeDatabase();
    const cache = new CheckpointCache(db.write, silent);
    cache.written('u1', id, body(undefined, 1), '0-1');
    await db.write('u1', id, { _id: id, last_seq: 1 });
    await db.write('u1', id, { _id: id, _rev: '0-1', last_seq: 7 }); // another instance
    expect(cache.accept('u1', id, body('0-1', 2))).toBeDefined();
    await cache.flush();
    expect(db.stored('u1')?.doc.last_seq).toBe(7);
    // Gone: the client's next read and write are the database's.
    expect(cache.get('u1', id)).toBeUndefined();
    expect(cache.accept('u1', id, body('0-2', 3))).toBeUndefined();
  });

  it('a failed write drops the checkpoint too; writes accepted during one are written after it', async () => {
    const db = fakeDatabase();
    const cache = new CheckpointCache(db.write, silent);
    cache.written('u1', id, body(undefined, 1), '0-1');
    await db.write('u1', id, { _id: id, last_seq: 1 });
    const second = JSON.parse(cache.accept('u1', id, body('0-1', 2))!) as { rev: string };
    // The write goes out; a batch lands while it is under way.
    await vi.advanceTimersByTimeAsync(CHECKPOINT_WRITE_DELAY_MS);
    const third = JSON.parse(cache.accept('u1', id, body(second.rev, 3))!) as { rev: string };
    await cache.flush();
    expect(db.stored('u1')?.doc.last_seq).toBe(3);

    db.fail(new Error('database unreachable'));
    cache.accept('u1', id, body(third.rev, 4));
    await cache.flush();
    expect(db.stored('u1')?.doc.last_seq).toBe(3);
    expect(cache.get('u1', id)).toBeUndefined();
  });

  it('a database gone (a deleted account’s) drops its checkpoint without a warning; a failure warns', async () => {
    const warn = vi.fn();
    const warnings = () => warn.mock.calls.map((call) => call[1] as string);
    let gone = true;
    const cache = new CheckpointCache(
      (_db, _id, doc) =>
        gone ? Promise.resolve(null) : Promise.reject(new Error(`unreachable ${String(doc._rev)}`)),
      { warn },
    );
    cache.written('u1', id, body(undefined, 1), '0-1');
    cache.accept('u1', id, body('0-1', 2));
    await cache.flush();
    expect(cache.get('u1', id)).toBeUndefined();
    expect(warnings()).toEqual([]);

    gone = false;
    cache.written('u2', id, body(undefined, 1), '0-1');
    cache.accept('u2', id, body('0-1', 2));
    await cache.flush();
    expect(cache.get('u2', id)).toBeUndefined();
    expect(warnings()).toEqual(['a checkpoint was not written']);
  });

  it('keeps each database’s checkpoints apart, and a forgotten one is not written', async () => {
    const db = fakeDatabase();
    const cache = new CheckpointCache(db.write, silent);
    cache.written('u1', id, body(undefined, 1), '0-1');
    expect(cache.get('u2', id)).toBeUndefined();
    expect(cache.accept('u2', id, body('0-1', 2))).toBeUndefined();
    cache.accept('u1', id, body('0-1', 2));
    cache.forget('u1', id);
    await vi.advanceTimersByTimeAsync(CHECKPOINT_WRITE_DELAY_MS * 2);
    await cache.flush();
    expect(db.writes).toHaveLength(0);
  });
});
