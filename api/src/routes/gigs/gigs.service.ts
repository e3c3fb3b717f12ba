import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { isConflict, isNotFound } from '../../couch/errors';
import { docsByIds } from '../../couch/docs-by-ids';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import { ttlCache } from '../../lib/ttl-cache';
import type { Gig, GigFields, GigPatch, GigSearch, GigSummary, ListResponse } from '../../schemas';
import { GIG_IMAGES_MAX, SEARCH_CANDIDATES, SORTED_SEARCH_ROWS } from '../../schemas';
import type { UserDoc } from '../users/users.model';
import { personOrDeleted, usersByIds } from '../users/users.lookup';
import {
  readDocImage,
  withImage,
  withoutImage,
  type ImageRef,
  type WithImages,
} from '../doc-images';
import { openOrderCount } from './gig-orders';
import { mergeSorted, raceSorted, walkSorted } from './search-plan';
import { bloomHas, tokenize } from './search-text';
import { readWindow, type IndexRow } from './search-window';

type Deps = Pick<AppDeps, 'couch' | 'logger'>;

export interface GigDoc extends Omit<GigFields, 'status'> {
  _id: string;
  _rev?: string;
  type: 'gig';
  id: string;
  owner_id: string;
  status: GigFields['status'];
  images: ImageRef[];
  /** Derived on every write: the cheapest package and the fastest delivery, for search. */
  min_price: number;
  min_delivery_days: number;
  rating: { average: number; count: number };
  created_at: string;
  updated_at: string;
  published_at: string | null;
  _attachments?: WithImages['_attachments'];
}

const gigKey = (id: string) => `gig:${id}`;

function derive(doc: GigDoc): GigDoc {
  const prices = doc.packages.map((p) => p.price.amount);
  const days = doc.packages.map((p) => p.delivery_days);
  return {
    ...doc,
    min_price: prices.length ? Math.min(...prices) : 0,
    min_delivery_days: days.length ? Math.min(...days) : 0,
  };
}

/** A gig is published only when a buyer could order it. */
async function checkPublishable(deps: Deps, doc: GigDoc) {
  const errors: Record<string, string[]> = {};
  if (doc.packages.length === 0) errors.packages = ['Add at least one package before publishing.'];
  if (!(await activeService(deps, doc.service_id)))
    errors.service_id = ['Choose an active service.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export async function activeService(deps: Pick<Deps, 'couch'>, id: string): Promise<boolean> {
  try {
    const service = (await deps.couch.db('catalog').get(`service:${id}`)) as unknown as {
      status: string;
    };
    return service.status === 'active';
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/**
 * Search results name each gig's owner; a busy search page asks for the same few agents again
 * and again. Their accounts are kept 10 s (a new name or picture shows in results within that).
 */
const ownerCache = ttlCache<string, UserDoc | undefined>({ ttlMs: 10_000, maxEntries: 5_000 });

async function cachedOwnersOf(deps: Deps, ids: string[]) {
  const owners = new Map<string, UserDoc>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const hit = ownerCache.get(id);
    if (!hit) missing.push(id);
    else if (hit.value) owners.set(id, hit.value);
  }
  if (missing.length) {
    const fetched = await usersByIds(deps, missing);
    for (const id of missing) {
      ownerCache.set(id, fetched.get(id));
      const doc = fetched.get(id);
      if (doc) owners.set(id, doc);
    }
  }
  return owners;
}

function imageUrl(doc: Pick<GigDoc, 'id'>, imageId: string) {
  return `/api/gigs/${doc.id}/images/${imageId}`;
}

function summary(doc: GigDoc, owner: UserDoc | undefined): GigSummary {
  return {
    id: doc.id,
    title: doc.title,
    service_id: doc.service_id,
    owner: personOrDeleted(owner, doc.owner_id),
    image: doc.images[0] ? imageUrl(doc, doc.images[0].id) : null,
    starting_price: { amount: doc.min_price, currency: 'USD' },
    min_delivery_days: doc.min_delivery_days,
    rating: doc.rating,
    languages: doc.languages,
    destinations: doc.destinations,
    location: doc.location,
    published_at: doc.published_at,
  };
}

function toGig(doc: GigDoc, owner: UserDoc | undefined): Gig {
  return {
    ...summary(doc, owner),
    description: doc.description,
    packages: doc.packages,
    extras: doc.extras,
    images: doc.images.map((i) => imageUrl(doc, i.id)),
    status: doc.status,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export async function getGigDoc(deps: Deps, id: string): Promise<GigDoc> {
  try {
    const doc = (await deps.couch.db('catalog').get(gigKey(id))) as unknown as GigDoc;
    if (doc.type !== 'gig') throw notFound('No such gig.');
    return doc;
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such gig.');
    throw error;
  }
}

/** Owners and admins see every gig; everyone else only active ones. */
export async function getGig(deps: Deps, id: string, viewer: UserDoc | undefined): Promise<Gig> {
  const doc = await getGigDoc(deps, id);
  const mayManage = viewer && (viewer.id === doc.owner_id || viewer.role === 'Admin');
  if (doc.status !== 'active' && !mayManage) throw notFound('No such gig.');
  const owners = await cachedOwnersOf(deps, [doc.owner_id]);
  return toGig(doc, owners.get(doc.owner_id));
}

function assertManager(doc: GigDoc, user: UserDoc) {
  if (doc.owner_id !== user.id && user.role !== 'Admin')
    throw forbidden('Only the agent who owns this gig, or an admin, can change it.');
}

async function save(deps: Deps, doc: GigDoc): Promise<GigDoc> {
  const next = derive({ ...doc, updated_at: new Date().toISOString() });
  try {
    const result = await deps.couch.db('catalog').insert(next as never);
    return { ...next, _rev: result.rev };
  } catch (error) {
    if (isConflict(error))
      throw conflict('This gig was changed meanwhile (on another device?). Reload and try again.');
    throw error;
  }
}

export async function createGig(deps: Deps, owner: UserDoc, input: GigFields): Promise<Gig> {
  if (!(await activeService(deps, input.service_id)))
    throw ValidationError.field('service_id', 'Choose an active service.');
  const id = randomBytes(9).toString('base64url');
  const now = new Date().toISOString();
  const doc = derive({
    ...input,
    _id: gigKey(id),
    type: 'gig',
    id,
    owner_id: owner.id,
    images: [],
    min_price: 0,
    min_delivery_days: 0,
    rating: { average: 0, count: 0 },
    created_at: now,
    updated_at: now,
    published_at: input.status === 'active' ? now : null,
  });
  if (doc.status === 'paused')
    throw ValidationError.field('status', 'A new gig is a draft or active.');
  if (doc.status === 'active') await checkPublishable(deps, doc);
  const saved = await save(deps, doc);
  return toGig(saved, owner);
}

export async function updateGig(
  deps: Deps,
  user: UserDoc,
  id: string,
  patch: GigPatch,
): Promise<Gig> {
  const doc = await getGigDoc(deps, id);
  assertManager(doc, user);
  const next: GigDoc = { ...doc, ...patch };
  if (
    patch.service_id &&
    patch.service_id !== doc.service_id &&
    !(await activeService(deps, patch.service_id))
  ) {
    throw ValidationError.field('service_id', 'Choose an active service.');
  }
  if (next.status === 'active') await checkPublishable(deps, next);
  if (next.status === 'active' && !next.published_at) next.published_at = new Date().toISOString();
  const saved = await save(deps, next);
  const owners = await usersByIds(deps, [saved.owner_id]);
  return toGig(saved, owners.get(saved.owner_id));
}

export async function deleteGig(deps: Deps, user: UserDoc, id: string): Promise<void> {
  const doc = await getGigDoc(deps, id);
  assertManager(doc, user);
  const open = await openOrderCount(deps, id);
  if (open > 0)
    throw conflict(
      `This gig has ${open} open order${open === 1 ? '' : 's'}: pause it instead, and delete it once they are closed.`,
    );
  await deps.couch.db('catalog').destroy(doc._id, doc._rev!);
}

export async function addImage(
  deps: Deps,
  user: UserDoc,
  id: string,
  data: Buffer,
  contentType: string,
): Promise<Gig> {
  const doc = await getGigDoc(deps, id);
  assertManager(doc, user);
  const next = withImage(doc, { data, contentType }, { max: GIG_IMAGES_MAX, what: 'A gig' });
  const saved = await save(deps, next);
  const owners = await usersByIds(deps, [saved.owner_id]);
  return toGig(saved, owners.get(saved.owner_id));
}

export async function removeImage(
  deps: Deps,
  user: UserDoc,
  id: string,
  imageId: string,
): Promise<Gig> {
  const doc = await getGigDoc(deps, id);
  assertManager(doc, user);
  const saved = await save(deps, withoutImage(doc, imageId));
  const owners = await usersByIds(deps, [saved.owner_id]);
  return toGig(saved, owners.get(saved.owner_id));
}

export async function readImage(
  deps: Deps,
  id: string,
  imageId: string,
  viewer: UserDoc | undefined,
) {
  const doc = await getGigDoc(deps, id);
  const mayManage = viewer && (viewer.id === doc.owner_id || viewer.role === 'Admin');
  if (doc.status !== 'active' && !mayManage) throw notFound('No such image.');
  return {
    ...(await readDocImage(deps.couch.db('catalog'), doc, imageId)),
    /** Anyone may see it (an active gig's): shared caches may keep it. */
    isPublic: doc.status === 'active',
  };
}

export async function agentGigs(deps: Deps, owner: UserDoc): Promise<Gig[]> {
  const rows = await deps.couch
    .db('catalog')
    .view('gigs', 'by_owner', { key: owner.id, reduce: false, include_docs: true });
  return rows.rows
    .map((r) => toGig(r.doc as unknown as GigDoc, owner))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

/**
 * An agent's active gigs, newest published first, for their public profile (issue 20). Drafts,
 * paused and deleted gigs are the agent's own business and are left out.
 */
export async function activeGigsOf(deps: Deps, owner: UserDoc): Promise<GigSummary[]> {
  const rows = await deps.couch
    .db('catalog')
    .view('gigs', 'by_owner', { key: owner.id, reduce: false, include_docs: true });
  return rows.rows
    .map((r) => r.doc as unknown as GigDoc)
    .filter((doc) => doc?.type === 'gig' && doc.status === 'active')
    .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
    .map((doc) => summary(doc, owner));
}

/**
 * An index row's value: price, days, rating, languages, places, Bloom filter (gigs/search,
 * gigword/sorted; the words themselves in gigsort/sorted), then published_at (gigs/search,
 * gigs/browse, gigsort/sorted) or the service (gigword/sorted), and the gig's _rev.
 */
type IndexValue = [number, number, number, string[], string[], string, string, string?];

/**
 * The gigs a search page shows, as last read, by id. An index row carries its document's
 * revision, so a copy is used only while it is the current one: a changed gig is read again.
 * Popular gigs come up on many searches; this spares reading them each time.
 */
const pageDocs = ttlCache<string, GigDoc>({ ttlMs: 10 * 60_000, maxEntries: 2_000 });

/** The documents of a page's index rows, in their order; gigs gone or no longer active left out. */
async function docsOf(deps: Deps, rows: IndexRow<IndexValue>[]): Promise<GigDoc[]> {
  const found = new Map<string, GigDoc>();
  const missing: string[] = [];
  for (const row of rows) {
    const copy = pageDocs.get(row.id)?.value;
    if (copy && row.value[7] !== undefined && copy._rev === row.value[7]) found.set(row.id, copy);
    else missing.push(row.id);
  }
  if (missing.length) {
    const docs = await docsByIds<GigDoc>(deps.couch.db('catalog'), missing);
    for (const { _attachments: _, ...doc } of docs.values()) {
      pageDocs.set(doc._id, doc);
      found.set(doc._id, doc);
    }
  }
  return rows
    .map((row) => found.get(row.id))
    .filter((doc): doc is GigDoc => doc?.type === 'gig' && doc.status === 'active');
}

const viewRange =
  (deps: Deps, ddoc: string, view: string, endkey: unknown[], descending = false) =>
  async ({ startkey, skip, limit }: { startkey: unknown[]; skip: number; limit: number }) => {
    const result = await deps.couch.db('catalog').view<IndexValue>(ddoc, view, {
      startkey,
      endkey,
      limit,
      ...(skip ? { skip } : {}),
      ...(descending ? { descending: true } : {}),
    });
    return result.rows as unknown as IndexRow<IndexValue>[];
  };

const byNumbers = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

/** A gig's words in a gigsort/sorted row: space-separated. */
const hasWord = (words: string, word: string) => ` ${words} `.includes(` ${word} `);

/** Whether a gig's text holds every word (as the search index lists it). */
const hasWords = (doc: GigDoc, words: string[]) => {
  const text = new Set(
    tokenize(
      [doc.title, doc.location ?? '', doc.destinations.join(' '), doc.description].join(' '),
    ),
  );
  return words.every((w) => text.has(w));
};

/**
 * The index rows a search keeps, in the order asked for, and how they were read: sorted by
 * relevance, as far as the page needs (search-window.ts); by price, date or rating, the first
 * matches exactly (search-plan.ts). Exported for the benchmark, which times this part alone.
 */
export async function searchCandidates(deps: Deps, query: GigSearch) {
  const words = query.q ? tokenize(query.q) : [];
  const scope = query.service ?? '*';
  // The longest word, usually the rarest: its range is read, the other words are checked with
  // each row's Bloom filter.
  const primary = [...words].sort((a, b) => b.length - a.length)[0];
  const language = query.language?.toLowerCase();
  const destination = query.destination?.toLowerCase();
  const passes = ([price, days, rating, languages, places]: IndexValue) => {
    if (query.min_price !== undefined && price < query.min_price) return false;
    if (query.max_price !== undefined && price > query.max_price) return false;
    if (query.delivery_days !== undefined && days > query.delivery_days) return false;
    if (query.min_rating !== undefined && rating < query.min_rating) return false;
    if (language && !languages.includes(language)) return false;
    if (destination && !places.some((p) => p.includes(destination))) return false;
    return true;
  };
  // gigs/search and gigs/browse rows: the primary word is the range's, the others may be in the
  // Bloom filter (checked exactly on the page's documents).
  const accept = ({ value }: IndexRow<IndexValue>) =>
    (words.length < 2 || words.every((w) => bloomHas(value[5], w))) && passes(value);
  // gigsort/sorted rows carry the words themselves: every word is checked exactly.
  const acceptSorted = ({ value }: IndexRow<IndexValue>) =>
    words.every((w) => hasWord(value[5], w)) && passes(value);
  const want = query.page * query.per_page + 1;
  const wordRange = primary
    ? {
        read: viewRange(deps, 'gigs', 'search', [primary, scope, {}]),
        startkey: [primary, scope],
        accept,
      }
    : undefined;

  if (query.sort === 'relevance') {
    const [read, startkey] = wordRange
      ? [wordRange.read, wordRange.startkey]
      : [viewRange(deps, 'gigs', 'browse', [scope, {}]), [scope]];
    const window = await readWindow(read, startkey, accept, want, SEARCH_CANDIDATES);
    return {
      words,
      plan: 'relevance' as const,
      exact: words.length < 2,
      docsChecked: 0,
      ...window,
    };
  }

  if (query.sort === 'rating') {
    const window = wordRange
      ? // Each relevance rank of the word's range is in rating order, then newest first.
        await mergeSorted(
          [0, 1].map((rank) => ({
            read: viewRange(deps, 'gigs', 'search', [primary, scope, rank, {}]),
            startkey: [primary, scope, rank],
            accept,
          })),
          (a, b) => byNumbers(a.key.slice(3) as number[], b.key.slice(3) as number[]),
          want,
          SORTED_SEARCH_ROWS,
        )
      : await walkSorted(
          { read: viewRange(deps, 'gigs', 'browse', [scope, {}]), startkey: [scope], accept },
          want,
          SORTED_SEARCH_ROWS,
        );
    return { words, exact: words.length < 2, ...window };
  }

  // Price and newest: gigsort/sorted (the scope's gigs) or gigword/sorted (the word's), in
  // order; a price filter is a key range in both.
  const tag = query.sort === 'newest' ? 'n' : 'p';
  const descending = query.sort === 'price_desc';
  const sortedWalk = (
    ddoc: 'gigsort' | 'gigword',
    prefix: string[],
    accept: (row: IndexRow<IndexValue>) => boolean,
  ) => {
    const low = [
      ...prefix,
      tag,
      ...(tag === 'p' && query.min_price !== undefined ? [query.min_price] : []),
    ];
    const high = [
      ...prefix,
      tag,
      ...(tag === 'p' && query.max_price !== undefined ? [query.max_price] : []),
      {},
    ];
    return {
      read: viewRange(deps, ddoc, 'sorted', descending ? low : high, descending),
      startkey: descending ? high : low,
      accept,
    };
  };
  const scopeWalk = { ...sortedWalk('gigsort', [scope], acceptSorted), name: 'walk' };
  if (!primary)
    return { words, exact: true, ...(await walkSorted(scopeWalk, want, SORTED_SEARCH_ROWS)) };
  // gigword/sorted rows: the word's gigs under the scope, the other words in the Bloom filter,
  // then checked on the documents of the rows kept.
  const wordWalk = {
    ...sortedWalk('gigword', [primary, scope], accept),
    name: 'word',
    ...(words.length > 1
      ? {
          confirm: async (rows: IndexRow<IndexValue>[]) => {
            const docs = new Set(
              (await docsOf(deps, rows)).filter((d) => hasWords(d, words)).map((d) => d._id),
            );
            return rows.filter((row) => docs.has(row.id));
          },
        }
      : {}),
  };
  // The scope's walk finds a match only where the word's walk does, among more rows: its rows are
  // the scope's gigs, the word's walk's those of them with the word, in the same order. With one
  // word the word's walk alone, then. With more, the word's walk pays a document for each gig
  // its Bloom filter lets through without the other words, where the scope's walk checks them
  // on the row: under a service the two are raced, the scope's first (a frequent word's page is
  // full after its first batch); under every service the scope's walk would read every gig.
  const walks = query.service && words.length > 1 ? [scopeWalk, wordWalk] : [wordWalk];
  // Each walk's matches are exact: the scope's checks every word, the word's their documents.
  return { words, exact: true, ...(await raceSorted(walks, want, SORTED_SEARCH_ROWS)) };
}

/**
 * Search without a search plug-in, at a cost that does not grow with the number of gigs:
 * by relevance, one word's range of the `gigs/search` view (the longest word, usually the
 * rarest), already in relevance order, read only as far as the page needs (search-window.ts)
 * and never past SEARCH_CANDIDATES rows; by price, date or rating, the first matches exactly,
 * from gigsort/sorted, gigword/sorted, gigs/browse or the word's ranks (search-plan.ts). Other
 * words are checked with each row's Bloom filter (exactly on gigsort/sorted rows; on gigword/sorted
 * rows, then on their documents), the filters on the row's value, then the documents are read and
 * checked exactly. When no range was read to its end, `total_capped` says the total counts the
 * matches read so far only.
 */
type SearchAnswer = ListResponse<GigSummary> & { meta: { total_capped: boolean } };

/** Shared answers by search, per database connection (several test servers share a process). */
const searchAnswers = new WeakMap<
  Deps['couch'],
  ReturnType<typeof ttlCache<string, { writes: number; answer: Promise<SearchAnswer> }>>
>();

/**
 * A search's answer, shared (issue 21): real traffic repeats searches (Explore's first page, a
 * category's gigs, a popular word), and ten requests for one search at once read the database
 * once. An answer serves while no write of this instance to the catalog started or ended since
 * its read started (`couch.writes`), for at most SEARCH_CACHE_MS: another instance's writes show
 * within that time, as the service list's do (seq-cache.ts). The same for every visitor: a
 * search reads published gigs only, and no viewer.
 */
export function searchGigs(
  deps: Deps & Pick<AppDeps, 'env'>,
  query: GigSearch,
): Promise<SearchAnswer> {
  const freshMs = deps.env.SEARCH_CACHE_MS;
  if (freshMs <= 0) return readSearch(deps, query);
  let answers = searchAnswers.get(deps.couch);
  if (!answers) {
    answers = ttlCache({ ttlMs: freshMs, maxEntries: 1000 });
    searchAnswers.set(deps.couch, answers);
  }
  const key = JSON.stringify(query);
  const writes = deps.couch.writes('catalog');
  const kept = answers.get(key)?.value;
  if (kept && kept.writes === writes) return kept.answer;
  const entry = { writes, answer: readSearch(deps, query) };
  answers.set(key, entry);
  // A failed read is not shared past the requests already waiting for it.
  entry.answer.catch(() => {
    if (answers.get(key)?.value === entry) answers.delete(key);
  });
  return entry.answer;
}

async function readSearch(deps: Deps, query: GigSearch): Promise<SearchAnswer> {
  const { words, matches, exhausted, exact } = await searchCandidates(deps, query);
  const capped = !exhausted;
  const start = (query.page - 1) * query.per_page;
  let page: GigDoc[];
  let dropped = 0;
  if (exact) {
    const slice = matches.slice(start, start + query.per_page);
    page = await docsOf(deps, slice);
    dropped = slice.length - page.length;
  } else {
    // The Bloom filter may let a gig through that lacks a word: the candidates are checked
    // exactly on their documents, from the first, until the page is full, so that no page
    // loses a row to a gig that was not a match and the pages follow each other.
    const found: GigDoc[] = [];
    let next = 0;
    while (found.length < start + query.per_page && next < matches.length) {
      const chunk = matches.slice(next, next + start + query.per_page - found.length);
      next += chunk.length;
      const docs = await docsOf(deps, chunk);
      const kept = docs.filter((doc) => hasWords(doc, words));
      dropped += chunk.length - kept.length;
      found.push(...kept);
    }
    page = found.slice(start, start + query.per_page);
  }
  const total = matches.length - dropped;
  const owners = await cachedOwnersOf(
    deps,
    page.map((d) => d.owner_id),
  );
  return {
    data: page.map((doc) => summary(doc, owners.get(doc.owner_id))),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      total_capped: capped,
    },
  };
}
