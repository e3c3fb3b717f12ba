import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './home.css';
import { LineIcon } from '@/components/ui/line-icon';

export interface HomePageProps {
  /** The hero's search box. Slots are composed in app/ because features do not import each other. */
  search?: ReactNode;
  /** The service categories. */
  categories?: ReactNode;
  /** Featured gigs, once gigs exist. */
  featuredGigs?: ReactNode;
  /** A few open projects for students. */
  openProjects?: ReactNode;
  /** Real reviews from completed orders, once there are some. */
  reviews?: ReactNode;
  /** The newest blog posts. */
  latestPosts?: ReactNode;
  /** The live service status. */
  status?: ReactNode;
  links: {
    register: string;
    postJob: string;
    howItWorks: string;
    sellingGuide: string;
    buyingGuide: string;
    trust: string;
  };
}

const TRUST_POINTS = [
  'Payments held in escrow',
  'Reviews from real orders',
  'Works offline, syncs later',
];

function Icon({ path }: { path: string }) {
  return <LineIcon d={path} size={28} weight={1.7} />;
}

const ICONS = {
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  wifi: 'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M17 3.5a4 4 0 0 1 0 7.5M22 21v-1a6 6 0 0 0-4-5.6',
};

export function HomePage({
  search,
  categories,
  featuredGigs,
  openProjects,
  reviews,
  latestPosts,
  status,
  links,
}: HomePageProps) {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="eyebrow hero-eyebrow">The marketplace for travel professionals</p>
          <h1 id="hero-title">Find the travel professionals who make the trip</h1>
          <p className="hero-pitch">
            Hire trusted travel agents, tour guides, chefs, photographers and event planners, pay
            safely into escrow, and release the money only when the work is delivered.
          </p>
          {search}
          <ul className="hero-trust">
            {TRUST_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <div className="hero-art" aria-hidden="true" />
        </div>
      </section>

      <div className="container home-section">{categories}</div>

      {featuredGigs && <div className="container home-section">{featuredGigs}</div>}

      {openProjects && <div className="container home-section">{openProjects}</div>}

      <section className="home-band" aria-labelledby="how-title" id="how-it-works">
        <div className="container home-section">
          <h2 id="how-title">How it works</h2>
          <p className="section-lead">
            One place to agree the work, hold the money safely and keep every message, even offline.
          </p>
          <div className="how-grid">
            <div className="how-column">
              <h3>For customers</h3>
              <ol className="how-steps">
                <li>
                  <strong>Post a job or choose a gig.</strong>
                  <span>
                    Describe the trip or event, or pick a package a professional already offers.
                  </span>
                </li>
                <li>
                  <strong>Compare offers and pay into escrow.</strong>
                  <span>Your money is held safely until the work is delivered.</span>
                </li>
                <li>
                  <strong>Accept the delivery, then review.</strong>
                  <span>
                    Ask for a revision if something is missing; the money is released on acceptance.
                  </span>
                </li>
              </ol>
              <p className="how-links">
                <Link to={links.postJob} className="button">
                  Post a job
                </Link>
                <Link to={links.buyingGuide}>Read the buying guide</Link>
              </p>
            </div>
            <div className="how-column">
              <h3>For travel professionals</h3>
              <ol className="how-steps">
                <li>
                  <strong>Publish your gigs.</strong>
                  <span>Up to three packages with your prices, delivery times and revisions.</span>
                </li>
                <li>
                  <strong>Answer jobs with offers.</strong>
                  <span>Customers post what they need; you reply with a price and a plan.</span>
                </li>
                <li>
                  <strong>Deliver and get paid.</strong>
                  <span>
                    Escrow is released when the customer accepts, then withdraw your earnings.
                  </span>
                </li>
              </ol>
              <p className="how-links">
                <Link to={links.register} className="button button-secondary">
                  Join as a professional
                </Link>
                <Link to={links.sellingGuide}>Read the selling guide</Link>
              </p>
            </div>
          </div>
        </div>
      </section>

      {reviews && <div className="container home-section">{reviews}</div>}

      <section className="container home-section" aria-labelledby="why-title">
        <h2 id="why-title">Why Wayfarer Market</h2>
        <ul className="why-grid">
          <li>
            <Icon path={ICONS.shield} />
            <h3>Escrow on every order</h3>
            <p>
              Money moves only when the work is accepted, and an admin settles disputes.{' '}
              <Link to={links.trust}>How we keep you safe</Link>
            </p>
          </li>
          <li>
            <Icon path={ICONS.wifi} />
            <h3>Built for the road</h3>
            <p>Your inbox, orders and drafts stay on your phone and sync when a signal returns.</p>
          </li>
          <li>
            <Icon path={ICONS.star} />
            <h3>Honest reviews</h3>
            <p>Only completed orders can be reviewed, and both sides review before either sees.</p>
          </li>
          <li>
            <Icon path={ICONS.users} />
            <h3>Projects for new talent</h3>
            <p>Lecturers post real briefs; students apply alone or as a team and earn points.</p>
          </li>
        </ul>
      </section>

      {latestPosts && <div className="container home-section">{latestPosts}</div>}

      <section className="home-cta" aria-labelledby="cta-title">
        <div className="container home-cta-inner">
          <div>
            <h2 id="cta-title">Ready to plan something memorable?</h2>
            <p>Joining is free for every role. You pay only for the work you order.</p>
          </div>
          <div className="home-cta-actions">
            <Link to={links.register} className="button button-light">
              Create a free account
            </Link>
            <Link to={links.howItWorks} className="button button-outline-light">
              See how it works
            </Link>
          </div>
        </div>
      </section>

      {status && <div className="container home-status">{status}</div>}
    </div>
  );
}
