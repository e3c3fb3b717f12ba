import type { Couch } from '../couch/connect';
import { isConflict, isNotFound } from '../couch/errors';
import type { Logger } from '../lib/logger';

export type JobKind = 'deliver' | 'read' | 'saves';

export interface JobDoc {
  _id: string;
  _rev?: string;
  type: 'job';
  kind: JobKind;
  user_id: string;
  ref: string;
  /** Orders jobs of one user (a message's creation time). */
  order: string;
  created_at: string;
  attempts: number;
}

/** What a handler says about a job: finished, or its input is not (yet) there. */
export type JobResult = 'done' | 'missing';

export const jobId = (kind: JobKind, userId: string, ref: string) => `job:${kind}:${userId}:${ref}`;

/** A job whose input never appeared (the write it was recorded for was refused) is dropped then. */
const MISSING_GRACE_MS = 60_000;

/**
 * Durable work between users. Jobs are written to wf_jobs before the write that causes them is
 * accepted (see the sync gateway), run in order per user, retried with back-off, and resumed
 * at start-up, so nothing accepted is lost when the API stops. Handlers are idempotent, so a job
 * run twice (two instances, or a crash after the work and before the clean-up) does no harm.
 */
export class JobRunner {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly couch: Couch,
    private readonly logger: Logger,
    private readonly handlers: Record<JobKind, (job: JobDoc) => Promise<JobResult>>,
  ) {}

  /** Records jobs (idempotent: a job already recorded stays as it is). */
  async record(
    jobs: Omit<JobDoc, '_id' | 'type' | 'attempts' | 'created_at'>[],
  ): Promise<JobDoc[]> {
    if (!jobs.length) return [];
    const now = new Date().toISOString();
    const docs: JobDoc[] = jobs.map((j) => ({
      ...j,
      _id: jobId(j.kind, j.user_id, j.ref),
      type: 'job',
      attempts: 0,
      created_at: now,
    }));
    const results = await this.couch.db('jobs').bulk({ docs } as never);
    // Known revisions let the first run skip reading the job back.
    // Matched by id: the embedded server does not always answer in the order of the request.
    const revs = new Map(results.filter((r) => r.rev && !r.error).map((r) => [r.id, r.rev]));
    for (const doc of docs) {
      const rev = revs.get(doc._id);
      if (rev) doc._rev = rev;
    }
    return docs;
  }

  /** Runs jobs and resolves when they (and the ones queued before them) have run. */
  async runAndWait(jobs: Pick<JobDoc, '_id' | 'user_id' | 'order'>[]): Promise<void> {
    this.run(jobs);
    await Promise.all([...new Set(jobs.map((j) => j.user_id))].map((u) => this.chains.get(u)));
  }

  /**
   * Runs jobs now, in their order, after any already queued for the same user. A whole job
   * document with its revision (as `record` returns it) is used as it is the first time.
   */
  run(jobs: (Pick<JobDoc, '_id' | 'user_id' | 'order'> | JobDoc)[]): void {
    const byUser = new Map<string, (Pick<JobDoc, '_id' | 'user_id' | 'order'> | JobDoc)[]>();
    for (const job of jobs) byUser.set(job.user_id, [...(byUser.get(job.user_id) ?? []), job]);
    for (const [userId, list] of byUser) {
      list.sort((a, b) => a.order.localeCompare(b.order) || a._id.localeCompare(b._id));
      const previous = this.chains.get(userId) ?? Promise.resolve();
      const next = previous.then(async () => {
        for (const job of list)
          await this.runOne(job._id, 'type' in job && job._rev ? job : undefined);
      });
      this.chains.set(userId, next);
      void next.finally(() => {
        if (this.chains.get(userId) === next) this.chains.delete(userId);
      });
    }
  }

  /** Resumes every recorded job (at start-up). */
  async resume(): Promise<number> {
    const result = await this.couch.db('jobs').list({ include_docs: true });
    const jobs = result.rows
      .map((r) => r.doc as unknown as JobDoc)
      .filter((d) => d?.type === 'job');
    this.run(jobs);
    return jobs.length;
  }

  /** Waits until every queued job has run (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(id: string, userId: string, order: string, delayMs: number) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run([{ _id: id, user_id: userId, order }]);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async runOne(id: string, known?: JobDoc): Promise<void> {
    if (this.stopped) return;
    const jobs = this.couch.db('jobs');
    let job: JobDoc;
    try {
      job = known ?? ((await jobs.get(id)) as unknown as JobDoc);
    } catch (error) {
      if (isNotFound(error)) return; // done by another run
      this.logger.error({ err: error, job: id }, 'reading a job failed');
      return;
    }
    let result: JobResult;
    try {
      result = await this.handlers[job.kind](job);
    } catch (error) {
      const attempts = job.attempts + 1;
      const delay = Math.min(60_000, 500 * 2 ** Math.min(attempts, 7));
      this.logger.warn(
        { err: error, job: id, attempts, retryInMs: delay },
        'job failed; it will be retried',
      );
      await jobs.insert({ ...job, attempts } as never).catch(() => undefined);
      this.later(id, job.user_id, job.order, delay);
      return;
    }
    if (result === 'missing' && Date.now() - Date.parse(job.created_at) < MISSING_GRACE_MS) {
      // The write it was recorded for may still be on its way (or was refused).
      this.later(id, job.user_id, job.order, 2_000);
      return;
    }
    try {
      await jobs.destroy(job._id, job._rev!);
    } catch (error) {
      if (!isConflict(error) && !isNotFound(error)) throw error;
      // The revision we hold is not the current one (the job was recorded again, or retried):
      // the work is done and idempotent, so the job goes whatever its revision.
      const current = await jobs.get(id).catch(() => undefined);
      if (current) await jobs.destroy(id, current._rev).catch(() => undefined);
    }
  }
}
