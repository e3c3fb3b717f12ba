import { describe, expect, it } from 'vitest';
import { mergeSorted, raceSorted, walkSorted, type Walk } from './search-plan';
import type { IndexRow, ReadRange } from './search-window';

/** value: [sort value, word present, filter passes] */
type V = [number, boolean, boolean];
type Row = IndexRow<V>;

const byKey = (a: Row, b: Row) => {
  const ka = a.key as number[];
  const kb = b.key as number[];
  for (let i = 0; i < Math.max(ka.length, kb.length); i++)
    if (ka[i] !== kb[i]) return (ka[i] ?? -Infinity) - (kb[i] ?? -Infinity);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** A view range in memory, read as CouchDB reads one (inclusive startkey, then skip). */
function fakeRange(rows: Row[], accept: (r: Row) => boolean) {
  const sorted = [...rows].sort(byKey);
  const calls: number[] = [];
  const read: ReadRange<V> = async ({ startkey, skip, limit }) => {
    calls.push(limit);
    const from = sorted.findIndex((r) => byKey(r, { id: '', key: startkey, value: r.value }) >= 0);
    if (from === -1) return [];
    return sorted.slice(from + skip, from + skip + limit);
  };
  const walk: Walk<V> = { read, startkey: [-Infinity], accept };
  return { walk, calls, sorted };
}

/** A seeded PRNG, so every run builds the same data. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * N gigs with a sort value (few distinct values: ties), one of 8 services, the word in a share
 * of them and a filter passing in another. The "scope walk" is the sorted view under one service
 * (or all gigs), checking the word; the "word walk" is the word's rows of the word-sorted view,
 * in the same order, checking the service. Both have the same matches in the same order.
 */
function dataSet(n: number, wordShare: number, filterShare: number, seed = 1, service = true) {
  const rng = prng(seed);
  const gigs = Array.from({ length: n }, (_, i) => {
    const value: V = [Math.floor(rng() * n * 0.3), rng() < wordShare, rng() < filterShare];
    return { id: `g${String(i).padStart(6, '0')}`, service: Math.floor(rng() * 8), value };
  });
  const inScope = (g: (typeof gigs)[number]) => !service || g.service === 0;
  const row = (g: (typeof gigs)[number]): Row => ({ id: g.id, key: [g.value[0]], value: g.value });
  const scopeRows = gigs.filter(inScope).map(row);
  const wordRows = gigs.filter((g) => g.value[1]).map(row);
  const scopeOf = new Map(gigs.map((g) => [g.id, inScope(g)]));
  const scope = fakeRange(scopeRows, (r) => r.value[1] && r.value[2]);
  const word = fakeRange(wordRows, (r) => scopeOf.get(r.id)! && r.value[2]);
  const truth = scopeRows.filter((r) => r.value[1] && r.value[2]).sort(byKey);
  return { scope, word, truth };
}

const ids = (rows: Row[]) => rows.map((r) => r.id);

describe('walkSorted', () => {
  it('reads in order until the page and one more matched: the first matches exactly', async () => {
    const { scope, truth } = dataSet(2000, 0.5, 0.5, 1, false);
    const window = await walkSorted(scope.walk, 21, 4000);
    expect(window).toMatchObject({ plan: 'walk', exhausted: false, docsChecked: 0 });
    expect(ids(window.matches).slice(0, 21)).toEqual(ids(truth).slice(0, 21));
    expect(window.rowsRead).toBeLessThan(200);
  });

  it('never reads more than its budget, and then returns the matches found, in order', async () => {
    const { scope, truth } = dataSet(2000, 0.01, 1, 1, false);
    const window = await walkSorted(scope.walk, 41, 300);
    expect(window.rowsRead).toBeLessThanOrEqual(300);
    expect(window.exhausted).toBe(false);
    expect(ids(window.matches)).toEqual(ids(truth).slice(0, window.matches.length));
  });

  it('says when it read the whole range', async () => {
    const { scope, truth } = dataSet(50, 1, 0.5, 1, false);
    const window = await walkSorted(scope.walk, 41, 4000);
    expect(window.exhausted).toBe(true);
    expect(ids(window.matches)).toEqual(ids(truth));
  });

  it('a word in 1 gig of 15 and a filter 1 in 6: the same rows at 10,000 and at 100,000 gigs', async () => {
    // The benchmark's narrow:price_asc: the word's own sorted rows, the filter checked on each.
    const rows = await Promise.all(
      [10_000, 100_000].map(async (n) => {
        const { word, truth } = dataSet(n, 0.065, 1 / 6, 11, false);
        const window = await walkSorted(word.walk, 21, 4000);
        expect(ids(window.matches).slice(0, 21)).toEqual(ids(truth).slice(0, 21));
        return window;
      }),
    );
    for (const window of rows) {
      expect(window.rowsRead).toBeLessThan(300);
      expect(window.reads).toBeLessThanOrEqual(3);
    }
  });

  it('a second word (a Bloom filter with false positives, then the documents): the same cost at 10,000 and 100,000 gigs', async () => {
    // The benchmark's two-words:newest: the narrow word's rows, a second word in 30 % of them
    // (the filter lets half the others through too) and a language 1 in 6.
    for (const n of [10_000, 100_000]) {
      const rng = prng(n);
      const second = new Map<string, boolean>();
      const bloom = new Map<string, boolean>();
      const { word } = dataSet(n, 0.065, 1 / 6, 13, false);
      for (const r of word.sorted) {
        const has = rng() < 0.3;
        second.set(r.id, has);
        bloom.set(r.id, has || rng() < 0.5);
      }
      const walk: Walk<V> = {
        ...word.walk,
        accept: (r) => r.value[2] && bloom.get(r.id)!,
        confirm: async (rows) => rows.filter((r) => second.get(r.id)),
      };
      const truth = word.sorted.filter((r) => r.value[2] && second.get(r.id));
      const window = await walkSorted(walk, 21, 4000);
      expect(ids(window.matches).slice(0, 21)).toEqual(ids(truth).slice(0, 21));
      // ~5 % of the word's rows match: ~420 rows for 21, about twice the matches checked.
      expect(window.rowsRead, `${n}`).toBeLessThan(800);
      expect(window.docsChecked, `${n}`).toBeLessThan(100);
      expect(window.reads, `${n}`).toBeLessThanOrEqual(4);
    }
  });

  it('with `confirm`, checks only the rows kept, in order, as many as the page needs', async () => {
    // A Bloom filter that lets through twice the true matches: every other kept row is false.
    const { scope } = dataSet(5000, 1, 0.4, 3, false);
    const falsePositive = (r: Row) => Number(r.id.slice(1)) % 2 === 1;
    const checked: string[] = [];
    const walk: Walk<V> = {
      ...scope.walk,
      confirm: async (rows) => {
        checked.push(...ids(rows));
        return rows.filter((r) => !falsePositive(r));
      },
    };
    const truth = scope.sorted.filter((r) => r.value[2] && !falsePositive(r));
    const window = await walkSorted(walk, 21, 4000);
    expect(ids(window.matches).slice(0, 21)).toEqual(ids(truth).slice(0, 21));
    expect(window.exhausted).toBe(false);
    // Each document once, in order, and not many more than twice the page.
    expect(new Set(checked).size).toBe(checked.length);
    expect(checked).toEqual(ids(scope.sorted.filter((r) => r.value[2])).slice(0, checked.length));
    expect(window.docsChecked).toBe(checked.length);
    expect(checked.length).toBeLessThan(4 * 21);

    const all = await walkSorted(walk, Infinity, 100_000);
    expect(all.exhausted).toBe(true);
    expect(ids(all.matches)).toEqual(ids(truth));
  });
});

describe('raceSorted (the scope’s sorted walk against the word’s)', () => {
  it('a frequent word under a service: the scope walk fills the page with its first batch, the word walk is never read', async () => {
    const { scope, word, truth } = dataSet(5000, 0.9, 0.7);
    const window = await raceSorted([scope.walk, { ...word.walk, name: 'word' }], 21, 4000);
    expect(window.plan).toBe('walk');
    expect(ids(window.matches).slice(0, 21)).toEqual(ids(truth).slice(0, 21));
    expect(scope.calls).toEqual([42]);
    expect(word.calls).toEqual([]);
  });

  it('a rare word under a service: the word walk, to its end, the total exact', async () => {
    const { scope, word, truth } = dataSet(20_000, 0.003, 0.5);
    const window = await raceSorted([scope.walk, { ...word.walk, name: 'word' }], 21, 4000);
    expect(window).toMatchObject({ plan: 'word', exhausted: true });
    expect(ids(window.matches)).toEqual(ids(truth));
    expect(scope.calls).toEqual([42]);
    expect(window.rowsRead).toBeLessThan(42 + 2 * word.sorted.length);
  });

  it('either way, at most about three times the rows of the cheaper one, and the same order as either alone', async () => {
    for (const [n, share, filter] of [
      [20_000, 0.05, 0.2],
      [20_000, 0.02, 1],
      [5_000, 0.3, 0.05],
      [20_000, 0.01, 0.5],
      [100_000, 0.065, 1 / 6],
      [100_000, 0.5, 0.1],
    ] as const) {
      const { scope, word, truth } = dataSet(n, share, filter, n + share);
      const window = await raceSorted([scope.walk, word.walk], 21, 100_000);
      const what = `${n} ${share} ${filter}`;
      expect(ids(window.matches).slice(0, 21), what).toEqual(ids(truth).slice(0, 21));
      // Each walk alone reads the rows up to the 21st match (or its whole range).
      const alone = (sorted: Row[]) =>
        truth.length > 21 ? sorted.findIndex((r) => r.id === truth[20]!.id) + 1 : sorted.length;
      const cheaper = Math.min(alone(scope.sorted), alone(word.sorted));
      expect(window.rowsRead, what).toBeLessThanOrEqual(3 * cheaper + 84);
    }
  });

  it('gives the same order as a walk alone, on every page', async () => {
    const { scope, word } = dataSet(3000, 0.04, 0.6, 7);
    const all = await walkSorted(scope.walk, Infinity, 100_000);
    for (const want of [1, 6, 21, 41, 101, 1000]) {
      const window = await raceSorted([scope.walk, word.walk], want, 100_000);
      expect(ids(window.matches).slice(0, want)).toEqual(ids(all.matches).slice(0, want));
    }
  });

  it('never reads more than its budget; past it, the longest prefix found, in order', async () => {
    const { scope, word, truth } = dataSet(20_000, 0.3, 0.02);
    const window = await raceSorted([scope.walk, word.walk], 21, 1000);
    expect(window.rowsRead).toBeLessThanOrEqual(1000);
    expect(window.exhausted).toBe(false);
    expect(window.matches.length).toBeGreaterThan(0);
    expect(ids(window.matches)).toEqual(ids(truth).slice(0, window.matches.length));
  });
});

describe('mergeSorted (ranges each in order, merged)', () => {
  /** Two ranks of a word's range, each in order of a value with many ties. */
  function ranks(n: number, filterShare: number, seed: number) {
    const rng = prng(seed);
    const rows: Row[] = Array.from({ length: n }, (_, i) => {
      const value: V = [Math.floor(rng() * 20), true, rng() < filterShare];
      return { id: `g${String(i).padStart(5, '0')}`, key: [rng() < 0.3 ? 0 : 1, value[0]], value };
    });
    const rank = (r: number) =>
      fakeRange(
        rows
          .filter((row) => (row.key as number[])[0] === r)
          .map((row) => ({ ...row, key: [(row.key as number[])[1]!] })),
        (row) => row.value[2],
      );
    const truth = rows
      .filter((r) => r.value[2])
      .sort((a, b) => a.value[0] - b.value[0] || (a.id < b.id ? -1 : 1));
    return { ranges: [rank(0), rank(1)], truth };
  }
  const compareKey = (a: Row, b: Row) => a.value[0] - b.value[0];

  it('gives the first matches of both in order, ties in id order, whatever the page', async () => {
    const { ranges, truth } = ranks(600, 0.5, 3);
    for (const want of [1, 5, 21, 61, 200, 1000]) {
      const window = await mergeSorted(
        ranges.map((r) => r.walk),
        compareKey,
        want,
        100_000,
      );
      expect(window.plan).toBe('merge');
      expect(ids(window.matches).slice(0, want), `want ${want}`).toEqual(ids(truth).slice(0, want));
      if (want > truth.length) expect(window.exhausted).toBe(true);
      if (window.exhausted) expect(ids(window.matches)).toEqual(ids(truth));
    }
  });

  it('reads about as far as the page needs, and no more than its budget', async () => {
    const { ranges, truth } = ranks(20_000, 0.5, 5);
    const window = await mergeSorted(
      ranges.map((r) => r.walk),
      compareKey,
      21,
      100_000,
    );
    expect(ids(window.matches).slice(0, 21)).toEqual(ids(truth).slice(0, 21));
    // 20 values: the 21 first matches all have the smallest value or the next; its rows are
    // ~1/20 of 20,000, and the merge must read past them in both ranks.
    expect(window.rowsRead).toBeLessThan(3 * 2000);

    const capped = await mergeSorted(
      ranks(20_000, 0.5, 5).ranges.map((r) => r.walk),
      compareKey,
      21,
      500,
    );
    expect(capped.rowsRead).toBeLessThanOrEqual(500);
    expect(capped.exhausted).toBe(false);
    expect(ids(capped.matches)).toEqual(ids(truth).slice(0, capped.matches.length));
  });
});
