/**
 * Gig search: how `GET /api/gigs` (search and browse) scales with the number of gigs, as ratios
 * against the same query on 1,000 gigs, measured in the same run.
 *
 * For each size N in BENCH_GIG_SIZES (default 1,000, 10,000 and 100,000), one after another:
 *   1. starts, in this process, a fresh real API (`startServer`, embedded database on a fresh
 *      temporary data directory, demo data seeded so the 8 services and the demo agents exist,
 *      logging off, `NODE_ENV=production`);
 *   2. writes N active gigs straight into the catalog database through the admin connection
 *      (`_bulk_docs`, 1,000 a batch), in the shape the API stores (`GigDoc` in gigs.service.ts):
 *      generated with a seeded PRNG, so every run writes the same gigs; titles and descriptions
 *      are drawn from a few hundred travel words with a Zipf distribution (common words common),
 *      destinations from ~150 cities, languages from 15, 1–3 packages;
 *   3. builds the views the search reads (`gigs/search`, `gigs/browse`, `gigsort/sorted`,
 *      `gigword/sorted`) with one query each and reports how long that took (information, not a
 *      target);
 *   4. checks every measured query once (200, results, and the total the generated gigs predict:
 *      exact when the search read its range to the end, otherwise `total_capped` with a total
 *      above the page and at most the matching gigs), times its parts one request at a time
 *      in-process (the candidates as `searchGigs` reads them and which way, the 301-row window
 *      of the relevance cap, 20 rows, the page's documents, the owners, `searchGigs` as a whole,
 *      one HTTP request), then loads, one at a time with autocannon: the bare Hono `GET /json` of
 *      http-baseline (context: the machine's HTTP floor at that moment), and the queries, each
 *      at BENCH_CONNECTIONS and then at one connection (requests one after another: a search's
 *      latency when it does not queue behind others):
 *        broad   q=<the most frequent word>&service=chef&max_price=50000   the issue's query
 *        narrow  q=<a word of rank 100>&language=Spanish
 *        mixed   400 searches like broad taking turns (the 50 most frequent words x the 8
 *                services): pages the API has not all kept copies of
 *        browse  service=chef&max_price=50000 (no text)
 *      and sorted queries, exact over every match, whose first page must be the first 20 of
 *      the matching generated gigs in order: broad in the four orders (price_asc, price_desc,
 *      newest, rating), a mid-frequency word with a language filter by price, the same with a
 *      second, frequent word by date, a rare word under one service by date, no text by price and
 *      by rating, and the mixed searches sorted;
 *   5. closes the server and removes its data directory before the next size.
 * Then it prints, per query, req/s, p50 and p99 at each N with the ratios against the same
 * query at the smallest N (1,000 by default: the baseline), and the issue's targets for the
 * broad query: p99 at 100,000 gigs at most 2x p99 at 1,000, and under 100 ms, at each load
 * (printed as met or MISSED; a missed target is not a failure, figures depend on the machine).
 *
 * Run:    npm run bench -- gig-search
 *    or:  npx tsx bench/gig-search.bench.ts
 * Options (environment): BENCH_GIG_SIZES comma-separated sizes (default 1000,10000,100000),
 * BENCH_DURATION seconds per measured query (default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_WARMUP seconds of discarded warm-up (default 2), BENCH_GIG_PROFILE_RUNS requests per
 * part in the one-at-a-time profile (default 40), BENCH_GIG_PREP_LIMIT seconds allowed for
 * writing and indexing one size (default 1200; past it that size and the larger ones are not
 * measured and the run fails).
 * Exits 1 if any request failed (error, non-2xx, no results, a wrong total) or a size could not
 * be prepared within its limit.
 */
import http from 'node:http';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { SERVER_DATABASES } from '@wayfarer/couch';
import {
  DEFAULT_WARMUP_SECONDS,
  formatMs,
  formatRatio,
  formatTable,
  measure,
  percentile,
  ratio,
  resultsFileName,
  writeResults,
  type MeasureResult,
  numberFromEnv,
} from './lib/harness';
import { searchCandidates, searchGigs, type GigDoc } from '../api/src/routes/gigs/gigs.service';
import { tieBreak, tokenize } from '../api/src/routes/gigs/search-text';
import { gigSearchSchema, SEARCH_CANDIDATES } from '../api/src/schemas';
import type { RunningServer } from '../api/src/server';
import { closeBare, startBare, startBenchApi } from './lib/servers';

const NAME = 'gig-search';
const BARE = 'bare hono GET /json';
const BATCH = 1000;
const SEED = 0x9e3779b9;
const TARGET_P99_RATIO = 2;
const TARGET_P99_MS = 100;
const TARGET_SIZE = 100_000;
/** Requests before the timed ones in the one-at-a-time profile (discarded). */
const PROFILE_WARMUP = 5;

// ---------------------------------------------------------------------------------------------
// Settings.

function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_GIG_SIZES?.trim() || '1000,10000,100000';
  const sizes = raw.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 100 || n > 1_000_000)) {
    console.error(`BENCH_GIG_SIZES must be whole numbers from 100 to 1,000,000 (got "${raw}")`);
    process.exit(2);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

const sizes = sizesFromEnv();
const durationSeconds = numberFromEnv('BENCH_DURATION', 10, false, 0.5);
const connections = numberFromEnv('BENCH_CONNECTIONS', 10, true, 1);
/**
 * Each query is loaded at BENCH_CONNECTIONS, then at one connection: requests one after another,
 * the latency of a search that does not queue behind others.
 */
const loads = [...new Set([connections, 1])];
/** A query's row name at a load: the query alone at BENCH_CONNECTIONS. */
const loadKey = (query: string, load: number) =>
  load === connections ? query : `${query}@${load}`;
const loadLabel = (load: number) => `${load} connection${load === 1 ? '' : 's'}`;
const queryTitle = (key: string) => {
  const { q, load } = describeKey(key);
  const what = q.variants
    ? `${q.variants.length} searches in turn, such as GET /api/gigs?${q.qs}`
    : `GET /api/gigs?${q.qs}`;
  return `${q.name}, ${loadLabel(load)}: ${what}`;
};
const loadKeys = () => QUERIES.flatMap((q) => loads.map((load) => loadKey(q.name, load)));
const describeKey = (key: string) => {
  const [name, load] = key.split('@');
  const q = QUERIES.find((x) => x.name === name)!;
  return { q, load: load === undefined ? connections : Number(load) };
};
const warmupSeconds = numberFromEnv('BENCH_WARMUP', DEFAULT_WARMUP_SECONDS, false, 0);
const profileRuns = numberFromEnv('BENCH_GIG_PROFILE_RUNS', 40, true, 1);
const prepLimitSeconds = numberFromEnv('BENCH_GIG_PREP_LIMIT', 1200, false, 10);

// ---------------------------------------------------------------------------------------------
// Generated gigs: a seeded PRNG, a Zipf-distributed vocabulary, cities and languages.

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const int = (rng: Random, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** Picks from `items` with the given weights (cumulative table, binary search). */
function weighted<T>(items: readonly T[], weights: readonly number[]): (rng: Random) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  return (rng) => {
    const x = rng() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}

/**
 * Travel words, most frequent first: the word of rank r is drawn with weight 1/r (Zipf, s = 1).
 * Kept only when the search tokenizer leaves them as one distinct token (no stop words, no two
 * words that stem alike), so a word's rank is its token's rank.
 */
const RAW_WORDS = `
local tour guide city day private experience trip travel food walk small group market history
culture visit evening morning plan hotel dinner beach old town view family best hidden
traditional photo wine coffee street garden river mountain island village coast sunset sunrise
festival music art museum temple church castle palace harbor boat cruise sail hike trail bike
ride train flight airport transfer luggage booking itinerary budget luxury boutique villa
apartment room suite breakfast lunch picnic tasting cooking class lesson workshop chef kitchen
recipe spice seafood fish bread cheese pastry dessert tea cocktail bar cafe restaurant bakery
vineyard farm orchard olive lemon harvest season summer winter spring autumn weather rain sun
snow light shadow color portrait camera lens album print wedding ceremony reception venue flower
dress ring guest couple honeymoon anniversary birthday party celebration event conference
meeting retreat team incentive gala concert theater dance opera jazz gallery craft pottery
textile weaving ceramic carpet souvenir shopping bazaar quarter neighborhood alley square bridge
tower fortress ruin ancient medieval modern colonial royal sacred quiet peaceful relaxed scenic
panoramic secret authentic friendly expert licensed certified experienced professional native
bilingual flexible custom tailored personal exclusive intimate memorable unforgettable charming
vibrant colorful historic lively cozy rustic elegant stylish sustainable organic seasonal
regional national coastal alpine tropical desert canyon volcano lake waterfall forest jungle
safari wildlife bird whale dolphin reef snorkel dive kayak surf paddle swim yoga spa massage
wellness meditation sauna hammam hot cold fresh sweet spicy savory vegetarian vegan halal kosher
gluten allergy child kid teen senior student solo traveler backpacker pilgrim explorer adventure
journey route road highway ferry bus taxi car driver chauffeur pickup dropoff visa passport
permit insurance ticket pass entry queue skip access backstage rooftop terrace balcony courtyard
cellar library archive monument memorial cemetery cathedral mosque synagogue shrine pagoda
monastery abbey chapel lighthouse pier marina port dock canal lagoon bay cove cliff dune valley
meadow hill peak glacier fjord
`;

const VOCABULARY: string[] = (() => {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of RAW_WORDS.split(/\s+/).filter(Boolean)) {
    const tokens = tokenize(word);
    if (tokens.length !== 1 || tokens[0] !== word || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
})();
const zipfWord = weighted(
  VOCABULARY,
  VOCABULARY.map((_, i) => 1 / (i + 1)),
);

/** Stop words that join the generated sentences (the tokenizer drops them). */
const CONNECTORS = ['and', 'with', 'the', 'for', 'in', 'of', 'to', 'a'];

const CITY_LIST = `
Lisbon, Portugal; Porto, Portugal; Madrid, Spain; Barcelona, Spain; Seville, Spain;
Valencia, Spain; Granada, Spain; Paris, France; Lyon, France; Marseille, France; Nice, France;
Bordeaux, France; Rome, Italy; Florence, Italy; Venice, Italy; Milan, Italy; Naples, Italy;
Palermo, Italy; Bologna, Italy; Berlin, Germany; Munich, Germany; Hamburg, Germany;
Vienna, Austria; Salzburg, Austria; Zurich, Switzerland; Geneva, Switzerland;
Amsterdam, Netherlands; Brussels, Belgium; Bruges, Belgium; London, United Kingdom;
Edinburgh, United Kingdom; Manchester, United Kingdom; Dublin, Ireland; Galway, Ireland;
Copenhagen, Denmark; Stockholm, Sweden; Oslo, Norway; Bergen, Norway; Helsinki, Finland;
Reykjavik, Iceland; Prague, Czechia; Budapest, Hungary; Krakow, Poland; Warsaw, Poland;
Ljubljana, Slovenia; Dubrovnik, Croatia; Split, Croatia; Athens, Greece; Thessaloniki, Greece;
Santorini, Greece; Istanbul, Turkey; Cappadocia, Turkey; Tbilisi, Georgia; Yerevan, Armenia;
Marrakesh, Morocco; Fes, Morocco; Casablanca, Morocco; Cairo, Egypt; Luxor, Egypt;
Tunis, Tunisia; Dakar, Senegal; Accra, Ghana; Lagos, Nigeria; Nairobi, Kenya;
Zanzibar, Tanzania; Arusha, Tanzania; Kigali, Rwanda; Addis Ababa, Ethiopia;
Cape Town, South Africa; Johannesburg, South Africa; Windhoek, Namibia; Victoria Falls, Zimbabwe;
Dubai, United Arab Emirates; Abu Dhabi, United Arab Emirates; Muscat, Oman; Doha, Qatar;
Amman, Jordan; Petra, Jordan; Beirut, Lebanon; Jerusalem, Israel; Tel Aviv, Israel;
Mumbai, India; Delhi, India; Jaipur, India; Goa, India; Kochi, India; Kathmandu, Nepal;
Colombo, Sri Lanka; Kandy, Sri Lanka; Male, Maldives; Bangkok, Thailand; Chiang Mai, Thailand;
Phuket, Thailand; Hanoi, Vietnam; Hoi An, Vietnam; Ho Chi Minh City, Vietnam;
Siem Reap, Cambodia; Luang Prabang, Laos; Yangon, Myanmar; Kuala Lumpur, Malaysia;
Penang, Malaysia; Singapore, Singapore; Bali, Indonesia; Yogyakarta, Indonesia;
Manila, Philippines; Cebu, Philippines; Hong Kong, China; Shanghai, China; Beijing, China;
Xian, China; Taipei, Taiwan; Seoul, South Korea; Busan, South Korea; Tokyo, Japan;
Kyoto, Japan; Osaka, Japan; Sapporo, Japan; Sydney, Australia; Melbourne, Australia;
Cairns, Australia; Perth, Australia; Auckland, New Zealand; Queenstown, New Zealand;
Fiji, Fiji; Honolulu, United States; San Francisco, United States; Los Angeles, United States;
New York, United States; New Orleans, United States; Chicago, United States; Miami, United States;
Vancouver, Canada; Montreal, Canada; Quebec City, Canada; Mexico City, Mexico; Oaxaca, Mexico;
Tulum, Mexico; Havana, Cuba; San Juan, Puerto Rico; Cartagena, Colombia; Medellin, Colombia;
Bogota, Colombia; Quito, Ecuador; Galapagos, Ecuador; Cusco, Peru; Lima, Peru; La Paz, Bolivia;
Santiago, Chile; Valparaiso, Chile; Buenos Aires, Argentina; Mendoza, Argentina;
Ushuaia, Argentina; Montevideo, Uruguay; Rio de Janeiro, Brazil; Salvador, Brazil;
Sao Paulo, Brazil; Florianopolis, Brazil; San Jose, Costa Rica; Antigua, Guatemala
`;
const CITIES = CITY_LIST.split(';').map((entry) => {
  const [city, country] = entry.split(',').map((s) => s.trim());
  return { city: city!, country: country! };
});
const pickCity = (rng: Random) => CITIES[Math.floor(rng() * CITIES.length)]!;

const pickLanguage = weighted(
  [
    'English',
    'Spanish',
    'French',
    'German',
    'Italian',
    'Portuguese',
    'Japanese',
    'Mandarin',
    'Arabic',
    'Russian',
    'Dutch',
    'Greek',
    'Turkish',
    'Thai',
    'Swahili',
  ],
  [50, 12, 10, 7, 6, 5, 4, 4, 3, 2, 2, 2, 2, 1, 1],
);

const SERVICE_IDS = [
  'travel-agent',
  'tour-guide',
  'hotel-manager',
  'chef',
  'travel-consultant',
  'photographer',
  'wedding-planner',
  'events-specialist',
] as const;
const DEMO_AGENT_EMAILS = [
  'amara@wayfarer.test',
  'kenji@wayfarer.test',
  'lucia@wayfarer.test',
  'omar@wayfarer.test',
];

const TIERS = ['basic', 'standard', 'premium'] as const;
const MIN_PRICE = 2_000;
const MAX_PRICE = 200_000;
const DAY_MS = 86_400_000;
const BASE_TIME = Date.UTC(2025, 0, 1);
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function title(rng: Random, place: string): string {
  const count = int(rng, 5, 9);
  const inPlace = rng() < 0.4 && count >= 6;
  const words = Array.from({ length: inPlace ? count - 2 : count }, () => zipfWord(rng));
  if (inPlace) words.push('in', place);
  let text = capitalize(words.join(' '));
  while (text.length > 80) text = text.slice(0, text.lastIndexOf(' '));
  return text;
}

function description(rng: Random): string {
  const total = int(rng, 30, 60);
  const sentences: string[] = [];
  let words: string[] = [];
  let sentenceLength = int(rng, 6, 12);
  for (let i = 0; i < total; i++) {
    const connector = words.length > 0 && rng() < 0.15;
    words.push(connector ? CONNECTORS[int(rng, 0, CONNECTORS.length - 1)]! : zipfWord(rng));
    if (words.length >= sentenceLength || i === total - 1) {
      sentences.push(capitalize(words.join(' ')) + '.');
      words = [];
      sentenceLength = int(rng, 6, 12);
    }
  }
  return sentences.join(' ');
}

function packages(rng: Random): GigDoc['packages'] {
  const count = int(rng, 1, 3);
  // Log-uniform cheapest price, so a price filter keeps a share of every range.
  let price = Math.round((MIN_PRICE * Math.pow(MAX_PRICE / MIN_PRICE, rng())) / 100) * 100;
  let days = int(rng, 1, 10);
  return TIERS.slice(0, count).map((tier) => {
    const pkg: GigDoc['packages'][number] = {
      tier,
      name: `${capitalize(tier)} package`,
      description: `${capitalize(zipfWord(rng))} ${zipfWord(rng)} ${zipfWord(rng)}`,
      price: { amount: price, currency: 'USD' },
      delivery_days: days,
      revisions: int(rng, 0, 3),
      includes: [`${capitalize(zipfWord(rng))} ${zipfWord(rng)}`],
    };
    price = Math.min(MAX_PRICE, Math.round((price * (1.3 + rng())) / 100) * 100);
    days = Math.min(30, days + int(rng, 0, 10));
    return pkg;
  });
}

function gigId(rng: Random): string {
  let id = '';
  for (let i = 0; i < 12; i++) id += ID_ALPHABET[Math.floor(rng() * 64)];
  return id;
}

function makeGig(rng: Random, ownerIds: readonly string[]): GigDoc {
  const home = pickCity(rng);
  const destinations = [home.city];
  for (let n = int(rng, 0, 3); n > 0; n--) {
    const city = pickCity(rng).city;
    if (!destinations.includes(city)) destinations.push(city);
  }
  const languages = [pickLanguage(rng)];
  for (let n = int(rng, 0, 2); n > 0; n--) {
    const language = pickLanguage(rng);
    if (!languages.includes(language)) languages.push(language);
  }
  const pkgs = packages(rng);
  const ratingCount = rng() < 0.3 ? 0 : int(rng, 1, 200);
  const created = BASE_TIME - Math.floor(rng() * 365 * DAY_MS);
  const published = created + Math.floor(rng() * 7 * DAY_MS);
  const updated = published + Math.floor(rng() * 30 * DAY_MS);
  const id = gigId(rng);
  return {
    _id: `gig:${id}`,
    type: 'gig',
    id,
    owner_id: ownerIds[Math.floor(rng() * ownerIds.length)]!,
    service_id: SERVICE_IDS[Math.floor(rng() * SERVICE_IDS.length)]!,
    title: title(rng, home.city),
    description: description(rng),
    location: `${home.city}, ${home.country}`,
    destinations,
    languages,
    packages: pkgs,
    extras: [],
    images: [],
    status: 'active',
    min_price: Math.min(...pkgs.map((p) => p.price.amount)),
    min_delivery_days: Math.min(...pkgs.map((p) => p.delivery_days)),
    rating: {
      average: ratingCount ? Math.round((1 + 4 * Math.sqrt(rng())) * 10) / 10 : 0,
      count: ratingCount,
    },
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
    published_at: new Date(published).toISOString(),
  };
}

/** The words the search index lists a gig under (as design-docs/.../search/map.js does). */
const indexedTokens = (doc: GigDoc) =>
  tokenize([doc.title, doc.location ?? '', doc.destinations.join(' '), doc.description].join(' '));

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
/**
 * A frequent word (in ~30 % of the gigs) shorter than the narrow word, so the search walks the
 * narrow word's rows and checks this one (Bloom filter, then documents).
 */
const SECOND_WORD = VOCABULARY.slice(19).find((w) => w.length < NARROW_WORD.length)!;
/** A word of rank 250 (in ~2.5 % of the gigs): under one service its whole range is short. */
const RARE_WORD = VOCABULARY[249]!;
const broadQs = `q=${BROAD_WORD}&service=${SERVICE}&max_price=${MAX_PRICE_FILTER}`;
const broadInRange = (doc: GigDoc, tokens: ReadonlySet<string>) =>
  tokens.has(BROAD_WORD) && doc.service_id === SERVICE;
const underPrice = (doc: GigDoc) => doc.min_price <= MAX_PRICE_FILTER;

const QUERIES: Query[] = [
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
  // The issue's query in the four orders: a frequent word, the sorted walk stops early.
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

interface Expected {
  /** Gigs in the index range the query reads. */
  range: number;
  /** Gigs in that range that pass the filters. */
  matches: number;
  /** Sorted queries: the ids of the first page (20), in order. */
  first?: string[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (count: number, ms: number) => (ms > 0 ? (count * 1000) / ms : 0);
const sizeLabel = (n: number) => `N=${fmt(n)}`;

/** A plain fixed-width table: the first `left` columns left-aligned, the others right-aligned. */
function table(header: string[], body: string[][], left = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

/** CPU time used by the database server's process so far, from /proc (undefined elsewhere). */
async function databaseCpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
const cpuDelta = (start: number | undefined, end: number | undefined) =>
  start === undefined || end === undefined ? undefined : end - start;
const cpuText = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${seconds(ms)} s`);

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await dirBytes(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

/** Disk use of the catalog database and of each of its view indexes (pouchdb-server layout). */
async function catalogDisk(couchDir: string): Promise<Record<string, number>> {
  const sizesOnDisk: Record<string, number> = {};
  for (const entry of await readdir(couchDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith(SERVER_DATABASES.catalog)) {
      sizesOnDisk[entry.name] = await dirBytes(path.join(couchDir, entry.name));
    }
  }
  return sizesOnDisk;
}

class TimeLimit extends Error {}

/**
 * One GET to the database server without a client time-out (nano's fetch gives up on headers
 * after 300 s; building a large view takes longer), abandoned when `deadline` passes.
 */
function databaseGet(couchUrl: string, pathname: string, deadline: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(couchUrl + pathname), (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) {
          reject(new Error(`${pathname} answered ${response.statusCode}: ${text.slice(0, 200)}`));
        } else resolve(JSON.parse(text));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    const timer = setTimeout(
      () => {
        request.destroy();
        reject(new TimeLimit(`${pathname}: time limit passed`));
      },
      Math.max(0, deadline - Date.now()),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// State for the clean-up (a signal or the watchdog can come at any point).

let api: RunningServer | undefined;
let bare: ServerType | undefined;
const tempDirs = new Set<string>();
let cleaning: Promise<void> | undefined;

async function closeApi(): Promise<void> {
  const running = api;
  api = undefined;
  await running?.close(2000).catch(() => undefined);
  await Promise.allSettled([...tempDirs].map((d) => rm(d, { recursive: true, force: true })));
  tempDirs.clear();
}

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled([closeApi(), bare ? closeBare(bare) : undefined]);
  })();
  return cleaning;
}

// Bounded in time: per size, the preparation limit, the measured runs, the profile and room for
// start-up and shutdown.
const perSizeMs =
  (prepLimitSeconds +
    (1 + QUERIES.length * loads.length) * (durationSeconds + warmupSeconds) +
    180) *
    1000 +
  QUERIES.length * 7 * (profileRuns + PROFILE_WARMUP) * 1000;
const limitMs = sizes.length * perSizeMs + 120_000;
const watchdog = setTimeout(() => {
  console.error(`${NAME}: still running after ${Math.round(limitMs / 1000)} s; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, limitMs);
watchdog.unref();

// Ctrl-C reaches this process twice under `npm run bench` (from the terminal and from run.ts):
// every signal waits for the same clean-up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!cleaning) console.error(`${NAME}: ${signal}; stopping.`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// One size.

interface Prep {
  gigs: number;
  write_ms: number;
  write_docs_per_sec: number;
  write_database_cpu_ms: number | undefined;
  /** Rows the search view emits (two per word of a gig: under its service and under '*'). */
  search_rows: number;
  search_index_ms: number;
  search_rows_per_sec: number;
  search_index_database_cpu_ms: number | undefined;
  browse_rows: number;
  browse_index_ms: number;
  browse_index_database_cpu_ms: number | undefined;
  /** Rows of gigsort/sorted (four a gig: by price and by date, under its service and '*'). */
  sorted_rows: number;
  sorted_index_ms: number;
  sorted_index_database_cpu_ms: number | undefined;
  /** Rows of gigword/sorted (two a word of a gig, by price and by date, under '*' only). */
  word_rows: number;
  word_index_ms: number;
  word_index_database_cpu_ms: number | undefined;
  /** When the time limit stopped the indexing: the view being built. */
  index_unfinished_view: string | undefined;
  /** When the time limit stopped the indexing: how long it had run. */
  index_unfinished_ms: number | undefined;
  /** Then: the search index's build time extrapolated from the previous size's rows/s. */
  search_index_estimate_ms: number;
  index_unfinished_database_cpu_ms: number | undefined;
  /** Then: the database CPU the whole search index needs, at the previous size's CPU per row. */
  search_index_estimate_database_cpu_ms: number;
  disk_bytes: Record<string, number>;
  expected: Record<string, Expected>;
}

interface ProfileRow {
  query: string;
  part: string;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** CPU time of the database server's process per call (all calls of the part averaged). */
  database_cpu_ms: number | undefined;
  note?: string;
}

interface SizeResult {
  gigs: number;
  status: 'measured' | 'not measured';
  reason?: string;
  prep: Partial<Prep>;
  checks: Record<string, { total: number; shown: number; total_capped: boolean }>;
  profile: ProfileRow[];
  rows: (MeasureResult & { query: string; database_cpu_ms_per_request: number | undefined })[];
  load_average: { start: number; end: number };
}

async function ownerIds(running: RunningServer): Promise<string[]> {
  const users = running.deps.couch.db('users');
  const ids: string[] = [];
  for (const email of DEMO_AGENT_EMAILS) {
    const reservation = (await users.get(`email:${email}`)) as unknown as { user_id: string };
    ids.push(reservation.user_id);
  }
  return ids;
}

async function writeGigs(
  running: RunningServer,
  count: number,
  deadline: number,
  prep: Partial<Prep>,
): Promise<void> {
  const catalog = running.deps.couch.db('catalog');
  const owners = await ownerIds(running);
  const rng = prng(SEED);
  const expected: Record<string, Expected> = Object.fromEntries(
    QUERIES.map((q) => [q.name, { range: 0, matches: 0 }]),
  );
  const sortedMatches = new Map(
    QUERIES.filter((q) => q.order).map((q) => [q.name, [] as SortFields[]]),
  );
  let searchRows = 0;
  let written = 0;
  let writeMs = 0;
  let lastReport = Date.now();
  const dbPid = running.deps.couch.embedded?.pid;
  const cpuStart = await databaseCpuMs(dbPid);
  while (written < count) {
    const docs: GigDoc[] = [];
    for (let i = 0; i < Math.min(BATCH, count - written); i++) {
      const doc = makeGig(rng, owners);
      const tokens = new Set(indexedTokens(doc));
      searchRows += 2 * tokens.size;
      for (const q of QUERIES) {
        if (!q.inRange(doc, tokens)) continue;
        expected[q.name]!.range += 1;
        if (!q.passes(doc)) continue;
        expected[q.name]!.matches += 1;
        if (q.order) sortedMatches.get(q.name)!.push(sortFields(doc));
      }
      docs.push(doc);
    }
    const started = performance.now();
    const results = await catalog.bulk({ docs: docs as never[] });
    writeMs += performance.now() - started;
    const failed = results.filter((r) => r.error);
    if (failed.length) {
      throw new Error(`_bulk_docs refused ${failed.length} gigs: ${JSON.stringify(failed[0])}`);
    }
    written += docs.length;
    prep.gigs = written;
    prep.write_ms = writeMs;
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      console.log(
        `  … ${fmt(written)} gigs written in ${seconds(writeMs)} s ` +
          `(${fmt(perSecond(written, writeMs))} docs/s)`,
      );
    }
    if (Date.now() > deadline) {
      throw new TimeLimit(`writing: ${fmt(written)} of ${fmt(count)} gigs written`);
    }
  }
  for (const q of QUERIES) {
    if (q.order)
      expected[q.name]!.first = sortedMatches
        .get(q.name)!
        .sort(q.order)
        .slice(0, 20)
        .map((g) => g.id);
  }
  prep.write_docs_per_sec = perSecond(written, writeMs);
  prep.write_database_cpu_ms = cpuDelta(cpuStart, await databaseCpuMs(dbPid));
  prep.search_rows = searchRows;
  prep.browse_rows = 2 * count;
  prep.sorted_rows = 4 * count;
  prep.word_rows = searchRows;
  prep.expected = expected;
}

/** Queries a view once (limit 1), which waits until its index has caught up with every gig. */
async function buildView(
  running: RunningServer,
  view: 'gigs/search' | 'gigs/browse' | 'gigsort/sorted' | 'gigword/sorted',
  deadline: number,
  prep: Partial<Prep>,
): Promise<{ ms: number; cpu: number | undefined }> {
  prep.index_unfinished_view = view;
  const dbPid = running.deps.couch.embedded?.pid;
  const cpuStart = await databaseCpuMs(dbPid);
  const started = performance.now();
  const progress = setInterval(() => {
    void databaseCpuMs(dbPid).then((cpu) =>
      console.log(
        `  … building ${view}: ${seconds(performance.now() - started)} s, ` +
          `database CPU ${cpuText(cpuDelta(cpuStart, cpu))}`,
      ),
    );
  }, 60_000);
  try {
    await databaseGet(
      running.deps.couch.url,
      `/${SERVER_DATABASES.catalog}/_design/${view.replace('/', '/_view/')}?limit=1`,
      deadline,
    );
  } finally {
    clearInterval(progress);
  }
  prep.index_unfinished_view = undefined;
  return {
    ms: performance.now() - started,
    cpu: cpuDelta(cpuStart, await databaseCpuMs(dbPid)),
  };
}

interface SearchBody {
  data: { id: string; owner: { id: string } }[];
  meta: { total: number; total_capped: boolean };
}

/** One request: 200, results, and the total the generated gigs predict. */
async function checkQuery(apiUrl: string, q: Query, expected: Expected): Promise<SearchBody> {
  const url = `${apiUrl}/api/gigs?${q.qs}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as SearchBody;
  // Sorted by relevance, the search reads the range only until the page and one more row
  // matched (search-window.ts): then the total counts the matches read so far (total_capped),
  // at most all of them and more than the page. Read to its end, the total is exact.
  const problems: string[] = [];
  if (body.data.length === 0) problems.push('no results');
  if (body.meta.total_capped) {
    if (body.meta.total > expected.matches || body.meta.total <= body.data.length) {
      problems.push(
        `total ${body.meta.total} (capped): expected more than the page and at most ${expected.matches}`,
      );
    }
    if (expected.range <= body.meta.total) {
      problems.push(`total_capped although the range holds only ${expected.range} gigs`);
    }
  } else if (body.meta.total !== expected.matches) {
    problems.push(`total ${body.meta.total}, expected ${expected.matches}`);
  }
  if (body.data.length !== Math.min(20, body.meta.total)) {
    problems.push(`${body.data.length} results on the first page of ${body.meta.total}`);
  }
  // Sorted: exactly the first 20 of all the matching generated gigs, in order.
  const shown = body.data.map((g) => g.id);
  if (expected.first && shown.join() !== expected.first.join()) {
    const at = expected.first.findIndex((id, i) => id !== shown[i]);
    problems.push(
      `first page differs from the true order at row ${at + 1}: ` +
        `${shown[at] ?? 'nothing'} instead of ${expected.first[at]}`,
    );
  }
  if (problems.length) throw new Error(`${url}: ${problems.join('; ')}`);
  return body;
}

async function timeRuns(
  run: () => Promise<unknown>,
  dbPid: number | undefined,
): Promise<{ times: number[]; databaseCpuMs: number | undefined }> {
  for (let i = 0; i < PROFILE_WARMUP; i++) await run();
  const times: number[] = [];
  const cpuStart = await databaseCpuMs(dbPid);
  for (let i = 0; i < profileRuns; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const cpu = cpuDelta(cpuStart, await databaseCpuMs(dbPid));
  return { times, databaseCpuMs: cpu === undefined ? undefined : cpu / profileRuns };
}

/** Each part of a search, one request at a time (no load), timed here to the hundredth of a ms. */
async function profile(running: RunningServer, apiUrl: string): Promise<ProfileRow[]> {
  const catalog = running.deps.couch.db('catalog');
  const users = running.deps.couch.db('users');
  const dbPid = running.deps.couch.embedded?.pid;
  const rows: ProfileRow[] = [];
  for (const q of QUERIES) {
    const query = gigSearchSchema.parse(Object.fromEntries(new URLSearchParams(q.qs)));
    const first = await searchGigs(running.deps, query);
    const pageKeys = first.data.map((g) => `gig:${g.id}`);
    const ownerKeys = [...new Set(first.data.map((g) => `user:${g.owner.id}`))];
    const word = query.q ? tokenize(query.q)[0] : undefined;
    const scope = query.service ?? '*';
    const readRange = (limit: number) =>
      word
        ? catalog.view('gigs', 'search', {
            startkey: [word, scope],
            endkey: [word, scope, {}],
            limit,
          })
        : catalog.view('gigs', 'browse', { startkey: [scope], endkey: [scope, {}], limit });
    const view = `gigs/${word ? 'search' : 'browse'}`;
    const range = await readRange(SEARCH_CANDIDATES + 1);
    const candidates = await searchCandidates(running.deps, query);
    const parts: [string, () => Promise<unknown>, string?][] = [
      [
        `candidates (${q.order ? 'search-plan' : view})`,
        () => searchCandidates(running.deps, query),
        `as searchGigs reads them (${candidates.plan}): ${fmt(candidates.rowsRead)} rows in ` +
          `${candidates.reads} read${candidates.reads === 1 ? '' : 's'}, ` +
          (candidates.docsChecked ? `${candidates.docsChecked} documents checked, ` : '') +
          `${candidates.matches.length} kept`,
      ],
      [
        `view read, whole window`,
        () => readRange(SEARCH_CANDIDATES + 1),
        `${range.rows.length} rows, ${fmt(JSON.stringify(range).length / 1024)} KiB (the relevance cap)`,
      ],
      [`view read, 20 rows only`, () => readRange(20), 'for the cost per row'],
      ['page documents', () => catalog.fetch({ keys: pageKeys }), `${pageKeys.length} docs`],
      ['owners', () => users.fetch({ keys: ownerKeys }), `${ownerKeys.length} users`],
      ['searchGigs (all of it)', () => searchGigs(running.deps, query)],
      [
        'HTTP GET /api/gigs',
        () => fetch(`${apiUrl}/api/gigs?${q.qs}`).then((r) => r.arrayBuffer()),
      ],
    ];
    for (const [part, run, note] of parts) {
      const { times, databaseCpuMs: cpu } = await timeRuns(run, dbPid);
      rows.push({
        query: q.name,
        part,
        p50_ms: percentile(times, 50),
        p99_ms: percentile(times, 99),
        max_ms: Math.max(...times),
        database_cpu_ms: cpu,
        ...(note ? { note } : {}),
      });
    }
  }
  return rows;
}

async function runSize(
  count: number,
  bareUrl: string,
  previous: SizeResult | undefined,
): Promise<SizeResult> {
  const result: SizeResult = {
    gigs: count,
    status: 'not measured',
    prep: {},
    checks: {},
    profile: [],
    rows: [],
    load_average: { start: loadavg()[0]!, end: 0 },
  };
  try {
    console.log(`\n${NAME}: ${sizeLabel(count)}: starting a fresh API (embedded database)…`);
    const started = await startBenchApi({
      env: {
        SEED_DEMO: 'true',
        // The services and agents, not the demo gigs: the data set is the generated one alone.
        SEED_DEMO_GIGS: 'false',
        RATE_LIMIT_PER_IP: '1000000',
      },
      keep: (dir) => tempDirs.add(dir),
    });
    const running = started.running;
    api = running;
    const apiUrl = started.url;
    const deadline = Date.now() + prepLimitSeconds * 1000;
    const prep = result.prep;
    let indexStarted: number | undefined;
    let indexCpuStart: number | undefined;

    try {
      await writeGigs(running, count, deadline, prep);
      console.log(
        `  wrote ${fmt(count)} gigs in ${seconds(prep.write_ms!)} s ` +
          `(${fmt(prep.write_docs_per_sec!)} docs/s, ${fmt(BATCH)} a batch; ` +
          `database CPU ${cpuText(prep.write_database_cpu_ms)})`,
      );
      indexStarted = Date.now();
      indexCpuStart = await databaseCpuMs(running.deps.couch.embedded?.pid);
      const search = await buildView(running, 'gigs/search', deadline, prep);
      prep.search_index_ms = search.ms;
      prep.search_rows_per_sec = perSecond(prep.search_rows!, search.ms);
      prep.search_index_database_cpu_ms = search.cpu;
      console.log(
        `  indexed gigs/search in ${seconds(search.ms)} s: ${fmt(prep.search_rows!)} rows ` +
          `(${fmt(prep.search_rows! / count)} a gig), ${fmt(prep.search_rows_per_sec)} rows/s, ` +
          `${fmt(perSecond(count, search.ms))} gigs/s; database CPU ${cpuText(search.cpu)}`,
      );
      const browse = await buildView(running, 'gigs/browse', deadline, prep);
      prep.browse_index_ms = browse.ms;
      prep.browse_index_database_cpu_ms = browse.cpu;
      console.log(
        `  indexed gigs/browse in ${seconds(browse.ms)} s: ${fmt(prep.browse_rows!)} rows, ` +
          `${fmt(perSecond(count, browse.ms))} gigs/s; database CPU ${cpuText(browse.cpu)}`,
      );
      const sorted = await buildView(running, 'gigsort/sorted', deadline, prep);
      prep.sorted_index_ms = sorted.ms;
      prep.sorted_index_database_cpu_ms = sorted.cpu;
      console.log(
        `  indexed gigsort/sorted in ${seconds(sorted.ms)} s: ${fmt(prep.sorted_rows!)} rows, ` +
          `${fmt(perSecond(count, sorted.ms))} gigs/s; database CPU ${cpuText(sorted.cpu)}`,
      );
      const word = await buildView(running, 'gigword/sorted', deadline, prep);
      prep.word_index_ms = word.ms;
      prep.word_index_database_cpu_ms = word.cpu;
      console.log(
        `  indexed gigword/sorted in ${seconds(word.ms)} s: ${fmt(prep.word_rows!)} rows ` +
          `(${fmt(prep.word_rows! / count)} a gig), ${fmt(perSecond(prep.word_rows!, word.ms))} ` +
          `rows/s; database CPU ${cpuText(word.cpu)}`,
      );
    } catch (error) {
      if (!(error instanceof TimeLimit)) throw error;
      const indexMs = indexStarted === undefined ? undefined : Date.now() - indexStarted;
      prep.index_unfinished_ms = indexMs;
      if (indexMs !== undefined) {
        prep.index_unfinished_database_cpu_ms = cpuDelta(
          indexCpuStart,
          await databaseCpuMs(running.deps.couch.embedded?.pid),
        );
      }
      // Indexing time grows with the rows emitted: extrapolate from the size before this one,
      // by its rows per second (on this machine, as loaded then) and by its database CPU per row
      // (what the index needs with a whole core to itself).
      const rate = previous?.prep.search_rows_per_sec;
      const cpuPerRow =
        previous?.prep.search_index_database_cpu_ms !== undefined && previous.prep.search_rows
          ? previous.prep.search_index_database_cpu_ms / previous.prep.search_rows
          : undefined;
      if (rate && prep.search_rows) {
        prep.search_index_estimate_ms = (prep.search_rows / rate) * 1000;
      }
      if (cpuPerRow !== undefined && prep.search_rows) {
        prep.search_index_estimate_database_cpu_ms = cpuPerRow * prep.search_rows;
      }
      result.reason =
        `preparation passed BENCH_GIG_PREP_LIMIT (${prepLimitSeconds} s): ${error.message}; ` +
        `${fmt(prep.gigs ?? 0)} gigs written in ${seconds(prep.write_ms ?? 0)} s ` +
        `(${fmt(perSecond(prep.gigs ?? 0, prep.write_ms ?? 0))} docs/s)` +
        (indexMs === undefined
          ? ''
          : `; ${prep.index_unfinished_view ?? 'indexing'} unfinished after indexing for ` +
            `${seconds(indexMs)} s` +
            (prep.search_index_estimate_ms === undefined
              ? ''
              : `; gigs/search (${fmt(prep.search_rows ?? 0)} rows) alone would take ` +
                `~${(prep.search_index_estimate_ms / 60_000).toFixed(1)} min at the ` +
                `${fmt(rate!)} rows/s of ${sizeLabel(previous!.gigs)}`) +
            (prep.index_unfinished_database_cpu_ms === undefined
              ? ''
              : ` (database CPU so far ${cpuText(prep.index_unfinished_database_cpu_ms)}, ` +
                `${Math.round((100 * prep.index_unfinished_database_cpu_ms) / indexMs)} % of a core` +
                (prep.search_index_estimate_database_cpu_ms === undefined
                  ? ')'
                  : `; the whole index needs ~${(prep.search_index_estimate_database_cpu_ms / 60_000).toFixed(1)} ` +
                    `min of database CPU at the ${(cpuPerRow! * 1000).toFixed(0)} µs a row of ` +
                    `${sizeLabel(previous!.gigs)})`)));
      console.error(`  ${sizeLabel(count)} not measured: ${result.reason}`);
      return result;
    }
    prep.disk_bytes = await catalogDisk(running.deps.paths.couchDir);

    for (const q of QUERIES) {
      const expected = prep.expected![q.name]!;
      const body = await checkQuery(apiUrl, q, expected);
      result.checks[q.name] = {
        total: body.meta.total,
        shown: body.data.length,
        total_capped: body.meta.total_capped,
      };
      console.log(
        `  ${q.name.padEnd(18)} GET /api/gigs?${q.qs}: index range ${fmt(expected.range)} gigs, ` +
          `total ${fmt(body.meta.total)}${body.meta.total_capped ? ' (capped)' : ''}` +
          ` of ${fmt(expected.matches)} matching gigs, ${body.data.length} on the page`,
      );
    }

    result.profile = await profile(running, apiUrl);
    console.log(
      `\n  One request at a time (${profileRuns} each, after ${PROFILE_WARMUP} discarded), ms:`,
    );
    console.log(
      indent(
        table(
          ['query', 'part', 'p50', 'p99', 'max', 'database CPU', 'size'],
          result.profile.map((r) => [
            r.query,
            r.part,
            r.p50_ms.toFixed(2),
            r.p99_ms.toFixed(2),
            r.max_ms.toFixed(2),
            r.database_cpu_ms === undefined ? 'n/a' : r.database_cpu_ms.toFixed(1),
            r.note ?? '',
          ]),
          2,
        ),
      ),
    );

    const load = loadavg()[0]!;
    console.log(
      `\n  Loading, one at a time: ${loads.map(loadLabel).join(', then ')}, ${warmupSeconds} s warm-up + ` +
        `${durationSeconds} s each (load average ${load.toFixed(2)}` +
        `${load > cpus().length ? `, above the ${cpus().length} cores: figures will be noisy` : ''})`,
    );
    const dbPid = running.deps.couch.embedded?.pid;
    const targets = [
      { query: 'bare', name: BARE, url: `${bareUrl}/json`, load: connections },
      ...QUERIES.flatMap((q) =>
        loads.map((load) => ({
          query: loadKey(q.name, load),
          name: `${q.name} ${sizeLabel(count)}${load === connections ? '' : ` ${loadLabel(load)}`}`,
          url: `${apiUrl}/api/gigs?${q.qs}`,
          paths: q.variants?.map((qs) => `/api/gigs?${qs}`),
          load,
        })),
      ),
    ];
    for (const t of targets) {
      const cpuStart = await databaseCpuMs(dbPid);
      const row = await measure(t.name, {
        url: t.url,
        ...('paths' in t && t.paths ? { paths: t.paths } : {}),
        connections: t.load,
        durationSeconds,
        warmupSeconds,
      });
      const cpu = cpuDelta(cpuStart, await databaseCpuMs(dbPid));
      // The database's CPU covers the warm-up too: divide by the requests of both runs.
      const warmShare = warmupSeconds > 0 ? (durationSeconds + warmupSeconds) / durationSeconds : 1;
      const dbPerRequest =
        t.query === 'bare' || cpu === undefined || row.total === 0
          ? undefined
          : cpu / (row.total * warmShare);
      result.rows.push({ ...row, query: t.query, database_cpu_ms_per_request: dbPerRequest });
      console.log(
        `  ${t.name}: ${row.requests_per_sec.toFixed(0)} req/s, p50 ${row.p50_ms} ms, ` +
          `p99 ${row.p99_ms} ms, ${row.total} requests, ${row.errors} errors, ` +
          `${row.non2xx} non-2xx` +
          (dbPerRequest === undefined
            ? ''
            : `, database CPU ~${dbPerRequest.toFixed(1)} ms a request`),
      );
    }
    // The same answers after the load as before it.
    for (const q of QUERIES) await checkQuery(apiUrl, q, prep.expected![q.name]!);
    console.log('');
    console.log(indent(formatTable(result.rows, BARE)));
    result.status = 'measured';
    return result;
  } finally {
    result.load_average.end = loadavg()[0]!;
    await closeApi();
  }
}

// ---------------------------------------------------------------------------------------------
// The run.

function evaluateTargets(results: SizeResult[]) {
  const measured = results.filter((r) => r.status === 'measured');
  const base = measured[0];
  const last = measured.at(-1);
  if (!base || !last || base === last) return undefined;
  const rowOf = (r: SizeResult, query: string) => r.rows.find((row) => row.query === query)!;
  return loadKeys().map((key) => {
    const { load } = describeKey(key);
    const p99Base = rowOf(base, key).p99_ms;
    const p99Last = rowOf(last, key).p99_ms;
    const p99Ratio = ratio(p99Last, p99Base);
    return {
      query: key,
      connections: load,
      baseline_gigs: base.gigs,
      gigs: last.gigs,
      p99_baseline_ms: p99Base,
      p99_ms: p99Last,
      p99_ratio: p99Ratio,
      ratio_met: p99Ratio !== undefined && p99Ratio <= TARGET_P99_RATIO,
      under_100ms_met: p99Last < TARGET_P99_MS,
    };
  });
}

async function main(): Promise<number> {
  console.log(
    `${NAME}: sizes ${sizes.map(fmt).join(', ')} gigs; ${VOCABULARY.length} words ` +
      `(broad word "${BROAD_WORD}", rank 1; narrow word "${NARROW_WORD}", rank 100), ` +
      `${CITIES.length} cities; preparation limit ${prepLimitSeconds} s a size`,
  );
  const started = await startBare();
  bare = started.server;

  const results: SizeResult[] = [];
  let failed = false;
  for (const count of sizes) {
    const result = await runSize(count, started.url, results.at(-1));
    results.push(result);
    if (result.status !== 'measured') {
      failed = true;
      const skipped = sizes.filter((n) => n > count);
      if (skipped.length)
        console.error(`  skipping the larger sizes: ${skipped.map(fmt).join(', ')}`);
      break;
    }
    const bad = result.rows.filter((r) => r.errors > 0 || r.non2xx > 0);
    for (const r of bad) {
      console.error(`${NAME}: ${r.name} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
    }
    if (bad.length) failed = true;
  }

  const measured = results.filter((r) => r.status === 'measured');
  if (measured.length) {
    const baseGigs = measured[0]!.gigs;
    console.log(
      `\n${NAME}: per query, against the same query at ${sizeLabel(baseGigs)} (the baseline); ` +
        `the bare Hono route at each size for context`,
    );
    for (const q of [...loadKeys(), 'bare']) {
      const rows = measured.map((r) => {
        const row = r.rows.find((x) => x.query === q)!;
        return { ...row, name: sizeLabel(r.gigs) };
      });
      const title = q === 'bare' ? `${BARE} (${loadLabel(connections)})` : queryTitle(q);
      console.log(`\n${title}`);
      console.log(formatTable(rows, sizeLabel(baseGigs)));
      // CPU time is less sensitive than latency to what else the machine is doing.
      const cpu = rows.map((r) => r.database_cpu_ms_per_request);
      if (cpu.every((c) => c !== undefined)) {
        console.log(
          'database CPU a request: ' +
            rows
              .map(
                (r, i) =>
                  `${r.name} ${cpu[i]!.toFixed(1)} ms (${formatRatio(ratio(cpu[i]!, cpu[0]!))})`,
              )
              .join(', '),
        );
      }
    }
  }
  if (results.length) {
    const cell = (value: number | undefined, show: (v: number) => string) =>
      value === undefined ? '-' : show(value);
    console.log('\nWriting and indexing (views built after writing; information, not a target):');
    console.log(
      table(
        [
          'gigs',
          'write s',
          'docs/s',
          'search rows',
          'search s',
          'rows/s',
          'db CPU s',
          'browse s',
          'sorted s',
          'sorted db CPU s',
          'word rows',
          'word s',
          'word db CPU s',
          'disk MiB',
        ],
        results.map((r) => [
          fmt(r.gigs),
          cell(r.prep.write_ms, seconds),
          cell(r.prep.write_docs_per_sec, fmt),
          cell(r.prep.search_rows, fmt),
          r.prep.search_index_ms !== undefined
            ? seconds(r.prep.search_index_ms)
            : r.prep.index_unfinished_ms !== undefined
              ? `>${seconds(r.prep.index_unfinished_ms)}`
              : '-',
          cell(r.prep.search_rows_per_sec, fmt),
          cell(r.prep.search_index_database_cpu_ms, seconds),
          cell(r.prep.browse_index_ms, seconds),
          cell(r.prep.sorted_index_ms, seconds),
          cell(r.prep.sorted_index_database_cpu_ms, seconds),
          cell(r.prep.word_rows, fmt),
          cell(r.prep.word_index_ms, seconds),
          cell(r.prep.word_index_database_cpu_ms, seconds),
          r.prep.disk_bytes
            ? (Object.values(r.prep.disk_bytes).reduce((a, b) => a + b, 0) / 2 ** 20).toFixed(0)
            : '-',
        ]),
      ),
    );
  }

  const targets = evaluateTargets(results);
  if (targets) {
    const issue = targets.find((t) => t.query === 'broad')!;
    const note =
      issue.gigs === TARGET_SIZE
        ? ''
        : ` (the target is stated for ${fmt(TARGET_SIZE)} gigs; largest measured: ${fmt(issue.gigs)})`;
    console.log(`\nTargets (the issue's query is broad)${note}:`);
    for (const t of targets) {
      console.log(
        `  ${`${describeKey(t.query).q.name}, ${loadLabel(t.connections)}`.padEnd(22)} p99 ${formatMs(t.p99_ms)} ms at ${fmt(t.gigs)} vs ` +
          `${formatMs(t.p99_baseline_ms)} ms at ${fmt(t.baseline_gigs)}: ` +
          `${formatRatio(t.p99_ratio)} (<= ${TARGET_P99_RATIO}x: ${t.ratio_met ? 'met' : 'MISSED'}); ` +
          `< ${TARGET_P99_MS} ms: ${t.under_100ms_met ? 'met' : 'MISSED'}`,
      );
    }
  }

  const file = await writeResults(resultsFileName(NAME), {
    benchmark: NAME,
    baseline: `each query at ${fmt(results[0]?.gigs ?? 0)} gigs; ${BARE} for context`,
    settings: {
      sizes,
      connections,
      loads,
      durationSeconds,
      warmupSeconds,
      profileRuns,
      prepLimitSeconds,
      seed: SEED,
      batch: BATCH,
      vocabulary: VOCABULARY.length,
      cities: CITIES.length,
    },
    queries: QUERIES.map((q) => ({ name: q.name, path: `/api/gigs?${q.qs}` })),
    targets: {
      p99_ratio_max: TARGET_P99_RATIO,
      p99_ms_under: TARGET_P99_MS,
      size: TARGET_SIZE,
      results: targets,
    },
    sizes: results,
  });
  console.log(`\n${NAME}: results written to ${path.relative(process.cwd(), file)}`);
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`${NAME} failed:`, error);
} finally {
  await cleanUp();
}
process.exit(code);
