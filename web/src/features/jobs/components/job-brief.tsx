import { Markdown } from '@/components/ui/markdown';
import { ProtectedFileLink } from '@/components/ui/protected-file-link';
import { formatDate, plural } from '@/lib/format';
import type { Job } from '../api/jobs';
import { formatBudget, jobDates, JOB_STATUS_LABELS } from '../utils/format';

/** What the customer asked for: the facts, the description and the attachments. */
export function JobBrief({ job, serviceName }: { job: Job; serviceName?: string }) {
  return (
    <section className="card job-brief" aria-labelledby="job-brief-title">
      <h2 id="job-brief-title">The brief</h2>
      <dl className="job-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className="badge" data-status={job.status} data-testid="job-status">
              {JOB_STATUS_LABELS[job.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd data-testid="job-budget">{formatBudget(job.budget)}</dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>{serviceName ?? job.service_id}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>{jobDates(job)}</dd>
        </div>
        <div>
          <dt>Destination</dt>
          <dd>{job.destination}</dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd>{plural(job.travellers, 'traveller')}</dd>
        </div>
        <div>
          <dt>{job.status === 'open' ? 'Open until' : 'Posted'}</dt>
          <dd>{formatDate(job.status === 'open' ? job.expires_at : job.created_at)}</dd>
        </div>
      </dl>
      <div className="job-description">
        <Markdown shiftHeadings>{job.description}</Markdown>
      </div>
      {job.attachments.length > 0 && (
        <>
          <h3>Attachments</h3>
          <ul className="job-files">
            {job.attachments.map((file) => (
              <li key={file.id}>
                <ProtectedFileLink href={file.url} fileName={file.name}>
                  {file.name}
                </ProtectedFileLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
