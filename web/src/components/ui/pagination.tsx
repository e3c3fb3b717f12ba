import { Link } from 'react-router-dom';
import { paginationItems } from './pagination-model';

export interface PaginationProps {
  page: number;
  lastPage: number;
  /** The URL of page `n` (a link, so pages can be opened, shared and reached by history). */
  hrefFor: (page: number) => string;
  /** The navigation landmark's name. */
  label?: string;
}

/** Numbered page links with Previous and Next (spec section 9: page range 3, margin pages 1). */
export function Pagination({ page, lastPage, hrefFor, label = 'Pagination' }: PaginationProps) {
  if (lastPage <= 1) return null;
  const items = paginationItems(page, lastPage);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className="pagination-step">
              <span aria-hidden="true">‹</span> Previous
            </Link>
          ) : (
            <span className="pagination-step" aria-disabled="true">
              <span aria-hidden="true">‹</span> Previous
            </span>
          )}
        </li>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Link to={hrefFor(page + 1)} rel="next" className="pagination-step">
              Next <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="pagination-step" aria-disabled="true">
              Next <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
