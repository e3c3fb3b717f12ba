import { Loading, LoadError } from '@/components/ui/load-state';
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
  if (resource.status === 'loading') return <Loading what="the project" />;
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  // Another agent's project comes without the revision its agent edits with.
  if (!('revision' in resource.data))
    return (
      <p className="alert alert-error" role="alert">
        Only the agent who shows this project can edit it.
      </p>
    );
  return <PortfolioForm key={resource.data.id} project={resource.data} {...props} />;
}
