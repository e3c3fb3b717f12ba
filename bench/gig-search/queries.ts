/**
 * The gig-search benchmark's queries (see ../gig-search.bench.ts), in one place: each row's name,
 * its query string, which generated gigs it should find, and, for a sorted query, their order.
 */
import type { GigDoc } from '../../api/src/routes/gigs/gigs.service';
import { tieBreak } from '../../api/src/routes/gigs/search-text';
import { prng } from '../lib/random';
import { indexedTokens, SERVICE_IDS, VOCABULARY } from './gigs';
import { SEED } from './settings';

// ---------------------------------------------------------------------------------------------
// The queries.

const BROAD_WORD = VOCABULARY[0]!;
const NARROW_WORD = VOCABULARY[99]!;
const NARROW_LANGUAGE = 'Spanish';
const SERVICE = 'chef';
const MAX_PRICE_FILTER = 50_000;

interface Query {
  name: string;
  qs: string;
  /** Whether a gig lies in the index range the search reads (word and service, no filters). */
  inRange(doc: GigDoc, tokens: ReadonlySet<string>): boolean;
  /** Whether a gig in the range passes the filters. */
  passes(doc: GigDoc): boolean;
  /**
   * Under load, these query strings take turns (`qs`, the first, is the one checked and
   * profiled): many different searches, whose pages are not all in the API's copies.
   */
  variants?: string[];
  /** Sorted queries: the order of API.md; the first page is checked against the generated gigs. */
  order?: (a: SortFields, b: SortFields) => number;
}

/** What a sorted query's order needs of a gig. */
interface SortFields {
  id: string;
  _id: string;
  price: number;
  published: number;
  rating: number;
}
const sortFields = (doc: GigDoc): SortFields => ({
  id: doc.id,
  _id: doc._id,
  price: doc.min_price,
  published: Date.parse(doc.published_at ?? doc.created_at),
  rating: doc.rating.count ? doc.rating.average : 0,
});
/** The sort orders, with the tie-breaks ARCHITECTURE.md gives (a hash of the document id last). */
const ORDERS = {
  price_asc: (a: SortFields, b: SortFields) =>
    a.price - b.price || b.published - a.published || tieBreak(a._id) - tieBreak(b._id),
  price_desc: (a: SortFields, b: SortFields) =>
    b.price - a.price || a.published - b.published || tieBreak(b._id) - tieBreak(a._id),
  newest: (a: SortFields, b: SortFields) =>
    b.published - a.published || tieBreak(a._id) - tieBreak(b._id),
  rating: (a: SortFields, b: SortFields) =>
    b.rating - a.rating || b.published - a.published || (a._id < b._id ? -1 : 1),
};
type Sort = keyof typeof ORDERS;
const SORTS = Object.keys(ORDERS) as Sort[];

/**
 * The mixed load: each of the 50 most frequent words under each of the 8 services, under the
 * price cap: 400 searches like the broad one, in a seeded order, taken in turn.
 */
const MIXED: { word: string; service: string }[] = (() => {
  const pairs = VOCABULARY.slice(0, 50).flatMap((word) =>
    SERVICE_IDS.map((service) => ({ word, service })),
  );
  const rng = prng(SEED ^ 0x5eed);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  return pairs;
})();
const mixedQs = ({ word, service }: { word: string; service: string }) =>
  `q=${word}&service=${service}&max_price=${MAX_PRICE_FILTER}`;
/** A word of rank 250 (in ~2.5 % of the gigs): under one service its whole range is short. */
const RARE_WORD = VOCABULARY[249]!;
/**
 * A frequent word (in ~30 % of the gigs) shorter than the narrow word, so the search walks the
 * narrow word's rows and checks this one (Bloom filter, then documents).
 */
const SECOND_WORD = VOCABULARY.slice(19).find((w) => w.length < NARROW_WORD.length)!;
const broadQs = `q=${BROAD_WORD}&service=${SERVICE}&max_price=${MAX_PRICE_FILTER}`;
const broadInRange = (doc: GigDoc, tokens: ReadonlySet<string>) =>
  tokens.has(BROAD_WORD) && doc.service_id === SERVICE;
const underPrice = (doc: GigDoc) => doc.min_price <= MAX_PRICE_FILTER;

const ALL_QUERIES: Query[] = [
  {
    name: 'broad',
    qs: `q=${BROAD_WORD}&service=${SERVICE}&max_price=${MAX_PRICE_FILTER}`,
    inRange: (doc, tokens) => tokens.has(BROAD_WORD) && doc.service_id === SERVICE,
    passes: (doc) => doc.min_price <= MAX_PRICE_FILTER,
  },
  {
    name: 'narrow',
    qs: `q=${NARROW_WORD}&language=${NARROW_LANGUAGE}`,
    inRange: (_doc, tokens) => tokens.has(NARROW_WORD),
    passes: (doc) => doc.languages.includes(NARROW_LANGUAGE),
  },
  {
    name: 'mixed',
    qs: mixedQs(MIXED[0]!),
    inRange: (doc, tokens) => tokens.has(MIXED[0]!.word) && doc.service_id === MIXED[0]!.service,
    passes: (doc) => doc.min_price <= MAX_PRICE_FILTER,
    variants: MIXED.map(mixedQs),
  },
  {
    name: 'browse',
    qs: `service=${SERVICE}&max_price=${MAX_PRICE_FILTER}`,
    inRange: (doc) => doc.service_id === SERVICE,
    passes: (doc) => doc.min_price <= MAX_PRICE_FILTER,
  },
  // Sorted other than by relevance: exact over every match (api/src/routes/gigs/search-plan.ts).
  // The query in the four orders: a frequent word, the sorted walk stops early.
  ...SORTS.map((sort): Query => ({
    name: `broad:${sort}`,
    qs: `${broadQs}&sort=${sort}`,
    inRange: broadInRange,
    passes: underPrice,
    order: ORDERS[sort],
  })),
  {
    // A word in ~6.5 % of the gigs and a language ~1/6 pass: neither way is short.
    name: 'narrow:price_asc',
    qs: `q=${NARROW_WORD}&language=${NARROW_LANGUAGE}&sort=price_asc`,
    inRange: (_doc, tokens) => tokens.has(NARROW_WORD),
    passes: (doc) => doc.languages.includes(NARROW_LANGUAGE),
    order: ORDERS.price_asc,
  },
  {
    // The same with a second word: the narrow word's rows, the other word checked on documents.
    name: 'two-words:newest',
    qs: `q=${NARROW_WORD}%20${SECOND_WORD}&language=${NARROW_LANGUAGE}&sort=newest`,
    inRange: (_doc, tokens) => tokens.has(NARROW_WORD),
    passes: (doc) =>
      doc.languages.includes(NARROW_LANGUAGE) && indexedTokens(doc).includes(SECOND_WORD),
    order: ORDERS.newest,
  },
  {
    // A rare word under one service: the service's walk, then the word's own rows.
    name: 'rare:newest',
    qs: `q=${RARE_WORD}&service=${SERVICE}&sort=newest`,
    inRange: (doc, tokens) => tokens.has(RARE_WORD) && doc.service_id === SERVICE,
    passes: () => true,
    order: ORDERS.newest,
  },
  {
    name: 'browse:price_asc',
    qs: `service=${SERVICE}&max_price=${MAX_PRICE_FILTER}&sort=price_asc`,
    inRange: (doc) => doc.service_id === SERVICE,
    passes: underPrice,
    order: ORDERS.price_asc,
  },
  {
    name: 'browse:rating',
    qs: `language=${NARROW_LANGUAGE}&sort=rating`,
    inRange: () => true,
    passes: (doc) => doc.languages.includes(NARROW_LANGUAGE),
    order: ORDERS.rating,
  },
  {
    // The mixed searches, each in one of the four orders in turn.
    name: 'mixed:sorted',
    qs: `${mixedQs(MIXED[0]!)}&sort=${SORTS[0]}`,
    inRange: (doc, tokens) => tokens.has(MIXED[0]!.word) && doc.service_id === MIXED[0]!.service,
    passes: underPrice,
    order: ORDERS[SORTS[0]!],
    variants: MIXED.map((m, i) => `${mixedQs(m)}&sort=${SORTS[i % SORTS.length]}`),
  },
];

/**
 * The queries measured: all of them, or those `BENCH_GIG_QUERIES` names (comma-separated), to
 * measure a few rows again without the whole table.
 */
const QUERIES: Query[] = (() => {
  const raw = process.env.BENCH_GIG_QUERIES?.trim();
  if (!raw) return ALL_QUERIES;
  const names = raw.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => !ALL_QUERIES.some((q) => q.name === n));
  if (unknown.length || !names.length) {
    console.error(
      `BENCH_GIG_QUERIES: unknown ${unknown.join(', ')}; one of ${ALL_QUERIES.map((q) => q.name).join(', ')}`,
    );
    process.exit(2);
  }
  return ALL_QUERIES.filter((q) => names.includes(q.name));
})();

interface Expected {
  /** Gigs in the index range the query reads. */
  range: number;
  /** Gigs in that range that pass the filters. */
  matches: number;
  /** Sorted queries: the ids of the first page (20), in order. */
  first?: string[];
}

export { BROAD_WORD, NARROW_WORD, sortFields, QUERIES };
export type { Query, SortFields, Expected };
