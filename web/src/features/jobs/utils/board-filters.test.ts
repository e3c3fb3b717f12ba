import { describe, expect, it } from 'vitest';
import {
  activeBoardFilterCount,
  boardFiltersFromQuery,
  boardFiltersFromSearch,
  EMPTY_BOARD_FILTERS,
  hasBoardNarrowing,
  searchFromBoardFilters,
  toBoardApiQuery,
  toBoardQuery,
} from './board-filters';

const from = (query: string) => boardFiltersFromSearch(new URLSearchParams(query));

describe('the jobs board filters in the URL', () => {
  it('reads every filter, the budget in dollars as minor units', () => {
    expect(
      from(
        'q=tea+ceremony&service=tour-guides&destination=Kyoto&budget_from=100&budget_to=450.5&date_from=2027-04-01&date_to=2027-04-30&page=3',
      ),
    ).toEqual({
      q: 'tea ceremony',
      service: 'tour-guides',
      destination: 'Kyoto',
      minBudget: 10000,
      maxBudget: 45050,
      dateFrom: '2027-04-01',
      dateTo: '2027-04-30',
      page: 3,
    });
  });

  it('drops malformed values', () => {
    expect(from('budget_from=lots&date_from=soon&page=-2&budget_to=1.234')).toEqual(
      EMPTY_BOARD_FILTERS,
    );
  });

  it('writes them back in a stable order, defaults left out, and round-trips', () => {
    const query =
      'q=tea&service=tour-guides&destination=Kyoto&budget_from=100&budget_to=450.5&date_from=2027-04-01&date_to=2027-04-30&page=2';
    expect(searchFromBoardFilters(from(query))).toBe(query);
    expect(searchFromBoardFilters(EMPTY_BOARD_FILTERS)).toBe('');
    expect(hasBoardNarrowing(EMPTY_BOARD_FILTERS)).toBe(false);
    expect(hasBoardNarrowing({ ...EMPTY_BOARD_FILTERS, page: 4 })).toBe(false);
    expect(hasBoardNarrowing(from('destination=Kyoto'))).toBe(true);
  });

  it('asks the API in minor units, reversed ranges the right way round', () => {
    expect(
      toBoardApiQuery(
        from('budget_from=500&budget_to=100&date_from=2027-05-01&date_to=2027-04-01&page=2'),
      ),
    ).toEqual({
      min_budget: '10000',
      max_budget: '50000',
      date_from: '2027-04-01',
      date_to: '2027-05-01',
      page: 2,
      per_page: 20,
    });
  });

  it('links a saved search back to the board', () => {
    const filters = from('q=tea&service=s1&budget_from=100');
    const saved = toBoardQuery(filters);
    expect(saved).toEqual({ q: 'tea', service: 's1', min_budget: '10000' });
    expect(searchFromBoardFilters(boardFiltersFromQuery(saved))).toBe(
      'q=tea&service=s1&budget_from=100',
    );
    // The API answers a saved search's budgets as numbers.
    expect(boardFiltersFromQuery({ max_budget: 45050, destination: 'Kyoto' })).toMatchObject({
      maxBudget: 45050,
      destination: 'Kyoto',
    });
  });

  it('counts the narrowing filters for the Filters button, the text search and page aside', () => {
    expect(activeBoardFilterCount(EMPTY_BOARD_FILTERS)).toBe(0);
    expect(activeBoardFilterCount(from('q=tea&page=3'))).toBe(0);
    expect(activeBoardFilterCount(from('service=s1&destination=Kyoto'))).toBe(2);
    // A budget range and a date range are one filter each, whichever ends are set.
    expect(activeBoardFilterCount(from('budget_from=100&budget_to=500&date_to=2027-01-05'))).toBe(
      2,
    );
    expect(
      activeBoardFilterCount(
        from('service=s1&destination=Kyoto&budget_to=500&date_from=2027-01-01&date_to=2027-01-05'),
      ),
    ).toBe(4);
  });
});
