// The users list keeps its search, filters, sort and page in the URL, so a filtered list can be
// bookmarked, shared, and comes back with the Back button. Unknown values fall back to defaults.
import { ROLES, type Role } from '@wayfarer/api/schemas/roles';
import type { QueryValue } from '@/lib/api-client';

const USER_SORTS = ['newest', 'oldest', 'name'] as const;
type UserSort = (typeof USER_SORTS)[number];
const USER_STATUSES = ['active', 'suspended'] as const;
const VERIFIED_VALUES = ['true', 'false'] as const;
const USERS_PER_PAGE = 20;

export interface UserFilters {
  search: string;
  role: Role | '';
  status: (typeof USER_STATUSES)[number] | '';
  verified: (typeof VERIFIED_VALUES)[number] | '';
  sort: UserSort;
  page: number;
}

export const DEFAULT_USER_FILTERS: UserFilters = {
  search: '',
  role: '',
  status: '',
  verified: '',
  sort: 'newest',
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** The filters in `params`; anything missing or unknown is the default. */
export function parseUserFilters(params: URLSearchParams): UserFilters {
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(USER_STATUSES, params.get('status')),
    verified: oneOf(VERIFIED_VALUES, params.get('verified')),
    sort: oneOf(USER_SORTS, params.get('sort')) || 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query for `filters`, defaults left out (a plain list has a plain URL). */
export function userFiltersToParams(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  if (filters.verified) params.set('verified', filters.verified);
  if (filters.sort !== DEFAULT_USER_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The query for GET /api/admin/users. */
export function userFiltersToQuery(filters: UserFilters): Record<string, QueryValue> {
  return {
    search: filters.search.trim() || undefined,
    role: filters.role || undefined,
    status: filters.status || undefined,
    verified: filters.verified || undefined,
    sort: filters.sort,
    page: filters.page,
    per_page: USERS_PER_PAGE,
  };
}

/**
 * `filters` with `change` applied. Any change but the page itself goes back to page 1: page 4 of
 * the old results means nothing for the new ones.
 */
export function changeUserFilters(filters: UserFilters, change: Partial<UserFilters>): UserFilters {
  const next = { ...filters, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return onlyPage ? next : { ...next, page: 1 };
}

/** Whether any filter narrows the list (to offer "Clear filters"). */
export function hasUserFilters(filters: UserFilters): boolean {
  return !!(filters.search.trim() || filters.role || filters.status || filters.verified);
}
