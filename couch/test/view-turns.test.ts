import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { readTurn, closeReadTurn, unlessCurrent } = require('../src/view-turns.cjs') as {
  readTurn: <T>(queue: TaskQueue, read: () => Promise<T>) => Promise<T>;
  closeReadTurn: (queue: TaskQueue) => void;
  unlessCurrent: (
    view: { seq: number; sourceDB: { info(): Promise<{ update_seq: number }> } },
    update: () => Promise<string>,
  ) => Promise<string | undefined>;
};

/** pouchdb-abstract-mapreduce's TaskQueue, with the line child.cjs adds to `add`. */
class TaskQueue {
  promise: Promise<unknown> = Promise.resolve();
  add<T>(factory: () => Promise<T>): Promise<T> {
    closeReadTurn(this);
    const next = this.promise.catch(() => undefined).then(factory);
    this.promise = next;
    return next;
  }
}

/** A task that runs until the test ends it, noting when it starts and ends. */
function task(name: string, log: string[]) {
  let end!: () => void;
  let fail!: (error: Error) => void;
  const ended = new Promise<string>((resolve, reject) => {
    end = () => resolve(name);
    fail = reject;
  });
  return {
    run: () => {
      log.push(`${name} starts`);
      return ended.finally(() => log.push(`${name} ends`));
    },
    end,
    fail,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('readTurn (queries of a view share a turn of its queue)', () => {
  it('runs the queries that meet together, where the queue ran them one by one', async () => {
    const queue = new TaskQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => task(n, log));
    const reads = [readTurn(queue, a!.run), readTurn(queue, b!.run)];
    await settle();
    reads.push(readTurn(queue, c!.run));
    await settle();
    expect(log).toEqual(['a starts', 'b starts', 'c starts']);
    b!.end();
    c!.end();
    a!.end();
    expect(await Promise.all(reads)).toEqual(['a', 'b', 'c']);
  });

  it('an update queued after queries waits for them; queries after it wait for it', async () => {
    const queue = new TaskQueue();
    const log: string[] = [];
    const [read1, update, read2] = ['read1', 'update', 'read2'].map((n) => task(n, log));
    const first = readTurn(queue, read1!.run);
    const updated = queue.add(update!.run);
    const second = readTurn(queue, read2!.run);
    await settle();
    expect(log).toEqual(['read1 starts']);
    read1!.end();
    await settle();
    expect(log).toEqual(['read1 starts', 'read1 ends', 'update starts']);
    update!.end();
    await settle();
    expect(log.slice(3)).toEqual(['update ends', 'read2 starts']);
    read2!.end();
    expect(await Promise.all([first, updated, second])).toEqual(['read1', 'update', 'read2']);
  });

  it('queries wait for an update queued before them', async () => {
    const queue = new TaskQueue();
    const log: string[] = [];
    const [update, read] = ['update', 'read'].map((n) => task(n, log));
    void queue.add(update!.run);
    const reading = readTurn(queue, read!.run);
    await settle();
    expect(log).toEqual(['update starts']);
    update!.end();
    await settle();
    expect(log).toEqual(['update starts', 'update ends', 'read starts']);
    read!.end();
    await reading;
  });

  it('a failed query fails its caller only: the others and the queue go on', async () => {
    const queue = new TaskQueue();
    const log: string[] = [];
    const [bad, good, update] = ['bad', 'good', 'update'].map((n) => task(n, log));
    const failing = readTurn(queue, bad!.run);
    const passing = readTurn(queue, good!.run);
    const updated = queue.add(update!.run);
    bad!.fail(new Error('read failed'));
    await expect(failing).rejects.toThrow('read failed');
    await settle();
    expect(log).not.toContain('update starts');
    good!.end();
    expect(await passing).toBe('good');
    await settle();
    expect(log).toContain('update starts');
    update!.end();
    expect(await updated).toBe('update');
  });
});

describe('unlessCurrent (the update a query asks for first)', () => {
  const view = (seq: number, info: () => Promise<{ update_seq: number }>) => ({
    seq,
    sourceDB: { info },
  });

  it('is not queued when the index is at the database’s update sequence', async () => {
    let updates = 0;
    const update = async () => `update ${++updates}`;
    expect(
      await unlessCurrent(
        view(7, async () => ({ update_seq: 7 })),
        update,
      ),
    ).toBeUndefined();
    expect(updates).toBe(0);
  });

  it('is queued when the database has changed since, or its sequence cannot be read', async () => {
    let updates = 0;
    const update = async () => `update ${++updates}`;
    expect(
      await unlessCurrent(
        view(7, async () => ({ update_seq: 8 })),
        update,
      ),
    ).toBe('update 1');
    expect(
      await unlessCurrent(
        view(0, async () => ({ update_seq: 3 })),
        update,
      ),
    ).toBe('update 2');
    const broken = view(7, () => Promise.reject(new Error('closed')));
    expect(await unlessCurrent(broken, update)).toBe('update 3');
  });
});
