import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Couch } from '../couch/connect';
import { JobRunner, retryDelayMs, type JobDoc, type JobKind, type JobResult } from './jobs';

/** An error as nano reports a CouchDB answer. */
const couchError = (statusCode: number) =>
  Object.assign(new Error(`couch answered ${statusCode}`), { statusCode });

/**
 * wf_jobs in memory, with revisions, and a queue of failures to inject per operation: the next
 * call of that operation fails with the given status (once per entry).
 */
function fakeCouch() {
  const docs = new Map<string, JobDoc>();
  const failNext: Record<'get' | 'insert' | 'destroy' | 'bulk', number[]> = {
    get: [],
    insert: [],
    destroy: [],
    bulk: [],
  };
  const calls = { get: 0, insert: 0, destroy: 0, bulk: 0, fetch: 0 };
  let revs = 0;
  const nextRev = () => `${++revs}-x`;
  const maybeFail = (op: keyof typeof failNext) => {
    calls[op] += 1;
    const status = failNext[op].shift();
    if (status) throw couchError(status);
  };
  const jobs = {
    get(id: string) {
      maybeFail('get');
      const doc = docs.get(id);
      if (!doc) throw couchError(404);
      return Promise.resolve(structuredClone(doc));
    },
    insert(doc: JobDoc) {
      maybeFail('insert');
      const current = docs.get(doc._id);
      if (current && current._rev !== doc._rev) throw couchError(409);
      const saved = { ...doc, _rev: nextRev() };
      docs.set(doc._id, saved);
      return Promise.resolve({ ok: true, id: doc._id, rev: saved._rev });
    },
    destroy(id: string, rev: string) {
      maybeFail('destroy');
      const current = docs.get(id);
      if (!current) throw couchError(404);
      if (current._rev !== rev) throw couchError(409);
      docs.delete(id);
      return Promise.resolve({ ok: true });
    },
    bulk({ docs: batch }: { docs: (JobDoc & { _deleted?: boolean })[] }) {
      maybeFail('bulk');
      return Promise.resolve(
        batch.map((doc) => {
          const current = docs.get(doc._id);
          if (doc._deleted) {
            if (!current) return { id: doc._id, error: 'not_found' };
            if (current._rev !== doc._rev) return { id: doc._id, error: 'conflict' };
            docs.delete(doc._id);
            return { id: doc._id, rev: nextRev() };
          }
          if (current && current._rev !== doc._rev) return { id: doc._id, error: 'conflict' };
          const saved = { ...doc, _rev: nextRev() };
          docs.set(doc._id, saved);
          return { id: doc._id, rev: saved._rev };
        }),
      );
    },
    fetch({ keys }: { keys: string[] }) {
      calls.fetch += 1;
      return Promise.resolve({
        rows: keys.map((key) => {
          const doc = docs.get(key);
          return doc ? { key, doc: structuredClone(doc) } : { key, error: 'not_found' };
        }),
      });
    },
    list() {
      return Promise.resolve({ rows: [...docs.values()].map((doc) => ({ doc })) });
    },
  };
  const couch = { db: () => jobs } as unknown as Couch;
  return { couch, docs, failNext, calls };
}

const silent = pino({ level: 'silent' });

function runner(
  couch: Couch,
  deliver: (job: JobDoc) => Promise<JobResult> = () => Promise.resolve('done'),
  deliverBatch?: (jobs: JobDoc[]) => Promise<JobResult[]>,
) {
  const handlers: Record<JobKind, (job: JobDoc) => Promise<JobResult>> = {
    deliver,
    read: () => Promise.resolve('done'),
    saves: () => Promise.resolve('done'),
    order: () => Promise.resolve('done'),
  };
  return new JobRunner(couch, silent, handlers, deliverBatch ? { deliver: deliverBatch } : {});
}

const job = (ref: string) => ({ kind: 'deliver' as const, user_id: 'u1', ref, order: ref });

describe('JobRunner', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    vi.useFakeTimers();
  });
  afterEach(async () => {
    vi.useRealTimers();
    // Rejections are reported after the microtask queue drains: give them a turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('survives a failed clean-up of a finished job and removes it on a later try', async () => {
    const { couch, docs, failNext } = fakeCouch();
    const jobs = runner(couch);
    const recorded = await jobs.record([job('a')]);
    failNext.bulk.push(500);

    // The caller (the inbox route) waits for the run: it must not see the clean-up failure.
    await expect(jobs.runAndWait(recorded)).resolves.toBeUndefined();
    expect(docs.has(recorded[0]!._id)).toBe(true);

    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    await jobs.idle();
    expect(docs.size).toBe(0);
    jobs.stop();
  });

  it('retries a job it could not read, with growing waits, until it runs', async () => {
    const { couch, docs, failNext, calls } = fakeCouch();
    const ran: string[] = [];
    const jobs = runner(couch, (j) => {
      ran.push(j.ref);
      return Promise.resolve('done');
    });
    await jobs.record([job('b')]);
    failNext.get.push(503, 500);

    jobs.run([{ _id: 'job:deliver:u1:b', user_id: 'u1', order: 'b' }]);
    await jobs.idle();
    expect(calls.get).toBe(1);
    expect(ran).toEqual([]);

    // Not before the first back-off...
    await vi.advanceTimersByTimeAsync(retryDelayMs(1) - 1);
    expect(calls.get).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await jobs.idle();
    expect(calls.get).toBe(2);
    expect(ran).toEqual([]);

    // ...and the second wait is longer than the first.
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    await vi.advanceTimersByTimeAsync(retryDelayMs(2) - 1);
    expect(calls.get).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await jobs.idle();
    expect(ran).toEqual(['b']);
    expect(docs.size).toBe(0);
    jobs.stop();
  });

  it('keeps the count of failed attempts on a job whose handler fails, and retries it', async () => {
    const { couch, docs } = fakeCouch();
    let failures = 2;
    const jobs = runner(couch, () =>
      failures-- > 0
        ? Promise.reject(new Error('recipient database down'))
        : Promise.resolve('done'),
    );
    const recorded = await jobs.record([job('c')]);
    await jobs.runAndWait(recorded);
    expect(docs.get(recorded[0]!._id)?.attempts).toBe(1);

    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    await jobs.idle();
    expect(docs.get(recorded[0]!._id)?.attempts).toBe(2);

    await vi.advanceTimersByTimeAsync(retryDelayMs(2));
    await jobs.idle();
    expect(docs.size).toBe(0);
    jobs.stop();
  });

  it('runs the next jobs of a user after one that failed', async () => {
    const { couch, failNext } = fakeCouch();
    const ran: string[] = [];
    const jobs = runner(couch, (j) => {
      ran.push(j.ref);
      return Promise.resolve('done');
    });
    const recorded = await jobs.record([job('d1'), job('d2')]);
    failNext.destroy.push(500);
    await jobs.runAndWait(recorded);
    expect(ran).toEqual(['d1', 'd2']);
    jobs.stop();
  });

  it('schedules nothing once stopped', async () => {
    const { couch, docs, failNext } = fakeCouch();
    const jobs = runner(couch);
    const recorded = await jobs.record([job('e')]);
    failNext.bulk.push(500);
    await jobs.runAndWait(recorded);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(docs.size).toBe(1); // still recorded: resumed at the next start
  });
  it('runs the jobs queued behind a running one as one batch, in order, and removes them in one request', async () => {
    const { couch, docs, calls } = fakeCouch();
    const batches: string[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const jobs = runner(
      couch,
      async (j) => {
        batches.push([j.ref]);
        await first;
        return 'done';
      },
      (list) => {
        batches.push(list.map((j) => j.ref));
        return Promise.resolve(list.map(() => 'done' as const));
      },
    );
    const a = await jobs.record([job('a')]);
    jobs.run(a);
    // While "a" runs, four more are queued, one of another kind in the middle.
    const more = await jobs.record([job('b'), job('c')]);
    const saves = await jobs.record([{ kind: 'saves', user_id: 'u1', ref: 'x', order: 'c1' }]);
    const last = await jobs.record([job('d'), job('e')]);
    jobs.run(more);
    jobs.run(saves);
    jobs.run(last);
    const bulkBefore = calls.bulk;
    release();
    await jobs.idle();
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    expect(docs.size).toBe(0);
    // Removed: "a", each batch, "x", one bulk request each (one user's jobs run one at a time).
    expect(calls.destroy).toBe(0);
    expect(calls.bulk - bulkBefore).toBe(4);
    jobs.stop();
  });

  it('records, and removes, the jobs of several users asked for at one moment in one request each', async () => {
    const { couch, docs, calls } = fakeCouch();
    const jobs = runner(couch);
    const users = ['u1', 'u2', 'u3'];
    const recorded = await Promise.all(
      users.map((user) => jobs.record([{ kind: 'deliver', user_id: user, ref: 'm', order: 'm' }])),
    );
    expect(calls.bulk).toBe(1);
    // Each knows its own revision, as from a write of its own.
    for (const [doc] of recorded) expect(doc!._rev).toBe(docs.get(doc!._id)!._rev);
    // Each user's job runs in its own queue; they finish together and are removed together.
    await jobs.runAndWait(recorded.flat());
    await jobs.idle(); // the removal follows the answer
    expect(docs.size).toBe(0);
    expect(calls.bulk).toBe(2);
    expect(calls.destroy + calls.get + calls.fetch).toBe(0);
    jobs.stop();
  });

  it('answers whoever waits once the work is done, without waiting for the clean-up', async () => {
    const { couch, docs } = fakeCouch();
    const db = couch.db('jobs') as unknown as { bulk: (body: unknown) => Promise<unknown> };
    const bulk = db.bulk.bind(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Removals (bulk deletions) wait until released.
    db.bulk = async (body) => {
      const removal = (body as { docs: { _deleted?: boolean }[] }).docs.every((d) => d._deleted);
      if (removal) await held;
      return bulk(body);
    };
    const ran: string[] = [];
    const jobs = runner(
      couch,
      (j) => {
        ran.push(j.ref);
        return Promise.resolve('done');
      },
      (list) => {
        ran.push(...list.map((j) => j.ref));
        return Promise.resolve(list.map(() => 'done' as const));
      },
    );
    const one = await jobs.record([job('a')]);
    await jobs.runAndWait(one);
    const two = await jobs.record([job('b'), job('c')]);
    release();
    await jobs.runAndWait(two);
    expect(ran).toEqual(['a', 'b', 'c']);
    await jobs.idle();
    expect(docs.size).toBe(0);
    jobs.stop();
  });

  it('retries every job of a batch that failed, with back-off, reading them back in one request', async () => {
    const { couch, docs, calls } = fakeCouch();
    let failures = 1;
    const ran: string[][] = [];
    const jobs = runner(couch, undefined, (list) => {
      ran.push(list.map((j) => j.ref));
      return failures-- > 0
        ? Promise.reject(new Error('recipient database down'))
        : Promise.resolve(list.map(() => 'done' as const));
    });
    const recorded = await jobs.record([job('f'), job('g'), job('h')]);
    await jobs.runAndWait(recorded);
    expect(ran).toEqual([['f', 'g', 'h']]);
    expect([...docs.values()].map((d) => d.attempts)).toEqual([1, 1, 1]);

    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    await jobs.idle();
    expect(ran).toEqual([
      ['f', 'g', 'h'],
      ['f', 'g', 'h'],
    ]);
    expect(calls.fetch).toBe(1);
    expect(calls.get).toBe(0);
    expect(docs.size).toBe(0);
    jobs.stop();
  });
});
