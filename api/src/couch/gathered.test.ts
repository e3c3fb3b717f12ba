import { describe, expect, it } from 'vitest';
import type { Couch } from './connect';
import { readDocs, writeDocs } from './gathered';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A database server whose `_bulk_get` reads are recorded and answered when the test says, with
 * what `stored` held when the read began.
 */
function fakeCouch(stored: Map<string, unknown>) {
  const reads: { keys: string[]; answer: (error?: Error) => void }[] = [];
  const server = {
    request: ({ path, body }: { path: string; body: { docs: { id: string }[] } }) => {
      expect(path).toBe('_bulk_get');
      const keys = body.docs.map((d) => d.id);
      // What the database holds when the read begins.
      const results = keys.map((id) => ({
        id,
        docs: [stored.has(id) ? { ok: stored.get(id) } : { error: { id, error: 'not_found' } }],
      }));
      return new Promise((resolve, reject) =>
        reads.push({ keys, answer: (error) => (error ? reject(error) : resolve({ results })) }),
      );
    },
  };
  const couch = { db: () => ({ server, config: { db: 'users' } }) } as unknown as Couch;
  return { couch, reads };
}

describe('readDocs (gathered reads of a server database)', () => {
  it('reads at once when idle; callers that come while two reads run share the next one', async () => {
    const stored = new Map<string, unknown>([
      ['a', { _id: 'a' }],
      ['b', { _id: 'b' }],
      ['c', { _id: 'c' }],
    ]);
    const { couch, reads } = fakeCouch(stored);
    const first = readDocs(couch, 'users', ['a']);
    await turn();
    const second = readDocs(couch, 'users', ['b']);
    await turn();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b']]);
    // Two under way: the next callers wait, together.
    const waiting = [
      readDocs(couch, 'users', ['a', 'c']),
      readDocs(couch, 'users', ['c', 'missing']),
      readDocs(couch, 'users', ['b']),
    ];
    await turn();
    expect(reads).toHaveLength(2);
    reads[0]!.answer();
    expect(await first).toEqual(new Map([['a', { _id: 'a' }]]));
    await turn();
    expect(reads).toHaveLength(3);
    expect(reads[2]!.keys.sort()).toEqual(['a', 'b', 'c', 'missing']);
    reads[2]!.answer();
    // Each caller gets the ids it asked for, a missing one as undefined.
    expect(await Promise.all(waiting)).toEqual([
      new Map([
        ['a', { _id: 'a' }],
        ['c', { _id: 'c' }],
      ]),
      new Map([
        ['c', { _id: 'c' }],
        ['missing', undefined],
      ]),
      new Map([['b', { _id: 'b' }]]),
    ]);
    reads[1]!.answer();
    expect(await second).toEqual(new Map([['b', { _id: 'b' }]]));
  });

  it('never answers a caller from a read that began before its call', async () => {
    const stored = new Map<string, unknown>([['s', { revoked: false }]]);
    const { couch, reads } = fakeCouch(stored);
    const early = [readDocs(couch, 'users', ['s'])];
    await turn();
    early.push(readDocs(couch, 'users', ['s']));
    await turn();
    // A write lands after both reads began; a caller after it must see it.
    stored.set('s', { revoked: true });
    const late = readDocs(couch, 'users', ['s']);
    await turn();
    reads[0]!.answer();
    reads[1]!.answer();
    await Promise.all(early);
    await turn();
    reads[2]!.answer();
    expect((await late).get('s')).toEqual({ revoked: true });
  });

  it('a failed read fails its callers only; the next read is made as usual', async () => {
    const { couch, reads } = fakeCouch(new Map([['a', { _id: 'a' }]]));
    const failing = readDocs(couch, 'users', ['a']);
    await turn();
    reads[0]!.answer(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const next = readDocs(couch, 'users', ['a']);
    await turn();
    reads[1]!.answer();
    expect((await next).get('a')).toEqual({ _id: 'a' });
  });

  it('reads of other databases, and of another server, are apart', async () => {
    const one = fakeCouch(new Map());
    const two = fakeCouch(new Map());
    const all = [
      readDocs(one.couch, 'users', ['x']),
      readDocs(one.couch, 'jobs', ['x']),
      readDocs(two.couch, 'users', ['x']),
    ];
    await turn();
    expect([one.reads.length, two.reads.length]).toEqual([2, 1]);
    for (const read of [...one.reads, ...two.reads]) read.answer();
    await Promise.all(all);
  });

  it('writes of one moment go in one request, but never two of one document', async () => {
    const bulks: string[][] = [];
    const couch = {
      db: () => ({
        bulk: ({ docs }: { docs: { _id: string }[] }) => {
          bulks.push(docs.map((d) => d._id));
          // Answered in another order than asked, as the embedded server may.
          return Promise.resolve(docs.map((d) => ({ id: d._id, rev: `1-${d._id}` })).reverse());
        },
      }),
    } as unknown as Couch;
    const results = await Promise.all([
      writeDocs(couch, 'jobs', [{ _id: 'a' }, { _id: 'b' }]),
      writeDocs(couch, 'jobs', [{ _id: 'c' }]),
      writeDocs(couch, 'jobs', [{ _id: 'a', _rev: '1-a', _deleted: true }]),
    ]);
    expect(bulks).toEqual([['a', 'b', 'c'], ['a']]);
    expect(results).toEqual([
      [
        { id: 'a', rev: '1-a' },
        { id: 'b', rev: '1-b' },
      ],
      [{ id: 'c', rev: '1-c' }],
      [{ id: 'a', rev: '1-a' }],
    ]);
  });
});
