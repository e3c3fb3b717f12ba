import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromSearch,
  hasNarrowing,
  searchFromFilters,
  toApiQuery,
  withFilters,
  type GigFilters,
} from './filters';

const parse = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('URL → filters', () => {
  it('reads every filter, prices in dollars as cents', () => {
    expect(
      parse(
        'q=sunset+walk&service=tour-guide&price_from=50&price_to=120.5&delivery=3&destination=Porto&language=English&rating=4.5&sort=price_asc&page=2',
      ),
    ).toEqual({
      q: 'sunset walk',
      service: 'tour-guide',
      minPrice: 5000,
      maxPrice: 12050,
      deliveryDays: 3,
      destination: 'Porto',
      language: 'English',
      minRating: 4.5,
      sort: 'price_asc',
      page: 2,
    } satisfies GigFilters);
  });

  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(EMPTY_FILTERS);
  });

  it('drops malformed values instead of sending them on', () => {
    expect(
      parse('price_from=cheap&price_to=-3&delivery=0&rating=9&sort=cheapest&page=-1&q=%20%20'),
    ).toEqual(EMPTY_FILTERS);
    expect(parse('delivery=2.5&rating=abc&page=x')).toEqual(EMPTY_FILTERS);
  });
});

describe('filters → URL', () => {
  it('leaves defaults out and writes prices in dollars', () => {
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
    expect(
      searchFromFilters({ ...EMPTY_FILTERS, q: 'chef', minPrice: 5000, maxPrice: 12050 }),
    ).toBe('q=chef&price_from=50&price_to=120.5');
    expect(searchFromFilters({ ...EMPTY_FILTERS, sort: 'rating', page: 3 })).toBe(
      'sort=rating&page=3',
    );
  });

  it('round-trips: URL → filters → URL gives the same filters', () => {
    const filters: GigFilters = {
      q: 'desert retreat',
      service: 'events-specialist',
      minPrice: 0,
      maxPrice: 99999,
      deliveryDays: 30,
      destination: 'Agafay',
      language: 'French',
      minRating: 4,
      sort: 'newest',
      page: 4,
    };
    expect(parse(searchFromFilters(filters))).toEqual(filters);
  });
});

describe('changing filters and the API query', () => {
  it('goes back to page 1 when a filter changes, keeps the page when asked', () => {
    const onPage3 = { ...EMPTY_FILTERS, q: 'chef', page: 3 };
    expect(withFilters(onPage3, { service: 'chef' }).page).toBe(1);
    expect(withFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('knows when something narrows the search (sort and page do not)', () => {
    expect(hasNarrowing({ ...EMPTY_FILTERS, sort: 'rating', page: 2 })).toBe(false);
    expect(hasNarrowing({ ...EMPTY_FILTERS, minRating: 4 })).toBe(true);
    expect(hasNarrowing({ ...EMPTY_FILTERS, minPrice: 0 })).toBe(true);
  });

  it('sends minor units to the API, without empty values, a reversed range set right', () => {
    expect(
      toApiQuery({ ...EMPTY_FILTERS, q: ' chef ', minPrice: 20000, maxPrice: 5000 }, 12),
    ).toEqual({
      q: 'chef',
      service: undefined,
      min_price: 5000,
      max_price: 20000,
      delivery_days: undefined,
      language: undefined,
      destination: undefined,
      min_rating: undefined,
      sort: 'relevance',
      page: 1,
      per_page: 12,
    });
  });
});

describe('activeFilterCount', () => {
  it('counts the filters that narrow the list, not the search text, the sort or the page', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount(parse('q=walk&sort=price_asc&page=3'))).toBe(0);
    expect(activeFilterCount(parse('service=chef&rating=4'))).toBe(2);
    expect(
      activeFilterCount(
        parse('service=chef&price_to=90&delivery=3&destination=Porto&language=English&rating=4'),
      ),
    ).toBe(6);
  });

  it('counts a price range once, with one bound or both', () => {
    expect(activeFilterCount(parse('price_from=50'))).toBe(1);
    expect(activeFilterCount(parse('price_from=50&price_to=120'))).toBe(1);
  });
});
