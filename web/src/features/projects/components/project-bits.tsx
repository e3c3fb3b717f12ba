// Small pieces the project pages share: the status badge, the deadline countdown, expertise
// chips, a person with their avatar, the facts of a project, and its card in lists.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import type { ProjectPerson, ProjectStatus, ProjectSummary } from '@wayfarer/api/schemas/projects';
import { formatDay } from '@/lib/format';
import { PROJECT_STATUS_LABELS } from '@/lib/project-labels';
import { applicantTypesText, deadlineCountdown } from '../utils/format';

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className="badge project-status" data-status={status} data-testid="project-status">
      {PROJECT_STATUS_LABELS[status]}
    </span>
  );
}

/** "12 days left" …, updated every minute. */
function Countdown({ deadline }: { deadline: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const text = deadlineCountdown(deadline, now);
  return (
    <span
      className="project-countdown"
      data-closed={text === 'Applications closed' || undefined}
      data-testid="project-countdown"
    >
      {text}
    </span>
  );
}

export function ExpertiseChips({ expertise }: { expertise: { id: string; name: string }[] }) {
  return (
    <ul className="project-chips" aria-label="Expertise wanted">
      {expertise.map((e) => (
        <li key={e.id} className="badge">
          {e.name}
        </li>
      ))}
    </ul>
  );
}

/** A person with their avatar, linked to their profile when they have a tag name. */
export function Person({
  person,
  profileHref,
  size = 32,
}: {
  person: Pick<ProjectPerson, 'full_name' | 'tagname' | 'avatar'>;
  profileHref: (tagname: string) => string;
  size?: number;
}) {
  return (
    <span className="project-person">
      <Avatar name={person.full_name} src={person.avatar} size={size} />
      {person.tagname ? (
        <Link to={profileHref(person.tagname)}>{person.full_name}</Link>
      ) : (
        <span>{person.full_name}</span>
      )}
    </span>
  );
}

/** The facts of a project: places, deadline, dates, where, who may apply. */
export function ProjectFacts({ project }: { project: ProjectSummary }) {
  return (
    <dl className="project-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={project.status} />
        </dd>
      </div>
      <div>
        <dt>Places left</dt>
        <dd data-testid="project-slots">
          {project.slots_left} of {project.slots}
        </dd>
      </div>
      <div>
        <dt>Applications close</dt>
        <dd>
          {formatDay(project.deadline)}
          {project.status === 'open' && (
            <>
              {' · '}
              <Countdown deadline={project.deadline} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Dates</dt>
        <dd>
          {formatDay(project.start_date)} to {formatDay(project.end_date)}
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>{project.location ?? 'Remote'}</dd>
      </div>
      <div>
        <dt>Who may apply</dt>
        <dd>{applicantTypesText(project.applicant_types)}</dd>
      </div>
    </dl>
  );
}

/** An open project in a list (Explore, the home page). */
export function ProjectCard({ project, href }: { project: ProjectSummary; href: string }) {
  return (
    <article className="card project-card" data-testid="project-card">
      <h3>
        <Link to={href}>{project.title}</Link>
      </h3>
      <p className="muted">
        {project.lecturer.full_name} · {project.location ?? 'Remote'} ·{' '}
        {applicantTypesText(project.applicant_types)}
      </p>
      <ExpertiseChips expertise={project.expertise} />
      <p className="project-card-meta">
        <span>
          {project.slots_left} of {project.slots} places left
        </span>
        {project.status === 'open' && <Countdown deadline={project.deadline} />}
      </p>
    </article>
  );
}
