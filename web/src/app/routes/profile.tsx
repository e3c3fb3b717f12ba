// Own profile (/profile) and public profiles (/@/:tagname), both from the profile feature.
import {
  Link,
  Outlet,
  redirect,
  useLoaderData,
  useOutletContext,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { getPublicUser } from '@/features/profile/api/get-public-user';
import { EmptyState, ProfileLayout } from '@/features/profile/components/profile-layout';
import { ProfileGigs } from '@/features/gigs/components/profile-gigs';
import { ProfileInfo } from '@/features/profile/components/profile-info';
import { ProfileLevel } from '@/features/reputation/components/agent-reputation';
import { OwnWishlists as OwnWishlistsList } from '@/features/wishlists/components/own-wishlists';
import { PublicWishlists as PublicWishlistsList } from '@/features/wishlists/components/public-wishlists';
import { WishlistButton } from '@/features/wishlists/components/wishlist-button';
import { usePublicWishlists } from '@/features/wishlists/hooks/use-public-wishlists';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/stores/auth';
import { changeTitle } from '@/stores/navigation';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { Stars } from '@/components/ui/stars';
import { LecturerProjects } from '@/features/profile/components/lecturer-projects';
import { ProfileProjects } from '@/features/profile/components/profile-projects';
import { MyApplications } from '@/features/profile/components/my-applications';
import { ProfilePortfolio } from '@/features/portfolio/components/profile-portfolio';
import { useServices } from '@/features/services/hooks/use-services';
import { gigHref, heartFor } from './gig-links';
import { PrefetchWishlistedGigs } from './gig-prefetch';
import type { PublicUser } from '@/types/api';
import { buildPath, notFoundPathFor } from '@/config/paths';

export { PageError as ErrorBoundary } from '../page-error';

const OWN_TABS = {
  projects: buildPath('profile.projects'),
  wishlists: buildPath('profile.wishlists'),
  info: buildPath('profile.info'),
};

export function OwnProfileLayout() {
  const user = useCurrentUser();
  const services = useServiceList();
  if (!user) return null;
  return (
    <ProfileLayout
      user={user}
      services={services}
      tabs={OWN_TABS}
      actions={
        <Link to={buildPath('profile.edit.page1')} className="button button-secondary">
          Edit profile
        </Link>
      }
    >
      <Outlet />
    </ProfileLayout>
  );
}

const stars = (rating: number) => <Stars value={rating} label="Rating" />;

/** The service categories, for the points label (points are kept per service id). */
function useServiceList() {
  const services = useServices();
  return services.status === 'ready' ? services.services : [];
}

/** A service's name by its id (the id itself until the list has loaded). */
function useServiceName() {
  const services = useServiceList();
  return (id: string) => services.find((s) => s.id === id)?.name ?? id;
}

/**
 * An agent's Projects tab: their portfolio (issue 20). Projects as the spec has them are the
 * Lecturers' and Students'; what an agent shows there is their own work.
 */
function AgentPortfolio({
  user,
  isOwn = false,
}: {
  user: Pick<PublicUser, 'id' | 'tagname' | 'full_name'>;
  isOwn?: boolean;
}) {
  const serviceName = useServiceName();
  return (
    <ProfilePortfolio
      key={user.id}
      tagname={user.tagname ?? ''}
      name={user.full_name}
      serviceName={serviceName}
      manage={
        isOwn ? (
          <Link className="button button-secondary" to={buildPath('agent.projects')}>
            Manage your portfolio
          </Link>
        ) : undefined
      }
    />
  );
}

/**
 * Your projects: a Lecturer's every project (drafts too) with links to manage them; a Student's
 * applications (from this device's copies, offline too) and completed projects with their reviews.
 */
export function OwnProjects() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role === 'Lecturer') return <LecturerProjects />;
  if (user.role === 'Agent') return <AgentPortfolio user={user} isOwn />;
  const completed = (
    <ProfileProjects
      tagname={user.tagname ?? ''}
      name={user.full_name}
      role={user.role}
      stars={stars}
      isOwn
    />
  );
  if (user.role !== 'Student') return completed;
  return (
    <div className="profile-projects-section">
      <MyApplications />
      {completed}
    </div>
  );
}

/** Your wishlists, from this device's copy of your data (offline too). */
export function OwnWishlists() {
  return (
    <>
      <PrefetchWishlistedGigs />
      <OwnWishlistsList />
    </>
  );
}

export function OwnInfo() {
  const user = useCurrentUser();
  const services = useServiceList();
  if (!user) return null;
  return (
    <ProfileInfo
      user={user}
      services={services}
      privateDetails={{ email: user.email, cv: user.cv }}
    />
  );
}

/**
 * /@/:tagname: GET /api/user/{tagname}; a missing profile goes to the 404 page (spec section 2),
 * and the person's name becomes the page title.
 */
export async function publicProfileLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<PublicUser> {
  const tagname = params.tagname ?? '';
  try {
    const user = await getPublicUser(tagname, { signal: request.signal });
    changeTitle(user.full_name);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw redirect(notFoundPathFor(new URL(request.url).pathname));
    }
    throw error;
  }
}

export function PublicProfileLayout() {
  const user = useLoaderData<PublicUser>();
  const me = useCurrentUser();
  const services = useServiceList();
  const tagname = user.tagname ?? '';
  return (
    <ProfileLayout
      user={user}
      services={services}
      badges={user.role === 'Agent' && tagname ? <ProfileLevel tagname={tagname} /> : undefined}
      actions={
        me?.id !== user.id && tagname ? (
          <>
            {/* A guest is asked to log in first and comes back to the conversation. */}
            <Link className="button" to={buildPath('user.message', { tagname })}>
              Message
            </Link>
            <WishlistButton
              item={{ kind: 'user', ref: tagname, title: user.full_name, image: user.avatar }}
              withLabel
            />
          </>
        ) : undefined
      }
      tabs={{
        projects: buildPath('user.projects', { tagname }),
        wishlists: buildPath('user.wishlists', { tagname }),
        info: buildPath('user.info', { tagname }),
        reviews: buildPath('user.reviews', { tagname }),
      }}
    >
      <Outlet context={user} />
    </ProfileLayout>
  );
}

/** A lecturer's projects, a student's completed ones with their reviews, an agent's portfolio. */
export function PublicProjects() {
  const user = useOutletContext<PublicUser>();
  if (user.role === 'Agent') return <AgentPortfolio user={user} />;
  return (
    <ProfileProjects
      key={user.id}
      tagname={user.tagname ?? ''}
      name={user.full_name}
      role={user.role}
      stars={stars}
    />
  );
}

/** The lists this member made public (GET /api/user/{tagname}/wishlists). */
export function PublicWishlists() {
  const user = useOutletContext<PublicUser>();
  const state = usePublicWishlists(user.tagname ?? '');
  if (state.status === 'loading') return <p className="muted">Loading wishlists…</p>;
  if (state.status === 'failed') {
    return (
      <EmptyState title="Wishlists unavailable">
        <p>{state.message}</p>
      </EmptyState>
    );
  }
  return <PublicWishlistsList wishlists={state.wishlists} name={user.full_name} />;
}

/** The info tab; an agent's active gigs follow it (issue 20: the profile shows what they sell). */
export function PublicInfo() {
  const user = useOutletContext<PublicUser>();
  const services = useServiceList();
  return (
    <>
      <ProfileInfo user={user} services={services} />
      {user.role === 'Agent' && user.tagname && (
        <ProfileGigs
          key={user.tagname}
          tagname={user.tagname}
          name={user.full_name}
          gigHref={gigHref}
          heartFor={heartFor}
        />
      )}
    </>
  );
}

/** The reviews this member received (GET /api/users/{tagname}/reviews), with their average. */
export function PublicReviews() {
  const user = useOutletContext<PublicUser>();
  const me = useCurrentUser();
  return (
    <ReviewsSection
      key={user.tagname ?? user.id}
      of={{ kind: 'user', tagname: user.tagname ?? '' }}
      title={`Reviews of ${user.full_name}`}
      isSignedIn={!!me}
      empty="No reviews yet."
    />
  );
}
