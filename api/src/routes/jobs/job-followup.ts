/**
 * What follows a job's change, published from the job's outbox (the events its changes appended
 * in the same write), the way order-followup.ts does it for orders:
 *
 * 1. an accepted offer: its order (deterministic id: made once), the offer marked accepted and
 *    every other pending offer declined;
 * 2. the offer count, and the mirror `job:<id>` in the customer's own database (the job and its
 *    offers as the customer sees them; server-owned, read offline);
 * 3. notifications and mail: `job_offer` to the customer, `offer_accepted` / `offer_declined` to
 *    agents, `job_expiring` to the customer, `job_match` to agents whose saved search matches a
 *    new job;
 * 4. the published events removed from the outbox.
 *
 * Steps 1–3 are idempotent (notification ids are the event's), so a retry or a restart repeats
 * nothing the user sees twice (mail excepted, as for orders). `sweepJobs` runs inside the order
 * timers' lease-held sweep: the expiry of open jobs, the "expires in 24 hours" warning and any
 * follow-up left undone.
 */
import { isConflict, isNotFound } from '../../couch/errors';
import { userDbName } from '../../couch/userdb';
import { releaseLease, tryLease } from '../../jobs/lease';
import { AppError } from '../../lib/errors';
import { jobEventMail } from '../../mail/templates';
import { JOB_EXPIRY_WARNING_HOURS } from '../../schemas/jobs';
import { jobMirrorDocSchema } from '../../schemas/userdb-docs';
import { jobMirrorId } from '../../schemas/userdb-rules';
import { writeNotification } from '../notifications/notifications.service';
import { userKey, type UserDoc } from '../users/users.model';
import { matchingSearches } from './job-board';
import { toJob, type JobDoc, type JobEvent, type OfferDoc } from './job-model';
import { acceptedOrder } from './job-order';
import { mutateJob, mutateOffer, offersOfJob, readJob, showOffers, withEvent } from './job-store';
import type { OrdersDeps as JobsDeps } from '../orders/orders.service';

const HOUR_MS = 3_600_000;

async function readUser(deps: JobsDeps, id: string): Promise<UserDoc | null> {
  try {
    return (await deps.couch.db('users').get(userKey(id))) as unknown as UserDoc;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

interface Tell {
  kind: 'job_offer' | 'offer_accepted' | 'offer_declined' | 'job_expiring' | 'job_match';
  key: string;
  title: string;
  body: string;
  link: string;
  label: string;
}

/** A notification in the user's database and a mail (active accounts only). */
async function tell(deps: JobsDeps, userId: string, message: Tell): Promise<void> {
  await writeNotification(deps, userId, message).catch((error: unknown) => {
    // A deleted account's database is gone: nobody to tell.
    if (!isNotFound(error)) throw error;
  });
  const user = await readUser(deps, userId);
  if (user && user.status === 'active')
    await deps.mailer.send(
      jobEventMail(user.email, user.full_name, message.title, message.body, {
        label: message.label,
        url: `${deps.publicUrl()}${message.link}`,
      }),
    );
}

const jobLink = (id: string) => `/jobs/${id}`;

/** The customer's copy of the job and its offers (written whole, newer over older). */
async function writeMirror(deps: JobsDeps, job: JobDoc, offers: OfferDoc[]): Promise<void> {
  const viewer = { id: job.customer_id, role: 'Customer' };
  const now = deps.clock.now();
  const shown = await showOffers(deps, offers, new Map([[job.id, job]]), viewer);
  const mirror = jobMirrorDocSchema.parse({
    _id: jobMirrorId(job.id),
    type: 'job_mirror',
    id: job.id,
    job: toJob(job, viewer, null, now),
    offers: shown,
    source_seq: job.seq,
    mirrored_at: now.toISOString(),
  });
  const db = deps.couch.server.use(userDbName(deps.couch, job.customer_id));
  for (let attempt = 0; attempt < 5; attempt++) {
    let rev: string | undefined;
    try {
      const current = (await db.get(mirror._id)) as unknown as {
        _rev: string;
        source_seq?: number;
      };
      // An older state never overwrites a newer one (two publishers racing).
      if ((current.source_seq ?? 0) > job.seq) return;
      rev = current._rev;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if ((error as { reason?: string }).reason === 'no_db_file') return;
      if (/Database does not exist/i.test(String((error as Error).message))) return;
    }
    try {
      await db.insert({ ...mirror, ...(rev ? { _rev: rev } : {}) } as never);
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}

/** Step 1: the accepted offer's order, and every offer's final status. */
async function settleAccepted(deps: JobsDeps, job: JobDoc, offers: OfferDoc[]): Promise<void> {
  const accepted = offers.find((o) => o.id === job.accepted_offer_id);
  if (!accepted) return;
  const order = await acceptedOrder(deps, job, accepted);
  const at = deps.clock.now().toISOString();
  for (const offer of offers) {
    if (offer.id === accepted.id) {
      if (offer.status !== 'accepted' || offer.order_id !== order.id)
        await mutateOffer(deps, offer.id, (current) => ({
          ...current,
          status: 'accepted',
          order_id: order.id,
          updated_at: at,
        }));
      await tell(deps, offer.agent_id, {
        kind: 'offer_accepted',
        key: offer.id,
        title: 'Your offer was accepted',
        body: `${job.customer.full_name} accepted your offer on “${job.title}”. The order starts once it is paid.`,
        link: `/orders/${order.id}`,
        label: 'Open the order',
      });
    } else if (offer.status === 'pending') {
      await mutateOffer(deps, offer.id, (current) =>
        current.status === 'pending' ? { ...current, status: 'declined', updated_at: at } : current,
      );
      await tell(deps, offer.agent_id, declined(job, offer));
    }
  }
}

const declined = (job: JobDoc, offer: OfferDoc): Tell => ({
  kind: 'offer_declined',
  key: offer.id,
  title: 'Your offer was declined',
  body:
    job.accepted_offer_id && job.accepted_offer_id !== offer.id
      ? `The customer chose another offer on “${job.title}”.`
      : `The customer declined your offer on “${job.title}”.`,
  link: jobLink(job.id),
  label: 'Open the job',
});

/** Step 3 for one event. */
async function tellOf(deps: JobsDeps, job: JobDoc, offers: OfferDoc[], event: JobEvent) {
  const offer = event.offer_id ? offers.find((o) => o.id === event.offer_id) : undefined;
  switch (event.kind) {
    case 'offer':
      if (offer)
        await tell(deps, job.customer_id, {
          kind: 'job_offer',
          key: `${offer.id}-${event.id}`,
          title: 'New offer on your job',
          body: `${offer.agent.full_name} sent an offer on “${job.title}”.`,
          link: jobLink(job.id),
          label: 'Compare the offers',
        });
      return;
    case 'offer_declined':
      if (offer) await tell(deps, offer.agent_id, declined(job, offer));
      return;
    case 'closed':
      // The customer closed the job: pending offers are declined.
      for (const pending of offers.filter((o) => o.status === 'pending')) {
        await mutateOffer(deps, pending.id, (current) =>
          current.status === 'pending'
            ? { ...current, status: 'declined', updated_at: event.at }
            : current,
        );
        await tell(deps, pending.agent_id, declined(job, pending));
      }
      return;
    case 'expiring':
      await tell(deps, job.customer_id, {
        kind: 'job_expiring',
        key: `${job.id}-${job.expires_at}`,
        title: 'Your job closes in 24 hours',
        body: `“${job.title}” stops taking offers on ${job.expires_at.slice(0, 16).replace('T', ' ')} UTC. Accept an offer or edit the job to keep it open longer.`,
        link: jobLink(job.id),
        label: 'Open the job',
      });
      return;
    case 'posted':
      for (const agentId of await matchingSearches(deps, job))
        await tell(deps, agentId, {
          kind: 'job_match',
          key: `${job.id}-${agentId}`,
          title: 'A new job matches your saved search',
          body: `“${job.title}” in ${job.destination}.`,
          link: jobLink(job.id),
          label: 'Open the job',
        });
      return;
    default:
      return;
  }
}

/** One publication of a job's outbox (steps 1–4), under its lease. */
async function publishOnce(deps: JobsDeps, jobId: string): Promise<void> {
  let job = await readJob(deps, jobId);
  let offers = await offersOfJob(deps, jobId);
  if (job.accepted_offer_id) {
    await settleAccepted(deps, job, offers);
    offers = await offersOfJob(deps, jobId);
  }
  for (const event of job.outbox) await tellOf(deps, job, offers, event);
  if (job.outbox.some((e) => e.kind === 'closed')) offers = await offersOfJob(deps, jobId);
  const count = offers.filter((o) => o.status !== 'withdrawn').length;
  const done = new Set(job.outbox.map((e) => e.id));
  job = await mutateJob(deps, jobId, (current) => {
    const left = current.outbox.filter((e) => !done.has(e.id));
    if (left.length === current.outbox.length && current.offer_count === count) return current;
    return { ...current, outbox: left, offer_count: count };
  });
  await writeMirror(deps, job, offers);
}

/** Rounds of publication one call runs at most; what is left then waits for the sweep. */
const MAX_ROUNDS = 5;

/**
 * Publishes a job's outbox (see above), holding the job's lease meanwhile; returns false when
 * another request or instance holds it. A change made while the lease is held finds it taken;
 * so the holder, once it has let the lease go, reads the job again and publishes what arrived
 * meanwhile: a change is published by its own request or by the holder, never left to the sweep.
 */
export async function publishJob(deps: JobsDeps, jobId: string): Promise<boolean> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const lease = await tryLease(deps.couch, deps.clock, `job:${jobId}`, 60_000);
    if (!lease) return round > 0;
    try {
      await publishOnce(deps, jobId);
    } finally {
      await releaseLease(deps.couch, lease).catch(() => undefined);
    }
    if ((await readJob(deps, jobId)).outbox.length === 0) return true;
  }
  return true;
}

interface Row {
  id: string;
  key: unknown;
}

/**
 * The jobs' part of the timers' sweep (order-followup.ts `sweepOrders`, under its lease): open
 * jobs past their expiry expire, those within 24 hours of it get their warning once, and jobs
 * with events not yet published are published.
 */
export async function sweepJobs(deps: JobsDeps): Promise<void> {
  const db = deps.couch.db('market');
  const now = deps.clock.now();
  const due = await db.view('jobs', 'due', { endkey: now.toISOString(), limit: 500 } as never);
  for (const row of due.rows as unknown as Row[]) {
    const id = row.id.slice('job:'.length);
    try {
      await mutateJob(deps, id, (current) => {
        const at = deps.clock.now();
        if (current.status !== 'open') return current;
        if (Date.parse(current.expires_at) <= at.getTime())
          return withEvent(
            { ...current, status: 'expired', closed_at: current.expires_at },
            'expired',
            at,
          );
        const warnAt = Date.parse(current.expires_at) - JOB_EXPIRY_WARNING_HOURS * HOUR_MS;
        if (!current.expiry_warned_at && warnAt <= at.getTime())
          return withEvent({ ...current, expiry_warned_at: at.toISOString() }, 'expiring', at);
        return current;
      });
      await publishJob(deps, id);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404))
        deps.logger.warn({ err: error, job: id }, 'a job timer failed; it will be retried');
    }
  }
  const pending = await db.view('jobs', 'followup', { limit: 500 } as never);
  for (const row of pending.rows as unknown as Row[]) {
    const id = row.id.slice('job:'.length);
    await publishJob(deps, id).catch((error: unknown) =>
      deps.logger.warn({ err: error, job: id }, 'a job follow-up failed; it will be retried'),
    );
  }
}
