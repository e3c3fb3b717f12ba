/**
 * The delivery benchmark's clients, in a worker thread of their own (clients-worker.mjs loads
 * this file): every recipient's local database in a live pull through the sync gateway, every
 * sender's in a live push, the senders' local writes and POSTs, and what the clients see (each
 * message's arrival, each push's requests). The API runs on the benchmark's main thread; with
 * the clients on it too, the 100 PouchDB clients' work shared the API's event loop, and the
 * benchmark measured the two together (bench/README.md, delivery).
 *
 * The main thread asks (ToClients) and is told (FromClients). Times cross the threads as
 * wall-clock milliseconds (`performance.timeOrigin + performance.now()`).
 */
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import PouchDB from 'pouchdb';
import { requestJson } from '../lib/accounts';
import { statCpuMs } from '../lib/cpu';
import { mapLimit, within } from '../lib/harness';
import {
  CLIENT_BATCH_SIZE,
  gatewayDb,
  requestLog,
  sortedEndpoints,
  type EndpointStats,
  type RequestWatcher,
} from '../lib/pouch-clients';

export interface ClientAccount {
  label: string;
  token: string;
}

/** A message document as a recipient's changes feed gives it. */
export interface ArrivedDoc {
  _id: string;
  _rev: string;
  id?: string;
  status?: string;
  sent_at?: string;
  created_at?: string;
}

/** What the main thread asks; each question is answered once, under its `ref`. */
export type ToClients =
  | {
      type: 'start';
      ref: number;
      apiUrl: string;
      pouchDir: string;
      recipients: ClientAccount[];
      senders: ClientAccount[];
    }
  | { type: 'put'; ref: number; conversation: number; doc: Record<string, unknown> }
  | { type: 'post'; ref: number; conversation: number; body: Record<string, unknown> }
  | { type: 'logs'; ref: number; clear: boolean }
  | { type: 'stop'; ref: number };

/** The answers (with the question's `ref`), then what the clients see as it happens. */
export type FromClients =
  | { type: 'done'; ref: number }
  /** A send (local write or POST): `sentAt` just before it, `doneAt` once it returned. */
  | { type: 'sent'; ref: number; sentAt: number; doneAt: number }
  | {
      type: 'logs';
      ref: number;
      recipients: [string, EndpointStats][];
      senders: [string, EndpointStats][];
      /** CPU time of this thread so far (Linux; undefined elsewhere). */
      cpuMs: number | undefined;
    }
  /** The question failed. */
  | { type: 'failed'; ref: number; error: string }
  | { type: 'arrival'; at: number; doc: ArrivedDoc }
  | { type: 'push'; ids: string[]; at: number }
  | { type: 'pushed'; ids: string[]; at: number }
  | { type: 'problem'; text: string }
  | { type: 'retry' };

/** Live replications started this many at a time. */
const SETUP_CONCURRENCY = 4;
/** A replication must be caught up within this. */
const START_LIMIT_MS = 30_000;

const wallNow = () => performance.timeOrigin + performance.now();

type LiveReplication = ReturnType<PouchDB['sync']>;

/** Resolves at the replication's first `paused` (caught up), rejects on `error`. */
function firstPause(handle: LiveReplication, what: string): Promise<void> {
  return within(
    START_LIMIT_MS,
    what,
    new Promise<void>((resolve, reject) => {
      handle.on('paused', (error) =>
        error ? reject(new Error(`${what}: ${String(error)}`)) : resolve(),
      );
      handle.on('error', (error) => reject(new Error(`${what}: ${String(error)}`)));
    }),
  );
}

function serve(port: NonNullable<typeof parentPort>): void {
  const tell = (message: FromClients) => port.postMessage(message);
  const live = new Set<{ cancel(): void }>();
  const open = new Set<PouchDB>();
  const logs = { recipients: requestLog(false), senders: requestLog(false) };
  let apiUrl = '';
  let senders: { account: ClientAccount; local: PouchDB }[] = [];

  /** The messages a sender's `_bulk_docs` carries, as it goes out and when it is answered. */
  const watchPushes: RequestWatcher = (endpoint, init, started) => {
    if (endpoint !== 'POST _bulk_docs' || typeof init?.body !== 'string') return undefined;
    const docs = (JSON.parse(init.body) as { docs?: { _id?: string }[] }).docs ?? [];
    const ids = docs.map((d) => d._id ?? '').filter((id) => id.startsWith('message:'));
    if (!ids.length) return undefined;
    tell({ type: 'push', ids, at: performance.timeOrigin + started });
    return (response, answered) => {
      if (response.ok) tell({ type: 'pushed', ids, at: performance.timeOrigin + answered });
    };
  };

  const watch = (handle: LiveReplication, who: string) => {
    live.add(handle);
    handle.on('error', (error) => tell({ type: 'problem', text: `${who}: ${String(error)}` }));
    handle.on('denied', (error) =>
      tell({ type: 'problem', text: `${who}: denied ${String(error)}` }),
    );
    handle.on('paused', (error) => {
      if (error) tell({ type: 'retry' });
    });
  };

  const listenForArrivals = (local: PouchDB) => {
    const feed = local.changes({ since: 'now', live: true, include_docs: true });
    live.add(feed);
    feed.on('change', (change) => {
      const at = wallNow();
      const doc = (change as unknown as { doc?: ArrivedDoc }).doc;
      if (!doc || !doc._id.startsWith('message:') || doc.status !== 'delivered') return;
      const { _id, _rev, id, status, sent_at, created_at } = doc;
      tell({ type: 'arrival', at, doc: { _id, _rev, id, status, sent_at, created_at } });
    });
    feed.on('error', (error) =>
      tell({ type: 'problem', text: `a recipient's changes feed: ${String(error)}` }),
    );
  };

  const openLocal = (dir: string, label: string) => {
    const db = new PouchDB(path.join(dir, label));
    open.add(db);
    return db;
  };
  const keepOpen = (db: PouchDB) => {
    open.add(db);
    return db;
  };

  const start = async (message: Extract<ToClients, { type: 'start' }>) => {
    apiUrl = message.apiUrl;
    await mapLimit(message.recipients, SETUP_CONCURRENCY, async (recipient) => {
      const local = openLocal(message.pouchDir, `recipient-${recipient.label}`);
      const remote = keepOpen(gatewayDb(apiUrl, recipient.token, logs.recipients));
      const handle = local.replicate.from(remote, {
        live: true,
        retry: true,
        batch_size: CLIENT_BATCH_SIZE,
      });
      const caughtUp = firstPause(handle, `recipient ${recipient.label}: first pull`);
      watch(handle, `recipient ${recipient.label}`);
      await caughtUp;
      listenForArrivals(local);
    });
    senders = await mapLimit(message.senders, SETUP_CONCURRENCY, async (account) => {
      const local = openLocal(message.pouchDir, `sender-${account.label}`);
      const remote = keepOpen(gatewayDb(apiUrl, account.token, logs.senders, watchPushes));
      const handle = local.replicate.to(remote, {
        live: true,
        retry: true,
        batch_size: CLIENT_BATCH_SIZE,
      });
      const started = firstPause(handle, `sender ${account.label}: start of the push`);
      watch(handle, `sender ${account.label}`);
      await started;
      return { account, local };
    });
  };

  /** The sender's local write (pushed by the live replication). */
  const put = async (conversation: number, doc: Record<string, unknown>) => {
    await senders[conversation]!.local.put(doc);
  };

  /** `POST /api/inbox/messages` with the sender's token: answered 201 with a delivered message. */
  const post = async (conversation: number, body: Record<string, unknown>) => {
    const answer = await requestJson<{ message?: { status?: string } }>(
      `${apiUrl}/api/inbox/messages`,
      { method: 'POST', token: senders[conversation]!.account.token, body },
      201,
    );
    const status = answer.message?.status;
    if (status !== 'delivered') throw new Error(`answered status ${String(status)}`);
  };

  /** Answers question `ref` with what `work` gives, or with its failure. */
  const answer = (ref: number, work: () => Promise<FromClients>) =>
    work().then(tell, (error: unknown) => tell({ type: 'failed', ref, error: String(error) }));

  /** A send, timed on this thread from just before it to its end. */
  const send = (ref: number, act: () => Promise<void>) =>
    answer(ref, async () => {
      const sentAt = wallNow();
      await act();
      return { type: 'sent', ref, sentAt, doneAt: wallNow() };
    });

  const stop = async () => {
    for (const handle of live) handle.cancel();
    live.clear();
    await Promise.allSettled([...open].map((db) => db.close()));
    open.clear();
  };

  port.on('message', (message: ToClients) => {
    const { ref } = message;
    switch (message.type) {
      case 'start':
        return void answer(ref, async () => {
          await start(message);
          return { type: 'done', ref };
        });
      case 'put':
        return void send(ref, () => put(message.conversation, message.doc));
      case 'post':
        return void send(ref, () => post(message.conversation, message.body));
      case 'logs':
        return void answer(ref, async () => {
          const cpuMs = statCpuMs('/proc/thread-self/stat');
          const taken: FromClients = {
            type: 'logs',
            ref,
            recipients: sortedEndpoints(logs.recipients),
            senders: sortedEndpoints(logs.senders),
            cpuMs,
          };
          if (message.clear) {
            logs.recipients.endpoints.clear();
            logs.senders.endpoints.clear();
          }
          return taken;
        });
      case 'stop':
        return void answer(ref, async () => {
          await stop();
          return { type: 'done', ref };
        });
    }
  });
}

if (parentPort) serve(parentPort);
