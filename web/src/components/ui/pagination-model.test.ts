import { describe, expect, it } from 'vitest';
import { PAGINATION, paginationItems } from './pagination-model';

describe('paginationItems', () => {
  it('defaults to the spec: page range 3, margin pages 1', () => {
    expect(PAGINATION).toEqual({ pageRange: 3, marginPages: 1 });
  });

  it('shows every page when there are few', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 3)).toEqual([1, 2, 3]);
  });

  it('shows the margins, the range around the current page and gaps', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(paginationItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationItems(99, 4)).toEqual(paginationItems(4, 4));
    expect(paginationItems(-3, 4)).toEqual(paginationItems(1, 4));
  });
});
