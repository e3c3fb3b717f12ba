import { ttlCache } from '../lib/ttl-cache';
import type { Couch } from './connect';
import { isNotFound } from './errors';
import { userDbName } from './userdb';

/**
 * Answers read from a member's own database, kept per API instance while that database has not
 * changed: before reading, the database's last sequence is asked for (`_changes`, newest one
 * change: the same small read for a member with 10 documents or 100,000); an answer read after
 * the same sequence is handed out again, and identical requests while one is being read share it.
 * Any write to the database (a message delivered, a notification, the member's own sync) moves
 * the sequence, so the next request reads again: an answer is never older than the database
 * was when the request began, on one server. On a CouchDB cluster a lagging shard copy may answer
 * an older sequence; `maxAgeMs` (USERDB_SNAPSHOT_MS, a minute) bounds how long such an answer may
 * then be reused; 0 reads every time.
 *
 * Used for what every app start reads (`GET /api/user`: the unread count and the wishlists;
 * `GET /api/inbox`): what a repeat of them costs no longer follows what the member holds.
 */
/** Members whose answers are kept (the most recently asked for). */
const SNAPSHOTS_KEPT = 1_000;

type Entry = { seq: string; at: number; value: Promise<unknown> };

const byServer = new WeakMap<Couch, ReturnType<typeof createSnapshots>>();

/** The snapshots of the members' databases on this database server (one set per connection). */
export function userDbSnapshots(couch: Couch) {
  let snapshots = byServer.get(couch);
  if (!snapshots) byServer.set(couch, (snapshots = createSnapshots(couch)));
  return snapshots;
}

/**
 * `read(userId, part, load, maxAgeMs)`: `load()`'s answer for this member and `part` (a name for what is
 * read: `user`, `inbox`), reused while their database's last sequence is unchanged. `load` may
 * say its answer must not be kept (`{ keep: false }`: for example a count answered from memory
 * while an index builds). A database that does not exist is read every time (nothing to key on).
 */
function createSnapshots(couch: Couch) {
  const entries = ttlCache<string, Entry>({ ttlMs: Infinity, maxEntries: SNAPSHOTS_KEPT });

  async function lastSeq(userId: string): Promise<string | undefined> {
    try {
      const changes = await couch.server
        .use(userDbName(couch, userId))
        .changes({ descending: true, limit: 1 });
      return JSON.stringify(changes.last_seq);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  return {
    async read<T>(
      userId: string,
      part: string,
      load: () => Promise<{ value: T; keep: boolean }>,
      maxAgeMs: number,
    ): Promise<T> {
      if (maxAgeMs <= 0) return (await load()).value;
      const seq = await lastSeq(userId);
      const key = `${part}\u0000${userId}`;
      const kept = seq === undefined ? undefined : entries.get(key)?.value;
      const age = kept ? Date.now() - kept.at : -1;
      if (kept && kept.seq === seq && age >= 0 && age < maxAgeMs) {
        return (await kept.value) as T;
      }
      const loading = load();
      if (seq !== undefined) {
        const entry: Entry = { seq, at: Date.now(), value: loading.then((r) => r.value) };
        entry.value.catch(() => undefined); // the caller below gets the failure
        entries.set(key, entry);
        const forget = () => {
          if (entries.get(key)?.value === entry) entries.delete(key);
        };
        loading.then((r) => (r.keep ? undefined : forget()), forget);
      }
      return (await loading).value;
    },
  };
}
