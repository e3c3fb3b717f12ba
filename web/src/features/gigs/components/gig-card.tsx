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
}

/** A gig in a list: picture, title, agent, rating and the lowest package price. */
export function GigCard({ gig, href, heart }: GigCardProps) {
  return (
    <article className="gig-card" data-testid="gig-card">
      <div className="gig-card-media">
        {gig.image ? (
          <img src={gig.image} alt="" loading="lazy" decoding="async" width={480} height={300} />
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
