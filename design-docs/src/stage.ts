import type { DocumentScope, RequestOptions, ServerScope } from 'nano';
import type { JsDesignDoc } from './load';

/**
 * A design document whose views changed is first written under `_design/<name>.staged`, holding
 * only its views (`stagedDoc`). Both servers key a view index by the view definitions, not by the
 * design document's name: CouchDB by the signature of `views`, `language` and `options`, the
 * embedded pouchdb-server by each view's map and reduce source. So once the staged document's
 * index is built, writing the same views under the live name finds that index already built,
 * while until then the live document keeps answering from its old one.
 */
export const STAGED_SUFFIX = '.staged';

export const stagedId = (id: string) => `${id}${STAGED_SUFFIX}`;

/** A design document as a database holds it. */
export type StoredDesignDoc = Partial<Omit<JsDesignDoc, '_id'>> & {
  _id: string;
  _rev: string;
  options?: unknown;
};

/** A changed design document written under its staged name: `swapStaged` puts it live. */
export interface StagedDesign {
  dbName: string;
  doc: JsDesignDoc;
}

export interface SwapOptions {
  /** Stops waiting (at shutdown): the staged documents stay, and the next push reuses them. */
  signal?: AbortSignal;
  /** Pause before asking again after an answer that says the index is still building. */
  pollMs?: number;
}

function statusOf(error: unknown): number | undefined {
  const e = error as { statusCode?: number };
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

/** JSON with object keys sorted, so two equal definitions compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a design document's view index is built from (CouchDB's view signature: the views,
 * `language` and `options`). Two documents with the same key share one index; a change to a
 * validate function or a filter leaves it as it is.
 */
export function indexKey(doc: Pick<StoredDesignDoc, 'views' | 'language' | 'options'>): string {
  return canonical({
    views: doc.views ?? {},
    language: doc.language ?? 'javascript',
    options: doc.options ?? {},
  });
}

/**
 * The staged copy of a design document: its views only, so that nothing else of it (a
 * validate_doc_update, which CouchDB runs for every design document of the database) acts
 * before it goes live.
 */
export function stagedDoc(doc: JsDesignDoc): Omit<JsDesignDoc, 'validate_doc_update' | 'filters'> {
  return {
    _id: stagedId(doc._id),
    language: doc.language,
    views: doc.views,
    meta: doc.meta,
  };
}

/**
 * An answer that means "the index is still being built; ask again": CouchDB's 500 `timeout`
 * (a view read waits at most its fabric timeout, 60 s by default, for a building index), a 503,
 * or no answer within the client's own time limit (the API's view timeout) or none at all.
 */
export function isStillBuilding(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return isNetworkError(error);
  if (status === 503) return true;
  const e = error as { error?: string; reason?: string };
  return status === 500 && (e.error === 'timeout' || /timeout/i.test(e.reason ?? ''));
}

/** A request that got no answer: refused, reset, or past the client's time limit (undici). */
function isNetworkError(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
  if (typeof e?.code === 'string' || typeof e?.cause?.code === 'string') return true;
  // nano wraps a failed fetch in a plain Error with this text.
  return (
    typeof e?.message === 'string' && e.message.startsWith('error happened in your connection')
  );
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Reads each view of the design document once with `limit=0`, which answers only once its index
 * is up to date, asking again for as long as the answers say it is still building.
 */
async function untilBuilt(
  server: ServerScope,
  dbName: string,
  id: string,
  views: string[],
  options: SwapOptions,
): Promise<void> {
  for (const view of views) {
    for (;;) {
      options.signal?.throwIfAborted();
      // nano passes `signal` on to fetch (its types do not list it).
      const request: RequestOptions & { signal?: AbortSignal } = {
        db: dbName,
        path: `${id}/_view/${encodeURIComponent(view)}`,
        qs: { limit: 0 },
        signal: options.signal,
      };
      try {
        await server.request(request);
        break;
      } catch (error) {
        options.signal?.throwIfAborted();
        if (!isStillBuilding(error)) throw error;
        await sleep(options.pollMs ?? 1000, options.signal);
      }
    }
  }
}

async function getOrNull<T>(db: DocumentScope<unknown>, id: string): Promise<T | null> {
  try {
    return (await db.get(id)) as T;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** Deletes a document at the revision read; gone or changed meanwhile (another instance) is fine. */
export async function destroyAt(
  db: DocumentScope<unknown>,
  id: string,
  rev: string,
): Promise<void> {
  try {
    await db.destroy(id, rev);
  } catch (error) {
    const status = statusOf(error);
    if (status !== 404 && status !== 409) throw error;
  }
}

async function removeIfSame(db: DocumentScope<unknown>, id: string, hash: string): Promise<void> {
  const current = await getOrNull<StoredDesignDoc>(db, id);
  if (current?.meta?.hash === hash) await destroyAt(db, id, current._rev);
}

/**
 * Writes `doc` under its live name unless it is there already, over whatever revision is live.
 * Several API instances may do it at once: a 409 means another one wrote first, so the live
 * document is read again (and is ours if their design is the same).
 */
export async function writeLive(db: DocumentScope<unknown>, doc: JsDesignDoc): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const live = await getOrNull<StoredDesignDoc>(db, doc._id);
    if (live?.meta?.hash === doc.meta.hash) return;
    try {
      await db.insert({ ...doc, ...(live ? { _rev: live._rev } : {}) } as never);
      return;
    } catch (error) {
      if (statusOf(error) !== 409 || attempt >= 5) throw error;
    }
  }
}

/**
 * Writes the staged copy of `doc`, unless one with the same content is there already (left by an
 * instance that stopped half way, or written by another instance starting now: its index, as far
 * as it got, is reused). A staged copy of another content (an abandoned deploy of another
 * version) is replaced.
 */
export async function writeStaged(
  db: DocumentScope<unknown>,
  doc: JsDesignDoc,
  existing: StoredDesignDoc | undefined,
): Promise<void> {
  const staged = stagedDoc(doc);
  let current: StoredDesignDoc | null | undefined = existing;
  for (let attempt = 0; ; attempt++) {
    if (current?.meta?.hash === doc.meta.hash) return;
    try {
      await db.insert({ ...staged, ...(current ? { _rev: current._rev } : {}) } as never);
      return;
    } catch (error) {
      if (statusOf(error) !== 409 || attempt >= 5) throw error;
      current = await getOrNull<StoredDesignDoc>(db, staged._id);
    }
  }
}

/** Whether the server is CouchDB (as opposed to the embedded pouchdb-server). */
async function isCouchDb(server: ServerScope): Promise<boolean> {
  const root = (await server.request({ path: '' })) as { couchdb?: unknown };
  return root.couchdb !== undefined;
}

/**
 * Puts one staged design document live once its index is built: waits for the staged views,
 * writes the whole document under its live name (same views: the index built is found), reads
 * the live views once, then deletes the staged copy.
 */
async function swapOne(
  server: ServerScope,
  { dbName, doc }: StagedDesign,
  options: SwapOptions,
): Promise<void> {
  const db: DocumentScope<unknown> = server.use(dbName);
  const views = Object.keys(doc.views ?? {});
  const id = stagedId(doc._id);
  try {
    await untilBuilt(server, dbName, id, views, options);
  } catch (error) {
    // Another instance swapped it in and deleted the staged copy while this one waited.
    if (statusOf(error) !== 404) throw error;
    const live = await getOrNull<StoredDesignDoc>(db, doc._id);
    if (live?.meta?.hash === doc.meta.hash) return;
    throw error;
  }
  // The index waited for must be this content's: a deploy of another version may have replaced
  // the staged copy meanwhile, and putting this one live now would rebuild under the readers.
  const staged = await getOrNull<StoredDesignDoc>(db, id);
  const live = await getOrNull<StoredDesignDoc>(db, doc._id);
  if (live?.meta?.hash === doc.meta.hash) {
    await removeIfSame(db, id, doc.meta.hash);
    return;
  }
  if (staged?.meta?.hash !== doc.meta.hash) {
    throw new Error(
      `${dbName}/${id} was replaced by another deploy while its index was building; ${doc._id} is left as it was.`,
    );
  }
  await writeLive(db, doc);
  // Once through the live name: the readers after the swap find the index caught up with the
  // writes made during the build.
  await untilBuilt(server, dbName, doc._id, views, options);
  await removeIfSame(db, id, doc.meta.hash);
}

export interface SwapResult {
  /** `<db>/_design/<name>` of each document put live. */
  swapped: string[];
  /** Those left staged (the live version still answers), with why: the next push retries them. */
  failed: { label: string; error: unknown }[];
  /** Why the clean-up of old index files failed (CouchDB): they stay until the next one. */
  cleanupError?: unknown;
}

/**
 * Swaps in every staged design document as soon as its own index is built (all at once; one
 * failing leaves the others to finish). On CouchDB it then asks each database to drop the index
 * files no design document uses any more (`_view_cleanup`): the old versions'. Not on the
 * embedded server, whose clean-up would delete the index just swapped in (ARCHITECTURE.md,
 * design documents): there an old index stays on disk.
 */
export async function swapStaged(
  server: ServerScope,
  staged: StagedDesign[],
  options: SwapOptions = {},
): Promise<SwapResult> {
  const result: SwapResult = { swapped: [], failed: [] };
  if (staged.length === 0) return result;
  const settled = await Promise.allSettled(staged.map((s) => swapOne(server, s, options)));
  settled.forEach((outcome, i) => {
    const label = `${staged[i]!.dbName}/${staged[i]!.doc._id}`;
    if (outcome.status === 'fulfilled') result.swapped.push(label);
    else result.failed.push({ label, error: outcome.reason });
  });
  const cleaned = new Set(
    staged.filter((_, i) => settled[i]!.status === 'fulfilled').map((s) => s.dbName),
  );
  try {
    if (cleaned.size && (await isCouchDb(server))) {
      for (const dbName of cleaned) {
        await server.request({ db: dbName, path: '_view_cleanup', method: 'POST' });
      }
    }
  } catch (error) {
    result.cleanupError = error;
  }
  return result;
}
