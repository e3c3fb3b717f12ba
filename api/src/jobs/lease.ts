/**
 * Leases in CouchDB (wf_jobs, `lease:<name>`): at most one API instance holds a named lease at a
 * time, so work that must not run twice at once (a sweep of the order timers, publishing one
 * order's events) runs on one instance, and another takes over when the holder dies (the lease
 * runs out). Taking a lease is a create, or an update of an expired one, checked by CouchDB's
 * revision: of two instances trying at once exactly one wins.
 */
import { randomBytes } from 'node:crypto';
import type { Couch } from '../couch/connect';
import { isConflict, isNotFound } from '../couch/errors';
import type { Clock } from '../lib/clock';

interface LeaseDoc {
  _id: string;
  _rev?: string;
  type: 'lease';
  owner: string;
  until: string;
}

/** This process's name as a lease owner. */
const INSTANCE_ID = `${process.pid}-${randomBytes(4).toString('hex')}`;

export async function tryLease(
  couch: Couch,
  clock: Clock,
  name: string,
  ttlMs: number,
  owner = INSTANCE_ID,
): Promise<LeaseDoc | null> {
  const db = couch.db('jobs');
  const _id = `lease:${name}`;
  const now = clock.now();
  const doc: LeaseDoc = {
    _id,
    type: 'lease',
    owner,
    until: new Date(now.getTime() + ttlMs).toISOString(),
  };
  let current: LeaseDoc | undefined;
  try {
    current = (await db.get(_id)) as unknown as LeaseDoc;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  if (current && current.owner !== owner && Date.parse(current.until) > now.getTime()) return null;
  try {
    const result = await db.insert({ ...doc, ...(current ? { _rev: current._rev } : {}) } as never);
    return { ...doc, _rev: result.rev };
  } catch (error) {
    if (isConflict(error)) return null; // another instance took it first
    throw error;
  }
}

export async function releaseLease(couch: Couch, lease: LeaseDoc): Promise<void> {
  try {
    await couch.db('jobs').destroy(lease._id, lease._rev!);
  } catch (error) {
    // Gone or taken over after it ran out: nothing of ours to release.
    if (!isNotFound(error) && !isConflict(error)) throw error;
  }
}

/** Runs `work` while holding the lease; returns false (without running it) when another holds it. */
export async function withLease(
  couch: Couch,
  clock: Clock,
  name: string,
  ttlMs: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const lease = await tryLease(couch, clock, name, ttlMs);
  if (!lease) return false;
  try {
    await work();
  } finally {
    await releaseLease(couch, lease).catch(() => undefined);
  }
  return true;
}
