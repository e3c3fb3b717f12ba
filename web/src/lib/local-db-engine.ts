// The user's PouchDB database and its live two-way sync with the sync gateway. This module
// imports PouchDB, so it is only ever loaded with a dynamic import() (lib/local-db.ts), after
// login and after the first paint: the public pages' initial bundle never carries it.
import PouchDB from 'pouchdb';
import PouchDBFind from 'pouchdb-find';
import { resolveConflicts, type ConflictDb } from './local-db-conflicts';
import { isPushed, type LocalIndex, type LocalQuery } from './local-queries';
import { ensureView, queryView, type LocalView } from './local-views';
import type { SyncState } from '@/stores/sync';

export type Database = PouchDB.Database<Record<string, unknown>>;
type Replication = PouchDB.Replication.Replication<Record<string, unknown>>;
type Fetch = (url: string | Request, init?: RequestInit) => Promise<Response>;

// Mango queries with local indexes (lib/local-queries.ts).
PouchDB.plugin(PouchDBFind);

export interface EngineOptions {
  /** The local database's name (`userdb-<hex>`). */
  name: string;
  /** The sync gateway's URL. */
  remoteUrl: string;
  /** Sends a request to the gateway with the current token (and refreshes it on a 401). */
  fetch: Fetch;
  /** Receives every change of the sync state. */
  onState: (patch: Partial<SyncState>) => void;
  /** PouchDB adapter: IndexedDB in the browser; tests pass their own. */
  adapter?: string;
  /** Reads whether the device thinks it is online; `navigator.onLine` by default. */
  isOnline?: () => boolean;
}

/** Deletes a user's database from this device by name (it was not opened in this page). */
export async function destroyDatabase(name: string, adapter?: string): Promise<void> {
  await new PouchDB(name, adapter ? { adapter } : {}).destroy();
}

/** Back-off between retries of a failed replication: 1 s, 2 s, 4 s ... at most 60 s. */
export function nextBackOff(previousMs: number): number {
  return previousMs <= 0 ? 1000 : Math.min(previousMs * 2, 60_000);
}

/** Where the engine keeps, on this device only, how far the push replication got. */
const STATE_DOC = '_local/wf-sync-state';

type Direction = 'push' | 'pull';
type ReplicationState = 'starting' | 'active' | 'idle' | 'failing' | 'stopped';

/** Network failures say nothing about the server; anything else is an error worth showing. */
function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return true;
  const { status, name, message } = error as { status?: number; name?: string; message?: string };
  if (name === 'TypeError' || name === 'AbortError') return true;
  if (status === undefined || status === 0) return true;
  return /fetch|network|offline/i.test(message ?? '');
}

function describe(error: unknown): string {
  const { status, message, reason } = (error ?? {}) as {
    status?: number;
    message?: string;
    reason?: string;
  };
  if (status === 401) return 'Your session has ended. Log in again to sync.';
  if (status === 503) return 'The server is busy. Your changes are kept here and sync later.';
  return reason || message || 'Sync failed. Your changes are kept here and sync later.';
}

/** The part of a change feed entry the engine reads. */
interface ChangeEntry {
  id: string;
  seq: number | string;
  changes: { rev: string }[];
  doc?: { _conflicts?: string[] };
}

/**
 * One signed-in user's database: local reads and writes, change listeners, live sync with the
 * gateway (retry with back-off, restarted at once when the network returns), the count of
 * local changes not yet on the server, and conflict resolution.
 */
export class LocalEngine {
  readonly db: Database;
  private readonly remote: Database;
  private readonly options: EngineOptions;
  private readonly listeners = new Set<(ids: string[]) => void>();
  private feed: PouchDB.Core.Changes<Record<string, unknown>> | null = null;
  private push: Replication | null = null;
  private pull: Replication | null = null;
  private readonly states: Record<Direction, ReplicationState> = {
    push: 'stopped',
    pull: 'stopped',
  };
  private lastError: unknown = null;
  private refused = 0;
  private pushedSeq: number | string = 0;
  /** `id@rev` of documents that came from the server: they are not "pending" here. */
  private readonly pulled = new Set<string>();
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly resolving = new Map<string, Promise<unknown>>();
  /** The local indexes created (or being created) in this database, by design document. */
  private readonly indexes = new Map<string, Promise<unknown>>();
  /** The local views made (or being made) in this database, by design document. */
  private readonly views = new Map<string, Promise<void>>();
  private isSyncing = false;
  private isClosed = false;
  private readonly onOnline = () => this.restartSync();
  private readonly onOffline = () => this.publish();

  constructor(options: EngineOptions) {
    this.options = options;
    this.db = new PouchDB(options.name, {
      ...(options.adapter ? { adapter: options.adapter } : {}),
      auto_compaction: true,
    } as PouchDB.Configuration.DatabaseConfiguration);
    this.remote = new PouchDB(options.remoteUrl, {
      fetch: options.fetch,
      // The gateway is the user's database: it exists, and creating it is refused.
      skip_setup: true,
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
  }

  private isOnline(): boolean {
    if (this.options.isOnline) return this.options.isOnline();
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  }

  /** Opens the database, starts the change feed (listeners, conflicts, pending count). */
  async open(): Promise<void> {
    await this.db.info();
    try {
      const state = (await this.db.get(STATE_DOC)) as unknown as { pushed_seq?: number | string };
      this.pushedSeq = state.pushed_seq ?? 0;
    } catch {
      this.pushedSeq = 0;
    }
    this.feed = this.db
      .changes({ live: true, since: 'now', include_docs: true, conflicts: true })
      .on('change', (change) => this.onLocalChange(change as unknown as ChangeEntry))
      .on('error', (error) => console.warn('The local change feed stopped', error));
    void this.resolveAll();
    this.schedulePendingCount(0);
  }

  /** Calls `listener` with the ids that changed, after every local write or pulled change. */
  onChange(listener: (ids: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onLocalChange(change: ChangeEntry): void {
    for (const listener of this.listeners) listener([change.id]);
    if (change.doc?._conflicts?.length) void this.resolve(change.id);
    this.schedulePendingCount();
  }

  /** Resolves one document's conflicts; one resolution per document at a time. */
  resolve(id: string): Promise<unknown> {
    const running = this.resolving.get(id);
    if (running) return running.then(() => this.resolve(id));
    const task = resolveConflicts(this.db as unknown as ConflictDb, id)
      .catch((error: unknown) => console.warn(`Resolving the conflicts of ${id} failed`, error))
      .finally(() => this.resolving.delete(id));
    this.resolving.set(id, task);
    return task;
  }

  /** At start: conflicts that arrived while no tab was open. */
  async resolveAll(): Promise<void> {
    const all = await this.db.allDocs({ include_docs: true, conflicts: true });
    await Promise.all(
      all.rows
        .filter((row) => (row.doc as { _conflicts?: string[] } | undefined)?._conflicts?.length)
        .map((row) => this.resolve(row.id)),
    );
  }

  // Queries ------------------------------------------------------------------------------------

  /**
   * Creates `index` in this database once (createIndex is idempotent: an index already there is
   * only checked), at the first query that needs it; a failure is tried again next time.
   */
  private ensureIndex(index: LocalIndex): Promise<unknown> {
    let created = this.indexes.get(index.ddoc);
    if (!created) {
      created = this.db
        .createIndex({ index: { fields: [...index.fields], ddoc: index.ddoc, name: index.name } })
        .catch((error: unknown) => {
          this.indexes.delete(index.ddoc);
          throw error;
        });
      this.indexes.set(index.ddoc, created);
    }
    return created;
  }

  /** The documents matching `query` (lib/local-queries.ts), through `index`. */
  async find<T>(index: LocalIndex, query: LocalQuery): Promise<T[]> {
    await this.ensureIndex(index);
    const result = await this.db.find(query as PouchDB.Find.FindRequest<Record<string, unknown>>);
    return result.docs as unknown as T[];
  }

  /**
   * Every document of `view` (lib/local-views.ts: rows that carry their documents), in key
   * order; its design document is written at the first query, and again after a failure.
   */
  async view<T>(view: LocalView, options: { descending?: boolean } = {}): Promise<T[]> {
    let made = this.views.get(view.ddoc);
    if (!made) {
      made = ensureView(this.db, view).catch((error: unknown) => {
        this.views.delete(view.ddoc);
        throw error;
      });
      this.views.set(view.ddoc, made);
    }
    await made;
    return queryView<T>(this.db, view, options);
  }

  // Sync -----------------------------------------------------------------------------------

  startSync(): void {
    if (this.isClosed || this.isSyncing) return;
    this.isSyncing = true;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
    this.startReplications();
  }

  private startReplications(): void {
    const options = {
      live: true,
      retry: true,
      back_off_function: nextBackOff,
      heartbeat: 25_000,
      batch_size: 100,
    } as PouchDB.Replication.ReplicateOptions;
    // The local indexes (`_design/idx-...`) stay on this device: the gateway refuses design
    // documents (403), which would stop the push. (The pull never sees any: the gateway hides
    // the server's.)
    const push = { ...options, filter: isPushed } as PouchDB.Replication.ReplicateOptions;
    this.push = this.watch('push', this.db.replicate.to(this.remote, push));
    this.pull = this.watch('pull', this.db.replicate.from(this.remote, options));
    this.publish();
  }

  private watch(direction: Direction, replication: Replication): Replication {
    this.states[direction] = 'starting';
    const events = replication as unknown as {
      on(event: string, listener: (info: never) => void): unknown;
    };
    events.on('active', () => {
      this.states[direction] = 'active';
      this.lastError = null;
      this.publish();
    });
    events.on('paused', (error: unknown) => {
      this.states[direction] = error ? 'failing' : 'idle';
      if (error) this.lastError = error;
      else this.lastError = null;
      this.publish();
    });
    events.on('change', (info: { docs?: { _id: string; _rev: string }[] }) => {
      if (direction === 'pull') {
        for (const doc of info.docs ?? []) this.pulled.add(`${doc._id}@${doc._rev}`);
      }
      this.options.onState({ lastSyncedAt: new Date().toISOString() });
      this.schedulePendingCount();
    });
    events.on('checkpoint', (info: { checkpoint?: number | string }) => {
      if (direction !== 'push' || info.checkpoint === undefined) return;
      this.pushedSeq = info.checkpoint;
      void this.saveState();
      this.schedulePendingCount();
    });
    events.on('denied', (error: unknown) => {
      // The server's validation refused a document: it stays here, and is said once.
      console.warn('The server refused a change', error);
      this.refused += 1;
      this.options.onState({ refused: this.refused });
    });
    events.on('error', (error: unknown) => {
      // Fatal for this replication (a 401 the token refresh could not fix, a 403): try again
      // later, unless the engine is closing.
      this.states[direction] = 'failing';
      this.lastError = error;
      this.publish();
      this.scheduleRestart(30_000);
    });
    return replication;
  }

  private publish(): void {
    if (this.isClosed) return;
    const { push, pull } = this.states;
    const online = this.isOnline();
    let status: SyncState['status'];
    let error: string | null = null;
    if (!online) status = 'offline';
    else if (push === 'failing' || pull === 'failing') {
      if (isNetworkError(this.lastError)) status = 'offline';
      else {
        status = 'error';
        error = describe(this.lastError);
      }
    } else if (push === 'active' || pull === 'active' || push === 'starting' || pull === 'starting')
      status = 'syncing';
    else status = 'online';
    this.options.onState({ status, error });
  }

  private scheduleRestart(delayMs: number): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => this.restartSync(), delayMs);
  }

  /** Cancels both replications and starts them again now (the network came back). */
  restartSync(): void {
    if (this.isClosed || !this.isSyncing) return;
    clearTimeout(this.restartTimer);
    this.push?.cancel();
    this.pull?.cancel();
    this.startReplications();
  }

  stopSync(): void {
    clearTimeout(this.restartTimer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
    this.isSyncing = false;
    this.push?.cancel();
    this.pull?.cancel();
    this.push = null;
    this.pull = null;
    this.states.push = 'stopped';
    this.states.pull = 'stopped';
  }

  /**
   * Pushes what is pending once and waits for it, at most `timeoutMs` (before a logout wipes
   * the database). Resolves true when nothing is left to send.
   */
  async flush(timeoutMs = 4000): Promise<boolean> {
    if (this.isOnline()) {
      const once = this.db.replicate.to(this.remote, { retry: false, filter: isPushed });
      const timer = setTimeout(() => once.cancel(), timeoutMs);
      try {
        const result = await once;
        if (result.status === 'complete' && result.doc_write_failures === 0) {
          this.pushedSeq = result.last_seq;
        }
      } catch {
        // Offline or refused: what is left is counted below.
      } finally {
        clearTimeout(timer);
      }
    }
    return (await this.countPending()) === 0;
  }

  // Pending local changes ---------------------------------------------------------------------

  private schedulePendingCount(delayMs = 250): void {
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => {
      void this.countPending().then((pending) => {
        if (!this.isClosed) this.options.onState({ pending });
      });
    }, delayMs);
  }

  /**
   * Local changes after the push replication's last checkpoint that did not come from it (the
   * local indexes are never pushed, so never pending).
   */
  async countPending(): Promise<number> {
    try {
      const changes = await this.db.changes({ since: this.pushedSeq, style: 'main_only' });
      return changes.results.filter(
        (change) =>
          isPushed({ _id: change.id }) &&
          !this.pulled.has(`${change.id}@${change.changes[0]?.rev ?? ''}`),
      ).length;
    } catch {
      return 0;
    }
  }

  private async saveState(): Promise<void> {
    try {
      let rev: string | undefined;
      try {
        rev = (await this.db.get(STATE_DOC))._rev;
      } catch {
        rev = undefined;
      }
      await this.db.put({ _id: STATE_DOC, _rev: rev, pushed_seq: this.pushedSeq } as never);
    } catch {
      // Another save won the race; the next checkpoint saves again.
    }
  }

  // Life cycle --------------------------------------------------------------------------------

  /** Stops sync, the change feed and the listeners; waits for the conflict resolutions running. */
  private async stopAll(): Promise<void> {
    this.stopSync();
    this.isClosed = true;
    clearTimeout(this.pendingTimer);
    this.feed?.cancel();
    this.listeners.clear();
    await Promise.allSettled([...this.resolving.values()]);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    await this.stopAll();
    await this.db.close().catch(() => undefined);
  }

  /** Stops everything and deletes the database from this device. */
  async destroy(): Promise<void> {
    await this.stopAll();
    await this.db.destroy();
  }
}
