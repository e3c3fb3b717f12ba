import type { DocumentScope, ServerScope } from 'nano';
import type { JsDesignDoc, MangoIndex } from './load';
import {
  destroyAt,
  indexKey,
  stagedId,
  writeLive,
  writeStaged,
  type StagedDesign,
  type StoredDesignDoc,
} from './stage';

export interface PushResult {
  /** `<db>/_design/<name>` or `<db>/_index/<ddoc>/<name>` for every document written live. */
  pushed: string[];
  unchanged: string[];
  /**
   * Documents whose views changed, written under their staged name only: the live version keeps
   * answering until `swapStaged` has built their index and put them live.
   */
  staged: StagedDesign[];
}

/** Every design document of the database, live and staged, in one request. */
async function designDocsOf(db: DocumentScope<unknown>): Promise<Map<string, StoredDesignDoc>> {
  const { rows } = await db.list({ startkey: '_design/', endkey: '_design0', include_docs: true });
  const docs = new Map<string, StoredDesignDoc>();
  for (const row of rows) {
    if ('doc' in row && row.doc) docs.set(row.id, row.doc as unknown as StoredDesignDoc);
  }
  return docs;
}

/**
 * Writes the design documents and Mango indexes of one database, skipping any whose content
 * hash (or index definition) already matches what the database holds. A new design document,
 * or one whose views are unchanged (its validation or filters changed), is written live at once:
 * no index is rebuilt under any reader. One whose views changed is only staged (`staged`).
 */
export async function pushDesign(
  server: ServerScope,
  dbName: string,
  designDocs: JsDesignDoc[],
  indexes: MangoIndex[],
): Promise<PushResult> {
  const db: DocumentScope<unknown> = server.use(dbName);
  const result: PushResult = { pushed: [], unchanged: [], staged: [] };
  const stored = designDocs.length ? await designDocsOf(db) : new Map<string, StoredDesignDoc>();

  for (const doc of designDocs) {
    const label = `${dbName}/${doc._id}`;
    const live = stored.get(doc._id);
    const staged = stored.get(stagedId(doc._id));
    if (live?.meta?.hash === doc.meta.hash) {
      result.unchanged.push(label);
      // Left by a swap that stopped before its last step.
      if (staged?.meta?.hash === doc.meta.hash) await destroyAt(db, staged._id, staged._rev);
      continue;
    }
    // No index to build first: a new document, one without views, or the same views.
    if (!live || !doc.views || indexKey(live) === indexKey(doc)) {
      await writeLive(db, doc);
      result.pushed.push(label);
      continue;
    }
    await writeStaged(db, doc, staged);
    result.staged.push({ dbName, doc });
  }

  if (indexes.length > 0) {
    const listed = (await server.request({ db: dbName, path: '_index', method: 'GET' })) as {
      indexes: { ddoc: string | null; name: string; def: { fields: unknown[] } }[];
    };
    for (const index of indexes) {
      const label = `${dbName}/_index/${index.ddoc}/${index.name}`;
      const ddocId = `_design/${index.ddoc}`;
      const current = listed.indexes.find((i) => i.ddoc === ddocId && i.name === index.name);
      if (current && sameFields(current.def.fields, index.index.fields)) {
        result.unchanged.push(label);
        continue;
      }
      if (current) {
        await server.request({
          db: dbName,
          path: `_index/${encodeURIComponent(ddocId)}/json/${encodeURIComponent(index.name)}`,
          method: 'DELETE',
        });
      }
      await server.request({
        db: dbName,
        path: '_index',
        method: 'POST',
        body: { index: index.index, ddoc: index.ddoc, name: index.name, type: 'json' },
      });
      result.pushed.push(label);
    }
  }
  return result;
}

/** `["a", {"b": "desc"}]` and `[{"a": "asc"}, {"b": "desc"}]` describe the same index. */
function sameFields(a: unknown[], b: unknown[]): boolean {
  const norm = (fields: unknown[]) =>
    fields.map((f) => (typeof f === 'string' ? { [f]: 'asc' } : f));
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
