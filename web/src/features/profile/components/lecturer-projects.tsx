import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { buildPath } from '@/config/paths';
import { plural } from '@/lib/format';
import { useIsOnline } from '@/components/ui/use-online-status';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { useDeviceProjects } from '../api/device-projects';
import { getLecturerProjects, type ProjectSummary } from '../api/projects';
import { EmptyState } from './profile-layout';
import { ProjectCard } from './project-parts';

/** What the lecturer may open for a project in each status. */
function LecturerLinks({ project }: { project: ProjectSummary }) {
  const id = project.id;
  const canEdit = project.status === 'draft' || project.status === 'open';
  const hasApplicants = project.status !== 'draft';
  return (
    <p className="profile-project-links">
      {canEdit && (
        <Link className="button button-secondary" to={buildPath('project.edit', { id })}>
          Edit
        </Link>
      )}
      {hasApplicants && (
        <Link className="button button-secondary" to={buildPath('project.shortlisted', { id })}>
          Shortlist ({plural(project.application_count, 'application')})
        </Link>
      )}
      {hasApplicants && (
        <Link className="button button-secondary" to={buildPath('project.dashboard', { id })}>
          Dashboard
        </Link>
      )}
    </p>
  );
}

function LecturerProjectList({ projects }: { projects: readonly ProjectSummary[] }) {
  return (
    <ul className="profile-projects">
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project}>
          <LecturerLinks project={project} />
        </ProjectCard>
      ))}
    </ul>
  );
}

/** /profile/projects for a Lecturer: every project of theirs, drafts too (GET /api/lecturer/projects). */
export function LecturerProjects() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const isOnline = useIsOnline();
  const { resource, reload } = useResource(
    isOnline ? `lecturer-projects:${page}` : null,
    (signal) => getLecturerProjects(page, { signal }),
  );
  // Offline (or the server out of reach): the copies of the projects on this device.
  const fromDevice = !isOnline || isUnreachable(resource);
  const mirrors = useDeviceProjects();
  const post = (
    <Link className="button" to={buildPath('project.post')}>
      Post a project
    </Link>
  );
  return (
    <section aria-labelledby="lecturer-projects-title" className="profile-projects-section">
      <div className="profile-projects-head">
        <h2 id="lecturer-projects-title">Your projects</h2>
        {post}
      </div>
      {fromDevice ? (
        <>
          <p className="alert" role="status" data-testid="projects-offline">
            You are offline: your projects as this device last received them.
          </p>
          {mirrors === null ? (
            <p className="muted">Opening your projects…</p>
          ) : mirrors.length === 0 ? (
            <p className="muted">This device has no copy of your projects yet.</p>
          ) : (
            <LecturerProjectList projects={mirrors.map((m) => m.project)} />
          )}
        </>
      ) : resource.status === 'loading' ? (
        <p className="muted">Loading your projects…</p>
      ) : resource.status === 'error' ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">
            {resource.error.isNetworkError
              ? 'Your projects need a connection: you seem to be offline.'
              : resource.error.message}
          </p>
          <button type="button" className="button button-secondary" onClick={reload}>
            Try again
          </button>
        </div>
      ) : resource.data.data.length === 0 ? (
        <EmptyState title="No projects yet">
          <p>Post a project brief; students apply alone or as a party.</p>
        </EmptyState>
      ) : (
        <>
          <LecturerProjectList projects={resource.data.data} />
          <Pagination
            page={resource.data.meta.page}
            lastPage={resource.data.meta.last_page}
            hrefFor={(n) => (n === 1 ? pathname : `${pathname}?page=${n}`)}
            label="Pages of your projects"
          />
        </>
      )}
    </section>
  );
}
