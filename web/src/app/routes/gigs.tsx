// One gig for visitors (/gigs/:id, issue 8): the gigs feature draws it; the wishlist heart, the
// categories, reviews, the agent's reputation and the share widget are slotted in here (features
// do not import each other). Explore is its own module (explore.tsx).
import type { Gig, GigPackage } from '@wayfarer/api/schemas';
import { lazy } from 'react';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { ShareWidget } from '@/components/ui/share-widget';
import { GigPage, type PackageAction } from '@/features/gigs/components/gig-page';
import { AgentReputation } from '@/features/reputation/components/agent-reputation';
import { plainText } from '@wayfarer/api/schemas/text';
import { can } from '@wayfarer/api/schemas/roles';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';
import { PrefetchWishlistedGigs } from './gig-prefetch';
import { gigHref, heartFor } from './gig-links';
import { exploreHref, useServiceList } from './gig-sections';
import type { RouteHandle } from '../use-document-title';
import { absoluteUrl } from './load';
import { cannotOrderReason, gigMessageHref, gigOrderHref } from './order-links';

export { PageError as ErrorBoundary } from '../page-error';

// Below the gallery, the packages and the description: their code loads once the page has
// painted, not with it (issue 20: the gig page's first paint waited for ~40 files).
const ReviewsSection = lazy(() =>
  import('@/features/reviews/components/reviews-section').then((module) => ({
    default: module.ReviewsSection,
  })),
);
const GigRow = lazy(() =>
  import('@/features/gigs/components/featured-gigs').then((module) => ({
    default: module.GigRow,
  })),
);

/** The document title and meta description (crawlers get the server's share tags instead). */
export const gigHandle = {
  title: (data) => (data as Gig | undefined)?.title ?? 'Gig',
  description: (data) => {
    const gig = data as Gig | undefined;
    return gig ? plainText(gig.description) : undefined;
  },
} satisfies RouteHandle;

export function GigShow() {
  const gig = useLoaderData<Gig>();
  const user = useCurrentUser();
  const location = useLocation();
  const services = useServiceList();
  const isOwner = user?.id === gig.owner.id;
  const canMessage = gig.owner.tagname !== null;
  const mayOrder = !user || can(user.role, 'order.create');
  // A guest logs in first and comes back to the order form of the package they chose.
  const loginFor = (path: string) => buildPath('login', undefined, { redirect: path });
  const contactHref = isOwner
    ? null
    : user
      ? gigMessageHref(gig)
      : canMessage
        ? loginFor(location.pathname + location.search)
        : null;

  const actionFor = (pkg: GigPackage): PackageAction | null => {
    if (isOwner) return { kind: 'own', href: buildPath('agent.manage.gigs') };
    if (!mayOrder) return null;
    const orderPath = gigOrderHref(gig.id, pkg.tier);
    return user ? { kind: 'order', href: orderPath } : { kind: 'login', href: loginFor(orderPath) };
  };
  const packagesNote = isOwner
    ? null
    : mayOrder
      ? `Continue to choose extras and your dates, then pay. The payment is held in escrow and reaches ${gig.owner.full_name} only when you accept the work.`
      : cannotOrderReason(user?.role ?? '');

  return (
    <>
      <PrefetchWishlistedGigs />
      <GigPage
        key={gig.id}
        gig={gig}
        serviceName={services.find((s) => s.id === gig.service_id)?.name ?? null}
        nameOfService={(id) => services.find((s) => s.id === id)?.name}
        serviceExploreHref={exploreHref(gig.service_id)}
        actionFor={actionFor}
        packagesNote={packagesNote}
        contactHref={contactHref}
        profileHref={gig.owner.tagname ? buildPath('user', { tagname: gig.owner.tagname }) : null}
        agentFacts={gig.owner.tagname ? <AgentReputation tagname={gig.owner.tagname} /> : undefined}
        heart={isOwner ? undefined : heartFor(gig)}
        share={
          <ShareWidget
            url={absoluteUrl(gigHref(gig.id))}
            title={`${gig.title} on Wayfarer Market`}
            description={plainText(gig.description)}
            hashtags="travel"
          />
        }
        reviews={
          <AfterFirstPaint fallback={<div className="gig-reviews-pending" />}>
            <ReviewsSection
              key={gig.id}
              of={{ kind: 'gig', id: gig.id }}
              isSignedIn={!!user}
              empty="No reviews yet: reviews come from travellers who completed an order."
            />
          </AfterFirstPaint>
        }
        related={
          <section className="gig-related" aria-labelledby="gig-related-title">
            <div className="section-heading">
              <h2 id="gig-related-title">Related gigs</h2>
              <Link to={exploreHref(gig.service_id)}>More in this category</Link>
            </div>
            <AfterFirstPaint fallback={<div className="gig-related-pending" />}>
              <GigRow
                service={gig.service_id}
                count={4}
                excludeId={gig.id}
                gigHref={gigHref}
                heartFor={heartFor}
                empty={<p className="muted">No other gigs in this category yet.</p>}
              />
            </AfterFirstPaint>
          </section>
        }
      />
    </>
  );
}
