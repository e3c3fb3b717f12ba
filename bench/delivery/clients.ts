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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import PouchDB from 'pouchdb';
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

export type ToClients =
  | {
      type: 'start';
      apiUrl: string;
      pouchDir: string;
      recipients: ClientAccount[];
      senders: ClientAccount[];
    }
  | { type: 'put'; ref: number; conversation: number; doc: Record<string, unknown> }
  | { type: 'post'; ref: number; conversation: number; body: Record<string, unknown> }
  | { type: 'logs'; ref: number; clear: boolean }
  | { type: 'stop'; ref: number };

export type FromClients =
  | { type: 'started' }
  | { type: 'failed'; error: string }
  /** A send (local write or POST): `sentAt` just before it, `doneAt` once it returned. */
  | { type: 'sent'; ref: number; sentAt: number; doneAt: number; error?: string }
  | {
      type: 'logs';
      ref: number;
      recipients: [string, EndpointStats][];
      senders: [string, EndpointStats][];
      /** CPU time of this thread so far (Linux; undefined elsewhere). */
      cpuMs: number | undefined;
    }
  | { type: 'stopped'; ref: number }
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

/** CPU time of the calling thread, from /proc/thread-self (clock ticks of 10 ms). */
function threadCpuMs(): number | undefined {
  try {
    const text = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

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
    const response = await fetch(`${apiUrl}/api/inbox/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${senders[conversation]!.account.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`answered ${response.status}: ${text}`);
    const status = (JSON.parse(text) as { message?: { status?: string } }).message?.status;
    if (status !== 'delivered') throw new Error(`answered status ${String(status)}`);
  };

  const send = async (ref: number, act: () => Promise<void>) => {
    const sentAt = wallNow();
    try {
      await act();
      tell({ type: 'sent', ref, sentAt, doneAt: wallNow() });
    } catch (error) {
      tell({ type: 'sent', ref, sentAt, doneAt: wallNow(), error: String(error) });
    }
  };

  const stop = async () => {
    for (const handle of live) handle.cancel();
    live.clear();
    await Promise.allSettled([...open].map((db) => db.close()));
    open.clear();
  };

  port.on('message', (message: ToClients) => {
    switch (message.type) {
      case 'start':
        start(message).then(
          () => tell({ type: 'started' }),
          (error: unknown) => tell({ type: 'failed', error: String(error) }),
        );
        break;
      case 'put':
        void send(message.ref, () => put(message.conversation, message.doc));
        break;
      case 'post':
        void send(message.ref, () => post(message.conversation, message.body));
        break;
      case 'logs': {
        tell({
          type: 'logs',
          ref: message.ref,
          recipients: sortedEndpoints(logs.recipients),
          senders: sortedEndpoints(logs.senders),
          cpuMs: threadCpuMs(),
        });
        if (message.clear) {
          logs.recipients.endpoints.clear();
          logs.senders.endpoints.clear();
        }
        break;
      }
      case 'stop':
        void stop().finally(() => tell({ type: 'stopped', ref: message.ref }));
        break;
    }
  });
}

if (parentPort) serve(parentPort);
