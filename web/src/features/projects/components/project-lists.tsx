import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ListResponse } from '@wayfarer/api/schemas';
import { useResource } from '@/lib/use-resource';
import { listOpenProjects, type ApplicantType, type ProjectSummary } from '../api/projects';
import { ProjectCard } from './project-bits';
import { FilterPanel } from '@/components/ui/filter-panel';
import { LoadError, Loading } from '@/components/ui/load-state';
import './projects.css';

interface Filters {
  expertise: string;
  type: '' | ApplicantType;
  deadline_before: string;
}

/**
 * Open projects to apply to (Explore, for Students): filtered by expertise, who may apply and
 * the latest deadline, a page at a time. On a phone the filters fold behind a "Filters" button
 * with the count of active ones (FilterPanel), so the first project is on the first screen.
 */
export function OpenProjects({
  services,
  projectHref,
}: {
  services: { id: string; name: string }[];
  projectHref: (id: string) => string;
}) {
  const formId = useId();
  const [filters, setFilters] = useState<Filters>({
    expertise: '',
    type: '',
    deadline_before: '',
  });
  const [page, setPage] = useState(1);
  const query = {
    ...(filters.expertise ? { expertise: filters.expertise } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.deadline_before ? { deadline_before: filters.deadline_before } : {}),
    page,
  };
  const { resource, reload } = useResource<ListResponse<ProjectSummary>>(
    `projects:${JSON.stringify(query)}`,
    (signal) => listOpenProjects(query, { signal }),
  );
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="project-page">
      <h2 id={`${formId}-title`}>Open projects</h2>
      <FilterPanel
        label="Filters"
        activeCount={Object.values(filters).filter(Boolean).length}
        bodyClassName="project-filters"
      >
        <div className="field">
          <label htmlFor={`${formId}-expertise`}>Expertise</label>
          <select
            id={`${formId}-expertise`}
            value={filters.expertise}
            onChange={(e) => set('expertise', e.target.value)}
          >
            <option value="">Any expertise</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-type`}>Who may apply</label>
          <select
            id={`${formId}-type`}
            value={filters.type}
            onChange={(e) => set('type', e.target.value as Filters['type'])}
          >
            <option value="">Individuals or teams</option>
            <option value="individual">Individuals</option>
            <option value="team">Teams</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-deadline`}>Deadline on or before</label>
          <input
            id={`${formId}-deadline`}
            type="date"
            value={filters.deadline_before}
            onChange={(e) => set('deadline_before', e.target.value)}
          />
        </div>
      </FilterPanel>
      <ProjectListBody
        resource={resource}
        reload={reload}
        projectHref={projectHref}
        empty="No open project matches. Try another expertise or a later deadline."
        page={page}
        onPage={setPage}
      />
    </section>
  );
}

/** A few open projects, for the home page. */
export function LatestOpenProjects({
  projectHref,
  moreHref,
}: {
  projectHref: (id: string) => string;
  moreHref: string;
}) {
  const { resource } = useResource<ListResponse<ProjectSummary>>('projects:home', (signal) =>
    listOpenProjects({ per_page: 3 }, { signal }),
  );
  // The home page stays quiet when there is nothing to show or the list did not load.
  if (resource.status !== 'ready' || resource.data.data.length === 0) return null;
  return (
    <section aria-labelledby="home-projects-title">
      <h2 id="home-projects-title">Open projects</h2>
      <ul className="project-list">
        {resource.data.data.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} href={projectHref(project.id)} />
          </li>
        ))}
      </ul>
      <p>
        <Link to={moreHref}>All open projects</Link>
      </p>
    </section>
  );
}

function ProjectListBody({
  resource,
  reload,
  projectHref,
  empty,
  page,
  onPage,
}: {
  resource: ReturnType<typeof useResource<ListResponse<ProjectSummary>>>['resource'];
  reload: () => void;
  projectHref: (id: string) => string;
  empty: ReactNode;
  page: number;
  onPage: (page: number) => void;
}) {
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.status === 'loading' && !resource.data) return <Loading what="projects" />;
  const list = resource.data;
  if (!list) return <Loading what="projects" />;
  if (list.data.length === 0)
    return (
      <p className="card muted" data-testid="projects-empty">
        {empty}
      </p>
    );
  return (
    <>
      <ul className="project-list" aria-busy={resource.status === 'loading' || undefined}>
        {list.data.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} href={projectHref(project.id)} />
          </li>
        ))}
      </ul>
      {list.meta.last_page > 1 && (
        <nav className="project-actions" aria-label="Pages">
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {list.meta.page} of {list.meta.last_page}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= list.meta.last_page}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}
