import type { ServiceDetail } from '@wayfarer/api/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { guideFor } from '../content/category-guides';
import { useServices } from '../hooks/use-services';
import { ServiceIcon } from '@/components/ui/service-icon';
import './services.css';

/** "a Chef", "an Events Specialist". */
function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

export interface ServicePageProps {
  service: ServiceDetail;
  /** Where "Post a job" leads for this visitor (login first for a guest). */
  postJobHref: string;
  /** Where "Offer this service" leads (registration, or an agent's new gig). */
  offerHref: string;
  hrefFor: (id: string) => string;
  /** The share widget, composed by the app. */
  share?: ReactNode;
  /** Gigs of this category, once gigs exist. */
  gigs?: ReactNode;
}

export function ServicePage({
  service,
  postJobHref,
  offerHref,
  hrefFor,
  share,
  gigs,
}: ServicePageProps) {
  const guide = guideFor(service.id);
  const others = useServices();
  const article = withArticle(service.name);

  return (
    <article className="service-page" aria-labelledby="service-title">
      <header className="service-hero">
        <span className="service-hero-icon">
          <ServiceIcon id={service.id} icon={service.icon} size={36} />
        </span>
        <div className="service-hero-text">
          <p className="eyebrow">Service category</p>
          <h1 id="service-title">{service.name}</h1>
          <p className="service-lead">{service.description}</p>
          <p className="muted">{guide.tagline}</p>
          <div className="service-actions">
            <Link to={postJobHref} className="button">
              Post a job for {article}
            </Link>
            <Link to={offerHref} className="button button-secondary">
              Offer {service.name} services
            </Link>
            {share}
          </div>
        </div>
      </header>

      <section className="service-section" aria-labelledby="offers-title">
        <h2 id="offers-title">What you can hire {article} for</h2>
        <ul className="offer-grid">
          {guide.offers.map((offer) => (
            <li key={offer.title} className="offer-card">
              <h3>{offer.title}</h3>
              <p>{offer.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {gigs}

      <div className="service-columns">
        <section className="service-section card" aria-labelledby="brief-title">
          <h2 id="brief-title">Write a brief that gets good offers</h2>
          <ul className="check-list">
            {guide.briefTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        <section className="service-section card" aria-labelledby="hire-title">
          <h2 id="hire-title">How hiring works</h2>
          <ol className="step-list">
            <li>
              <strong>Post a job or pick a gig.</strong> Describe what you need, or choose a package
              a professional already offers.
            </li>
            <li>
              <strong>Pay into escrow.</strong> Your money is held safely, not sent to the
              professional.
            </li>
            <li>
              <strong>Release on delivery.</strong> Accept the work, ask for a revision, or let us
              help if something goes wrong.
            </li>
          </ol>
        </section>
      </div>

      {others.status === 'ready' && others.services.length > 1 && (
        <nav className="service-section" aria-labelledby="other-title">
          <h2 id="other-title">Other categories</h2>
          <ul className="chip-list">
            {others.services
              .filter((other) => other.id !== service.id)
              .map((other) => (
                <li key={other.id}>
                  <Link to={hrefFor(other.id)} className="chip">
                    <ServiceIcon id={other.id} size={18} />
                    {other.name}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
