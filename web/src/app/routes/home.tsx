// `/`: the home feature's page with the services, blog and health features slotted in.
import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { WhenVisible } from '@/components/ui/when-visible';
import { HealthStatus } from '@/features/health/components/health-status';
import { HeroSearch } from '@/features/home/components/hero-search';
import { HomePage } from '@/features/home/components/home-page';
import { ServiceCategories } from '@/features/services/components/service-categories';
import { useServices } from '@/features/services/hooks/use-services';
import { buildPath } from '@/config/paths';
import { useCurrentUser } from '@/stores/auth';

export { PageError as ErrorBoundary } from '../page-error';

// Below the fold: fetched when the visitor scrolls towards it, not with the page.
const LatestPosts = lazy(() =>
  import('@/features/blog/components/latest-posts').then((module) => ({
    default: module.LatestPosts,
  })),
);

// Below the fold too: the gigs feature's chunk loads only when the visitor scrolls near it.
const FeaturedGigs = lazy(() =>
  import('./gig-sections').then((module) => ({ default: module.HomeFeaturedGigs })),
);

// Below the fold as well: the projects feature's chunk loads only when scrolled near.
const OpenProjects = lazy(() =>
  import('./project-sections').then((module) => ({ default: module.HomeOpenProjects })),
);

const serviceHref = (id: string) => buildPath('services.id', { id });
const postHref = (slug: string) => buildPath('blogs.show', { slug });

function Search() {
  const services = useServices();
  const navigate = useNavigate();
  const suggestions =
    services.status === 'ready'
      ? services.services.map((service) => ({ label: service.name, href: serviceHref(service.id) }))
      : [];
  return (
    <HeroSearch
      suggestions={suggestions}
      onPick={(href) => void navigate(href)}
      onSearch={(q) => void navigate(buildPath('explore', undefined, { q }))}
    />
  );
}

export function Component() {
  // Open projects are for Students: only they may apply, and only they have Explore's Projects
  // tab that "All open projects" leads to (others would fetch a list they cannot act on).
  const isStudent = useCurrentUser()?.role === 'Student';
  return (
    <HomePage
      search={<Search />}
      categories={
        <ServiceCategories
          hrefFor={serviceHref}
          lead={(count) =>
            `${count} ${count === 1 ? 'kind' : 'kinds'} of travel professional, each with their own gigs and know-how.`
          }
        />
      }
      featuredGigs={
        // Only once actually scrolled into view: `/`'s first load has no room for it (budget).
        <WhenVisible minHeight="30rem" rootMargin="0px">
          <FeaturedGigs />
        </WhenVisible>
      }
      openProjects={
        isStudent && (
          <WhenVisible minHeight="20rem" rootMargin="0px">
            <OpenProjects />
          </WhenVisible>
        )
      }
      latestPosts={
        <WhenVisible minHeight="28rem">
          <LatestPosts hrefForPost={postHref} listHref={buildPath('blogs')} />
        </WhenVisible>
      }
      status={<HealthStatus />}
      links={{
        register: buildPath('register'),
        postJob: buildPath('customer.post.job'),
        howItWorks: `${buildPath('index')}#how-it-works`,
        sellingGuide: buildPath('selling-guide'),
        buyingGuide: buildPath('buying-guide'),
        trust: buildPath('trust-and-safety'),
      }}
    />
  );
}
