// The jobs API (issue 18) as the web app uses it: posting and editing a job, the customer's jobs
// and the offers on them, the agents' board, offers and saved searches. Shapes come from the
// API's schemas (types only: no validation code reaches the bundle).
import type { ListResponse } from '@wayfarer/api/schemas';
import type {
  Job,
  JOB_OPEN_DAYS_DEFAULT as DEFAULT_OPEN_DAYS,
  JobBudget,
  JobStatus,
  Offer,
  OfferStatus,
  SavedJobSearch,
} from '@wayfarer/api/schemas/jobs';
import type { Order } from '@wayfarer/api/schemas/orders';
import { api, type QueryValue, type Send } from '@/lib/api-client';
import type { Money } from '@/lib/money';

export type { Job, JobBudget, JobStatus, Offer, OfferStatus, Order };
export type SavedSearch = SavedJobSearch;

// The statuses and the default at run time without the schema file (it brings zod along).
export const JOB_STATUSES = ['open', 'closed', 'expired'] as const satisfies readonly JobStatus[];
export const OFFER_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'withdrawn',
] as const satisfies readonly OfferStatus[];
export const JOB_OPEN_DAYS_DEFAULT: typeof DEFAULT_OPEN_DAYS = 14;

/** GET /api/jobs/{id}: the job, and for its customer every offer. */
export type JobWithOffers = Job & { offers?: Offer[] };

/** What POST /api/jobs and PATCH /api/jobs/{id} take. */
export interface JobFields {
  title: string;
  service_id: string;
  description: string;
  budget: Money | { min: Money; max: Money };
  start_date: string;
  end_date: string | null;
  destination: string;
  travellers: number;
  open_days: number;
}

export interface OfferFields {
  price: Money;
  delivery_days: number;
  revisions: number;
  message: string;
  gig_id?: string | null;
}

type Options = { signal?: AbortSignal };

const jobPath = (id: string, action = '') =>
  `/jobs/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
const offerPath = (id: string, action = '') =>
  `/offers/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export async function createJob(fields: JobFields): Promise<Job> {
  return (await api.post<{ job: Job }>('/jobs', fields)).job;
}

export async function updateJob(id: string, fields: Partial<JobFields>): Promise<Job> {
  return (await api.patch<{ job: Job }>(jobPath(id), fields)).job;
}

/** POST /api/jobs/:id/attachments (multipart `files`), as an order's requirement files. */
export async function uploadJobAttachments(
  id: string,
  files: readonly File[],
  send?: Send,
): Promise<Job> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return (
    await api.post<{ job: Job }>(jobPath(id, 'attachments'), body, {
      send,
    })
  ).job;
}

export async function getJob(id: string, options: Options = {}): Promise<JobWithOffers> {
  const answer = await api.get<{ job: Job; offers?: Offer[] }>(jobPath(id), options);
  return { ...answer.job, ...(answer.offers ? { offers: answer.offers } : {}) };
}

export async function closeJob(id: string): Promise<Job> {
  return (await api.post<{ job: Job }>(jobPath(id, 'close'), {})).job;
}

/** GET /api/jobs/mine: the customer's jobs (a status, or all). */
export function listMyJobs(
  query: { status?: JobStatus | null; page?: number; per_page?: number },
  options: Options = {},
): Promise<ListResponse<Job>> {
  return api.get<ListResponse<Job>>('/jobs/mine', { ...options, query });
}

/** GET /api/jobs: the board (agents), open jobs of the agent's services first. */
export function listBoard(
  query: Record<string, QueryValue>,
  options: Options = {},
): Promise<ListResponse<Job>> {
  return api.get<ListResponse<Job>>('/jobs', { ...options, query });
}

export async function sendOffer(jobId: string, fields: OfferFields): Promise<Offer> {
  return (await api.post<{ offer: Offer }>(jobPath(jobId, 'offers'), fields)).offer;
}

export async function updateOffer(id: string, fields: Partial<OfferFields>): Promise<Offer> {
  return (await api.patch<{ offer: Offer }>(offerPath(id), fields)).offer;
}

export async function withdrawOffer(id: string): Promise<Offer> {
  return (await api.post<{ offer: Offer }>(offerPath(id, 'withdraw'), {})).offer;
}

export async function declineOffer(id: string): Promise<Offer> {
  return (await api.post<{ offer: Offer }>(offerPath(id, 'decline'), {})).offer;
}

/** POST /api/offers/:id/accept: the order at the offer's terms, waiting for payment. */
export async function acceptOffer(id: string): Promise<Order> {
  return (await api.post<{ order: Order }>(offerPath(id, 'accept'), {})).order;
}

/** GET /api/offers/mine: the agent's offers (a status, or all). */
export function listMyOffers(
  query: { status?: OfferStatus | null; page?: number; per_page?: number },
  options: Options = {},
): Promise<ListResponse<Offer>> {
  return api.get<ListResponse<Offer>>('/offers/mine', { ...options, query });
}

export async function listSavedSearches(options: Options = {}): Promise<SavedSearch[]> {
  return (await api.get<{ data: SavedSearch[] }>('/jobs/saved-searches', options)).data;
}

export async function saveSearch(query: Record<string, string>): Promise<SavedSearch> {
  return (await api.post<{ search: SavedSearch }>('/jobs/saved-searches', query)).search;
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await api.delete(`/jobs/saved-searches/${encodeURIComponent(id)}`);
}

/** GET /api/agent/gigs: the agent's own gigs, to base an offer on one (active ones only). */
export async function listOwnGigs(
  options: Options = {},
): Promise<{ id: string; title: string; status: string }[]> {
  return (
    await api.get<{ data: { id: string; title: string; status: string }[] }>('/agent/gigs', options)
  ).data;
}
