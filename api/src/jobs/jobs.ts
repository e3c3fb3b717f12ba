import type { Couch } from '../couch/connect';
import { isConflict, isNotFound } from '../couch/errors';
import type { Logger } from '../lib/logger';

export type JobKind = 'deliver' | 'read' | 'saves' | 'order';

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

/** Wait before the n-th retry of a job (n from 1): 1 s, 2 s, 4 s ... up to a minute. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60_000, 500 * 2 ** Math.min(Math.max(attempts, 1), 7));

type JobRef = Pick<JobDoc, '_id' | 'user_id' | 'order'>;

/**
 * Durable work between users. Jobs are written to wf_jobs before the write that causes them is
 * accepted (see the sync gateway), run in order per user, retried with back-off, and resumed
 * at start-up, so nothing accepted is lost when the API stops. Handlers are idempotent, so a job
 * run twice (two instances, or a crash after the work and before the clean-up) does no harm.
 *
 * Nothing a job does can reject into the void: every step of a run (reading the job, the
 * handler, removing the finished job) that fails is logged and the job is tried again later,
 * with back-off; the chains of queued jobs never reject.
 */
export class JobRunner {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Failed runs per job id in this process (the back-off of jobs that cannot even be read). */
  private readonly failures = new Map<string, number>();
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
  async runAndWait(jobs: JobRef[]): Promise<void> {
    this.run(jobs);
    await Promise.all([...new Set(jobs.map((j) => j.user_id))].map((u) => this.chains.get(u)));
  }

  /**
   * Runs jobs now, in their order, after any already queued for the same user. A whole job
   * document with its revision (as `record` returns it) is used as it is the first time.
   */
  run(jobs: (JobRef | JobDoc)[]): void {
    const byUser = new Map<string, (JobRef | JobDoc)[]>();
    for (const job of jobs) byUser.set(job.user_id, [...(byUser.get(job.user_id) ?? []), job]);
    for (const [userId, list] of byUser) {
      list.sort((a, b) => a.order.localeCompare(b.order) || a._id.localeCompare(b._id));
      const previous = this.chains.get(userId) ?? Promise.resolve();
      const next = previous
        .then(async () => {
          for (const job of list)
            await this.runOne(job, 'type' in job && job._rev ? job : undefined);
        })
        // runOne handles its own failures; this only keeps a bug from becoming a rejection.
        .catch((error: unknown) => this.logger.error({ err: error, userId }, 'job chain failed'));
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
    this.failures.clear();
  }

  private later(job: JobRef, delayMs: number) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run([{ _id: job._id, user_id: job.user_id, order: job.order }]);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** One run of one job. Never throws: whatever fails is retried later with back-off. */
  private async runOne(ref: JobRef, known?: JobDoc): Promise<void> {
    if (this.stopped) return;
    const jobs = this.couch.db('jobs');
    let job = known;
    let step = 'reading';
    try {
      if (!job) {
        try {
          job = (await jobs.get(ref._id)) as unknown as JobDoc;
        } catch (error) {
          if (!isNotFound(error)) throw error;
          this.failures.delete(ref._id);
          return; // done by another run
        }
      }
      step = 'running';
      const result = await this.handlers[job.kind](job);
      if (result === 'missing' && Date.now() - Date.parse(job.created_at) < MISSING_GRACE_MS) {
        // The write it was recorded for may still be on its way (or was refused).
        this.later(ref, 2_000);
        return;
      }
      step = 'removing';
      await this.remove(job);
      this.failures.delete(ref._id);
    } catch (error) {
      if (this.stopped) return; // shutting down: the job stays recorded and is resumed at start
      const attempts = Math.max(this.failures.get(ref._id) ?? 0, job?.attempts ?? 0) + 1;
      this.failures.set(ref._id, attempts);
      const delay = retryDelayMs(attempts);
      this.logger.warn(
        { err: error, job: ref._id, step, attempts, retryInMs: delay },
        `${step} a job failed; it will be retried`,
      );
      // The count is kept on the job too (best effort: the database may be what failed).
      if (job && step === 'running')
        await jobs.insert({ ...job, attempts } as never).catch(() => undefined);
      this.later(ref, delay);
    }
  }

  /** Removes a finished job, whatever its current revision: its work is done and idempotent. */
  private async remove(job: JobDoc): Promise<void> {
    const jobs = this.couch.db('jobs');
    try {
      await jobs.destroy(job._id, job._rev!);
    } catch (error) {
      if (isNotFound(error)) return;
      if (!isConflict(error)) throw error;
      // The revision we hold is not the current one (the job was recorded again, or retried).
      // Anything but "already gone" fails this run, which is then retried.
      const current = await jobs.get(job._id).catch((again: unknown) => {
        if (isNotFound(again)) return undefined;
        throw again;
      });
      if (current) await jobs.destroy(job._id, current._rev);
    }
  }
}
