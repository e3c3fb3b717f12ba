// The explore page's search lives in the URL, so a search can be shared and Back restores it.
// The URL speaks the visitor's units (`price_from=50` is $50); the API speaks minor units
// (`min_price=5000`). Unknown or malformed values are dropped, never sent on.
import { fromMinorUnits, toMinorUnits } from '@/lib/money';

export const GIG_SORT_OPTIONS = [
  ['relevance', 'Best match'],
  ['newest', 'Newest'],
  ['price_asc', 'Price: low to high'],
  ['price_desc', 'Price: high to low'],
  ['rating', 'Rating'],
] as const;

export type GigSort = (typeof GIG_SORT_OPTIONS)[number][0];

/** Delivery time choices, in days ("up to"). */
export const DELIVERY_OPTIONS = [1, 3, 7, 14, 30] as const;
/** Minimum rating choices. */
export const RATING_OPTIONS = [3, 4, 4.5] as const;
/** API.md's list default. */
const PER_PAGE = 20;

export interface GigFilters {
  q: string;
  service: string;
  /** Minor units (cents), or null for no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Delivered within this many days. */
  deliveryDays: number | null;
  destination: string;
  language: string;
  minRating: number | null;
  sort: GigSort;
  page: number;
}

export const EMPTY_FILTERS: GigFilters = {
  q: '',
  service: '',
  minPrice: null,
  maxPrice: null,
  deliveryDays: null,
  destination: '',
  language: '',
  minRating: null,
  sort: 'relevance',
  page: 1,
};

const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function rating(value: string | null): number | null {
  if (value === null || !/^\d(\.\d)?$/.test(value.trim())) return null;
  const n = Number(value);
  return n > 0 && n <= 5 ? n : null;
}

const isSort = (value: string | null): value is GigSort =>
  GIG_SORT_OPTIONS.some(([key]) => key === value);

/** The filters a URL's query holds (`?q=…&price_from=50&…`). */
export function filtersFromSearch(params: URLSearchParams): GigFilters {
  const sort = params.get('sort');
  return {
    q: text(params.get('q'), 200),
    service: text(params.get('service'), 60),
    minPrice: toMinorUnits(params.get('price_from') ?? ''),
    maxPrice: toMinorUnits(params.get('price_to') ?? ''),
    deliveryDays: wholeNumber(params.get('delivery'), 1, 90),
    destination: text(params.get('destination'), 60),
    language: text(params.get('language'), 40),
    minRating: rating(params.get('rating')),
    sort: isSort(sort) ? sort : 'relevance',
    page: wholeNumber(params.get('page'), 1, 10_000) ?? 1,
  };
}

/** The URL query for `filters`, defaults left out, in a stable order. */
export function searchFromFilters(filters: GigFilters): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  set('q', filters.q.trim());
  set('service', filters.service);
  set('price_from', filters.minPrice === null ? null : fromMinorUnits(filters.minPrice));
  set('price_to', filters.maxPrice === null ? null : fromMinorUnits(filters.maxPrice));
  set('delivery', filters.deliveryDays);
  set('destination', filters.destination.trim());
  set('language', filters.language.trim());
  set('rating', filters.minRating);
  if (filters.sort !== 'relevance') set('sort', filters.sort);
  if (filters.page > 1) set('page', filters.page);
  return params.toString();
}

/** Changes some filters; any change but the page goes back to page 1. */
export function withFilters(current: GigFilters, change: Partial<GigFilters>): GigFilters {
  return { ...current, page: 1, ...change };
}

/** Whether anything narrows the search (the text or a filter; sort and page do not). */
export function hasNarrowing(filters: GigFilters): boolean {
  return (
    filters.q !== '' ||
    filters.service !== '' ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.deliveryDays !== null ||
    filters.destination !== '' ||
    filters.language !== '' ||
    filters.minRating !== null
  );
}

/**
 * How many filters narrow the list (the search text and the sort are not filters): the count on
 * the phone's "Filters" button. A price range counts once, with one bound or both.
 */
export function activeFilterCount(filters: GigFilters): number {
  return [
    filters.service !== '',
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.deliveryDays !== null,
    filters.minRating !== null,
    filters.destination !== '',
    filters.language !== '',
  ].filter(Boolean).length;
}

/** GET /api/gigs parameters (minor units; a reversed price range is read the right way round). */
export function toApiQuery(
  filters: GigFilters,
  perPage = PER_PAGE,
): Record<string, string | number | undefined> {
  let { minPrice, maxPrice } = filters;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: filters.q.trim() || undefined,
    service: filters.service || undefined,
    min_price: minPrice ?? undefined,
    max_price: maxPrice ?? undefined,
    delivery_days: filters.deliveryDays ?? undefined,
    language: filters.language.trim() || undefined,
    destination: filters.destination.trim() || undefined,
    min_rating: filters.minRating ?? undefined,
    sort: filters.sort,
    page: filters.page,
    per_page: perPage,
  };
}
