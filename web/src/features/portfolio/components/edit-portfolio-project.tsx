import { useResource } from '@/lib/use-resource';
import { getMyProject } from '../api/portfolio';
import { PortfolioForm, type PortfolioFormProps } from './portfolio-form';

export interface EditPortfolioProjectProps extends Omit<PortfolioFormProps, 'project'> {
  id: string;
}

/** The project form for one of the agent's projects, once it has loaded with its revision. */
export function EditPortfolioProject({ id, ...props }: EditPortfolioProjectProps) {
  const { resource, reload } = useResource(`portfolio:${id}`, (signal) =>
    getMyProject(id, { signal }),
  );
  if (resource.status === 'loading')
    return (
      <p className="muted" role="status">
        Loading the project…
      </p>
    );
  if (resource.status === 'error')
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">
          {resource.error.isNetworkError
            ? 'The project could not be loaded: editing it needs a connection.'
            : resource.error.message}
        </p>
        {resource.error.status !== 404 && (
          <button type="button" className="button button-secondary" onClick={reload}>
            Try again
          </button>
        )}
      </div>
    );
  // Another agent's project comes without the revision its agent edits with.
  if (!('revision' in resource.data))
    return (
      <p className="alert alert-error" role="alert">
        Only the agent who shows this project can edit it.
      </p>
    );
  return <PortfolioForm key={resource.data.id} project={resource.data} {...props} />;
}
