import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { plural } from '@/lib/format';
import type { Resource } from '@/lib/use-resource';
import type { ListResponse } from '../types';
import { LoadState } from './load-state';

/** The `?page=` of an admin list: a whole number above 1, else the first page. */
export function pageParam(params: URLSearchParams): number {
  const requested = Number(params.get('page'));
  return Number.isInteger(requested) && requested > 1 ? requested : 1;
}

/** `?status=…&page=…` of a list with status tabs (no `page` for the first). */
export function statusHref(status: string, page = 1): string {
  return `?${new URLSearchParams({ status, ...(page > 1 ? { page: String(page) } : {}) })}`;
}

/** An admin page's title and what it shows, with a Refresh button where the page reloads. */
export function PageHeading({
  title,
  children,
  onRefresh,
}: {
  title: string;
  /** What the page shows, under the title. */
  children: ReactNode;
  onRefresh?: () => void;
}) {
  return (
    <div className="page-heading">
      <div>
        <h1>{title}</h1>
        <p className="muted">{children}</p>
      </div>
      {onRefresh && (
        <button type="button" className="button button-secondary" onClick={onRefresh}>
          Refresh
        </button>
      )}
    </div>
  );
}

/** The status tabs over a list: links, so a tab can be opened, shared and reached by history. */
export function StatusTabs<S>({
  label,
  tabs,
  current,
  hrefFor,
  className = 'tabs',
}: {
  /** The navigation landmark's name. */
  label: string;
  tabs: readonly { status: S; label: string }[];
  current: S;
  hrefFor: (status: S) => string;
  className?: string;
}) {
  return (
    <nav className={className} aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.label}
          to={hrefFor(tab.status)}
          aria-current={tab.status === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * One page of an admin list once it loaded: how many there are in all (a status line), the rows
 * and the links to the other pages.
 */
export function PagedList<T>({
  resource,
  onRetry,
  what,
  none,
  noun,
  className,
  hrefFor,
  pagesLabel,
  children,
}: {
  resource: Resource<ListResponse<T>>;
  onRetry: () => void;
  /** What is loading, for the status line ("messages"). */
  what: string;
  /** The status line when the list is empty. */
  none: string;
  /** One row, for the status line otherwise ("open message": "2 open messages."). */
  noun: string;
  /** The list's class. */
  className: string;
  hrefFor: (page: number) => string;
  /** The page links' landmark name. */
  pagesLabel: string;
  /** A row (an `<li>` with its key). */
  children: (row: T) => ReactNode;
}) {
  return (
    <LoadState resource={resource} onRetry={onRetry} what={what}>
      {(list) => (
        <>
          <p className="list-count" role="status">
            {list.meta.total === 0 ? none : `${plural(list.meta.total, noun)}.`}
          </p>
          <ul className={className}>{list.data.map(children)}</ul>
          <Pagination
            page={list.meta.page}
            lastPage={list.meta.last_page}
            hrefFor={hrefFor}
            label={pagesLabel}
          />
        </>
      )}
    </LoadState>
  );
}
