import { describe, expect, it } from 'vitest';
import { inPages } from './pages';

describe('inPages', () => {
  it('reads a range in pages of pageSize, each from the extra row of the one before', async () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const reads: { limit: number; start: unknown }[] = [];
    const pages: number[][] = [];
    for await (const page of inPages(
      async (limit, start) => {
        reads.push({ limit, start });
        const from = start === undefined ? 0 : all.indexOf(start as number);
        return all.slice(from, from + limit);
      },
      (row) => row,
      3,
    ))
      pages.push(page);
    expect(pages).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(reads).toEqual([
      { limit: 4, start: undefined },
      { limit: 4, start: 3 },
      { limit: 4, start: 6 },
    ]);
  });

  it('an exact multiple ends with the page that has no extra row', async () => {
    const pages: number[][] = [];
    for await (const page of inPages(
      async (limit) => [1, 2].slice(0, limit),
      (r) => r,
      2,
    ))
      pages.push(page);
    expect(pages).toEqual([[1, 2]]);
  });
});
