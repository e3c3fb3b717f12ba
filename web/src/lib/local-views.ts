// Local views: persistent map indexes of the user's database on this device whose rows carry the
// documents themselves, for a query that needs every matching document in full. A pouchdb-find
// index (lib/local-queries.ts) keeps only keys, so a `find` reads its rows and then each
// document by id, one read per document: with hundreds of matches, slower than reading every
// document of the type in one range (bench/local-queries.bench.ts, "unread"). A view here is read
// in one range and answers from its rows. It is the machinery pouchdb-find builds its indexes
// on (pouchdb-abstract-mapreduce: kept up to date at each query from the changes since the last
// one), with map functions written here in code: CouchDB-style design documents would carry
// them as text for `eval`, which the app's Content-Security-Policy refuses. Like the indexes, a
// view is a `_design/view-...` document of the local database, never pushed (`isPushed`), made
// at the first query that needs it; its rows live in a database PouchDB destroys with this one.
import createAbstractMapReduce from 'pouchdb-abstract-mapreduce';

type Doc = Record<string, unknown> & { _id: string; _rev?: string };
type Emit = (key: unknown, value: unknown) => void;

export interface LocalView {
  /** The design document's name, without `_design/`. */
  ddoc: string;
  name: string;
  /** Which map function of MAPS; `version` changes when it does, and the view is built anew. */
  map: keyof typeof MAPS;
  version: number;
}

/** The document as a view row keeps it: what PouchDB adds for reading (`_conflicts`) left out. */
function stored(doc: Doc): Doc {
  const { _conflicts: _ignored, ...rest } = doc;
  return rest as Doc;
}

const MAPS = {
  /** Unread notifications (`read_at` null or absent), keyed by date, each row the document. */
  unreadNotifications: (emit: Emit) => (doc: Doc) => {
    if (doc.type === 'notification' && !doc.read_at) emit(doc.created_at, stored(doc));
  },
} satisfies Record<string, (emit: Emit) => (doc: Doc) => void>;

export const LOCAL_VIEW = {
  /** Mark all read: every unread notification, in full, to write it back read. */
  unreadNotifications: {
    ddoc: 'view-notification-unread',
    name: 'unread',
    map: 'unreadNotifications',
    version: 1,
  },
} as const satisfies Record<string, LocalView>;

interface MapDefinition {
  map: keyof typeof MAPS;
  version: number;
}

const views = createAbstractMapReduce<MapDefinition>(
  'local-views',
  (definition, emit) => MAPS[definition.map](emit),
  () => {
    throw new Error('Local views have no reduce.');
  },
  (ddoc, name) => {
    const map = ddoc.views?.[name]?.map;
    if (!map || !(map.map in MAPS))
      throw new Error(`${ddoc._id} has no local view ${name} (made by lib/local-views.ts).`);
  },
);

/** The view's design document, as `ensureView` writes it. */
export function viewDesignDoc(view: LocalView) {
  return {
    _id: `_design/${view.ddoc}`,
    views: { [view.name]: { map: { map: view.map, version: view.version } } },
  };
}

/** The database calls a view needs (PouchDB's). */
export interface ViewDb {
  get(id: string): Promise<Record<string, unknown>>;
  put(doc: Record<string, unknown>): Promise<unknown>;
}

/** Writes the view's design document unless it is there as this code defines it. */
export async function ensureView(db: ViewDb, view: LocalView): Promise<void> {
  const wanted = viewDesignDoc(view);
  let rev: string | undefined;
  try {
    const current = await db.get(wanted._id);
    if (JSON.stringify(current.views) === JSON.stringify(wanted.views)) return;
    rev = current._rev as string;
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  try {
    await db.put({ ...wanted, ...(rev ? { _rev: rev } : {}) });
  } catch (error) {
    // Another tab wrote it meanwhile: the same definition.
    if ((error as { status?: number }).status !== 409) throw error;
  }
}

/** The rows' documents of `view` (made first with `ensureView`), in key order. */
export async function queryView<T>(
  db: ViewDb,
  view: LocalView,
  options: { descending?: boolean } = {},
): Promise<T[]> {
  const result = await views.query.call(db, `${view.ddoc}/${view.name}`, {
    ...options,
    reduce: false,
  });
  return result.rows.map((row) => row.value as T);
}
