import { useResource } from '@/lib/use-resource';
import { getJob, type JobWithOffers } from '../api/jobs';
import { JobForm, type JobFormProps } from './job-form';
import { LoadError, Loading } from '@/components/ui/load-state';

export interface EditJobProps extends Omit<JobFormProps, 'job'> {
  id: string;
}

/** The Post a Job form for an existing job, once it has loaded, while it can be edited. */
export function EditJob({ id, ...props }: EditJobProps) {
  const { resource, reload } = useResource<JobWithOffers>(`job:${id}`, (signal) =>
    getJob(id, { signal }),
  );
  if (resource.status === 'loading') return <Loading what="the job" />;
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  const job = resource.data;
  if (!job.actions.includes('edit'))
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">
          This job can no longer be edited: an offer was accepted, or it is closed.
        </p>
      </div>
    );
  return <JobForm key={job.id} job={job} {...props} />;
}
