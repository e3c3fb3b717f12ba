// The customer's jobs on this device (issue 18, offline): the server keeps a mirror `job:<id>` of
// each of the customer's jobs with its offers in their own database (read-only for them). My
// Jobs and the job page read these when the server cannot be asked.
import type { ListResponse } from '@wayfarer/api/schemas';
import type { JobMirrorDoc } from '@wayfarer/api/schemas/userdb-docs';
import { jobMirrorId, USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDoc, useLocalDocs } from '@/lib/local-db';
import type { Job, JobStatus } from './jobs';

/** The mirrors of the customer's jobs, live (null while the database opens). */
export function useDeviceJobs(): JobMirrorDoc[] | null {
  const docs = useLocalDocs<JobMirrorDoc>(USERDB_PREFIX.jobMirror);
  return docs && docs.filter((doc) => doc.type === 'job_mirror');
}

/** The device's copy of job `id`, live: undefined while it loads, null when there is none. */
export function useDeviceJob(id: string | null): JobMirrorDoc | null | undefined {
  return useLocalDoc<JobMirrorDoc>(id === null ? null : jobMirrorId(id));
}

/** One page of the mirrors as `GET /api/jobs/mine` answers it, with counts per status. */
export function deviceJobList(
  mirrors: readonly JobMirrorDoc[],
  query: { status: JobStatus | null; page: number; perPage: number },
): ListResponse<Job> & { counts: Record<string, number> } {
  const jobs = mirrors.map((m) => m.job).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const counts: Record<string, number> = { '*': jobs.length };
  for (const job of jobs) counts[job.status] = (counts[job.status] ?? 0) + 1;
  const found = jobs.filter((job) => !query.status || job.status === query.status);
  const lastPage = Math.max(1, Math.ceil(found.length / query.perPage));
  return {
    data: found.slice((query.page - 1) * query.perPage, query.page * query.perPage),
    meta: { page: query.page, per_page: query.perPage, total: found.length, last_page: lastPage },
    counts,
  };
}
