import { describe, expect, it } from 'vitest';
import { MIN_BATCH, readWindow, type IndexRow, type ReadRange } from './search-window';

type Row = IndexRow<number>;

/** A view in memory: rows ordered by key then id, read as CouchDB reads them (inclusive start). */
function fakeView(rows: Row[]) {
  const sorted = [...rows].sort(
    (a, b) => (a.key[0] as number) - (b.key[0] as number) || a.id.localeCompare(b.id),
  );
  const calls: { startkey: unknown[]; skip: number; limit: number }[] = [];
  const read: ReadRange<number> = async (range) => {
    calls.push(range);
    const from = sorted.findIndex((r) => (r.key[0] as number) >= (range.startkey[0] as number));
    if (from === -1) return [];
    return sorted.slice(from + range.skip, from + range.skip + range.limit);
  };
  return { read, calls };
}

const rows = (n: number, key = (i: number) => i): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `g${String(i).padStart(4, '0')}`,
    key: [key(i)],
    value: i,
  }));

describe('readWindow', () => {
  it('stops once the page and one more matched, in one read when the first batch holds them', async () => {
    const view = fakeView(rows(1000));
    const window = await readWindow(view.read, [0], () => true, 21, 300);
    expect(view.calls).toEqual([{ startkey: [0], skip: 0, limit: 42 }]);
    expect(window).toMatchObject({ exhausted: false, rowsRead: 42, reads: 1 });
    expect(window.matches).toHaveLength(42);
  });

  it('sizes the next batches from the share of rows kept, and keeps index order', async () => {
    const view = fakeView(rows(1000));
    const window = await readWindow(view.read, [0], (r) => r.value % 10 === 0, 21, 300);
    expect(window.exhausted).toBe(false);
    expect(window.matches.length).toBeGreaterThanOrEqual(21);
    expect(window.matches.map((r) => r.value)).toEqual(
      Array.from({ length: window.matches.length }, (_, i) => i * 10),
    );
    // 42 rows kept 5; the next batch asks for about (21 - 5) / (5 / 42) × 1.25 rows.
    expect(view.calls[1]).toEqual({ startkey: [41], skip: 1, limit: 168 });
    expect(window.reads).toBe(2);
  });

  it('reads the whole range when it is short, and says so', async () => {
    const view = fakeView(rows(30));
    const window = await readWindow(view.read, [0], (r) => r.value % 2 === 0, 21, 300);
    expect(window).toMatchObject({ exhausted: true, rowsRead: 30, reads: 1 });
    expect(window.matches).toHaveLength(15);
  });

  it('never reads more than the cap, and tells a range that goes on from one that ends there', async () => {
    const longer = fakeView(rows(1000));
    const capped = await readWindow(longer.read, [0], (r) => r.value === 5, 21, 300);
    expect(capped).toMatchObject({ exhausted: false, rowsRead: 300 });
    expect(capped.matches.map((r) => r.value)).toEqual([5]);
    const sum = longer.calls.reduce((n, c) => n + c.limit, 0);
    expect(sum).toBe(301);

    const exact = fakeView(rows(300));
    const ends = await readWindow(exact.read, [0], (r) => r.value === 5, 21, 300);
    expect(ends).toMatchObject({ exhausted: true, rowsRead: 300 });
  });

  it('passes the rows of a key already read when later rows share it', async () => {
    // Keys 0,0,1,1,1,1,... : batches end in the middle of a key.
    const view = fakeView(rows(200, (i) => (i < 2 ? 0 : Math.floor(i / 50) + 1)));
    const window = await readWindow(view.read, [0], (r) => r.value % 20 === 0, 8, 300);
    const ids = window.matches.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(window.matches.map((r) => r.value)).toEqual(
      Array.from({ length: window.matches.length }, (_, i) => i * 20),
    );
    expect(view.calls.slice(1).every((c) => c.skip >= 1)).toBe(true);
  });

  it('pages through a run of one key longer than a batch', async () => {
    const view = fakeView(rows(200, () => 7));
    const window = await readWindow(view.read, [7], (r) => r.value % 30 === 0, 4, 300);
    expect(window.matches.map((r) => r.value)).toEqual([0, 30, 60, 90]);
    expect(window.exhausted).toBe(false);
    expect(view.calls[1]).toEqual({ startkey: [7], skip: 8, limit: expect.any(Number) });
    expect(view.calls[2]?.skip).toBe(8 + view.calls[1]!.limit);
  });

  it('reads the whole window at once when every candidate is wanted', async () => {
    const view = fakeView(rows(1000));
    const window = await readWindow(view.read, [0], () => true, Infinity, 300);
    expect(view.calls).toEqual([{ startkey: [0], skip: 0, limit: 301 }]);
    expect(window).toMatchObject({ exhausted: false, rowsRead: 300 });
  });

  it('asks for at least MIN_BATCH rows after the first read', async () => {
    const view = fakeView(rows(1000));
    await readWindow(view.read, [0], (r) => r.value < 3 || r.value === 500, 4, 300);
    expect(view.calls[1]!.limit).toBeGreaterThanOrEqual(MIN_BATCH);
  });
});
