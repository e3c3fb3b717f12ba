import type { ReactNode } from 'react';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { listAgentPortfolio } from '../api/portfolio';
import { PortfolioCard } from './portfolio-card';
import './portfolio.css';

export interface ProfilePortfolioProps {
  tagname: string;
  name: string;
  /** A service's name by its id. */
  serviceName: (id: string) => string;
  /** Your own profile: the empty state speaks to you, with where to add projects. */
  manage?: ReactNode;
}

/**
 * An agent's Projects tab (issue 20): their portfolio projects in the order they chose, with
 * pictures (loaded as they scroll into view) and descriptions. Offline, the copy the service
 * worker kept from an earlier visit; never seen, it says it needs a connection.
 */
export function ProfilePortfolio({ tagname, name, serviceName, manage }: ProfilePortfolioProps) {
  const { resource, reload } = useResource(`portfolio:${tagname}`, (signal) =>
    listAgentPortfolio(tagname, { signal }),
  );
  if (resource.status === 'loading') return <p className="muted">Loading projects…</p>;
  if (resource.status === 'error')
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">
          {isUnreachable(resource)
            ? 'Portfolio projects need a connection: you seem to be offline.'
            : resource.error.message}
        </p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  const projects = resource.data;
  if (projects.length === 0)
    return (
      <div className="portfolio-empty-state">
        <h2>No portfolio projects yet</h2>
        <p>
          {manage
            ? 'Show customers the work you are proud of: pictures and the story of each project.'
            : `${name} has not added any work to their portfolio yet.`}
        </p>
        {manage}
      </div>
    );
  return (
    <section aria-labelledby="profile-portfolio-title" className="profile-portfolio">
      <div className="portfolio-toolbar">
        <h2 id="profile-portfolio-title">Portfolio</h2>
        {manage}
      </div>
      <ul className="portfolio-grid">
        {projects.map((project) => (
          <li key={project.id}>
            <PortfolioCard
              project={project}
              serviceName={serviceName(project.service_id)}
              withDescription
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
