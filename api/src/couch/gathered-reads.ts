import type { Couch } from './connect';

type ServerDatabaseKey = Parameters<Couch['db']>[0];

/** Reads of one database under way at once; the callers meanwhile wait for the next one. */
const MAX_IN_FLIGHT = 2;
/** Ids in one read at most (a larger set is read in several). */
const MAX_IDS = 500;

interface Next {
  ids: Set<string>;
  result: Promise<Map<string, unknown>>;
  resolve: (docs: Map<string, unknown>) => void;
  reject: (error: unknown) => void;
}

/**
 * Documents of a server database by id, the callers of a moment sharing one `_all_docs` read:
 * while MAX_IN_FLIGHT reads of that database are under way, the ids asked for meanwhile wait and
 * go in the next read, together. A busy API (the sync clients' session checks, message
 * deliveries: several a millisecond) makes one request of a few reads' ids instead of a request
 * per read; an idle one reads at once (the read starts in the next turn of the event loop).
 *
 * Every read starts after it was asked for, so what it answers is never older than the call:
 * a caller that must see a write made before it (a session revoked, a block) sees it.
 */
class GatheredReads {
  private next: Next | undefined;
  /** Full batches waiting for a read (beyond MAX_IDS). */
  private readonly queue: Next[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly read: (ids: string[]) => Promise<Map<string, unknown>>) {}

  /** The documents by id (missing or deleted: undefined). */
  async get(ids: readonly string[]): Promise<Map<string, unknown>> {
    if (!ids.length) return new Map();
    let next = this.next;
    if (!next || next.ids.size >= MAX_IDS) {
      let resolve!: Next['resolve'];
      let reject!: Next['reject'];
      const result = new Promise<Map<string, unknown>>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      next = { ids: new Set(), result, resolve, reject };
      if (this.next) this.queue.push(this.next);
      this.next = next;
    }
    for (const id of ids) next.ids.add(id);
    this.start();
    const docs = await next.result;
    return new Map(ids.map((id) => [id, docs.get(id)]));
  }

  private start(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.readNext();
    });
  }

  private readNext(): void {
    while (this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.queue.shift() ?? this.next;
      if (!batch) return;
      if (batch === this.next) this.next = undefined;
      this.inFlight++;
      this.read([...batch.ids])
        .then(batch.resolve, batch.reject)
        .finally(() => {
          this.inFlight--;
          this.readNext();
        });
    }
  }
}

const byServer = new WeakMap<Couch, Map<ServerDatabaseKey, GatheredReads>>();

/**
 * Documents of a server database by id (missing or deleted: undefined), read together with the
 * other reads of that database asked for at the same moment (GatheredReads).
 */
export function readDocs(
  couch: Couch,
  key: ServerDatabaseKey,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  let databases = byServer.get(couch);
  if (!databases) byServer.set(couch, (databases = new Map()));
  let reads = databases.get(key);
  if (!reads) {
    reads = new GatheredReads(async (ids) => {
      const result = await couch.db(key).fetch({ keys: ids });
      return new Map(
        result.rows.map((row) => [row.key, 'doc' in row && row.doc ? row.doc : undefined]),
      );
    });
    databases.set(key, reads);
  }
  return reads.get(ids);
}
