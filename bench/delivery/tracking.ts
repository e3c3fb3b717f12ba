/**
 * What the delivery benchmark measures (see ../delivery.bench.ts), on its main thread: each
 * message's timestamps on its way (the sender's push request and the recipient's local copy, as
 * the clients' thread tells them; the job runner's `record` and delivery handler), the arrivals
 * in the recipients' local databases, and the API's requests to the database server. The phases (./scenario.ts) read and reset it.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { Couch } from '../../api/src/couch/connect';
import type { JobDoc, JobResult, JobRunner } from '../../api/src/jobs/jobs';
import { summarize, type Summary } from '../lib/harness';
import type { ArrivedDoc } from './clients';

// ---------------------------------------------------------------------------------------------
// Clients: the senders' push timestamps.

/** A wall-clock ISO date (the server's `sent_at`) on this process's performance.now() scale. */
export const perfTimeOf = (iso: string) => Date.parse(iso) - performance.timeOrigin;

/** When each message's push request went out and was answered (senders' `_bulk_docs`). */
export const pushTimes = new Map<string, { start: number; answered?: number }>();

/** The messages of a sender's `_bulk_docs` went out (the clients' thread saw it). */
export function notePush(ids: readonly string[], at: number): void {
  for (const id of ids) if (!pushTimes.has(id)) pushTimes.set(id, { start: at });
}

/** That `_bulk_docs` was answered with success. */
export function notePushAnswered(ids: readonly string[], at: number): void {
  for (const id of ids) {
    const entry = pushTimes.get(id);
    if (entry && entry.answered === undefined) entry.answered = at;
  }
}
// ---------------------------------------------------------------------------------------------
// Messages: what was sent, what arrived.

export type PhaseName = 'warm-up' | 'server write' | 'offline send' | 'online POST';
export const BASELINE: PhaseName = 'server write';

export interface Tracked {
  phase: PhaseName;
  conversation: number;
  seq: number;
  /** Just before the send (local write, admin write or POST). */
  sentAt?: number;
  /** The send finished (local put, admin write, or the POST answered). */
  sendDone?: number;
  arrivedAt?: number;
  arrivals: number;
  /** The arrived copy's revision and `sent_at` (when delivery wrote it). */
  rev?: string;
  serverSentAt?: string;
  createdAt?: string;
}

export const tracked = new Map<string, Tracked>();
/** Per phase and conversation, the message ids in the order they arrived. */
export const arrivalOrder = new Map<string, string[]>();
export const unexpected: string[] = [];

/** Timestamps from the job runner, in this process (profiling only). */
export const jobTimes = new Map<
  string,
  { recordStart?: number; recordEnd?: number; start?: number; end?: number }
>();

/** Notes a delivered message that arrived in a recipient's local database at `at`. */
export function noteArrival(doc: ArrivedDoc, at: number): void {
  const id = doc.id ?? doc._id.slice('message:'.length);
  const item = tracked.get(id);
  if (!item) {
    unexpected.push(id);
    return;
  }
  item.arrivals += 1;
  if (item.arrivals > 1) return;
  item.arrivedAt = at;
  item.rev = doc._rev;
  item.serverSentAt = doc.sent_at;
  item.createdAt = doc.created_at;
  const key = `${item.phase}|${item.conversation}`;
  arrivalOrder.set(key, [...(arrivalOrder.get(key) ?? []), id]);
  current.onArrival?.(item);
}

/** What went wrong in the clients (replication errors, a feed's error): fails the phase. */
export const problems: string[] = [];

/** The phase running: who is told of each arrival, and the replications' retries so far. */
export const current: {
  onArrival: ((item: Tracked) => void) | undefined;
  replicationRetries: number;
} = { onArrival: undefined, replicationRetries: 0 };

/**
 * The API's requests to the database server (the gateway's forwarded requests and nano's), per
 * phase: `_changes` feeds are counted apart, being long polls.
 */
export const databaseLog = { feeds: 0, ms: [] as number[], endpoints: new Map<string, number>() };

/**
 * A request to the database server as `METHOD database endpoint`: user databases as `userdb`,
 * a document as `doc`, `_local/<id>` as `_local`, a view as `_view`.
 */
function databaseEndpoint(method: string, pathname: string): string {
  const [database = '', ...rest] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const db = /userdb-[0-9a-f]+$/.test(database)
    ? 'userdb'
    : database.replace(/^.*?(wf_)/, '$1') || '(server)';
  const first = rest[0];
  const endpoint =
    first === undefined
      ? '(database)'
      : first === '_local'
        ? '_local'
        : first === '_design'
          ? rest.includes('_view')
            ? '_view'
            : '_design'
          : first.startsWith('_')
            ? first
            : 'doc';
  return `${method} ${db} ${endpoint}`;
}

/**
 * Counted from undici's diagnostics channels, which every request to the database passes: nano's
 * (through fetch) and the sync gateway's (through undici's `request`); timed from the request to
 * its response headers.
 */
function watchDatabaseRequests(databaseOrigin: string): void {
  const origin = new URL(databaseOrigin).origin;
  const started = new WeakMap<object, number>();
  // Each origin string parsed once (this runs on the API's thread, for every request it makes).
  const known = new Map<string, boolean>();
  const isDatabase = (requestOrigin: string) => {
    let yes = known.get(requestOrigin);
    if (yes === undefined)
      known.set(requestOrigin, (yes = new URL(requestOrigin).origin === origin));
    return yes;
  };
  diagnosticsChannel.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { origin?: string; method: string; path: string } };
    if (request.origin === undefined || !isDatabase(request.origin)) return;
    const pathname = request.path.split('?')[0]!;
    if (pathname.endsWith('/_changes')) {
      databaseLog.feeds += 1;
      return;
    }
    const key = databaseEndpoint(request.method.toUpperCase(), pathname);
    databaseLog.endpoints.set(key, (databaseLog.endpoints.get(key) ?? 0) + 1);
    started.set(request, performance.now());
  });
  diagnosticsChannel.subscribe('undici:request:headers', (message) => {
    const { request } = message as { request: object };
    const at = started.get(request);
    if (at === undefined) return;
    started.delete(request);
    databaseLog.ms.push(performance.now() - at);
  });
}

/**
 * Profiling hooks, in this process only: time the job runner's `record` (awaited by the gateway
 * before it forwards a write) and its delivery handler. What they do is unchanged. Then the
 * API's requests to the database server.
 */
export function watchServer(runner: JobRunner, couch: Couch): void {
  const record = runner.record.bind(runner);
  runner.record = async (jobs) => {
    const started = performance.now();
    const result = await record(jobs);
    const ended = performance.now();
    for (const job of jobs) {
      if (job.kind !== 'deliver') continue;
      const entry = jobTimes.get(job.ref) ?? {};
      entry.recordStart ??= started;
      entry.recordEnd ??= ended;
      jobTimes.set(job.ref, entry);
    }
    return result;
  };
  const { handlers, batchHandlers } = runner as unknown as {
    handlers: Record<string, (job: JobDoc) => Promise<JobResult>>;
    batchHandlers?: Record<string, ((jobs: JobDoc[]) => Promise<JobResult[]>) | undefined>;
  };
  const started = (job: JobDoc) => {
    const entry = jobTimes.get(job.ref) ?? {};
    entry.start ??= performance.now();
    jobTimes.set(job.ref, entry);
    return entry;
  };
  const deliver = handlers.deliver!;
  handlers.deliver = async (job) => {
    const entry = started(job);
    const result = await deliver(job);
    entry.end ??= performance.now();
    return result;
  };
  // Several deliveries of one sender run as one batch (when the runner has a batch handler).
  const deliverBatch = batchHandlers?.deliver;
  if (batchHandlers && deliverBatch) {
    batchHandlers.deliver = async (jobs) => {
      const entries = jobs.map(started);
      const results = await deliverBatch(jobs);
      const ended = performance.now();
      for (const entry of entries) entry.end ??= ended;
      return results;
    };
  }
  watchDatabaseRequests(couch.origin);
}

/**
 * Where the time of a phase's messages went (the profile table): each segment between two of a
 * message's timestamps, where it has both; `arrivedInTime` says which arrivals count.
 */
export function segmentsOf(
  phase: PhaseName,
  ids: readonly string[],
  arrivedInTime: (m: Tracked) => boolean,
): Record<string, Summary | undefined> {
  const segment = (f: (id: string, m: Tracked) => number | undefined) =>
    summarize(
      ids
        .map((id) => f(id, tracked.get(id)!))
        .filter((v): v is number => v !== undefined && Number.isFinite(v)),
    );
  const sentAtPerf = (m: Tracked) => (m.serverSentAt ? perfTimeOf(m.serverSentAt) : Number.NaN);
  const segments: Record<string, Summary | undefined> = {
    'send -> pushed (client picks it up, sends _bulk_docs)': segment(
      (id, m) => (pushTimes.get(`message:${id}`)?.start ?? Number.NaN) - m.sentAt!,
    ),
    'push request (_bulk_docs through the gateway)': segment((id) => {
      const p = pushTimes.get(`message:${id}`);
      return p?.answered === undefined ? undefined : p.answered - p.start;
    }),
    '  of which jobs.record (write to wf_jobs)': segment((id) => {
      const j = jobTimes.get(id);
      return j?.recordEnd === undefined || j.recordStart === undefined
        ? undefined
        : j.recordEnd - j.recordStart;
    }),
    'send -> delivery job starts': segment((id, m) => (jobTimes.get(id)?.start ?? NaN) - m.sentAt!),
    '  push answered -> job starts (after the earlier jobs of the sender)': segment((id) => {
      const answered = pushTimes.get(`message:${id}`)?.answered;
      const started = jobTimes.get(id)?.start;
      return answered === undefined || started === undefined ? undefined : started - answered;
    }),
    'job start -> recipient copy written (sent_at)': segment(
      (id, m) => sentAtPerf(m) - (jobTimes.get(id)?.start ?? NaN),
    ),
    'recipient copy written -> local copy (pull)': segment((_id, m) =>
      arrivedInTime(m) ? m.arrivedAt! - sentAtPerf(m) : undefined,
    ),
    'delivery job, start to end': segment((id) => {
      const j = jobTimes.get(id);
      return j?.start === undefined || j.end === undefined ? undefined : j.end - j.start;
    }),
  };
  if (phase === 'online POST') {
    segments['POST start -> answered'] = segment((_id, m) => m.sendDone! - m.sentAt!);
  }

  return segments;
}
