import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FilterPanel } from '@/components/ui/filter-panel';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { useResource } from '@/lib/use-resource';
import {
  deleteSavedSearch,
  listBoard,
  listSavedSearches,
  saveSearch,
  type SavedSearch,
} from '../api/jobs';
import {
  activeBoardFilterCount,
  boardFiltersFromQuery,
  boardFiltersFromSearch,
  hasBoardNarrowing,
  searchFromBoardFilters,
  toBoardApiQuery,
  toBoardQuery,
  type BoardFilters,
} from '../utils/board-filters';
import { JobRow } from './my-jobs';
import { LoadError, Loading } from '@/components/ui/load-state';
import './jobs.css';

export interface JobsBoardProps {
  services: readonly { id: string; name: string }[];
  jobHref: (id: string) => string;
}

/** A short description of a saved search: "Guided tours · Kyoto · $100 – $500". */
function describe(filters: BoardFilters, serviceName: (id: string) => string): string {
  const parts = [
    filters.q && `“${filters.q}”`,
    filters.service && serviceName(filters.service),
    filters.destination,
    (filters.minBudget !== null || filters.maxBudget !== null) &&
      `$${filters.minBudget === null ? '0' : fromMinorUnits(filters.minBudget)} – ${
        filters.maxBudget === null ? 'any' : `$${fromMinorUnits(filters.maxBudget)}`
      }`,
    (filters.dateFrom || filters.dateTo) &&
      `${filters.dateFrom || '…'} to ${filters.dateTo || '…'}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All open jobs';
}

/**
 * The jobs board (agents): open jobs, those of the agent's services first, filtered by service,
 * destination, budget and dates and searched by text, all in the URL like Explore's. A search
 * can be saved: new jobs matching it are notified.
 */
export function JobsBoard({ services, jobHref }: JobsBoardProps) {
  const formId = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = boardFiltersFromSearch(params);
  const search = searchFromBoardFilters(filters);
  const { resource, reload } = useResource(`board?${search}`, (signal) =>
    listBoard(toBoardApiQuery(filters), { signal }),
  );
  const saved = useResource('saved-searches', (signal) => listSavedSearches({ signal }));
  const [saveState, setSaveState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  const serviceName = (id: string) => services.find((s) => s.id === id)?.name ?? id;

  const go = (next: BoardFilters) => {
    const query = searchFromBoardFilters(next);
    void navigate(query ? `?${query}` : '?', { replace: false });
  };
  const change = (change: Partial<BoardFilters>) => go({ ...filters, page: 1, ...change });
  const hrefFor = (page: number) => `?${searchFromBoardFilters({ ...filters, page })}`;

  const saveThis = async () => {
    if (saveState.busy) return;
    setSaveState({ busy: true, message: null });
    try {
      await saveSearch(toBoardQuery(filters));
      saved.reload();
      setSaveState({
        busy: false,
        message: 'Search saved: you are notified of new jobs matching it.',
      });
    } catch (error) {
      setSaveState({
        busy: false,
        message: error instanceof ApiError ? error.message : 'The search could not be saved.',
      });
    }
  };
  const remove = async (item: SavedSearch) => {
    try {
      await deleteSavedSearch(item.id);
    } finally {
      saved.reload();
    }
  };

  const list = resource.data;
  return (
    <div className="jobs-board">
      <SearchInput
        label="Search jobs"
        placeholder="What, where, for whom"
        defaultValue={filters.q}
        onSearch={(q) => change({ q: q.trim() })}
        className="board-search"
      />
      <div className="board-layout">
        <FilterPanel
          activeCount={activeBoardFilterCount(filters)}
          bodyClassName="board-filters card"
        >
          <div className="field">
            <label htmlFor={`${formId}-service`}>Service</label>
            <select
              id={`${formId}-service`}
              value={filters.service}
              onChange={(e) => change({ service: e.target.value })}
            >
              <option value="">Any service</option>
              {filters.service && !services.some((s) => s.id === filters.service) && (
                <option value={filters.service}>{filters.service}</option>
              )}
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <form
            className="field"
            onSubmit={(e) => {
              e.preventDefault();
              const data = new FormData(e.currentTarget);
              change({ destination: String(data.get('destination') ?? '').trim() });
            }}
          >
            <label htmlFor={`${formId}-destination`}>Destination</label>
            <input
              id={`${formId}-destination`}
              name="destination"
              key={filters.destination}
              defaultValue={filters.destination}
              onBlur={(e) => {
                if (e.target.value.trim() !== filters.destination)
                  change({ destination: e.target.value.trim() });
              }}
            />
          </form>
          <BudgetFilter
            key={`${filters.minBudget}-${filters.maxBudget}`}
            id={formId}
            minBudget={filters.minBudget}
            maxBudget={filters.maxBudget}
            onApply={(minBudget, maxBudget) => change({ minBudget, maxBudget })}
          />
          <div className="field">
            <label htmlFor={`${formId}-from`}>Dates from</label>
            <input
              id={`${formId}-from`}
              type="date"
              value={filters.dateFrom}
              onChange={(e) => change({ dateFrom: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-to`}>Dates to</label>
            <input
              id={`${formId}-to`}
              type="date"
              value={filters.dateTo}
              onChange={(e) => change({ dateTo: e.target.value })}
            />
          </div>
          {hasBoardNarrowing(filters) && (
            <p>
              <Link to="?">Clear the filters</Link>
            </p>
          )}
        </FilterPanel>
        <div className="board-results">
          <div className="board-save">
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={saveState.busy || undefined}
              onClick={() => void saveThis()}
            >
              Save this search
            </button>
            {saveState.message && (
              <span role="status" className="muted">
                {saveState.message}
              </span>
            )}
          </div>
          {resource.status === 'error' ? (
            <LoadError error={resource.error} onRetry={reload} />
          ) : !list ? (
            <Loading what="the jobs" />
          ) : list.data.length === 0 ? (
            <section className="card empty-card">
              <h2>No open jobs match</h2>
              <p>Save this search to hear of new jobs that match it.</p>
            </section>
          ) : (
            <>
              <p className="muted" role="status">
                {plural(list.meta.total, 'open job')}
                {resource.status === 'loading' ? ' (updating…)' : ''}
              </p>
              <h2 className="visually-hidden">Jobs</h2>
              <ul className="job-rows">
                {list.data.map((job) => (
                  <JobRow key={job.id} job={job} href={jobHref(job.id)} showCustomer />
                ))}
              </ul>
              <Pagination
                page={list.meta.page}
                lastPage={list.meta.last_page}
                hrefFor={hrefFor}
                label="Pages of jobs"
              />
            </>
          )}
          {saved.resource.status === 'ready' && saved.resource.data.length > 0 && (
            <section className="card saved-searches" aria-labelledby={`${formId}-saved`}>
              <h2 id={`${formId}-saved`}>Your saved searches</h2>
              <ul>
                {saved.resource.data.map((item) => {
                  const itemFilters = boardFiltersFromQuery(item.query);
                  const query = searchFromBoardFilters(itemFilters);
                  return (
                    <li key={item.id}>
                      <Link to={query ? `?${query}` : '?'}>
                        {describe(itemFilters, serviceName)}
                      </Link>{' '}
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => void remove(item)}
                      >
                        Remove
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

/** The budget bounds, typed in dollars and applied together. */
function BudgetFilter({
  id,
  minBudget,
  maxBudget,
  onApply,
}: {
  id: string;
  minBudget: number | null;
  maxBudget: number | null;
  onApply: (minBudget: number | null, maxBudget: number | null) => void;
}) {
  const [text, setText] = useState({
    from: minBudget === null ? '' : fromMinorUnits(minBudget),
    to: maxBudget === null ? '' : fromMinorUnits(maxBudget),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(toMinorUnits(text.from), toMinorUnits(text.to));
  };
  return (
    <form className="board-budget" onSubmit={apply} aria-label="Budget">
      <div className="field">
        <label htmlFor={`${id}-budget-from`}>Budget from (US$)</label>
        <input
          id={`${id}-budget-from`}
          inputMode="decimal"
          value={text.from}
          onChange={(e) => setText((b) => ({ ...b, from: e.target.value }))}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-budget-to`}>Budget to (US$)</label>
        <input
          id={`${id}-budget-to`}
          inputMode="decimal"
          value={text.to}
          onChange={(e) => setText((b) => ({ ...b, to: e.target.value }))}
        />
      </div>
      <button type="submit" className="button button-secondary">
        Apply budget
      </button>
    </form>
  );
}
