import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { formatDate, formatDay, plural } from '@/lib/format';
import { PROJECT_STATUS_LABELS } from '@/lib/project-labels';
import type { ProjectReview, ProjectSummary } from '../api/projects';

/** "3 of 5 places left · applications close 14 Mar 2027": what a project still takes. */
function projectFacts(
  project: Pick<ProjectSummary, 'slots' | 'slots_left' | 'deadline' | 'status'>,
): string {
  const places = `${project.slots_left} of ${plural(project.slots, 'place')} left`;
  if (project.status === 'open' || project.status === 'draft')
    return `${places} · applications close ${formatDay(project.deadline)}`;
  return plural(project.slots, 'place');
}

export interface ProjectCardProps {
  project: ProjectSummary;
  /** Below the facts: a review, or the lecturer's links. */
  children?: ReactNode;
}

/** A project in a profile's list: title (to the project), status, expertise, dates, places. */
export function ProjectCard({ project, children }: ProjectCardProps) {
  return (
    <li className="card profile-project" data-testid="profile-project" data-status={project.status}>
      <div className="profile-project-head">
        <h3>
          <Link to={buildPath('project.show', { id: project.id })}>{project.title}</Link>
        </h3>
        <span className="badge" data-status={project.status}>
          {PROJECT_STATUS_LABELS[project.status]}
        </span>
      </div>
      <p className="muted">
        {project.expertise.map((e) => e.name).join(', ')}
        {' · '}
        {formatDay(project.start_date)} to {formatDay(project.end_date)}
        {project.location ? ` · ${project.location}` : ' · Remote'}
      </p>
      <p className="muted">{projectFacts(project)}</p>
      {children}
    </li>
  );
}

/** The lecturer's review of a participant: stars, comment, points and for which expertise. */
export function ReviewOfParticipant({
  review,
  expertiseName,
  stars,
}: {
  review: ProjectReview;
  expertiseName: string;
  stars: (rating: number) => ReactNode;
}) {
  return (
    <blockquote className="profile-project-review" data-testid="project-review">
      <p>
        {stars(review.rating)}{' '}
        <strong>
          +{review.points} Points in {expertiseName}
        </strong>
      </p>
      <p className="profile-project-comment">{review.comment}</p>
      <footer className="muted">
        {review.reviewer.full_name}, {formatDate(review.created_at)}
      </footer>
    </blockquote>
  );
}
