import { ttlCache } from '../../lib/ttl-cache';

/** Checkpoints kept (one per replication of a device, two per device at most). */
const MAX_KEPT = 20_000;
/** A backstop: every entry is also dropped on any answer but a successful write. */
const KEPT_MS = 10 * 60_000;

/**
 * The replication checkpoints (`_local/<id>` of a user database) as this API instance last wrote
 * them through the gateway. PouchDB reads a checkpoint before each write of it
 * (pouchdb-checkpointer: GET, then PUT with the revision read), once per replicated batch, so a
 * live replication costs the database a read and a write per batch; with the document this
 * instance wrote, the read is answered here.
 *
 * Only the gateway writes checkpoints, and each replication writes its own. One written
 * elsewhere meanwhile (the same device through another instance) makes the kept copy stale: the
 * client's write with its revision gets CouchDB's 409, the entry is dropped, and PouchDB reads
 * the checkpoint again, from the database this time. A checkpoint is only where a replication
 * resumes: none is ever lost by this, at worst one is written twice.
 */
export class CheckpointCache {
  private readonly entries = ttlCache<string, string>({ ttlMs: KEPT_MS, maxEntries: MAX_KEPT });

  /** The checkpoint as the database would answer it (JSON), when this instance wrote it last. */
  get(db: string, id: string): string | undefined {
    return this.entries.get(`${db}|${id}`)?.value;
  }

  /** A write of the checkpoint succeeded: `body` as sent, `rev` as the database answered. */
  written(db: string, id: string, body: string, rev: string): void {
    const doc = JSON.parse(body) as Record<string, unknown>;
    this.entries.set(`${db}|${id}`, JSON.stringify({ ...doc, _id: id, _rev: rev }));
  }

  forget(db: string, id: string): void {
    this.entries.delete(`${db}|${id}`);
  }
}
