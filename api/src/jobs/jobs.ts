import type { Couch } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import { writeDocs } from '../couch/gathered';
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

type Handler = (job: JobDoc) => Promise<JobResult>;
/** Several jobs of one kind and one user at once, in order: a result per job. */
type BatchHandler = (jobs: JobDoc[]) => Promise<JobResult[]>;

/** The most jobs of one user handed to a batch handler at once. */
const MAX_BATCH = 20;

/** A job waiting its turn in its user's queue, and who waits for it. */
interface Queued {
  ref: JobRef;
  known: JobDoc | undefined;
  settle: () => void;
}

const kindOf = (entry: Queued): string => entry.known?.kind ?? entry.ref._id.split(':')[1] ?? '';

/**
 * Durable work between users. Jobs are written to wf_jobs before the write that causes them is
 * accepted (see the sync gateway), run in order per user, retried with back-off, and resumed
 * at start-up, so nothing accepted is lost when the API stops. Handlers are idempotent, so a job
 * run twice (two instances, or a crash after the work and before the clean-up) does no harm.
 *
 * Each user's jobs wait in a queue; when one finishes, the consecutive jobs of one kind that
 * have a batch handler (message deliveries) run together, up to MAX_BATCH: jobs that piled up
 * while the previous ones ran cost about one run, their records read and removed in one request
 * each.
 *
 * Nothing a job does can reject into the void: every step of a run (reading the job, the
 * handler, removing the finished job) that fails is logged and the job is tried again later,
 * with back-off; the queues never reject.
 */
export class JobRunner {
  private readonly queues = new Map<string, Queued[]>();
  /** The worker of each user whose queue is not empty. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Failed runs per job id in this process (the back-off of jobs that cannot even be read). */
  private readonly failures = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly couch: Couch,
    private readonly logger: Logger,
    private readonly handlers: Record<JobKind, Handler>,
    private readonly batchHandlers: Partial<Record<JobKind, BatchHandler>> = {},
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
    // In one write with the other users' jobs recorded at that moment (couch/gathered.ts);
    // done when this resolves.
    const results = await writeDocs(this.couch, 'jobs', docs);
    // Known revisions let the first run skip reading the job back.
    docs.forEach((doc, i) => {
      const { rev, error } = results[i]!;
      if (rev && !error) doc._rev = rev;
    });
    return docs;
  }

  /**
   * Runs jobs and resolves when they (and the ones queued before them) have run: their work is
   * done, the removal of their records may still follow (`idle()` waits for it too).
   */
  async runAndWait(jobs: JobRef[]): Promise<void> {
    await Promise.all(this.enqueue(jobs));
  }

  /**
   * Runs jobs now, in their order, after any already queued for the same user. A whole job
   * document with its revision (as `record` returns it) is used as it is the first time.
   */
  run(jobs: (JobRef | JobDoc)[]): void {
    this.enqueue(jobs);
  }

  /** Queues jobs per user (sorted within the call); a promise per job, settled once it ran. */
  private enqueue(jobs: (JobRef | JobDoc)[]): Promise<void>[] {
    const byUser = new Map<string, (JobRef | JobDoc)[]>();
    for (const job of jobs) byUser.set(job.user_id, [...(byUser.get(job.user_id) ?? []), job]);
    const settled: Promise<void>[] = [];
    for (const [userId, list] of byUser) {
      list.sort((a, b) => a.order.localeCompare(b.order) || a._id.localeCompare(b._id));
      const queue = this.queues.get(userId) ?? [];
      this.queues.set(userId, queue);
      for (const job of list) {
        settled.push(
          new Promise<void>((settle) =>
            queue.push({
              ref: job,
              known: 'type' in job && job._rev ? job : undefined,
              settle,
            }),
          ),
        );
      }
      if (!this.chains.has(userId)) this.work(userId);
    }
    return settled;
  }

  /** Runs a user's queue until it is empty. */
  private work(userId: string): void {
    const worker = (async () => {
      for (;;) {
        const queue = this.queues.get(userId);
        if (!queue?.length) {
          this.queues.delete(userId);
          this.chains.delete(userId);
          return;
        }
        const batch = this.takeBatch(queue);
        // runBatch handles its own failures; this only keeps a bug from becoming a rejection.
        await this.runBatch(batch).catch((error: unknown) =>
          this.logger.error({ err: error, userId }, 'job chain failed'),
        );
        for (const entry of batch) entry.settle();
      }
    })();
    this.chains.set(userId, worker);
  }

  /** The next job, with the queued jobs of the same kind after it when that kind has a batch handler. */
  private takeBatch(queue: Queued[]): Queued[] {
    const kind = kindOf(queue[0]!);
    if (!this.batchHandlers[kind as JobKind]) return queue.splice(0, 1);
    let count = 1;
    while (count < Math.min(queue.length, MAX_BATCH) && kindOf(queue[count]!) === kind) count++;
    return queue.splice(0, count);
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

  /** Runs jobs again after a wait (together: a batch that failed is retried as a batch). */
  private later(job: JobRef | JobRef[], delayMs: number) {
    if (this.stopped) return;
    const refs = (Array.isArray(job) ? job : [job]).map((j) => ({
      _id: j._id,
      user_id: j.user_id,
      order: j.order,
    }));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run(refs);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async runBatch(batch: Queued[]): Promise<void> {
    const handler = this.batchHandlers[kindOf(batch[0]!) as JobKind];
    if (!handler || batch.length === 1) {
      for (const entry of batch) await this.runOne(entry.ref, entry.known, entry.settle);
      return;
    }
    if (this.stopped) return;
    const jobs = this.couch.db('jobs');
    // The records not at hand, in one read; one gone was done by another run.
    const unknown = batch.filter((e) => !e.known).map((e) => e.ref._id);
    let read = new Map<string, JobDoc>();
    if (unknown.length) {
      try {
        const result = await jobs.fetch({ keys: unknown });
        read = new Map(
          result.rows
            .map((row) => ('doc' in row && row.doc ? (row.doc as unknown as JobDoc) : undefined))
            .filter((doc): doc is JobDoc => doc?.type === 'job')
            .map((doc) => [doc._id, doc]),
        );
      } catch (error) {
        this.failedAll(
          batch.map((e) => ({ ref: e.ref, job: e.known })),
          error,
          'reading',
        );
        return;
      }
    }
    const docs = batch
      .map((e) => ({ ref: e.ref, job: e.known ?? read.get(e.ref._id) }))
      .filter((e): e is { ref: JobRef; job: JobDoc } => {
        if (!e.job) this.failures.delete(e.ref._id);
        return !!e.job;
      });
    if (!docs.length) return;
    let results: JobResult[];
    try {
      results = await handler(docs.map((d) => d.job));
    } catch (error) {
      if (this.stopped) return;
      this.failedAll(docs, error, 'running');
      // The counts are kept on the jobs too (best effort: the database may be what failed).
      await jobs
        .bulk({
          docs: docs.map(({ ref, job }) => ({ ...job, attempts: this.failures.get(ref._id) })),
        } as never)
        .catch(() => undefined);
      return;
    }
    // Done: whoever waits is answered now; the clean-up follows.
    for (const entry of batch) entry.settle();
    const finished: { ref: JobRef; job: JobDoc }[] = [];
    docs.forEach((entry, i) => {
      if (
        results[i] === 'missing' &&
        Date.now() - Date.parse(entry.job.created_at) < MISSING_GRACE_MS
      )
        this.later(entry.ref, 2_000);
      else finished.push(entry);
    });
    await this.removeAll(finished);
  }

  /**
   * Removes finished jobs in one request (with the other users' jobs finished at that moment:
   * couch/gathered.ts); each that cannot be is removed alone, or retried.
   */
  private async removeAll(finished: { ref: JobRef; job: JobDoc }[]): Promise<void> {
    if (!finished.length) return;
    let results: { id: string; error?: string }[];
    try {
      results = await writeDocs(
        this.couch,
        'jobs',
        finished.map(({ job }) => ({ _id: job._id, _rev: job._rev, _deleted: true })),
      );
    } catch (error) {
      this.failedAll(finished, error, 'removing');
      return;
    }
    const errors = new Map(results.filter((r) => r.error).map((r) => [r.id, r.error]));
    const failed: { ref: JobRef; job: JobDoc }[] = [];
    let lastError: unknown;
    await Promise.all(
      finished.map(async ({ ref, job }) => {
        const error = errors.get(job._id);
        try {
          if (error === 'conflict') await this.remove(job);
          else if (error && error !== 'not_found') throw new Error(`removing ${job._id}: ${error}`);
          this.failures.delete(ref._id);
        } catch (again) {
          failed.push({ ref, job });
          lastError = again;
        }
      }),
    );
    if (failed.length) this.failedAll(failed, lastError, 'removing');
  }

  /**
   * A step of the run of these jobs failed: logged, and the jobs tried again together after the
   * longest of their back-offs.
   */
  private failedAll(
    entries: { ref: JobRef; job: JobDoc | undefined }[],
    error: unknown,
    step: string,
  ): void {
    if (this.stopped || !entries.length) return;
    let delay = 0;
    for (const { ref, job } of entries) {
      const attempts = Math.max(this.failures.get(ref._id) ?? 0, job?.attempts ?? 0) + 1;
      this.failures.set(ref._id, attempts);
      delay = Math.max(delay, retryDelayMs(attempts));
    }
    this.logger.warn(
      { err: error, jobs: entries.map((e) => e.ref._id), step, retryInMs: delay },
      `${step} ${entries.length} job(s) failed; they will be retried`,
    );
    this.later(
      entries.map((e) => e.ref),
      delay,
    );
  }

  /** One run of one job. Never throws: whatever fails is retried later with back-off. */
  private async runOne(
    ref: JobRef,
    known?: JobDoc,
    ran: () => void = () => undefined,
  ): Promise<void> {
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
      ran(); // whoever waits is answered now; the clean-up follows
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

  /**
   * Removes a finished job, whatever its current revision: its work is done and idempotent.
   * With a known revision, in one write with the other jobs removed at that moment.
   */
  private async remove(job: JobDoc): Promise<void> {
    const jobs = this.couch.db('jobs');
    if (job._rev) {
      const [result] = await writeDocs(this.couch, 'jobs', [
        { _id: job._id, _rev: job._rev, _deleted: true },
      ]);
      if (!result?.error || result.error === 'not_found') return;
      if (result.error !== 'conflict') throw new Error(`removing ${job._id}: ${result.error}`);
    }
    // The revision we hold is not the current one (the job was recorded again, or retried).
    // Anything but "already gone" fails this run, which is then retried.
    const current = await jobs.get(job._id).catch((again: unknown) => {
      if (isNotFound(again)) return undefined;
      throw again;
    });
    if (!current) return;
    try {
      await jobs.destroy(job._id, current._rev);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}
