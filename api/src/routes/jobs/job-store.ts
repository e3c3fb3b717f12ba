/**
 * Reading and writing jobs and offers: the one read of each, and the compare-and-set writes
 * every change goes through (read → decide → write with the document's `_rev`; a conflict is
 * read and decided again, so two accepts of one job make one decision).
 */
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { notFound } from '../../lib/errors';
import { reputationOf } from '../reputation/reputation.service';
import {
  jobKey,
  offerKey,
  splitOfferId,
  toOffer,
  type AgentFigures,
  type JobDoc,
  type JobEvent,
  type OfferDoc,
  type Viewer,
} from './job-model';
import type { Offer } from '../../schemas/jobs';

type Deps = Pick<AppDeps, 'couch' | 'clock'>;

export async function readJob(deps: Pick<AppDeps, 'couch'>, id: string): Promise<JobDoc> {
  try {
    const doc = (await deps.couch.db('market').get(jobKey(id))) as unknown as JobDoc;
    if (doc.type !== 'job') throw notFound('No such job.');
    return doc;
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such job.');
    throw error;
  }
}

export async function readOffer(deps: Pick<AppDeps, 'couch'>, id: string): Promise<OfferDoc> {
  const parts = splitOfferId(id);
  if (!parts) throw notFound('No such offer.');
  try {
    const doc = (await deps.couch
      .db('market')
      .get(offerKey(parts.jobId, parts.agentId))) as unknown as OfferDoc;
    if (doc.type !== 'offer') throw notFound('No such offer.');
    return doc;
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such offer.');
    throw error;
  }
}

/** Adds an event to the job's outbox (its id unique per job). */
export function withEvent(
  job: JobDoc,
  kind: JobEvent['kind'],
  now: Date,
  offerId?: string,
): JobDoc {
  const seq = job.seq + 1;
  const at = now.toISOString();
  return {
    ...job,
    seq,
    updated_at: at,
    outbox: [
      ...job.outbox,
      { id: `${seq}-${kind}`, kind, at, ...(offerId ? { offer_id: offerId } : {}) },
    ],
  };
}

async function mutateDoc<T extends { _id: string; _rev?: string }>(
  deps: Pick<AppDeps, 'couch'>,
  read: () => Promise<T>,
  decide: (doc: T) => T,
): Promise<T> {
  const db = deps.couch.db('market');
  for (let attempt = 0; ; attempt++) {
    const current = await read();
    const next = decide(current);
    if (next === current) return current;
    try {
      const result = await db.insert(next as never);
      return { ...next, _rev: result.rev };
    } catch (error) {
      if (!isConflict(error) || attempt >= 8) throw error;
    }
  }
}

/** Read, decide, write the job with its `_rev`; decided again after a conflict. */
export function mutateJob(
  deps: Pick<AppDeps, 'couch'>,
  id: string,
  decide: (job: JobDoc) => JobDoc,
): Promise<JobDoc> {
  return mutateDoc(deps, () => readJob(deps, id), decide);
}

export function mutateOffer(
  deps: Pick<AppDeps, 'couch'>,
  id: string,
  decide: (offer: OfferDoc) => OfferDoc,
): Promise<OfferDoc> {
  return mutateDoc(deps, () => readOffer(deps, id), decide);
}

/** Every offer of a job (a job has few: one per agent who answered), oldest first. */
export async function offersOfJob(
  deps: Pick<AppDeps, 'couch'>,
  jobId: string,
): Promise<OfferDoc[]> {
  const result = await deps.couch.db('market').list({
    startkey: `offer:${jobId}:`,
    endkey: `offer:${jobId}:\ufff0`,
    include_docs: true,
    limit: 1000,
  });
  return result.rows
    .map((row) => row.doc as unknown as OfferDoc | undefined)
    .filter((doc): doc is OfferDoc => !!doc && doc.type === 'offer')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The agents' figures an offer shows (level, rating, response time), one read per agent. */
async function figuresOf(deps: Deps, agentIds: string[]): Promise<Map<string, AgentFigures>> {
  const unique = [...new Set(agentIds)];
  const all = await Promise.all(unique.map((id) => reputationOf(deps, id)));
  return new Map(unique.map((id, i) => [id, all[i]!]));
}

/** Offers as the API shows them to `viewer`, with their agents' figures. */
export async function showOffers(
  deps: Deps,
  offers: OfferDoc[],
  jobs: Map<string, JobDoc>,
  viewer: Viewer,
): Promise<Offer[]> {
  const figures = await figuresOf(
    deps,
    offers.map((o) => o.agent_id),
  );
  const now = deps.clock.now();
  return offers.map((o) =>
    toOffer(o, jobs.get(o.job_id) ?? null, viewer, figures.get(o.agent_id) ?? null, now),
  );
}
