/**
 * The gig-search benchmark's data (see ../gig-search.bench.ts): gigs generated from a seeded PRNG
 * (lib/random.ts), in the shape `createGig` stores, from a Zipf-distributed vocabulary, cities
 * and languages.
 */
import type { GigDoc } from '../../api/src/routes/gigs/gigs.service';
import { tokenize } from '../../api/src/routes/gigs/search-text';

// ---------------------------------------------------------------------------------------------
// Generated gigs: a seeded PRNG, a Zipf-distributed vocabulary, cities and languages.

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

export { VOCABULARY, CITIES, SERVICE_IDS, DEMO_AGENT_EMAILS, makeGig, indexedTokens };
