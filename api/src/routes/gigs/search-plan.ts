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
 * - A word, sorted by price or newest: two ways, raced (`raceSorted`). Walking `gigsort/sorted`
 *   in order stops early when the word is frequent (its gigs are dense in the walk); reading the
 *   word's whole `gigs/search` range and sorting it here is cheap when the word is rare. Which
 *   one is cheaper is not known beforehand (a count costs a read of the whole range on the
 *   embedded server, which computes reductions at query time), so the walk starts (a frequent
 *   word's page is usually full after its first batch), then the two take turns, each read up
 *   to twice the rows the other has read: whichever ends first gives the answer, at most about
 *   three times the rows of the cheaper way.
 *
 * Every way returns the first matches in the sort order, an exact prefix of all of them; all of
 * them (`exhausted`) when a range was read to its end. No way reads more than `budget` rows:
 * past it, the matches found so far are returned (still the first ones, in order) and the total
 * is a lower bound.
 */
import { MIN_BATCH, nextBatch, RangeCursor, type IndexRow, type ReadRange } from './search-window';

export interface SortedWindow<V> {
  /** The first matches in sort order; every match when `exhausted`. */
  matches: IndexRow<V>[];
  exhausted: boolean;
  /** Which reading gave the answer. */
  plan: 'walk' | 'range' | 'merge';
  rowsRead: number;
  reads: number;
}

export interface Walk<V> {
  read: ReadRange<V>;
  startkey: unknown[];
  accept: (row: IndexRow<V>) => boolean;
}

/** The first `want` rows of a range that `accept` keeps, in its order, within `budget` rows. */
export async function walkSorted<V>(
  walk: Walk<V>,
  want: number,
  budget: number,
): Promise<SortedWindow<V>> {
  const cursor = new RangeCursor(walk.read, walk.startkey);
  const matches: IndexRow<V>[] = [];
  let limit = Math.min(budget, Math.max(1, 2 * want));
  for (;;) {
    for (const row of await cursor.next(limit)) if (walk.accept(row)) matches.push(row);
    const done = cursor.exhausted || matches.length >= want || cursor.rowsRead >= budget;
    if (done) {
      return {
        matches,
        exhausted: cursor.exhausted,
        plan: 'walk',
        rowsRead: cursor.rowsRead,
        reads: cursor.reads,
      };
    }
    limit = Math.min(budget - cursor.rowsRead, nextBatch(want, matches.length, cursor.rowsRead));
  }
}

/**
 * Walking the sorted range against reading the whole word range (then sorted with `compare`,
 * which must give the sorted range's order): the first to finish answers. One read at a time,
 * by whichever has read fewer rows, up to twice the other's rows (the walk fewer when its
 * matches so far say it needs fewer), so the rows read stay within about three times those of
 * the cheaper way, and a frequent word's page is usually full after the walk's first batch.
 */
export async function raceSorted<V>(
  walk: Walk<V>,
  range: Walk<V>,
  compare: (a: IndexRow<V>, b: IndexRow<V>) => number,
  want: number,
  budget: number,
): Promise<SortedWindow<V>> {
  const walker = new RangeCursor(walk.read, walk.startkey);
  const ranger = new RangeCursor(range.read, range.startkey);
  const walked: IndexRow<V>[] = [];
  const ranged: IndexRow<V>[] = [];
  const result = (plan: 'walk' | 'range', exhausted: boolean): SortedWindow<V> => ({
    matches: plan === 'walk' ? walked : ranged.sort(compare),
    exhausted,
    plan,
    rowsRead: walker.rowsRead + ranger.rowsRead,
    reads: walker.reads + ranger.reads,
  });
  for (;;) {
    const left = budget - walker.rowsRead - ranger.rowsRead;
    if (left <= 0) return result('walk', false);
    // The word's range is of use only read to its end: it gets half the budget at most, the
    // walk (whose matches so far are the first ones) the rest.
    const rangeLeft = Math.min(left, Math.floor(budget / 2) - ranger.rowsRead);
    if (walker.rowsRead <= ranger.rowsRead || rangeLeft <= 0) {
      // Sized by the share of matches so far, however low (the doubling bounds a wrong guess).
      const limit =
        walker.reads === 0
          ? Math.max(1, 2 * want)
          : Math.min(
              nextBatch(want, walked.length, walker.rowsRead, 1 / (walker.rowsRead + 1)),
              rangeLeft <= 0 ? left : Math.max(MIN_BATCH, 2 * ranger.rowsRead - walker.rowsRead),
            );
      for (const row of await walker.next(Math.min(left, limit)))
        if (walk.accept(row)) walked.push(row);
      if (walker.exhausted) return result('walk', true);
      if (walked.length >= want) return result('walk', false);
    } else {
      const limit = Math.max(MIN_BATCH, 2 * walker.rowsRead - ranger.rowsRead);
      for (const row of await ranger.next(Math.min(rangeLeft, limit)))
        if (range.accept(row)) ranged.push(row);
      if (ranger.exhausted) return result('range', true);
    }
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
      };
    }
    const cursor = cursors[lagging]!;
    await read(lagging, Math.min(left, nextBatch(want, kept[lagging]!.length, cursor.rowsRead)));
  }
}
