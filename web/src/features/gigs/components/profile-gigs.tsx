import type { GigSummary } from '@wayfarer/api/schemas';
import type { ReactNode } from 'react';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { listAgentGigs } from '../api/gigs';
import { GigCard, GigGridSkeleton, GigListProblem } from './gig-card';
import './gigs.css';

export interface ProfileGigsProps {
  tagname: string;
  name: string;
  gigHref: (id: string) => string;
  heartFor?: (gig: GigSummary) => ReactNode;
}

/**
 * An agent's active gigs on their public profile (issue 20), newest first. Offline, the copy the
 * service worker kept from an earlier visit is shown; never seen, the section says it needs a
 * connection.
 */
export function ProfileGigs({ tagname, name, gigHref, heartFor }: ProfileGigsProps) {
  const { resource, reload } = useResource(`agent-gigs:${tagname}`, (signal) =>
    listAgentGigs(tagname, { signal }),
  );
  let body: ReactNode;
  if (resource.status === 'error') {
    body = (
      <GigListProblem
        isOffline={isUnreachable(resource)}
        message={resource.error.message}
        onRetry={reload}
      />
    );
  } else if (!resource.data) {
    // The grid's shape while loading, so the section does not grow when the cards arrive.
    body = (
      <>
        <p className="visually-hidden" role="status">
          Loading gigs…
        </p>
        <GigGridSkeleton />
      </>
    );
  } else if (resource.data.length === 0) {
    body = <p className="muted">{name} has no active gigs right now.</p>;
  } else {
    body = (
      <ul className="gig-grid">
        {resource.data.map((gig) => (
          <li key={gig.id}>
            <GigCard gig={gig} href={gigHref(gig.id)} heart={heartFor?.(gig)} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="profile-gigs" aria-labelledby="profile-gigs-title">
      <h2 id="profile-gigs-title">Gigs by {name}</h2>
      {body}
    </section>
  );
}
