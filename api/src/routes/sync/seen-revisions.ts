import { ttlCache } from '../../lib/ttl-cache';

/** Documents whose revisions are kept, and for how long (the pull that follows a feed is soon). */
const MAX_DOCUMENTS = 50_000;
const KEPT_MS = 5 * 60_000;
/** Revisions kept per document (the latest seen). */
const MAX_REVISIONS = 8;

/**
 * The revisions this API instance passed to a client in a user database's change feed. The
 * gateway asks the database whether a document has the revisions of a `latest=true` read before
 * sending it (one the document lacks made the embedded server exit); a revision the same
 * database's feed named is in the document's revision tree, where it stays (compaction drops
 * old bodies, never revision ids, and stemming only past a thousand newer revisions), so a pull
 * that reads what the feed just listed needs no such check.
 */
export class SeenRevisions {
  private readonly entries = ttlCache<string, string[]>({
    ttlMs: KEPT_MS,
    maxEntries: MAX_DOCUMENTS,
  });

  /** Notes a change feed entry (`{id, changes: [{rev}]}`; anything else is ignored). */
  note(db: string, entry: Record<string, unknown>): void {
    const { id, changes } = entry;
    if (typeof id !== 'string' || !Array.isArray(changes)) return;
    const revs = changes
      .map((c) => (c && typeof c === 'object' ? (c as { rev?: unknown }).rev : undefined))
      .filter((rev): rev is string => typeof rev === 'string');
    if (!revs.length) return;
    const key = `${db}|${id}`;
    const known = this.entries.get(key)?.value ?? [];
    const merged = [...known.filter((rev) => !revs.includes(rev)), ...revs];
    this.entries.set(key, merged.slice(-MAX_REVISIONS));
  }

  /** Of the revisions wanted per document, those no feed of this database named. */
  unseen(db: string, wanted: Record<string, string[]>): Record<string, string[]> {
    const left: Record<string, string[]> = {};
    for (const [id, revs] of Object.entries(wanted)) {
      const known = this.entries.get(`${db}|${id}`)?.value ?? [];
      const missing = revs.filter((rev) => !known.includes(rev));
      if (missing.length) left[id] = missing;
    }
    return left;
  }
}
