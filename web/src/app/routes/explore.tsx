// Explore and search (/explore, issue 8): gigs, and for Students a Projects tab. Its own route
// module, so the first load of /explore does not carry the gig page (Markdown, reviews, sharing).
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ExplorePage } from '@/features/gigs/components/explore-page';
import { PeopleResults } from '@/features/people/components/people-results';
import { useCurrentUser } from '@/stores/auth';
import { buildPath } from '@/config/paths';
import { PrefetchWishlistedGigs } from './gig-prefetch';
import { gigHref, heartFor } from './gig-links';
import { useServiceList } from './gig-sections';

export { PageError as ErrorBoundary } from '../page-error';

// Students' Projects tab: the projects feature loads only when it is opened.
const ExploreProjects = lazy(() =>
  import('./project-sections').then((module) => ({ default: module.ExploreProjects })),
);

/**
 * Explore: gigs, and for Students a Projects tab beside them (`?tab=projects`). A search (`?q=`,
 * as the header search sends it) by a signed-in member also lists the people it matches, above
 * the gigs.
 */
export function Explore() {
  const services = useServiceList();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const isStudent = user?.role === 'Student';
  const tab = isStudent && search.get('tab') === 'projects' ? 'projects' : 'gigs';
  const q = search.get('q')?.trim() ?? '';
  return (
    <>
      {isStudent && (
        <nav className="explore-tabs" aria-label="Explore">
          <ul>
            <li>
              <Link to={buildPath('explore')} aria-current={tab === 'gigs' ? 'page' : undefined}>
                Gigs
              </Link>
            </li>
            <li>
              <Link
                to={buildPath('explore', undefined, { tab: 'projects' })}
                aria-current={tab === 'projects' ? 'page' : undefined}
              >
                Projects
              </Link>
            </li>
          </ul>
        </nav>
      )}
      {tab === 'projects' ? (
        <div className="container explore-projects">
          <Suspense fallback={<p className="muted">Loading projects…</p>}>
            <ExploreProjects />
          </Suspense>
        </div>
      ) : (
        <ExploreGigs
          services={services}
          otherResults={
            user && q ? (
              <PeopleResults q={q} profileHref={(tagname) => buildPath('user', { tagname })} />
            ) : undefined
          }
        />
      )}
    </>
  );
}

function ExploreGigs({
  services,
  otherResults,
}: {
  services: ReturnType<typeof useServiceList>;
  otherResults?: ReactNode;
}) {
  return (
    <>
      <PrefetchWishlistedGigs />
      <ExplorePage
        services={services}
        gigHref={gigHref}
        heartFor={heartFor}
        categoriesHref={`${buildPath('index')}#categories`}
        otherResults={otherResults}
      />
    </>
  );
}
