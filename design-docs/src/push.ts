import type { DocumentScope, ServerScope } from 'nano';
import type { JsDesignDoc, MangoIndex } from './load';

export interface PushResult {
  /** `<db>/_design/<name>` or `<db>/_index/<ddoc>/<name>` for every document written. */
  pushed: string[];
  unchanged: string[];
}

function statusOf(error: unknown): number | undefined {
  const e = error as { statusCode?: number };
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

/**
 * Writes the design documents and Mango indexes of one database, skipping any whose content
 * hash (or index definition) already matches what the database holds.
 */
export async function pushDesign(
  server: ServerScope,
  dbName: string,
  designDocs: JsDesignDoc[],
  indexes: MangoIndex[],
): Promise<PushResult> {
  const db: DocumentScope<unknown> = server.use(dbName);
  const result: PushResult = { pushed: [], unchanged: [] };

  for (const doc of designDocs) {
    const label = `${dbName}/${doc._id}`;
    let existing: (JsDesignDoc & { _rev: string }) | undefined;
    try {
      existing = (await db.get(doc._id)) as unknown as JsDesignDoc & { _rev: string };
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    if (existing?.meta?.hash === doc.meta.hash) {
      result.unchanged.push(label);
      continue;
    }
    try {
      await db.insert({ ...doc, ...(existing ? { _rev: existing._rev } : {}) } as never);
    } catch (error) {
      // Another API instance pushed the same document at the same moment: fine if it is ours.
      if (statusOf(error) !== 409) throw error;
      const now = (await db.get(doc._id)) as unknown as JsDesignDoc;
      if (now.meta?.hash !== doc.meta.hash) throw error;
    }
    result.pushed.push(label);
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
