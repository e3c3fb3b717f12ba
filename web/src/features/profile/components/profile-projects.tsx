import type { ReactNode } from 'react';
import { useResource } from '@/lib/use-resource';
import { getUserProjects, type ProfileProject } from '../api/projects';
import { EmptyState } from './profile-layout';
import { ProjectCard, ReviewOfParticipant } from './project-parts';

interface ProfileProjectListProps {
  items: readonly ProfileProject[];
  /** Draws a rating (the reviews feature's stars). */
  stars: (rating: number) => ReactNode;
}

/** The projects of a profile, each linking to its page; a student's with their review. */
function ProfileProjectList({ items, stars }: ProfileProjectListProps) {
  return (
    <ul className="profile-projects">
      {items.map(({ project, review }) => (
        <ProjectCard key={project.id} project={project}>
          {review && (
            <ReviewOfParticipant
              review={review}
              stars={stars}
              expertiseName={
                project.expertise.find((e) => e.id === review.expertise)?.name ?? review.expertise
              }
            />
          )}
        </ProjectCard>
      ))}
    </ul>
  );
}

export interface ProfileProjectsProps {
  tagname: string;
  name: string;
  role: string;
  stars: (rating: number) => ReactNode;
  /** Your own profile: the empty state speaks to you. */
  isOwn?: boolean;
}

/**
 * The Projects tab (GET /api/users/{tagname}/projects): a lecturer's projects (not drafts), a
 * student's completed projects with the review each earned.
 */
export function ProfileProjects({ tagname, name, role, stars, isOwn }: ProfileProjectsProps) {
  const { resource, reload } = useResource(`projects:${tagname}`, (signal) =>
    getUserProjects(tagname, { signal }),
  );
  const heading = role === 'Lecturer' ? 'Projects posted' : 'Completed projects';
  if (resource.status === 'loading') return <p className="muted">Loading projects…</p>;
  if (resource.status === 'error')
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">
          {resource.error.isNetworkError
            ? 'Projects need a connection: you seem to be offline.'
            : resource.error.message}
        </p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  const items = resource.data;
  if (items.length === 0)
    return (
      <EmptyState title="No projects yet">
        <p>
          {role === 'Lecturer'
            ? `${isOwn ? 'Your' : `${name}’s`} published projects will be listed here.`
            : role === 'Student'
              ? `Projects ${isOwn ? 'you complete' : `${name} completes`} will be listed here with the lecturer’s review.`
              : `${isOwn ? 'You' : name} take${isOwn ? '' : 's'} part in projects as a Lecturer or a Student only.`}
        </p>
      </EmptyState>
    );
  return (
    <section aria-labelledby="profile-projects-title" className="profile-projects-section">
      <h2 id="profile-projects-title">{heading}</h2>
      <ProfileProjectList items={items} stars={stars} />
    </section>
  );
}
