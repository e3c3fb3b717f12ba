// The gig rows other pages show: the home page's featured gigs and a service page's gigs, with
// the wishlist heart slotted in. Kept apart from the explore and gig pages (gigs.tsx) so the home
// page's lazy chunk stays small: no Markdown, no share widget.
import { Link } from 'react-router-dom';
import { FeaturedGigs, GigRow } from '@/features/gigs/components/featured-gigs';
import { useServices } from '@/features/services/hooks/use-services';
import { gigHref, heartFor } from './gig-links';
import { buildPath } from '@/config/paths';

export const exploreHref = (service: string) =>
  service ? buildPath('explore', undefined, { service }) : buildPath('explore');

export function useServiceList() {
  const services = useServices();
  return services.status === 'ready' ? services.services : [];
}

/** The home page's featured gigs (loaded when scrolled near, see home.tsx). */
export function HomeFeaturedGigs() {
  const services = useServiceList();
  return (
    <FeaturedGigs
      services={services}
      gigHref={gigHref}
      exploreHref={exploreHref}
      heartFor={heartFor}
    />
  );
}

/** A service page's gigs, with a link to explore the whole category. */
export function ServiceGigs({ service, name }: { service: string; name: string }) {
  return (
    <section className="service-section" aria-labelledby="service-gigs-title">
      <div className="section-heading">
        <h2 id="service-gigs-title">Featured {name} gigs</h2>
        <Link to={exploreHref(service)}>Explore all {name} gigs</Link>
      </div>
      <GigRow
        service={service}
        count={4}
        gigHref={gigHref}
        heartFor={heartFor}
        empty={
          <p className="muted">No {name} gigs are published yet: be the first to offer one.</p>
        }
      />
    </section>
  );
}
