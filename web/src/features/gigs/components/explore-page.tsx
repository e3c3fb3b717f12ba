import type { GigSummary } from '@wayfarer/api/schemas';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FilterPanel } from '@/components/ui/filter-panel';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { useGigSearch } from '../hooks/use-gig-search';
import { GigGridSkeleton } from './gig-card';
import {
  activeFilterCount,
  DELIVERY_OPTIONS,
  EMPTY_FILTERS,
  filtersFromSearch,
  GIG_SORT_OPTIONS,
  hasNarrowing,
  RATING_OPTIONS,
  searchFromFilters,
  withFilters,
  type GigFilters,
  type GigSort,
} from '../utils/filters';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { resultsHeading } from '../utils/results-heading';
import { GigCard } from './gig-card';
import './gigs.css';

export interface ExplorePageProps {
  /** The active categories, for the service filter. */
  services: readonly { id: string; name: string }[];
  gigHref: (id: string) => string;
  /** The wishlist heart of a card, composed by the app. */
  heartFor?: (gig: GigSummary) => ReactNode;
  /** Where to browse instead when nothing matches. */
  categoriesHref: string;
  /** Other results of the same search (the people it matches), between the search and the gigs. */
  otherResults?: ReactNode;
}

interface PriceErrors {
  from?: string;
  to?: string;
}

/** Where the filters stand beside the results (gigs.css, .explore-layout): always open from there. */
const EXPLORE_WIDE = '(min-width: 56rem)';

const PRICE_HINT = 'Enter an amount in US dollars, such as 50 or 49.99.';

/**
 * A filter that picks one number from a list, or any. A value from the address that is not in
 * the list stays chosen, as one more option.
 */
function NumberFilter({
  id,
  label,
  anyLabel,
  options,
  value,
  describe,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  options: readonly number[];
  value: number | null;
  describe: (value: number) => string;
  onChange: (value: number | null) => void;
}) {
  const shown = value === null || options.includes(value) ? options : [...options, value];
  return (
    <div className="explore-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{anyLabel}</option>
        {shown.map((option) => (
          <option key={option} value={option}>
            {describe(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * `/explore`: search gigs by text, filter, sort and page through them. Everything lives in the
 * URL query, so a search can be shared and Back restores it.
 */
export function ExplorePage({
  services,
  gigHref,
  heartFor,
  categoriesHref,
  otherResults,
}: ExplorePageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersFromSearch(params);
  const [attempt, setAttempt] = useState(0);
  const search = useGigSearch(filters, undefined, attempt);
  const headingId = useId();
  const priceFromId = useId();
  const priceToId = useId();

  const urlFor = (next: GigFilters) => {
    const query = searchFromFilters(next);
    return query ? `?${query}` : '?';
  };
  const apply = (change: Partial<GigFilters>) =>
    void navigate(urlFor(withFilters(filters, change)));

  // The search box keeps what is typed; when the URL's text changes otherwise (Back, a link),
  // the box is drawn again with it.
  const typed = useRef(filters.q);
  const [inputKey, setInputKey] = useState(0);
  useEffect(() => {
    if (filters.q !== typed.current) {
      typed.current = filters.q;
      setInputKey((key) => key + 1);
    }
  }, [filters.q]);

  // Free-text filters are applied together with "Apply"; they follow the URL too.
  const fieldsKey = `${filters.minPrice}|${filters.maxPrice}|${filters.destination}|${filters.language}`;
  const [priceErrors, setPriceErrors] = useState<PriceErrors>({});
  // Errors are cleared when the fields change; without errors the state stays as it is, so the
  // page is not rendered again (with its twenty cards) right after it mounts (issue 20).
  useEffect(
    () => setPriceErrors((errors) => (errors.from || errors.to ? {} : errors)),
    [fieldsKey],
  );

  const submitFields = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fromText = String(data.get('price_from') ?? '');
    const toText = String(data.get('price_to') ?? '');
    const minPrice = toMinorUnits(fromText);
    const maxPrice = toMinorUnits(toText);
    const errors: PriceErrors = {};
    if (fromText.trim() && minPrice === null) errors.from = PRICE_HINT;
    if (toText.trim() && maxPrice === null) errors.to = PRICE_HINT;
    setPriceErrors(errors);
    if (errors.from || errors.to) return;
    apply({
      minPrice,
      maxPrice,
      destination: String(data.get('destination') ?? '').trim(),
      language: String(data.get('language') ?? '').trim(),
    });
  };

  const list =
    search.status === 'ready' ? search.list : search.status === 'loading' ? search.previous : null;
  const serviceName = services.find((s) => s.id === filters.service)?.name;

  return (
    <div className="explore">
      <header className="explore-header">
        <h1>Explore gigs</h1>
        <p className="muted">
          Packages from travel professionals, ready to order: search by what you need, where and
          when.
        </p>
        <form role="search" aria-label="Search gigs" onSubmit={(event) => event.preventDefault()}>
          <SearchInput
            key={inputKey}
            name="q"
            label="Search gigs"
            isLabelHidden
            placeholder="Try “sunset photos”, “cooking” or “Marrakesh”"
            defaultValue={filters.q}
            autoComplete="off"
            enterKeyHint="search"
            onSearch={(text) => {
              const q = text.trim();
              if (q === typed.current) return;
              typed.current = q;
              apply({ q });
            }}
          />
        </form>
      </header>

      {otherResults}

      <div className="explore-layout">
        <FilterPanel
          activeCount={activeFilterCount(filters)}
          wideQuery={EXPLORE_WIDE}
          bodyClassName="explore-filters"
        >
          <h2 className="visually-hidden">Filters</h2>
          <div className="explore-field">
            <label htmlFor="explore-service">Service</label>
            <select
              id="explore-service"
              value={filters.service}
              onChange={(event) => apply({ service: event.target.value })}
            >
              <option value="">All services</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
              {filters.service && !serviceName && (
                <option value={filters.service}>{filters.service}</option>
              )}
            </select>
          </div>
          <NumberFilter
            id="explore-delivery"
            label="Delivery time"
            anyLabel="Any time"
            options={DELIVERY_OPTIONS}
            value={filters.deliveryDays}
            describe={(days) => (days === 1 ? 'Within 1 day' : `Up to ${days} days`)}
            onChange={(deliveryDays) => apply({ deliveryDays })}
          />
          <NumberFilter
            id="explore-rating"
            label="Minimum rating"
            anyLabel="Any rating"
            options={RATING_OPTIONS}
            value={filters.minRating}
            describe={(stars) => `${stars} stars and up`}
            onChange={(minRating) => apply({ minRating })}
          />
          <form key={fieldsKey} className="explore-fields" onSubmit={submitFields} noValidate>
            <fieldset className="explore-price">
              <legend>Price (USD)</legend>
              <div className="explore-price-row">
                <div className="explore-field">
                  <label htmlFor={priceFromId}>From</label>
                  <input
                    id={priceFromId}
                    name="price_from"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0"
                    defaultValue={filters.minPrice === null ? '' : fromMinorUnits(filters.minPrice)}
                    aria-invalid={priceErrors.from ? true : undefined}
                    aria-describedby={priceErrors.from ? `${priceFromId}-error` : undefined}
                  />
                </div>
                <div className="explore-field">
                  <label htmlFor={priceToId}>To</label>
                  <input
                    id={priceToId}
                    name="price_to"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="Any"
                    defaultValue={filters.maxPrice === null ? '' : fromMinorUnits(filters.maxPrice)}
                    aria-invalid={priceErrors.to ? true : undefined}
                    aria-describedby={priceErrors.to ? `${priceToId}-error` : undefined}
                  />
                </div>
              </div>
              {priceErrors.from && (
                <p id={`${priceFromId}-error`} className="field-error">
                  From: {priceErrors.from}
                </p>
              )}
              {priceErrors.to && (
                <p id={`${priceToId}-error`} className="field-error">
                  To: {priceErrors.to}
                </p>
              )}
            </fieldset>
            <div className="explore-field">
              <label htmlFor="explore-destination">Destination</label>
              <input
                id="explore-destination"
                name="destination"
                autoComplete="off"
                placeholder="City, region or country"
                defaultValue={filters.destination}
              />
            </div>
            <div className="explore-field">
              <label htmlFor="explore-language">Language</label>
              <input
                id="explore-language"
                name="language"
                autoComplete="off"
                placeholder="English, Français…"
                defaultValue={filters.language}
              />
            </div>
            <button type="submit" className="button button-block">
              Apply filters
            </button>
          </form>
          {hasNarrowing({ ...filters, q: '' }) && (
            <p>
              <Link to={urlFor({ ...EMPTY_FILTERS, q: filters.q, sort: filters.sort })}>
                Clear filters
              </Link>
            </p>
          )}
        </FilterPanel>

        <section className="explore-results" aria-labelledby={headingId}>
          <div className="explore-results-bar">
            <h2 id={headingId} className="explore-count" aria-live="polite">
              {resultsHeading(search.status, list, filters)}
            </h2>
            <div className="explore-sort">
              <label htmlFor="explore-sort">Sort by</label>
              <select
                id="explore-sort"
                value={filters.sort}
                onChange={(event) => apply({ sort: event.target.value as GigSort })}
              >
                {GIG_SORT_OPTIONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {search.status === 'error' ? (
            <div className="empty-card explore-problem" role="alert">
              <h3>{search.isOffline ? 'You are offline' : 'The search did not work'}</h3>
              <p>
                {search.isOffline
                  ? 'Searching needs a connection. Gigs you opened recently and those in your wishlists still open.'
                  : search.message}
              </p>
              <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          ) : list && list.data.length > 0 ? (
            <>
              <ul
                className="gig-grid"
                aria-busy={search.status === 'loading' || undefined}
                data-loading={search.status === 'loading' || undefined}
              >
                {list.data.map((gig, index) => (
                  <li key={gig.id}>
                    {/* The first result's picture is the page's largest paint on a phone. */}
                    <GigCard
                      gig={gig}
                      href={gigHref(gig.id)}
                      heart={heartFor?.(gig)}
                      priority={index === 0}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={list.meta.page}
                lastPage={list.meta.last_page}
                hrefFor={(page) => urlFor({ ...filters, page })}
                label="Result pages"
              />
            </>
          ) : list && search.status === 'ready' ? (
            <div className="empty-card explore-problem">
              <h3>No gigs match this search</h3>
              <p>
                {hasNarrowing({ ...filters, q: '' })
                  ? 'Try fewer filters or a wider price range.'
                  : filters.q
                    ? 'Try another word, or a shorter one.'
                    : 'No gigs are published yet.'}
              </p>
              <p className="explore-problem-actions">
                {hasNarrowing(filters) && (
                  <Link to="?" className="button button-secondary">
                    Start a new search
                  </Link>
                )}
                <Link to={categoriesHref}>Browse the categories</Link>
              </p>
            </div>
          ) : (
            <>
              <p className="visually-hidden" role="status">
                Searching…
              </p>
              <GigGridSkeleton />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
