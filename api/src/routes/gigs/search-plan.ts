/**
 * Sorted gig search (price, newest, rating), exact over every match, reading as few index rows
 * as it can. Sorted by relevance a search reads one word's range of `gigs/search` in its own
 * order (search-window.ts); the other orders are not that range's, so:
 *
 * - Without a word: the range of `gigsort/sorted` (price, newest) or `gigs/browse` (rating) for
 *   the service or '*' is walked in order until the page and one more row matched.
 * - A word, sorted by rating: each relevance rank of the word's `gigs/search` range (title
 *   words, then the others) is in rating order already; both are read a batch at a time and
 *   merged (`mergeSorted`).
 * - A word, sorted by price or newest: the word's rows of `gigword/sorted` are in that order, so
 *   walking them stops once the page is full: the rows read follow the share of the word's gigs
 *   that pass the other filters, not the number of gigs (other words of the query are checked on
 *   a Bloom filter, then on the documents of the rows it kept); the view lists each word under
 *   the gig's service and under '*', so a service filter is a key range too. With other words
 *   under a service, walking the service's `gigsort/sorted` range (whose rows carry the words,
 *   checked exactly) may be cheaper than paying a document for each gig the Bloom filter lets
 *   through: the two walks are raced (`raceSorted`). Each gives an exact prefix of the same
 *   order, so whichever fills the page or ends first answers. With one word, or under '*', the
 *   word's walk alone: the other finds a match only where it does, among more rows.
 *
 * Every way returns the first matches in the sort order, an exact prefix of all of them; all of
 * them (`exhausted`) when a range was read to its end. No way reads more than `budget` rows (a
 * document checked counts as DOC_ROWS rows): past it, the matches found so far are returned
 * (still the first ones, in order) and the total is a lower bound.
 */
import { nextBatch, RangeCursor, type IndexRow, type ReadRange } from './search-window';

export interface SortedWindow<V> {
  /** The first matches in sort order; every match when `exhausted`. */
  matches: IndexRow<V>[];
  exhausted: boolean;
  /** Which reading gave the answer: the walk given that name, or the merge of ranks. */
  plan: string;
  rowsRead: number;
  reads: number;
  /** Documents read by `confirm`. */
  docsChecked: number;
}

export interface Walk<V> {
  read: ReadRange<V>;
  startkey: unknown[];
  accept: (row: IndexRow<V>) => boolean;
  /**
   * When `accept` cannot tell for sure (a Bloom filter): of the rows it kept, in order, those
   * that do match (checked on their documents). Only as many are checked as the page needs.
   */
  confirm?: (rows: IndexRow<V>[]) => Promise<IndexRow<V>[]>;
  /** The walk's name in `SortedWindow.plan` (default 'walk'). */
  name?: string;
}

/** A document checked costs the database about as much as this many index rows. */
const DOC_ROWS = 2;

/**
 * One walk: its cursor, the rows `accept` kept still to be confirmed, and the matches, in order.
 * The matches are always an exact prefix of the walk's matches: a row waiting for its document
 * is not one yet, nor is any row after it.
 */
class Walker<V> {
  readonly cursor: RangeCursor<V>;
  readonly matches: IndexRow<V>[] = [];
  private pending: IndexRow<V>[] = [];
  docsChecked = 0;
  private docsMatched = 0;

  constructor(readonly walk: Walk<V>) {
    this.cursor = new RangeCursor(walk.read, walk.startkey);
  }

  /** Read to its end, every row kept confirmed: the matches are all of them. */
  get done(): boolean {
    return this.cursor.exhausted && this.pending.length === 0;
  }

  get cost(): number {
    return this.cursor.rowsRead + DOC_ROWS * this.docsChecked;
  }

  /** The share of checked documents that matched (1 before any was checked). */
  private get precision(): number {
    return this.docsChecked ? this.docsMatched / this.docsChecked : 1;
  }

  /** Matches expected of the rows read so far, those awaiting their documents included. */
  get expected(): number {
    return this.matches.length + this.pending.length * this.precision;
  }

  /** The cost (rows, documents counted as DOC_ROWS) of the matches still wanted, at the rate so far. */
  need(want: number): number {
    const rows = this.cursor.rowsRead;
    const rate = Math.max(this.expected / Math.max(rows, 1), 1 / (rows + 1));
    return ((want - this.expected) / rate) * (rows ? this.cost / rows : 1);
  }

  /**
   * Confirms the rows waiting, or reads the next `limit` rows and confirms what it kept, until
   * `want` matched; `left` bounds the cost.
   */
  async step(limit: number, want: number, left: number): Promise<void> {
    if (!this.pending.length) {
      const batch = await this.cursor.next(Math.max(1, Math.min(limit, left)));
      left -= batch.length;
      for (const row of batch) {
        if (!this.walk.accept(row)) continue;
        (this.walk.confirm ? this.pending : this.matches).push(row);
      }
    }
    const confirm = this.walk.confirm;
    while (confirm && this.pending.length && this.matches.length < want && left > 0) {
      // As many documents as the matches still wanted need at the share matched so far.
      const size = Math.ceil(((want - this.matches.length) / Math.max(this.precision, 0.1)) * 1.25);
      const chunk = this.pending.splice(0, Math.max(1, Math.min(size, Math.ceil(left / DOC_ROWS))));
      const kept = await confirm(chunk);
      this.docsChecked += chunk.length;
      this.docsMatched += kept.length;
      left -= DOC_ROWS * chunk.length;
      this.matches.push(...kept);
    }
  }
}

/** The first `want` rows of a range that `accept` (and `confirm`) keep, in its order, within `budget`. */
export function walkSorted<V>(
  walk: Walk<V>,
  want: number,
  budget: number,
): Promise<SortedWindow<V>> {
  return raceSorted([walk], want, budget);
}

/**
 * Walks in the same order (each an exact prefix of the same matches), raced: each reads its
 * first batch in turn (twice the matches wanted: a frequent word's page is full after the first
 * walk's), then the one whose rate so far says it needs the least to fill the page reads as many
 * rows as that estimate (and a quarter more; without a match yet, at most twice the rows read so
 * far). The first to fill the page or end answers; past the budget, the walk with the most
 * matches (the longest prefix).
 */
export async function raceSorted<V>(
  walks: Walk<V>[],
  want: number,
  budget: number,
): Promise<SortedWindow<V>> {
  const walkers = walks.map((w) => new Walker(w));
  const sum = (f: (w: Walker<V>) => number) => walkers.reduce((n, w) => n + f(w), 0);
  const result = (w: Walker<V>): SortedWindow<V> => ({
    matches: w.matches,
    exhausted: w.done,
    plan: w.walk.name ?? 'walk',
    rowsRead: sum((x) => x.cursor.rowsRead),
    reads: sum((x) => x.cursor.reads),
    docsChecked: sum((x) => x.docsChecked),
  });
  for (;;) {
    const left = budget - sum((w) => w.cost);
    if (left <= 0)
      return result(walkers.reduce((a, b) => (b.matches.length > a.matches.length ? b : a)));
    const first = walkers.find((w) => w.cursor.reads === 0);
    const next = first ?? walkers.reduce((a, b) => (b.need(want) < a.need(want) ? b : a));
    const rows = next.cursor.rowsRead;
    // A walk with no match yet has no rate to go by: it reads at most twice the rows read so
    // far (by all the walks), so a wrong guess costs a share of the rows, not all of them.
    const limit = first
      ? Math.max(1, 2 * want)
      : Math.min(
          nextBatch(want, next.expected, rows, 1 / (rows + 1)),
          walkers.length > 1 && next.expected === 0
            ? Math.max(2 * want, 2 * sum((w) => w.cursor.rowsRead))
            : Infinity,
        );
    await next.step(limit, want, left);
    if (next.done || next.matches.length >= want) return result(next);
  }
}

/**
 * Several ranges, each in the wanted order (`compareKey`; equal keys come in document id order,
 * which differs between servers), merged. A row is final once every range not read to its end
 * has read a row with a greater key: until then a later batch could bring a row before it (or
 * tied with it). The range holding the others back, the one whose last row read is the
 * smallest, is the one read next. Ties are put in id order here, so the order does not depend on
 * where batches ended.
 */
export async function mergeSorted<V>(
  ranges: Walk<V>[],
  compareKey: (a: IndexRow<V>, b: IndexRow<V>) => number,
  want: number,
  budget: number,
): Promise<SortedWindow<V>> {
  const order = (a: IndexRow<V>, b: IndexRow<V>) =>
    compareKey(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const cursors = ranges.map((r) => new RangeCursor(r.read, r.startkey));
  const kept: IndexRow<V>[][] = ranges.map(() => []);
  const last: (IndexRow<V> | undefined)[] = ranges.map(() => undefined);
  const rowsRead = () => cursors.reduce((n, c) => n + c.rowsRead, 0);
  const reads = () => cursors.reduce((n, c) => n + c.reads, 0);
  const open = () => cursors.flatMap((c, i) => (c.exhausted ? [] : [i]));
  const read = async (i: number, limit: number) => {
    const batch = await cursors[i]!.next(limit);
    for (const row of batch) if (ranges[i]!.accept(row)) kept[i]!.push(row);
    if (batch.length) last[i] = batch[batch.length - 1];
  };
  const settled = () => {
    const frontiers = open().map((i) => last[i]!);
    return kept
      .flat()
      .filter((row) => frontiers.every((f) => compareKey(row, f) < 0))
      .sort(order);
  };
  // First every range, as many rows as the page wants and one more, the lot at once.
  const first = Math.max(1, Math.min(want + 1, Math.floor(budget / ranges.length)));
  await Promise.all(cursors.map((_, i) => read(i, first)));
  for (;;) {
    const ready = settled();
    const lagging = open().sort((a, b) => compareKey(last[a]!, last[b]!))[0];
    const left = budget - rowsRead();
    if (lagging === undefined || ready.length >= want || left <= 0) {
      return {
        matches: ready,
        exhausted: lagging === undefined,
        plan: 'merge',
        rowsRead: rowsRead(),
        reads: reads(),
        docsChecked: 0,
      };
    }
    const cursor = cursors[lagging]!;
    await read(lagging, Math.min(left, nextBatch(want, kept[lagging]!.length, cursor.rowsRead)));
  }
}
