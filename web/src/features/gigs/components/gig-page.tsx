import type { Gig, GigPackage } from '@wayfarer/api/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { LazyMarkdown } from '@/components/ui/lazy-markdown';
import { useAgent } from '../hooks/use-agent';
import { formatMoney } from '@/lib/money';
import { GigGallery } from './gig-gallery';
import { RatingText } from './rating';
import './gigs.css';
import { plural } from '@/lib/format';

const TIER_LABELS: Record<GigPackage['tier'], string> = {
  basic: 'Basic',
  standard: 'Standard',
  premium: 'Premium',
};

/** What the viewer can do with a package: log in first, order it, or manage their own gig. */
export type PackageAction =
  { kind: 'login'; href: string } | { kind: 'order'; href: string } | { kind: 'own'; href: string };

export interface GigPageProps {
  gig: Gig;
  serviceName: string | null;
  /** A service's name by its id: an agent's leaderboard entries are kept per service. */
  nameOfService?: (id: string) => string | undefined;
  /** Explore, filtered by this gig's service. */
  serviceExploreHref: string;
  actionFor: (pkg: GigPackage) => PackageAction | null;
  /** A line under the packages: what ordering involves, or why this viewer cannot order. */
  packagesNote?: ReactNode;
  /** "Contact me": the conversation with the agent about this gig (login first for guests). */
  contactHref: string | null;
  profileHref: string | null;
  /** More about the agent in their card (their seller level, response time, on-time rate). */
  agentFacts?: ReactNode;
  heart?: ReactNode;
  share?: ReactNode;
  related?: ReactNode;
  /** The gig's reviews (issue 17), drawn by the reviews feature. */
  reviews?: ReactNode;
}

const days = (n: number) => plural(n, 'day');

export function GigPage({
  gig,
  serviceName,
  nameOfService,
  serviceExploreHref,
  actionFor,
  packagesNote,
  contactHref,
  profileHref,
  agentFacts,
  heart,
  share,
  related,
  reviews,
}: GigPageProps) {
  const agent = useAgent(gig.owner.tagname);
  const packages = [...gig.packages].sort(
    (a, b) => Object.keys(TIER_LABELS).indexOf(a.tier) - Object.keys(TIER_LABELS).indexOf(b.tier),
  );
  const points =
    agent?.leaderboards?.filter((entry) => entry.points > 0).sort((a, b) => b.points - a.points) ??
    [];
  const languages = agent?.languages?.length ? agent.languages : gig.languages;
  const places = gig.destinations;

  return (
    <article className="gig-page" aria-labelledby="gig-title">
      <nav className="gig-crumbs" aria-label="Breadcrumb">
        <Link to={serviceExploreHref}>{serviceName ?? 'Explore'}</Link>
      </nav>
      <header className="gig-header">
        <h1 id="gig-title">{gig.title}</h1>
        <div className="gig-header-meta">
          <span className="gig-header-agent">
            <Avatar name={gig.owner.full_name} src={gig.owner.avatar} size={28} />
            {profileHref ? (
              <Link to={profileHref}>{gig.owner.full_name}</Link>
            ) : (
              <span>{gig.owner.full_name}</span>
            )}
          </span>
          <RatingText rating={gig.rating} />
          {gig.status !== 'active' && <span className="badge">{gig.status}</span>}
        </div>
        <div className="gig-header-actions">
          {heart}
          {share}
        </div>
      </header>

      <div className="gig-layout">
        <div className="gig-main">
          <GigGallery title={gig.title} images={gig.images} />

          <section className="gig-section" aria-labelledby="gig-about">
            <h2 id="gig-about">About this gig</h2>
            <LazyMarkdown className="markdown gig-description" shiftHeadings>
              {gig.description}
            </LazyMarkdown>
            <dl className="gig-facts">
              {places.length > 0 && (
                <>
                  <dt>Destinations</dt>
                  <dd>{places.join(', ')}</dd>
                </>
              )}
              {gig.location && (
                <>
                  <dt>Based in</dt>
                  <dd>{gig.location}</dd>
                </>
              )}
              {gig.languages.length > 0 && (
                <>
                  <dt>Languages</dt>
                  <dd>{gig.languages.join(', ')}</dd>
                </>
              )}
            </dl>
          </section>

          <section className="gig-section" aria-labelledby="gig-packages">
            <h2 id="gig-packages">Packages</h2>
            {packages.length === 0 ? (
              <p className="muted">This gig has no packages yet.</p>
            ) : (
              <ul className="gig-packages" data-count={packages.length}>
                {packages.map((pkg) => (
                  <li key={pkg.tier} className="card gig-package" data-testid="gig-package">
                    <h3>
                      <span className="gig-package-tier">{TIER_LABELS[pkg.tier]}</span>
                      <span className="gig-package-name">{pkg.name}</span>
                    </h3>
                    <p className="gig-package-price">{formatMoney(pkg.price)}</p>
                    {pkg.description && <p>{pkg.description}</p>}
                    <ul className="gig-package-terms">
                      <li>{days(pkg.delivery_days)} delivery</li>
                      <li>
                        {pkg.revisions === 0 ? 'No revisions' : plural(pkg.revisions, 'revision')}
                      </li>
                    </ul>
                    {pkg.includes.length > 0 && (
                      <ul className="check-list gig-package-includes" aria-label="Included">
                        {pkg.includes.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    )}
                    <PackageButton pkg={pkg} action={actionFor(pkg)} />
                  </li>
                ))}
              </ul>
            )}
            {packages.length > 0 && packagesNote && (
              <p className="muted gig-packages-note" data-testid="gig-packages-note">
                {packagesNote}
              </p>
            )}
            {gig.extras.length > 0 && (
              <>
                <h3>Optional extras</h3>
                <ul className="gig-extras">
                  {gig.extras.map((extra) => (
                    <li key={extra.title}>
                      <span>{extra.title}</span>
                      <span>
                        +{formatMoney(extra.price)}
                        {extra.delivery_days > 0 && `, +${days(extra.delivery_days)}`}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          {reviews}
        </div>

        <aside className="gig-side">
          <section className="card gig-agent" aria-labelledby="gig-agent-title">
            <h2 id="gig-agent-title" className="visually-hidden">
              About the agent
            </h2>
            <div className="gig-agent-head">
              <Avatar
                name={gig.owner.full_name}
                src={agent?.avatar ?? gig.owner.avatar}
                size={64}
              />
              <div>
                <p className="gig-agent-name">{gig.owner.full_name}</p>
                {gig.owner.tagname && (
                  <p className="muted">
                    {profileHref ? (
                      <Link to={profileHref}>@{gig.owner.tagname}</Link>
                    ) : (
                      `@${gig.owner.tagname}`
                    )}
                  </p>
                )}
                {agent?.expertise && <p>{agent.expertise}</p>}
              </div>
            </div>
            <dl className="gig-facts">
              <dt>Rating</dt>
              <dd>
                <RatingText rating={gig.rating} />
              </dd>
              {points.length > 0 && (
                <>
                  <dt>Expertise points</dt>
                  <dd>
                    {points
                      .map(
                        (entry) =>
                          `${nameOfService?.(entry.expertise) ?? entry.expertise}: ${entry.points}`,
                      )
                      .join(', ')}
                  </dd>
                </>
              )}
              {agent?.location && (
                <>
                  <dt>From</dt>
                  <dd>{agent.location}</dd>
                </>
              )}
              {languages.length > 0 && (
                <>
                  <dt>Speaks</dt>
                  <dd>{languages.join(', ')}</dd>
                </>
              )}
            </dl>
            {agentFacts}
            {contactHref && (
              <Link to={contactHref} className="button button-secondary button-block">
                Contact me
              </Link>
            )}
          </section>
        </aside>
      </div>

      {related}
    </article>
  );
}

function PackageButton({ pkg, action }: { pkg: GigPackage; action: PackageAction | null }) {
  if (!action) return null;
  const name = `${TIER_LABELS[pkg.tier]} package`;
  if (action.kind === 'own') {
    return (
      <Link to={action.href} className="button button-secondary button-block">
        Manage your gig
      </Link>
    );
  }
  if (action.kind === 'login') {
    return (
      <Link to={action.href} className="button button-block">
        Order<span className="visually-hidden"> the {name} (log in first)</span>
      </Link>
    );
  }
  return (
    <Link to={action.href} className="button button-block">
      Continue ({formatMoney(pkg.price)})<span className="visually-hidden">, {name}</span>
    </Link>
  );
}
