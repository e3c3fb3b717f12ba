import type { Logger } from '../../lib/logger';
import { ttlCache } from '../../lib/ttl-cache';

/** Checkpoints kept (one per replication of a device, two per device at most). */
const MAX_KEPT = 20_000;
/** A backstop: every entry is also dropped on any answer but a successful write. */
const KEPT_MS = 10 * 60_000;
/** How long after a client's write of a checkpoint the database gets it (the latest one). */
export const CHECKPOINT_WRITE_DELAY_MS = 10_000;

/**
 * Writes a checkpoint document (with the database's `_rev`) and answers its new revision, or null
 * when the database no longer exists.
 */
export type CheckpointWriter = (
  db: string,
  id: string,
  doc: Record<string, unknown>,
) => Promise<string | null>;

interface Entry {
  key: string;
  db: string;
  id: string;
  /** The document as the client last wrote it, without `_id` and `_rev`. */
  doc: Record<string, unknown>;
  /** The revision the client was answered last (what its next write names). */
  rev: string;
  /** The document's revision in the database. */
  dbRev: string;
  /** Client writes accepted; `written` is the count the database has. */
  version: number;
  written: number;
  timer?: NodeJS.Timeout;
  writing?: Promise<void>;
}

/** `0-<n>`, the form of a local document's revision, one past `rev`'s. */
function nextRev(rev: string): string {
  const n = Number(/^0-(\d+)$/.exec(rev)?.[1] ?? 0);
  return `0-${n + 1}`;
}

/**
 * The replication checkpoints (`_local/<id>` of a user database) as clients last wrote them
 * through this API instance's gateway. A live replication writes its checkpoint after each
 * batch, and PouchDB reads it before each write (pouchdb-checkpointer: GET, then PUT with the
 * revision read): a read and a write of the database per batch, on both ends of every
 * conversation's message.
 *
 * Here the read is answered from memory, and so is a write that names the revision this
 * instance answered last: the client gets its new revision at once, and the database gets only
 * the latest checkpoint of each replication, CHECKPOINT_WRITE_DELAY_MS after the first write
 * it has not had yet (and at shutdown, `flush`). The revisions the client sees are then this
 * instance's count, not the database's; the write to the database names the database's own.
 *
 * Why that is safe: a checkpoint only says where a replication resumes, and the one a client
 * writes is true when written (the batch's documents were written before it, in the database
 * through this gateway or on the device). A checkpoint lost (the API stopped before writing
 * it) or stale (one written through another instance meanwhile) makes the replication resume
 * from an earlier point and read again what it has, never skip anything: PouchDB compares its
 * own copy of the checkpoint with this one and takes the latest point both have. What the
 * client sees of it:
 *
 * - Another instance's write first: this instance's write of the checkpoint gets the
 *   database's 409, and the entry is dropped (never written over the other). Any failed write
 *   drops it the same way.
 * - An entry dropped (or never here): the client's next write goes to the database with a
 *   revision it does not have, gets the 409, and PouchDB reads the checkpoint again (from the
 *   database this time) and writes it with that revision.
 */
export class CheckpointCache {
  private readonly entries = ttlCache<string, Entry>({ ttlMs: KEPT_MS, maxEntries: MAX_KEPT });
  /** Entries with a write to the database due or under way (kept even when evicted above). */
  private readonly due = new Set<Entry>();

  constructor(
    private readonly write: CheckpointWriter,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly delayMs = CHECKPOINT_WRITE_DELAY_MS,
  ) {}

  private entry(db: string, id: string): Entry | undefined {
    return this.entries.get(`${db}|${id}`)?.value;
  }

  /** The checkpoint as the client last wrote it (JSON, as the database would answer it). */
  get(db: string, id: string): string | undefined {
    const entry = this.entry(db, id);
    return entry && JSON.stringify({ ...entry.doc, _id: id, _rev: entry.rev });
  }

  /** The revision the client was answered last (a HEAD's ETag). */
  rev(db: string, id: string): string | undefined {
    return this.entry(db, id)?.rev;
  }

  /** The revision of the checkpoint in the database, when `rev` is the one the client has. */
  databaseRev(db: string, id: string, rev: string): string | undefined {
    const entry = this.entry(db, id);
    return entry?.rev === rev ? entry.dbRev : undefined;
  }

  /** A write of the checkpoint went to the database: `body` as sent, `rev` as it answered. */
  written(db: string, id: string, body: string, rev: string): void {
    this.forget(db, id);
    const key = `${db}|${id}`;
    this.entries.set(key, {
      key,
      db,
      id,
      doc: withoutRev(JSON.parse(body) as Record<string, unknown>),
      rev,
      dbRev: rev,
      version: 0,
      written: 0,
    });
  }

  /**
   * A client's write (the PUT's JSON body), taken here when it names the revision the client
   * was answered last: the answer the database would give (JSON), or undefined when the write
   * must go to the database.
   */
  accept(db: string, id: string, body: string): string | undefined {
    const entry = this.entry(db, id);
    if (!entry) return undefined;
    const doc = JSON.parse(body) as Record<string, unknown>;
    if (doc._rev !== entry.rev || doc._deleted) return undefined;
    entry.doc = withoutRev(doc);
    entry.rev = nextRev(entry.rev);
    entry.version++;
    this.entries.set(entry.key, entry);
    if (!entry.timer && !entry.writing) this.schedule(entry);
    return JSON.stringify({ ok: true, id, rev: entry.rev });
  }

  /** The checkpoint is dropped (its due write too): the database's copy is what counts. */
  forget(db: string, id: string): void {
    const entry = this.entry(db, id);
    this.entries.delete(`${db}|${id}`);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (!entry.writing) this.due.delete(entry);
  }

  /** Writes every checkpoint the database has not had yet, now (shutdown, tests). */
  async flush(): Promise<void> {
    while (this.due.size) {
      await Promise.all(
        [...this.due].map((entry) => {
          if (entry.writing) return entry.writing;
          clearTimeout(entry.timer);
          entry.timer = undefined;
          return this.writeOut(entry);
        }),
      );
    }
  }

  private schedule(entry: Entry): void {
    this.due.add(entry);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.writeOut(entry);
    }, this.delayMs);
    entry.timer.unref();
  }

  private current(entry: Entry): boolean {
    return this.entries.get(entry.key)?.value === entry;
  }

  /** The entry is no longer kept, and nothing of it is left to write. */
  private drop(entry: Entry): void {
    if (this.current(entry)) this.entries.delete(entry.key);
    entry.written = entry.version;
  }

  /** One write of the entry's latest checkpoint to the database; never rejects. */
  private writeOut(entry: Entry): Promise<void> {
    const version = entry.version;
    entry.writing = (async () => {
      try {
        const rev = await this.write(entry.db, entry.id, {
          ...entry.doc,
          _id: entry.id,
          _rev: entry.dbRev,
        });
        // The database is gone (its account was deleted): nothing left to write, nor to say.
        if (rev === null) return this.drop(entry);
        entry.dbRev = rev;
        entry.written = version;
      } catch (error) {
        // Written meanwhile through another instance (409), or the database failed: the
        // database's copy counts from now on (see the class comment).
        this.logger.warn(
          { err: error, db: entry.db, id: entry.id },
          'a checkpoint was not written',
        );
        this.drop(entry);
      } finally {
        entry.writing = undefined;
        if (this.current(entry) && entry.written !== entry.version) this.schedule(entry);
        else this.due.delete(entry);
      }
    })();
    return entry.writing;
  }
}

function withoutRev(doc: Record<string, unknown>): Record<string, unknown> {
  const { _rev: _ignored, _id: _alsoIgnored, ...rest } = doc;
  return rest;
}
