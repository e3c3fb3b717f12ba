import { Loading, LoadError } from '@/components/ui/load-state';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useConfirm } from '@/components/ui/use-confirm';
import { errorMessageOf } from '@/lib/error-message';
import { useResource } from '@/lib/use-resource';
import { PORTFOLIO_MAX } from '@wayfarer/api/schemas/portfolio';
import {
  deleteProject,
  listMyPortfolio,
  reorderPortfolio,
  type OwnPortfolioProject,
} from '../api/portfolio';
import { PortfolioCard } from './portfolio-card';
import './portfolio.css';

export interface PortfolioManagerProps {
  createHref: string;
  editHref: (id: string) => string;
  /** The agent's public Projects tab, where customers see the portfolio. */
  profileHref: string | null;
  /** A service's name by its id. */
  serviceName: (id: string) => string;
}

/** What a portfolio is for, and the way to start one. */
function EmptyPortfolio({ createHref }: { createHref: string }) {
  return (
    <section className="card portfolio-empty" aria-labelledby="portfolio-empty-title">
      <h2 id="portfolio-empty-title">Show customers your best work</h2>
      <p>
        A portfolio is the work you are proud of: the trips you guided, the dinners you cooked, the
        weddings you planned. Each project has a few pictures and a short story, and can carry the
        mark of an order you completed here. Customers see it on your profile’s Projects tab before
        they order.
      </p>
      <Link className="button" to={createHref}>
        Add a project
      </Link>
    </section>
  );
}

/**
 * The agent's Projects page: their portfolio as cards in the order their profile shows it, with
 * Edit, Move up and down, and Delete after a confirmation; an empty portfolio says what one is for.
 */
export function PortfolioManager({
  createHref,
  editHref,
  profileHref,
  serviceName,
}: PortfolioManagerProps) {
  const { resource, reload, setData } = useResource('my-portfolio', (signal) =>
    listMyPortfolio({ signal }),
  );
  const { ask, dialog } = useConfirm();
  const [isMoving, setMoving] = useState(false);
  const [moveError, setMoveError] = useState<string | null>(null);

  if (resource.status === 'loading' && resource.data === undefined)
    return <Loading what="your portfolio" />;
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  const projects = resource.data ?? [];
  if (projects.length === 0) return <EmptyPortfolio createHref={createHref} />;

  const move = async (index: number, step: -1 | 1) => {
    if (isMoving) return;
    const ids = projects.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    setMoving(true);
    setMoveError(null);
    try {
      const ordered = await reorderPortfolio(ids);
      setData(() => ordered);
    } catch (error) {
      setMoveError(errorMessageOf(error));
      reload();
    } finally {
      setMoving(false);
    }
  };

  const askDelete = (project: OwnPortfolioProject) =>
    ask({
      title: 'Delete this project?',
      body: (
        <p>“{project.title}” and its pictures leave your portfolio and your profile for good.</p>
      ),
      confirmLabel: 'Delete project',
      tone: 'danger',
      run: () => deleteProject(project.id),
      successMessage: `“${project.title}” was deleted.`,
      onDone: () => setData((current) => current.filter((p) => p.id !== project.id)),
    });

  const isFull = projects.length >= PORTFOLIO_MAX;
  return (
    <div className="portfolio-manager">
      <div className="portfolio-toolbar">
        <p className="muted" role="status">
          {projects.length} of {PORTFOLIO_MAX} projects
          {profileHref && (
            <>
              {' · '}
              <Link to={profileHref}>See them on your profile</Link>
            </>
          )}
        </p>
        {isFull ? (
          <p className="muted">Your portfolio is full: delete a project to add another.</p>
        ) : (
          <Link className="button" to={createHref}>
            Add a project
          </Link>
        )}
      </div>
      {moveError && (
        <p className="alert alert-error" role="alert">
          {moveError}
        </p>
      )}
      <ul className="portfolio-grid" aria-label="Your portfolio projects">
        {projects.map((project, index) => (
          <li key={project.id}>
            <PortfolioCard
              project={project}
              serviceName={serviceName(project.service_id)}
              actions={
                <>
                  <Link className="button button-secondary" to={editHref(project.id)}>
                    Edit<span className="visually-hidden"> “{project.title}”</span>
                  </Link>
                  {index > 0 && (
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-disabled={isMoving || undefined}
                      onClick={() => void move(index, -1)}
                    >
                      Move up<span className="visually-hidden"> “{project.title}”</span>
                    </button>
                  )}
                  {index < projects.length - 1 && (
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-disabled={isMoving || undefined}
                      onClick={() => void move(index, 1)}
                    >
                      Move down<span className="visually-hidden"> “{project.title}”</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => askDelete(project)}
                  >
                    Delete<span className="visually-hidden"> “{project.title}”</span>
                  </button>
                </>
              }
            />
          </li>
        ))}
      </ul>
      {dialog}
    </div>
  );
}
