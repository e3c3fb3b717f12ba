// The jobs board's search lives in the URL like Explore's, so a search can be shared, saved and
// restored with Back. The URL speaks the visitor's units (`budget_from=300` is $300); the API
// speaks minor units (`min_budget=30000`). Unknown or malformed values are dropped.
import { fromMinorUnits, toMinorUnits } from '@/lib/money';

const PER_PAGE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface BoardFilters {
  q: string;
  service: string;
  destination: string;
  /** Minor units, or null for no bound. */
  minBudget: number | null;
  maxBudget: number | null;
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  dateTo: string;
  page: number;
}

export const EMPTY_BOARD_FILTERS: BoardFilters = {
  q: '',
  service: '',
  destination: '',
  minBudget: null,
  maxBudget: null,
  dateFrom: '',
  dateTo: '',
  page: 1,
};

const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);
const date = (value: string | null) => (value && DATE.test(value.trim()) ? value.trim() : '');

function page(value: string | null): number {
  if (value === null || !/^\d+$/.test(value.trim())) return 1;
  const n = Number(value);
  return n >= 1 && n <= 10_000 ? n : 1;
}

/** The filters a URL's query holds (`?q=…&service=…&budget_from=300&…`). */
export function boardFiltersFromSearch(params: URLSearchParams): BoardFilters {
  return {
    q: text(params.get('q'), 200),
    service: text(params.get('service'), 60),
    destination: text(params.get('destination'), 80),
    minBudget: toMinorUnits(params.get('budget_from') ?? ''),
    maxBudget: toMinorUnits(params.get('budget_to') ?? ''),
    dateFrom: date(params.get('date_from')),
    dateTo: date(params.get('date_to')),
    page: page(params.get('page')),
  };
}

/** The URL query for `filters`, defaults left out, in a stable order. */
export function searchFromBoardFilters(filters: BoardFilters): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  set('q', filters.q.trim());
  set('service', filters.service);
  set('destination', filters.destination.trim());
  set('budget_from', filters.minBudget === null ? null : fromMinorUnits(filters.minBudget));
  set('budget_to', filters.maxBudget === null ? null : fromMinorUnits(filters.maxBudget));
  set('date_from', filters.dateFrom);
  set('date_to', filters.dateTo);
  if (filters.page > 1) set('page', filters.page);
  return params.toString();
}

/** Whether anything narrows the search (the page does not). */
export function hasBoardNarrowing(filters: BoardFilters): boolean {
  return searchFromBoardFilters({ ...filters, page: 1 }) !== '';
}

/** Filters narrowing the board now (the text search aside): the count on the Filters button. */
export function activeBoardFilterCount(filters: BoardFilters): number {
  return [
    filters.service !== '',
    filters.destination !== '',
    filters.minBudget !== null || filters.maxBudget !== null,
    filters.dateFrom !== '' || filters.dateTo !== '',
  ].filter(Boolean).length;
}

/**
 * GET /api/jobs parameters (and a saved search's fields): minor units, a reversed budget or
 * date range read the right way round; the page only for the board.
 */
export function toBoardQuery(filters: BoardFilters): Record<string, string> {
  let { minBudget, maxBudget, dateFrom, dateTo } = filters;
  if (minBudget !== null && maxBudget !== null && minBudget > maxBudget)
    [minBudget, maxBudget] = [maxBudget, minBudget];
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  const query: Record<string, string> = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.service) query.service = filters.service;
  if (filters.destination.trim()) query.destination = filters.destination.trim();
  if (minBudget !== null) query.min_budget = String(minBudget);
  if (maxBudget !== null) query.max_budget = String(maxBudget);
  if (dateFrom) query.date_from = dateFrom;
  if (dateTo) query.date_to = dateTo;
  return query;
}

export function toBoardApiQuery(filters: BoardFilters, perPage = PER_PAGE) {
  return { ...toBoardQuery(filters), page: filters.page, per_page: perPage };
}

/** A saved search's fields back as the board's filters (to link to it). */
export function boardFiltersFromQuery(
  query: Record<string, string | number | undefined>,
): BoardFilters {
  const get = (key: string) => (query[key] === undefined ? '' : String(query[key]));
  const minor = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);
  return {
    ...EMPTY_BOARD_FILTERS,
    q: get('q'),
    service: get('service'),
    destination: get('destination'),
    minBudget: minor(get('min_budget')),
    maxBudget: minor(get('max_budget')),
    dateFrom: date(get('date_from')),
    dateTo: date(get('date_to')),
  };
}
