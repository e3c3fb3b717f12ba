import { useId, useState, type ReactNode } from 'react';
import { mediaUp, useMediaQuery } from './breakpoints';

export interface FilterPanelProps {
  /** The panel's name and the button's text: "Filters". */
  label?: string;
  /** How many filters narrow the list now: shown on the button, so a closed panel still says so. */
  activeCount: number;
  /** From this width on the filters are always shown, beside or above the list: `md` by default. */
  wideQuery?: string;
  className?: string;
  /** The class of the box the filters are in (its look: padding, border, gaps). */
  bodyClassName?: string;
  children: ReactNode;
}

/**
 * A list's filters (explore, the jobs board, project lists). On a phone they collapse behind a
 * "Filters" button with the count of active filters, so the first result is on the first screen;
 * from `wideQuery` on they are always open and the button is gone.
 */
export function FilterPanel({
  label = 'Filters',
  activeCount,
  wideQuery = mediaUp('md'),
  className,
  bodyClassName,
  children,
}: FilterPanelProps) {
  const isWide = useMediaQuery(wideQuery);
  const [isOpen, setIsOpen] = useState(false);
  const bodyId = useId();
  return (
    <aside className={['filter-panel', className].filter(Boolean).join(' ')} aria-label={label}>
      {!isWide && (
        <button
          type="button"
          className="button button-secondary filter-panel-toggle"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {label}
          {activeCount > 0 && (
            <span className="filter-panel-count">
              {activeCount}
              <span className="visually-hidden"> active</span>
            </span>
          )}
        </button>
      )}
      <div
        id={bodyId}
        className={['filter-panel-body', bodyClassName].filter(Boolean).join(' ')}
        hidden={!isWide && !isOpen}
      >
        {children}
      </div>
    </aside>
  );
}
