import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { useIsOnline } from '@/components/ui/use-online-status';
import { formatDate, plural } from '@/lib/format';
import { isUnreachable, useResource } from '@/lib/use-resource';
import { deviceJobList, useDeviceJobs } from '../api/device-jobs';
import { JOB_STATUSES, listMyJobs, type Job, type JobStatus } from '../api/jobs';
import { formatBudget, jobDates, JOB_STATUS_LABELS } from '../utils/format';
import { LoadError, Loading } from '@/components/ui/load-state';
import { DeviceCopyNote } from './load-state';
import './jobs.css';

const PER_PAGE = 10;

const isStatus = (value: string | null): value is JobStatus =>
  (JOB_STATUSES as readonly string[]).includes(value ?? '');

export interface MyJobsProps {
  jobHref: (id: string) => string;
  postHref: string;
}

/**
 * My Jobs: the customer's jobs by status (open, closed, expired; tabs with counts), with their
 * offer counts, a page at a time. Offline (or with the server out of reach) the mirrors of the
 * jobs on this device answer instead; the counts come from them too.
 */
export function MyJobs({ jobHref, postHref }: MyJobsProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const rawStatus = params.get('status');
  const status: JobStatus = isStatus(rawStatus) ? rawStatus : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const isOnline = useIsOnline();
  const { resource, reload } = useResource(
    isOnline ? JSON.stringify([status, page]) : null,
    (signal) => listMyJobs({ status, page, per_page: PER_PAGE }, { signal }),
  );
  const fromDevice = !isOnline || isUnreachable(resource);
  const mirrors = useDeviceJobs();
  const deviceList = mirrors && deviceJobList(mirrors, { status, page, perPage: PER_PAGE });
  const list = fromDevice ? deviceList : resource.data;
  const counts = deviceList?.counts ?? {};

  const hrefWith = (next: Record<string, string>) => {
    const search = new URLSearchParams(next).toString();
    return search ? `${pathname}?${search}` : pathname;
  };

  return (
    <div className="my-jobs">
      <nav aria-label="Jobs by status" className="job-tabs-nav">
        <ul>
          {JOB_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={hrefWith(s === 'open' ? {} : { status: s })}
                aria-current={s === status ? 'page' : undefined}
              >
                {JOB_STATUS_LABELS[s]} ({counts[s] ?? 0})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {fromDevice && <DeviceCopyNote what="your jobs" />}
      {!fromDevice && resource.status === 'error' ? (
        <LoadError error={resource.error} onRetry={reload} />
      ) : !list ? (
        <Loading what="your jobs" />
      ) : list.data.length === 0 ? (
        <section className="card empty-card">
          <h2>No {JOB_STATUS_LABELS[status].toLowerCase()} jobs</h2>
          <p>
            Describe what you need and agents answer with offers.{' '}
            <Link to={postHref}>Post a job</Link>
          </p>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {plural(list.meta.total, 'job')} {JOB_STATUS_LABELS[status].toLowerCase()}
          </p>
          <ul className="job-rows">
            {list.data.map((job) => (
              <JobRow key={job.id} job={job} href={jobHref(job.id)} />
            ))}
          </ul>
          <Pagination
            page={list.meta.page}
            lastPage={list.meta.last_page}
            hrefFor={(n) =>
              hrefWith({
                ...(status === 'open' ? {} : { status }),
                ...(n === 1 ? {} : { page: String(n) }),
              })
            }
            label="Pages of jobs"
          />
        </>
      )}
    </div>
  );
}

export function JobRow({
  job,
  href,
  showCustomer,
}: {
  job: Job;
  href: string;
  showCustomer?: boolean;
}) {
  return (
    <li className="card job-row" data-job-id={job.id}>
      <div className="job-row-main">
        <h3>
          <Link to={href}>{job.title}</Link>
        </h3>
        <p className="muted">
          {job.destination} · {jobDates(job)} · {plural(job.travellers, 'traveller')}
          {showCustomer ? ` · by ${job.customer.full_name}` : ''}
        </p>
        <p className="muted">
          Posted {formatDate(job.created_at)}
          {job.status === 'open' ? ` · open until ${formatDate(job.expires_at)}` : ''}
        </p>
      </div>
      <div className="job-row-side">
        <span className="badge" data-status={job.status}>
          {JOB_STATUS_LABELS[job.status]}
        </span>
        <span className="job-row-budget">{formatBudget(job.budget)}</span>
        {!showCustomer && (
          <span className="job-offer-count" data-testid="offer-count">
            {plural(job.offer_count, 'offer')}
          </span>
        )}
      </div>
    </li>
  );
}
