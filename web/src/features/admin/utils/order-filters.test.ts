import { describe, expect, it } from 'vitest';
import {
  changeOrderFilters,
  orderFiltersToParams,
  orderFiltersToQuery,
  parseOrderFilters,
} from './order-filters';

describe('the orders list in the URL', () => {
  it('reads known values and falls back for the rest', () => {
    expect(parseOrderFilters(new URLSearchParams('status=disputed&q=%20dakar%20&page=3'))).toEqual({
      status: 'disputed',
      q: 'dakar',
      page: 3,
    });
    expect(parseOrderFilters(new URLSearchParams('status=lost&page=-2'))).toEqual({
      status: '',
      q: '',
      page: 1,
    });
    expect(parseOrderFilters(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(orderFiltersToParams({ status: '', q: '', page: 1 }).toString()).toBe('');
    const filters = { status: 'completed', q: 'market', page: 2 } as const;
    const params = orderFiltersToParams(filters);
    expect(params.toString()).toBe('status=completed&q=market&page=2');
    expect(parseOrderFilters(params)).toEqual(filters);
  });

  it('asks the API for a page of 20 and leaves empty filters out', () => {
    expect(orderFiltersToQuery({ status: '', q: ' ', page: 4 })).toEqual({
      status: undefined,
      q: undefined,
      page: 4,
      per_page: 20,
    });
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const on3 = { status: '', q: 'x', page: 3 } as const;
    expect(changeOrderFilters(on3, { status: 'disputed' })).toEqual({
      status: 'disputed',
      q: 'x',
      page: 1,
    });
    expect(changeOrderFilters(on3, { page: 4 }).page).toBe(4);
  });
});
