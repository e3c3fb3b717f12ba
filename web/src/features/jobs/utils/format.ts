import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { Job, JobBudget, JobStatus, OfferStatus } from '../api/jobs';

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  expired: 'Expired',
};

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** "$450" or "$300 – $600". */
export function formatBudget(budget: JobBudget): string {
  return budget.kind === 'fixed'
    ? formatMoney(budget.amount)
    : `${formatMoney(budget.min)} – ${formatMoney(budget.max)}`;
}

/** "12 Mar 2027" or "12 Mar 2027 – 15 Mar 2027". */
export function jobDates(job: Pick<Job, 'start_date' | 'end_date'>): string {
  const start = formatDate(job.start_date);
  return job.end_date && job.end_date !== job.start_date
    ? `${start} – ${formatDate(job.end_date)}`
    : start;
}
