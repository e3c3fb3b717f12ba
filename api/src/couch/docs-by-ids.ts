import type { DocumentScope } from 'nano';

/** A database as nano gives it (`couch.db(key)`, `couch.server.use(name)`), whatever its documents. */
type Database = Pick<DocumentScope<never>, 'server' | 'config'>;

type BulkGetAnswer = {
  results: { id: string; docs: ({ ok: Record<string, unknown> } | { error: unknown })[] }[];
};

/**
 * The current revision of each document of `ids`, by id, in one `_bulk_get` request (none for no
 * id); missing and deleted documents left out, attachments as stubs. What `_all_docs` with `keys`
 * and `include_docs` gives, for about half the embedded server's CPU: pouchdb-server answers that
 * with one index walk per key, `_bulk_get` with one read per document (bench/README.md, "page
 * documents"). Both are CouchDB 3's own (the replication protocol reads with `_bulk_get`).
 */
export async function docsByIds<T = Record<string, unknown>>(
  db: Database,
  ids: Iterable<string>,
): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, T>();
  if (!unique.length) return found;
  const answer = (await db.server.request({
    db: db.config.db,
    method: 'POST',
    path: '_bulk_get',
    body: { docs: unique.map((id) => ({ id })) },
  })) as BulkGetAnswer;
  for (const result of answer.results) {
    for (const entry of result.docs) {
      if (!('ok' in entry) || entry.ok._deleted) continue;
      const { _revisions: _, ...doc } = entry.ok;
      found.set(result.id, doc as T);
    }
  }
  return found;
}
