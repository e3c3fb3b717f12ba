import type { ReactNode } from 'react';
import { Markdown } from '@/components/ui/markdown';
import { formatDate } from '@/lib/format';
import type { PortfolioProject } from '../api/portfolio';
import { completedLabel } from '../utils/portfolio-form';
import './portfolio.css';

export interface PortfolioCardProps {
  project: PortfolioProject;
  /** The service's name (the id when the list of services does not have it). */
  serviceName: string;
  /** The description in full, as Markdown (the profile); else the card leaves it out. */
  withDescription?: boolean;
  /** Buttons under the card (the agent's own page). */
  actions?: ReactNode;
}

/** When the work was done, and whether it was an order here. */
function ProjectFacts({ project, serviceName }: Omit<PortfolioCardProps, 'actions'>) {
  const { completed_on: completedOn, verified_order: order } = project;
  return (
    <p className="portfolio-card-facts">
      <span>{serviceName}</span>
      {completedOn && <span>{completedLabel(completedOn)}</span>}
      {order && (
        <span className="portfolio-verified">
          Completed through a Wayfarer order
          {order.completed_at && <> on {formatDate(order.completed_at)}</>}
        </span>
      )}
    </p>
  );
}

/**
 * A portfolio project: its cover and other pictures (loaded lazily, as they scroll into view),
 * title, service, date, the order mark and, on the profile, its description.
 */
export function PortfolioCard({
  project,
  serviceName,
  withDescription = false,
  actions,
}: PortfolioCardProps) {
  const [cover, ...more] = project.images;
  const count = project.images.length;
  const alt = (index: number) =>
    count > 1 ? `${project.title}, picture ${index + 1} of ${count}` : project.title;
  return (
    <article className="portfolio-card" data-testid="portfolio-card">
      <div className="portfolio-card-media">
        {cover ? (
          <img src={cover} alt={alt(0)} loading="lazy" decoding="async" width={480} height={300} />
        ) : (
          <div className="portfolio-card-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="portfolio-card-body">
        <h3 className="portfolio-card-title">{project.title}</h3>
        <ProjectFacts project={project} serviceName={serviceName} />
        {withDescription && project.description && (
          <Markdown className="portfolio-card-description" shiftHeadings>
            {project.description}
          </Markdown>
        )}
        {more.length > 0 && (
          <ul className="portfolio-thumbs" aria-label="More pictures">
            {more.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={url}
                    alt={alt(index + 1)}
                    loading="lazy"
                    decoding="async"
                    width={96}
                    height={72}
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {actions && <div className="portfolio-card-actions">{actions}</div>}
      </div>
    </article>
  );
}
