import type { Couch } from './connect';
import { docsByIds } from './docs-by-ids';

type ServerDatabaseKey = Parameters<Couch['db']>[0];

/** Requests of one kind to one database under way at once; the callers meanwhile wait. */
const MAX_IN_FLIGHT = 2;
/** Ids or documents in one request at most (more go in the requests after). */
const MAX_ITEMS = 500;

interface Batch<T, R> {
  items: T[];
  keys: Set<string>;
  result: Promise<R>;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Requests of the callers of a moment, gathered into one: while MAX_IN_FLIGHT requests of this
 * kind are under way, what is asked for meanwhile waits and goes in the next request, together.
 * A busy API (the sync clients' session checks, message deliveries, the jobs they record and
 * remove: several a millisecond) makes one request of several callers' items instead of one
 * each; an idle one sends at once (once the calling code has run: calls made together, as in a
 * `Promise.all`, go together).
 *
 * Every request starts after the calls it answers, so what a read answers is never older than
 * its call (a caller that must see a write made before it, a session revoked or a block, sees
 * it), and a write is done when its caller is answered.
 */
class Gathered<T, R> {
  private open: Batch<T, R> | undefined;
  /** Full batches waiting for their request. */
  private readonly waiting: Batch<T, R>[] = [];
  private inFlight = 0;
  private scheduled = false;

  /**
   * `distinct`: two items of one key never go in one request (writes: the second waits for the
   * next); otherwise an item whose key is there already is not added again (reads).
   */
  constructor(
    private readonly send: (items: T[]) => Promise<R>,
    private readonly keyOf: (item: T) => string,
    private readonly distinct: boolean,
  ) {}

  /** The answer of the request that carried `items` (with others' items). */
  add(items: readonly T[]): Promise<R> {
    let batch = this.open;
    if (
      !batch ||
      batch.items.length + items.length > MAX_ITEMS ||
      (this.distinct && items.some((item) => batch!.keys.has(this.keyOf(item))))
    ) {
      if (batch) this.waiting.push(batch);
      let resolve!: (result: R) => void;
      let reject!: (error: unknown) => void;
      const result = new Promise<R>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      batch = { items: [], keys: new Set(), result, resolve, reject };
      this.open = batch;
    }
    for (const item of items) {
      const key = this.keyOf(item);
      if (batch.keys.has(key)) continue;
      batch.keys.add(key);
      batch.items.push(item);
    }
    this.start();
    return batch.result;
  }

  private start(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.sendNext();
    });
  }

  private sendNext(): void {
    while (this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.waiting.shift() ?? this.open;
      if (!batch) return;
      if (batch === this.open) this.open = undefined;
      this.inFlight++;
      this.send(batch.items)
        .then(batch.resolve, batch.reject)
        .finally(() => {
          this.inFlight--;
          this.sendNext();
        });
    }
  }
}

type BulkResult = { id: string; rev?: string; error?: string; reason?: string };

interface Gatherers {
  reads: Gathered<string, Map<string, unknown>>;
  writes: Gathered<{ _id: string }, Map<string, BulkResult>>;
}

const byServer = new WeakMap<Couch, Map<ServerDatabaseKey, Gatherers>>();

function gatherers(couch: Couch, key: ServerDatabaseKey): Gatherers {
  let databases = byServer.get(couch);
  if (!databases) byServer.set(couch, (databases = new Map()));
  let found = databases.get(key);
  if (!found) {
    found = {
      reads: new Gathered<string, Map<string, unknown>>(
        (ids) => docsByIds(couch.db(key), ids),
        (id) => id,
        false,
      ),
      writes: new Gathered<{ _id: string }, Map<string, BulkResult>>(
        async (docs) => {
          const results = (await couch.db(key).bulk({ docs } as never)) as BulkResult[];
          // Matched by id: the embedded server does not always answer in the order of the request.
          return new Map(results.map((r) => [r.id, r]));
        },
        (doc) => doc._id,
        true,
      ),
    };
    databases.set(key, found);
  }
  return found;
}

/**
 * Documents of a server database by id (missing or deleted: undefined), read in one `_bulk_get`
 * with the other reads of that database asked for at the same moment (Gathered).
 */
export async function readDocs(
  couch: Couch,
  key: ServerDatabaseKey,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  if (!ids.length) return new Map();
  const docs = await gatherers(couch, key).reads.add(ids);
  return new Map(ids.map((id) => [id, docs.get(id)]));
}

/**
 * Writes documents of a server database (ids distinct) in one `_bulk_docs` with the other writes
 * of that database asked for at the same moment (Gathered): each document's result, in order.
 */
export async function writeDocs(
  couch: Couch,
  key: ServerDatabaseKey,
  docs: readonly { _id: string; _rev?: string; _deleted?: boolean }[],
): Promise<BulkResult[]> {
  if (!docs.length) return [];
  const results = await gatherers(couch, key).writes.add(docs);
  return docs.map((doc) => results.get(doc._id) ?? { id: doc._id, error: 'no_answer' });
}
