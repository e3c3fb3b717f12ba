import { useResource } from '@/lib/use-resource';
import { getProject, type Project } from '../api/projects';
import { LoadError, Loading } from '@/components/ui/load-state';
import { ProjectForm, type ExpertiseChoices } from './project-form';

/** Editing a project: the form once the project is loaded (its lecturer; draft or open). */
export function EditProject({
  id,
  services,
  onSaved,
}: {
  id: string;
  services: ExpertiseChoices;
  onSaved: (project: Project) => void;
}) {
  const { resource, reload } = useResource<Project>(`project:${id}`, (signal) =>
    getProject(id, { signal }),
  );
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.status !== 'ready') return <Loading what="the project" />;
  if (!resource.data.actions.includes('edit'))
    return (
      <p className="alert alert-error" role="alert">
        This project cannot be edited any more: only drafts and open projects can, by their
        lecturer.
      </p>
    );
  return <ProjectForm services={services} project={resource.data} onSaved={onSaved} />;
}
