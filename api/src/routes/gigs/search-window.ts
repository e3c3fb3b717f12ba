/**
 * Reading a search index range in its own order (relevance), only as far as the page needs.
 *
 * A view row costs the database about the same whatever the index size, so the cost of a search
 * is the number of rows it reads. Sorted by relevance, the first page of a broad query is full
 * after a few dozen rows: reading on to a fixed window (SEARCH_CANDIDATES) only to count the
 * matches made a search on 100,000 gigs read ten times the rows of one on 1,000. So the range is
 * read in batches: the first twice the matches wanted, the next ones sized from the share of
 * rows the filters kept so far, until enough rows matched, the range ended, or `cap` rows were
 * read (a `want` of Infinity reads the whole window at once). Other sorts (price, newest,
 * rating) are search-plan.ts's, with the same batches (`RangeCursor`, `nextBatch`).
 *
 * Batches continue from the last row read: `startkey` is its key, and `skip` passes the rows of
 * that key already read (the CouchDB 3 way to page a view; `startkey_docid` is not in PouchDB).
 */
export interface IndexRow<V> {
  id: string;
  key: unknown[];
  value: V;
}

export type ReadRange<V> = (range: {
  startkey: unknown[];
  skip: number;
  limit: number;
}) => Promise<IndexRow<V>[]>;

export interface Window<V> {
  /** The rows `accept` kept, in index order. */
  matches: IndexRow<V>[];
  /** Every row of the range was read: the matches are all the matches. */
  exhausted: boolean;
  rowsRead: number;
  reads: number;
}

/** The smallest batch after the first: one round trip costs as much as a few dozen rows. */
export const MIN_BATCH = 16;
/** Below this share of kept rows, the next batch is sized as if it were this share. */
const MIN_SELECTIVITY = 0.05;

const sameKey = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A view range read in batches, each from where the last one ended: `startkey` is the last key
 * read, `skip` passes the rows of that key already read.
 */
export class RangeCursor<V> {
  rowsRead = 0;
  reads = 0;
  /** The last batch was shorter than asked: the range has no more rows. */
  exhausted = false;
  private start: unknown[];
  private skip = 0;

  constructor(
    private readonly read: ReadRange<V>,
    startkey: unknown[],
  ) {
    this.start = startkey;
  }

  /** The next `limit` rows of the range (fewer when it ends). */
  async next(limit: number): Promise<IndexRow<V>[]> {
    if (this.exhausted || limit <= 0) return [];
    const batch = await this.read({ startkey: this.start, skip: this.skip, limit });
    this.reads += 1;
    this.rowsRead += batch.length;
    if (batch.length < limit) {
      this.exhausted = true;
      return batch;
    }
    const last = batch[batch.length - 1]!.key;
    let tail = 0;
    while (tail < batch.length && sameKey(batch[batch.length - 1 - tail]!.key, last)) tail += 1;
    // A batch all of one key that began at that key: the rows to pass add up.
    this.skip = tail === batch.length && sameKey(this.start, last) ? this.skip + tail : tail;
    this.start = last;
    return batch;
  }
}

/**
 * The size of the next batch: enough rows, at the share of rows kept so far, for the matches
 * still wanted (and a quarter more), at least MIN_BATCH.
 */
export function nextBatch(
  want: number,
  matched: number,
  rowsRead: number,
  minSelectivity = MIN_SELECTIVITY,
): number {
  const kept = Math.max(rowsRead ? matched / rowsRead : 0, minSelectivity);
  return Math.max(MIN_BATCH, Math.ceil(((want - matched) / kept) * 1.25));
}

export async function readWindow<V>(
  read: ReadRange<V>,
  startkey: unknown[],
  accept: (row: IndexRow<V>) => boolean,
  want: number,
  cap: number,
): Promise<Window<V>> {
  const cursor = new RangeCursor(read, startkey);
  const matches: IndexRow<V>[] = [];
  let rowsRead = 0;
  // One row past the cap tells whether the range goes on beyond it.
  let limit = Number.isFinite(want) ? Math.min(cap + 1, Math.max(1, 2 * want)) : cap + 1;
  for (;;) {
    const batch = await cursor.next(limit);
    for (const row of batch) {
      if (rowsRead === cap) return { matches, exhausted: false, rowsRead, reads: cursor.reads };
      rowsRead += 1;
      if (accept(row)) matches.push(row);
    }
    if (cursor.exhausted) return { matches, exhausted: true, rowsRead, reads: cursor.reads };
    if (matches.length >= want) return { matches, exhausted: false, rowsRead, reads: cursor.reads };
    limit = Math.min(cap + 1 - rowsRead, nextBatch(want, matches.length, rowsRead));
  }
}
