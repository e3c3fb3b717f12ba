/**
 * Jobs and offers as stored in `wf_market` (issue 18), and as the API shows them.
 *
 * - `job:<id>`: the job, with its outbox (the events a change appended in the same write, so
 *   none is lost between the change and its follow-up: job-followup.ts).
 * - `offer:<job_id>:<agent_id>`: one agent's offer on one job; a second create of the same id is
 *   CouchDB's conflict, so one offer per agent per job holds even for two requests at once.
 *   The offer's public id is `<job_id>-<agent_id>` (ids are hex: the first `-` splits them).
 * - `jobsearch:<agent_id>:<id>`: an agent's saved search of the board.
 */
import type {
  Job,
  JobAction,
  JobBudget,
  JobStatus,
  Offer,
  OfferAction,
  OfferStatus,
} from '../../schemas/jobs';
import type { Money, OrderFile, OrderParty } from '../../schemas/orders';
import type { Reputation } from '../../schemas/reputation';

export const jobKey = (id: string) => `job:${id}`;
export const offerKey = (jobId: string, agentId: string) => `offer:${jobId}:${agentId}`;
export const offerIdOf = (jobId: string, agentId: string) => `${jobId}-${agentId}`;
/** The job and agent of an offer id, or null for one that is not an offer id. */
export function splitOfferId(id: string): { jobId: string; agentId: string } | null {
  const at = id.indexOf('-');
  if (at <= 0 || at === id.length - 1) return null;
  return { jobId: id.slice(0, at), agentId: id.slice(at + 1) };
}
export const savedSearchKey = (agentId: string, id: string) => `jobsearch:${agentId}:${id}`;

/** What happened to a job, for its follow-up (mirror, notifications, mail, the accepted order). */
export interface JobEvent {
  id: string;
  kind:
    | 'posted'
    | 'edited'
    | 'closed'
    | 'expired'
    | 'expiring'
    | 'offer'
    | 'offer_edited'
    | 'offer_withdrawn'
    | 'offer_declined'
    | 'accepted';
  at: string;
  /** The offer the event is about. */
  offer_id?: string;
}

export interface JobDoc {
  _id: string;
  _rev?: string;
  type: 'job';
  id: string;
  customer_id: string;
  customer: OrderParty;
  title: string;
  service_id: string;
  description: string;
  budget: JobBudget;
  start_date: string;
  end_date: string | null;
  destination: string;
  travellers: number;
  open_days: number;
  attachments: OrderFile[];
  status: JobStatus;
  offer_count: number;
  accepted_offer_id: string | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  closed_at: string | null;
  /** The "expires in 24 hours" notification went out (for this expiry). */
  expiry_warned_at: string | null;
  /** Events not yet followed up (job-followup.ts). */
  outbox: JobEvent[];
  /** Increments with every event: outbox event ids are unique per job. */
  seq: number;
}

export interface OfferDoc {
  _id: string;
  _rev?: string;
  type: 'offer';
  id: string;
  job_id: string;
  job_title: string;
  /** The job's customer: who may accept or decline it. */
  customer_id: string;
  agent_id: string;
  agent: OrderParty;
  price: Money;
  delivery_days: number;
  revisions: number;
  message: string;
  gig: { id: string; title: string } | null;
  status: OfferStatus;
  order_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface SavedSearchDoc {
  _id: string;
  _rev?: string;
  type: 'job_search';
  id: string;
  agent_id: string;
  name: string;
  query: Record<string, string | number>;
  created_at: string;
}

/** The budget's low and high ends in minor units (a fixed budget: the same twice). */
export function budgetRange(budget: JobBudget): { min: number; max: number; currency: string } {
  return budget.kind === 'fixed'
    ? { min: budget.amount.amount, max: budget.amount.amount, currency: budget.amount.currency }
    : { min: budget.min.amount, max: budget.max.amount, currency: budget.min.currency };
}

/** Open and not past its expiry: the only state that takes offers, edits and acceptances. */
export function isOpen(job: JobDoc, now: Date): boolean {
  return job.status === 'open' && Date.parse(job.expires_at) > now.getTime();
}

/** The status as of `now`: an open job past its expiry is expired even before the sweep writes it. */
export function statusAt(job: JobDoc, now: Date): JobStatus {
  return job.status === 'open' && !isOpen(job, now) ? 'expired' : job.status;
}

export type Viewer = { id: string; role: string } | null;

/** The agent's figures an offer shows (reputation.service.ts). */
export type AgentFigures = Pick<Reputation, 'level' | 'rating' | 'response_time_hours'>;

export function toOffer(
  doc: OfferDoc,
  job: JobDoc | null,
  viewer: Viewer,
  figures: AgentFigures | null,
  now: Date,
): Offer {
  const actions: OfferAction[] = [];
  const open = job ? isOpen(job, now) : false;
  if (doc.status === 'pending' && open && viewer) {
    if (viewer.id === doc.agent_id) actions.push('edit', 'withdraw');
    if (viewer.id === doc.customer_id) actions.push('accept', 'decline');
  }
  return {
    id: doc.id,
    job_id: doc.job_id,
    job_title: job?.title ?? doc.job_title,
    agent: {
      ...doc.agent,
      rating: figures && figures.rating.count ? figures.rating.average : null,
      rating_count: figures?.rating.count ?? 0,
      level: figures?.level ?? 'new',
      response_time_hours: figures?.response_time_hours ?? null,
    },
    price: doc.price,
    delivery_days: doc.delivery_days,
    revisions: doc.revisions,
    message: doc.message,
    gig: doc.gig,
    status: doc.status,
    order_id: doc.order_id,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    actions,
  };
}

export function toJob(doc: JobDoc, viewer: Viewer, myOffer: Offer | null, now: Date): Job {
  const status = statusAt(doc, now);
  const actions: JobAction[] = [];
  if (status === 'open' && viewer) {
    if (viewer.id === doc.customer_id) actions.push('edit', 'close');
    else if (viewer.role === 'Agent' && (!myOffer || myOffer.status === 'withdrawn'))
      actions.push('offer');
  }
  return {
    id: doc.id,
    title: doc.title,
    service_id: doc.service_id,
    description: doc.description,
    budget: doc.budget,
    start_date: doc.start_date,
    end_date: doc.end_date,
    destination: doc.destination,
    travellers: doc.travellers,
    open_days: doc.open_days,
    attachments: doc.attachments,
    status,
    customer: doc.customer,
    offer_count: doc.offer_count,
    accepted_offer_id: doc.accepted_offer_id,
    order_id: doc.order_id,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    expires_at: doc.expires_at,
    closed_at: doc.closed_at,
    actions,
    my_offer: myOffer,
  };
}
