import { describe, expect, it } from 'vitest';
import {
  changeUserFilters,
  DEFAULT_USER_FILTERS,
  hasUserFilters,
  parseUserFilters,
  userFiltersToParams,
  userFiltersToQuery,
} from './user-filters';

describe('user filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(parseUserFilters(new URLSearchParams())).toEqual(DEFAULT_USER_FILTERS);
  });

  it('reads every filter and ignores unknown or malformed values', () => {
    expect(
      parseUserFilters(
        new URLSearchParams(
          'search=kenji&role=Agent&status=suspended&verified=false&sort=name&page=3',
        ),
      ),
    ).toEqual({
      search: 'kenji',
      role: 'Agent',
      status: 'suspended',
      verified: 'false',
      sort: 'name',
      page: 3,
    });
    expect(
      parseUserFilters(
        new URLSearchParams('role=Pirate&status=gone&verified=yes&sort=random&page=-2'),
      ),
    ).toEqual(DEFAULT_USER_FILTERS);
    expect(parseUserFilters(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(userFiltersToParams(DEFAULT_USER_FILTERS).toString()).toBe('');
    const filters = { ...DEFAULT_USER_FILTERS, search: ' ana ', role: 'Student' as const, page: 2 };
    const params = userFiltersToParams(filters);
    expect(params.toString()).toBe('search=ana&role=Student&page=2');
    expect(parseUserFilters(params)).toEqual({ ...filters, search: 'ana' });
  });

  it('builds the API query with the page size and without empty filters', () => {
    expect(userFiltersToQuery({ ...DEFAULT_USER_FILTERS, verified: 'true' })).toEqual({
      search: undefined,
      role: undefined,
      status: undefined,
      verified: 'true',
      sort: 'newest',
      page: 1,
      per_page: 20,
    });
  });
});

describe('changeUserFilters', () => {
  const onPage3 = { ...DEFAULT_USER_FILTERS, page: 3 };

  it('goes back to page 1 when a filter, the search or the sort changes', () => {
    expect(changeUserFilters(onPage3, { role: 'Agent' })).toMatchObject({ role: 'Agent', page: 1 });
    expect(changeUserFilters(onPage3, { search: 'x' }).page).toBe(1);
    expect(changeUserFilters(onPage3, { sort: 'name' }).page).toBe(1);
  });

  it('keeps the other filters when only the page changes', () => {
    const filtered = { ...onPage3, status: 'active' as const };
    expect(changeUserFilters(filtered, { page: 4 })).toEqual({ ...filtered, page: 4 });
  });

  it('knows when the list is narrowed', () => {
    expect(hasUserFilters(DEFAULT_USER_FILTERS)).toBe(false);
    expect(hasUserFilters({ ...DEFAULT_USER_FILTERS, sort: 'name', page: 2 })).toBe(false);
    expect(hasUserFilters({ ...DEFAULT_USER_FILTERS, search: '  ' })).toBe(false);
    expect(hasUserFilters({ ...DEFAULT_USER_FILTERS, verified: 'false' })).toBe(true);
  });
});
