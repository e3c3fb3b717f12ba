/**
 * Jobs and offers (issue 18): posting, editing and closing a job (its customer), offering,
 * editing and withdrawing an offer (agents, one each per job), declining and accepting one (the
 * customer), and the lists. Every change is a compare-and-set write (job-store.ts) that appends
 * an event to the job's outbox; what follows (the customer's mirror, notifications, mail, the
 * order of an accepted offer) is published from there (job-followup.ts).
 *
 * Accepting is the one decision that must be made once: the job goes from open to closed with
 * the accepted offer's id in a single write checked by the job's `_rev`, so of two accepts (two
 * tabs, or two offers at once) one wins and the other reads a closed job. The order's id comes
 * from the offer's, so the order is made once however often the follow-up runs.
 */
import { randomBytes } from 'node:crypto';
import { isConflict } from '../../couch/errors';
import { AppError, conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import type { ListResponse } from '../../schemas';
import {
  JOB_OPEN_DAYS_DEFAULT,
  type CreateJobInput,
  type CreateOfferInput,
  type Job,
  type JobDetail,
  type JobStatus,
  type Offer,
  type OfferStatus,
  type UpdateJobInput,
  type UpdateOfferInput,
} from '../../schemas/jobs';
import type { Order } from '../../schemas/orders';
import { getGigDoc } from '../gigs/gigs.service';
import { partyOf } from '../orders/order-store';
import type { OrdersDeps } from '../orders/orders.service';
import { acceptedOrder, orderIdOfOffer } from './job-order';
import { listActiveServices } from '../services/services.service';
import type { UserDoc } from '../users/users.model';
import { publishJob } from './job-followup';
import {
  isOpen,
  jobKey,
  offerIdOf,
  offerKey,
  statusAt,
  toJob,
  type JobDoc,
  type OfferDoc,
} from './job-model';
import {
  mutateJob,
  mutateOffer,
  offersOfJob,
  readJob,
  readOffer,
  showOffers,
  withEvent,
} from './job-store';

export type JobsDeps = OrdersDeps;

const DAY_MS = 86_400_000;

const viewerOf = (user: UserDoc) => ({ id: user.id, role: user.role });

/**
 * Starts a job's follow-up (its outbox: the customer's mirror, the offer count, notifications,
 * mail, the other offers declined) without holding the answer for it: under load it took seconds
 * an agent sending an offer or a customer on the way to checkout should not wait. The events are
 * in the job already (written with the change), so if this fails or the process stops, the
 * timers' sweep publishes them.
 */
function afterChange(deps: JobsDeps, jobId: string): void {
  void publishJob(deps, jobId).catch((error: unknown) =>
    deps.logger.warn({ err: error, job: jobId }, 'job follow-up failed; it will be retried'),
  );
}

async function checkService(deps: JobsDeps, serviceId: string): Promise<void> {
  const services = await listActiveServices(deps.couch);
  if (!services.some((s) => s.id === serviceId))
    throw ValidationError.field('service_id', 'Choose one of the services.');
}

function checkStart(startDate: string, now: Date): void {
  if (startDate < now.toISOString().slice(0, 10))
    throw ValidationError.field('start_date', 'Choose a start date from today on.');
}

const expiryOf = (createdAt: string, openDays: number) =>
  new Date(Date.parse(createdAt) + openDays * DAY_MS).toISOString();

/** `POST /api/jobs`: a new open job of the customer. */
export async function createJob(
  deps: JobsDeps,
  customer: UserDoc,
  input: CreateJobInput,
  /** A fixed id (the demo seed's, so a second run finds the job: 409). */
  fixedId?: string,
): Promise<Job> {
  const now = deps.clock.now();
  await checkService(deps, input.service_id);
  checkStart(input.start_date, now);
  const id = fixedId ?? randomBytes(12).toString('hex');
  const at = now.toISOString();
  const openDays = input.open_days ?? JOB_OPEN_DAYS_DEFAULT;
  const job: JobDoc = withEvent(
    {
      _id: jobKey(id),
      type: 'job',
      id,
      customer_id: customer.id,
      customer: partyOf(customer),
      title: input.title,
      service_id: input.service_id,
      description: input.description,
      budget: input.budget,
      start_date: input.start_date,
      end_date: input.end_date,
      destination: input.destination,
      travellers: input.travellers,
      open_days: openDays,
      attachments: [],
      status: 'open',
      offer_count: 0,
      accepted_offer_id: null,
      order_id: null,
      created_at: at,
      updated_at: at,
      expires_at: expiryOf(at, openDays),
      closed_at: null,
      expiry_warned_at: null,
      outbox: [],
      seq: 0,
    },
    'posted',
    now,
  );
  try {
    const result = await deps.couch.db('market').insert(job as never);
    job._rev = result.rev;
  } catch (error) {
    if (isConflict(error)) throw conflict('This job exists already.');
    throw error;
  }
  afterChange(deps, id);
  return toJob(job, viewerOf(customer), null, now);
}

/** The job if `user` is its customer; 404 for anyone else (another's job stays unseen), 403 for other roles. */
async function ownJob(deps: JobsDeps, user: UserDoc, id: string): Promise<JobDoc> {
  const job = await readJob(deps, id);
  if (job.customer_id !== user.id) throw notFound('No such job.');
  return job;
}

function requireOpen(job: JobDoc, now: Date, what: string): void {
  const status = statusAt(job, now);
  if (status !== 'open') throw conflict(`${what} is not possible: the job is ${status}.`);
}

/** `PATCH /api/jobs/{id}`: the customer edits their open job (no offer accepted yet). */
export async function updateJob(
  deps: JobsDeps,
  user: UserDoc,
  id: string,
  input: UpdateJobInput,
): Promise<Job> {
  await ownJob(deps, user, id);
  if (input.service_id !== undefined) await checkService(deps, input.service_id);
  const now = deps.clock.now();
  if (input.start_date !== undefined) checkStart(input.start_date, now);
  const job = await mutateJob(deps, id, (current) => {
    requireOpen(current, deps.clock.now(), 'Editing');
    const next: JobDoc = { ...current };
    for (const [key, value] of Object.entries(input))
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
    if ((next.end_date ?? next.start_date) < next.start_date)
      throw ValidationError.field('end_date', 'The end date is on or after the start date.');
    next.expires_at = expiryOf(next.created_at, next.open_days);
    if (Date.parse(next.expires_at) <= now.getTime())
      throw ValidationError.field(
        'open_days',
        'The job would already be closed: keep it open for more days.',
      );
    // A new expiry gets its own "expires in 24 hours" warning.
    if (next.expires_at !== current.expires_at) next.expiry_warned_at = null;
    return withEvent(next, 'edited', now);
  });
  afterChange(deps, id);
  return toJob(job, viewerOf(user), null, deps.clock.now());
}

/** `POST /api/jobs/{id}/close`: the customer closes their open job; pending offers are declined. */
export async function closeJob(deps: JobsDeps, user: UserDoc, id: string): Promise<Job> {
  await ownJob(deps, user, id);
  const job = await mutateJob(deps, id, (current) => {
    const now = deps.clock.now();
    requireOpen(current, now, 'Closing');
    return withEvent({ ...current, status: 'closed', closed_at: now.toISOString() }, 'closed', now);
  });
  afterChange(deps, id);
  return toJob(job, viewerOf(user), null, deps.clock.now());
}

/**
 * `GET /api/jobs/{id}`: its customer sees it with every offer; an agent sees an open job, or
 * any job they offered on, with their own offer; an admin sees the job. Anyone else: 404.
 */
export async function getJob(deps: JobsDeps, user: UserDoc, id: string): Promise<JobDetail> {
  const job = await readJob(deps, id);
  const now = deps.clock.now();
  const jobs = new Map([[job.id, job]]);
  if (job.customer_id === user.id) {
    const all = await offersOfJob(deps, id);
    const offers = await showOffers(deps, all, jobs, viewerOf(user));
    // The count from the offers themselves: the job's own is the follow-up's, moments behind.
    const count = all.filter((o) => o.status !== 'withdrawn').length;
    return { job: { ...toJob(job, viewerOf(user), null, now), offer_count: count }, offers };
  }
  if (user.role === 'Agent') {
    let mine: OfferDoc | null = null;
    try {
      mine = await readOffer(deps, offerIdOf(id, user.id));
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
    if (!mine && statusAt(job, now) !== 'open') throw notFound('No such job.');
    const [offer] = mine ? await showOffers(deps, [mine], jobs, viewerOf(user)) : [];
    return { job: toJob(job, viewerOf(user), offer ?? null, now) };
  }
  if (user.role === 'Admin') return { job: toJob(job, viewerOf(user), null, now) };
  throw notFound('No such job.');
}

const page = <T>(all: T[], pageNo: number, perPage: number): ListResponse<T> => ({
  data: all.slice((pageNo - 1) * perPage, pageNo * perPage),
  meta: {
    page: pageNo,
    per_page: perPage,
    total: all.length,
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
  },
});

/** `GET /api/jobs/mine`: the customer's jobs, newest first, by status (as of now). */
export async function myJobs(
  deps: JobsDeps,
  user: UserDoc,
  query: { status?: JobStatus; page: number; per_page: number },
): Promise<ListResponse<Job>> {
  const result = await deps.couch.db('market').view('jobs', 'by_customer', {
    startkey: [user.id, {}],
    endkey: [user.id],
    descending: true,
    include_docs: true,
    reduce: false,
  } as never);
  const now = deps.clock.now();
  const jobs = (result.rows as unknown as { doc: JobDoc }[])
    .map((row) => row.doc)
    .filter((job) => !query.status || statusAt(job, now) === query.status);
  const listed = page(jobs, query.page, query.per_page);
  return {
    ...listed,
    data: listed.data.map((job) => toJob(job, viewerOf(user), null, now)),
  };
}

/** `GET /api/offers/mine`: the agent's offers, newest first, by status. */
export async function myOffers(
  deps: JobsDeps,
  user: UserDoc,
  query: { status?: OfferStatus; page: number; per_page: number },
): Promise<ListResponse<Offer>> {
  const result = await deps.couch.db('market').view('jobs', 'offers_by_agent', {
    startkey: [user.id, {}],
    endkey: [user.id],
    descending: true,
    include_docs: true,
    reduce: false,
  } as never);
  const offers = (result.rows as unknown as { doc: OfferDoc }[])
    .map((row) => row.doc)
    .filter((offer) => !query.status || offer.status === query.status);
  const listed = page(offers, query.page, query.per_page);
  const jobIds = [...new Set(listed.data.map((o) => o.job_id))];
  const jobs = new Map<string, JobDoc>();
  if (jobIds.length) {
    const docs = await deps.couch
      .db('market')
      .fetch({ keys: jobIds.map(jobKey) }, { include_docs: true } as never);
    for (const row of docs.rows as unknown as { doc?: JobDoc }[])
      if (row.doc?.type === 'job') jobs.set(row.doc.id, row.doc);
  }
  return {
    ...listed,
    data: await showOffers(deps, listed.data, jobs, viewerOf(user)),
  };
}

async function offerGig(
  deps: JobsDeps,
  agent: UserDoc,
  gigId: string | null,
): Promise<{ id: string; title: string } | null> {
  if (!gigId) return null;
  try {
    const gig = await getGigDoc(deps, gigId);
    if (gig.owner_id !== agent.id)
      throw ValidationError.field('gig_id', 'Choose one of your gigs.');
    return { id: gig.id, title: gig.title };
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw ValidationError.field('gig_id', 'Choose one of your gigs.');
    throw error;
  }
}

/**
 * `POST /api/jobs/{id}/offers`: the agent's one offer on an open job. The offer's id is the job's
 * and the agent's, so a second one (even sent at the same moment) is CouchDB's conflict: 409.
 * A withdrawn offer may be sent again.
 */
export async function createOffer(
  deps: JobsDeps,
  agent: UserDoc,
  jobId: string,
  input: CreateOfferInput,
): Promise<Offer> {
  const job = await readJob(deps, jobId);
  const now = deps.clock.now();
  if (job.customer_id === agent.id) throw forbidden('You cannot offer on your own job.');
  if (!isOpen(job, now)) throw conflict(`This job takes no offers: it is ${statusAt(job, now)}.`);
  const gig = await offerGig(deps, agent, input.gig_id);
  const id = offerIdOf(jobId, agent.id);
  const at = now.toISOString();
  const fields = {
    job_title: job.title,
    price: input.price,
    delivery_days: input.delivery_days,
    revisions: input.revisions,
    message: input.message,
    gig,
    status: 'pending' as const,
    order_id: null,
    updated_at: at,
  };
  const db = deps.couch.db('market');
  let offer: OfferDoc;
  try {
    offer = {
      _id: offerKey(jobId, agent.id),
      type: 'offer',
      id,
      job_id: jobId,
      customer_id: job.customer_id,
      agent_id: agent.id,
      agent: partyOf(agent),
      created_at: at,
      ...fields,
    };
    const result = await db.insert(offer as never);
    offer._rev = result.rev;
  } catch (error) {
    if (!isConflict(error)) throw error;
    offer = await mutateOffer(deps, id, (current) => {
      if (current.status !== 'withdrawn')
        throw conflict('You already sent an offer on this job: edit it instead.');
      return { ...current, ...fields, created_at: at };
    });
  }
  // The job hears of it; if it closed meanwhile, the offer is too late.
  try {
    await mutateJob(deps, jobId, (current) => {
      if (!isOpen(current, deps.clock.now()))
        throw conflict(`This job takes no offers: it is ${statusAt(current, now)}.`);
      return withEvent(current, 'offer', now, id);
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409)
      await mutateOffer(deps, id, (current) =>
        current.status === 'pending'
          ? { ...current, status: 'withdrawn', updated_at: at }
          : current,
      );
    throw error;
  }
  afterChange(deps, jobId);
  const [shown] = await showOffers(deps, [offer], new Map([[jobId, job]]), viewerOf(agent));
  return shown!;
}

/** The offer if `user` is its agent or the job's customer; 404 for anyone else. */
async function visibleOffer(deps: JobsDeps, user: UserDoc, id: string): Promise<OfferDoc> {
  const offer = await readOffer(deps, id);
  if (offer.agent_id !== user.id && offer.customer_id !== user.id) throw notFound('No such offer.');
  return offer;
}

async function changeOffer(
  deps: JobsDeps,
  user: UserDoc,
  id: string,
  who: 'agent' | 'customer',
  event: 'offer_edited' | 'offer_withdrawn' | 'offer_declined',
  change: (offer: OfferDoc, at: string) => OfferDoc,
): Promise<Offer> {
  const seen = await visibleOffer(deps, user, id);
  if ((who === 'agent' ? seen.agent_id : seen.customer_id) !== user.id)
    throw forbidden(
      who === 'agent'
        ? 'Only the agent who sent it can do that.'
        : 'Only the job’s customer can do that.',
    );
  const job = await readJob(deps, seen.job_id);
  const now = deps.clock.now();
  const offer = await mutateOffer(deps, id, (current) => {
    if (current.status !== 'pending')
      throw conflict(`The offer is ${current.status}: it cannot change any more.`);
    requireOpen(job, now, 'Changing the offer');
    return change(current, now.toISOString());
  });
  await mutateJob(deps, job.id, (current) => withEvent(current, event, now, id));
  afterChange(deps, job.id);
  const [shown] = await showOffers(deps, [offer], new Map([[job.id, job]]), viewerOf(user));
  return shown!;
}

/** `PATCH /api/offers/{id}`: the agent changes their pending offer. */
export async function updateOffer(
  deps: JobsDeps,
  user: UserDoc,
  id: string,
  input: UpdateOfferInput,
): Promise<Offer> {
  const gig = input.gig_id === undefined ? undefined : await offerGig(deps, user, input.gig_id);
  return changeOffer(deps, user, id, 'agent', 'offer_edited', (current, at) => ({
    ...current,
    ...(input.price ? { price: input.price } : {}),
    ...(input.delivery_days !== undefined ? { delivery_days: input.delivery_days } : {}),
    ...(input.revisions !== undefined ? { revisions: input.revisions } : {}),
    ...(input.message !== undefined ? { message: input.message } : {}),
    ...(gig !== undefined ? { gig } : {}),
    updated_at: at,
  }));
}

export const withdrawOffer = (deps: JobsDeps, user: UserDoc, id: string) =>
  changeOffer(deps, user, id, 'agent', 'offer_withdrawn', (current, at) => ({
    ...current,
    status: 'withdrawn',
    updated_at: at,
  }));

export const declineOffer = (deps: JobsDeps, user: UserDoc, id: string) =>
  changeOffer(deps, user, id, 'customer', 'offer_declined', (current, at) => ({
    ...current,
    status: 'declined',
    updated_at: at,
  }));

/**
 * `POST /api/offers/{id}/accept`: the customer accepts a pending offer of their open job. The
 * job closes with this offer in one compare-and-set write: of two accepts at once (the same
 * offer from two tabs, or two offers) exactly one decides, and one order is made. The same
 * offer accepted again answers the same order.
 */
export async function acceptOffer(deps: JobsDeps, user: UserDoc, id: string): Promise<Order> {
  const seen = await visibleOffer(deps, user, id);
  if (seen.customer_id !== user.id) throw forbidden('Only the job’s customer can accept an offer.');
  const job = await mutateJob(deps, seen.job_id, (current) => {
    if (current.accepted_offer_id === id) return current; // accepted already: the same order
    const now = deps.clock.now();
    requireOpen(current, now, 'Accepting an offer');
    if (seen.status !== 'pending')
      throw conflict(`The offer is ${seen.status}: it cannot be accepted.`);
    return withEvent(
      {
        ...current,
        status: 'closed',
        closed_at: now.toISOString(),
        accepted_offer_id: id,
        order_id: orderIdOfOffer(id),
      },
      'accepted',
      now,
      id,
    );
  });
  const offer = await readOffer(deps, id);
  const order = await acceptedOrder(deps, job, offer);
  afterChange(deps, job.id);
  return order;
}
