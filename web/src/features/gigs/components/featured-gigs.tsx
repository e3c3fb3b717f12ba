import type { GigSummary } from '@wayfarer/api/schemas';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGigSearch } from '../hooks/use-gig-search';
import { EMPTY_FILTERS } from '../utils/filters';
import { GigCard, GigListProblem } from './gig-card';
import './gigs.css';

export interface GigRowProps {
  /** Gigs of this service; all services when empty. */
  service: string;
  count: number;
  /** A gig not to show (the page's own, for related gigs). */
  excludeId?: string;
  gigHref: (id: string) => string;
  heartFor?: (gig: GigSummary) => ReactNode;
  /** Shown when the service has no (other) gigs. */
  empty: ReactNode;
}

/** A row of gig cards from GET /api/gigs, best rated first. */
export function GigRow({ service, count, excludeId, gigHref, heartFor, empty }: GigRowProps) {
  const [attempt, setAttempt] = useState(0);
  const search = useGigSearch(
    // Without words, relevance is the browse index's own order (best rated, then newest): the
    // search stops once the row is full, where sorting by rating would read 300 gigs to sort.
    { ...EMPTY_FILTERS, service, sort: 'relevance' },
    excludeId ? count + 1 : count,
    attempt,
  );
  if (search.status === 'error') {
    return (
      <GigListProblem
        isOffline={search.isOffline}
        message={search.message}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const list = search.status === 'ready' ? search.list : search.previous;
  if (!list) {
    return (
      <p className="muted gig-row-loading" role="status">
        Loading gigs…
      </p>
    );
  }
  const gigs = list.data.filter((gig) => gig.id !== excludeId).slice(0, count);
  if (gigs.length === 0) return <>{empty}</>;
  return (
    <ul className="gig-grid">
      {gigs.map((gig) => (
        <li key={gig.id}>
          <GigCard gig={gig} href={gigHref(gig.id)} heart={heartFor?.(gig)} />
        </li>
      ))}
    </ul>
  );
}

export interface FeaturedGigsProps {
  services: readonly { id: string; name: string }[];
  gigHref: (id: string) => string;
  exploreHref: (service: string) => string;
  heartFor?: (gig: GigSummary) => ReactNode;
}

/** The home page's featured gigs: pick a category, see its best-rated gigs. */
export function FeaturedGigs({ services, gigHref, exploreHref, heartFor }: FeaturedGigsProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const titleId = useId();
  const current = services.find((s) => s.id === chosen) ?? services[0];
  if (!current) return null;
  return (
    <section className="featured-gigs" aria-labelledby={titleId}>
      <div className="section-heading">
        <h2 id={titleId}>Featured gigs</h2>
        <Link to={exploreHref('')}>Explore all gigs</Link>
      </div>
      <ul className="featured-gigs-picker" aria-label="Category">
        {services.map((service) => (
          <li key={service.id}>
            <button
              type="button"
              className="chip"
              aria-pressed={service.id === current.id}
              onClick={() => setChosen(service.id)}
            >
              {service.name}
            </button>
          </li>
        ))}
      </ul>
      <GigRow
        key={current.id}
        service={current.id}
        count={4}
        gigHref={gigHref}
        heartFor={heartFor}
        empty={<p className="muted">No {current.name} gigs are published yet.</p>}
      />
      <p className="featured-gigs-more">
        <Link to={exploreHref(current.id)}>See all {current.name} gigs</Link>
      </p>
    </section>
  );
}
