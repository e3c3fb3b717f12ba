import type { GigSummary } from '@wayfarer/api/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { formatMoney } from '@/lib/money';
import { RatingText } from './rating';
import './gigs.css';

export interface GigCardProps {
  gig: GigSummary;
  href: string;
  /** The wishlist heart, composed by the app (features do not import each other). */
  heart?: ReactNode;
  /**
   * The card is among the first of the page, on screen when it opens: its picture (the page's
   * largest paint) loads at once and first, not lazily once layout has run.
   */
  priority?: boolean;
}

/** A gig in a list: picture, title, agent, rating and the lowest package price. */
export function GigCard({ gig, href, heart, priority = false }: GigCardProps) {
  return (
    <article className="gig-card" data-testid="gig-card">
      <div className="gig-card-media">
        {gig.image ? (
          <img
            src={gig.image}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            width={480}
            height={300}
          />
        ) : (
          <div className="gig-card-placeholder" aria-hidden="true" />
        )}
        {heart && <div className="gig-card-heart">{heart}</div>}
      </div>
      <div className="gig-card-body">
        <h3 className="gig-card-title">
          <Link to={href} className="gig-card-link">
            {gig.title}
          </Link>
        </h3>
        <p className="gig-card-agent">
          <Avatar name={gig.owner.full_name} src={gig.owner.avatar} size={24} />
          <span>{gig.owner.full_name}</span>
        </p>
        <p className="gig-card-meta">
          <RatingText rating={gig.rating} />
          <span className="gig-card-price">
            From <strong>{formatMoney(gig.starting_price)}</strong>
          </span>
        </p>
      </div>
    </article>
  );
}

/** How many card shapes stand in for the first results: more than a phone's or a desktop's screen holds. */
const SKELETON_CARDS = 6;

/**
 * The shape of the card grid while the first results load, so the cards take the place it held
 * and nothing below (the pagination, the footer) jumps when they arrive. Decorative only: the
 * "Searching…" status says the same to assistive technology.
 */
export function GigGridSkeleton() {
  return (
    <ul className="gig-grid gig-grid-skeleton" aria-hidden="true">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <li key={index}>
          <div className="gig-card">
            <div className="gig-card-media" />
            <div className="gig-card-body">
              <span className="gig-skeleton-line" />
              <span className="gig-skeleton-line gig-skeleton-line-short" />
              <span className="gig-skeleton-line gig-skeleton-line-short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Why a list of gigs did not load, with Try again (the home rows, a profile's gigs). */
export function GigListProblem({
  isOffline,
  message,
  onRetry,
}: {
  isOffline: boolean;
  message: string;
  onRetry: () => void;
}) {
  return (
    <p className="gig-row-problem" role="alert">
      {isOffline
        ? 'These gigs need a connection to load.'
        : `The gigs could not be loaded: ${message}`}{' '}
      <button type="button" className="button-ghost" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
